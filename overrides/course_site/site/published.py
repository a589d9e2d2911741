"""Only what the plan says is published.

Every file on the site, in the offline package (the site zipped) and in a chapter archive is a
page of the course plan, a file one of those pages uses, or a file of the site itself (the
theme's, the search index, the archives).  So:

- no symbolic link under docs/: MkDocs and the archives would copy what it points to (the
  repository's .git/config, with CI's token in it, or any file of the machine), and a link is no
  content of its own; every one stops the build, named;
- the pages of every language pass are the plan's (plan.check_every_page_is_planned), checked on
  the files of each pass, since a page can appear between passes; the pages the plan keeps out
  (a section left out, a chapter's README.md) are excluded as exclude_docs excludes;
- a file of docs/ that no page uses (a course's sources, slides and requirements, an image of a
  section left out) is not published: MkDocs copies every file, and the build takes off the site
  those no built page links or shows (`leave_out_unused`);
- a chapter archive takes the chapter's planned notebooks and the files they name
  (archives.chapter_files).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote

from .. import addresses
from ..errors import SiteError
from mkdocs.structure.files import Files, InclusionLevel

from ..course.inventory import SYMLINKS_EXPECTED, CourseInventory, symlink_problems
from ..course.palette import dark_name
from .site_links import PageLinks, read_links


def check_no_symlinks(docs_dir: Path) -> None:
    problems = symlink_problems(docs_dir)
    if problems:
        raise SiteError("\n".join(problems), expected=SYMLINKS_EXPECTED)


def keep_out_pages(files: Files, inventory: CourseInventory) -> None:
    """The pages of a pass's files that the plan keeps out of the site (course/model.not_pages)
    are excluded, as exclude_docs excludes: MkDocs makes no page of them, and a Markdown page's
    link to one is no broken link for it (page/links.py shows it as text)."""
    kept_out = set(inventory.kept_out)
    for file in files.documentation_pages():
        if file.src_uri in kept_out:
            file.inclusion = InclusionLevel.EXCLUDED


def used_by_page(html: str, page_url: str, reading: PageLinks | None = None) -> set[str]:
    """The site paths a built page links or loads (href, src, srcset, the dark figure's address);
    `reading`: the page as site_links has read it already (read as it streams by: a whole page's
    tree is not needed for this, and a tree was a seventh of a warm build)."""
    used = set()
    for attribute, value in (reading or read_links(html)).addresses:
        for address in ([part.split()[0] for part in value.split(",") if part.strip()]
                        if attribute == "srcset" else [value]):
            read = addresses.read(address, page_url)
            if not read.relative or read.outside or not addresses.split_reference(address)[0]:
                continue
            used.add(posixpath.normpath(unquote(read.path)))
    return used


def leave_out_unused(site_dir: Path, published: dict[str, str], used: set[str]) -> list[str]:
    """Take off the site every file of docs/ that MkDocs copied and no page uses, and the dark
    version of such a figure; return the docs/ files left out.  `published`: site path -> the
    docs/ file it is a copy of.  A course's sources, slides and requirements are its chapters'
    (the archives carry what the notebooks use), not the site's."""
    unused = sorted((path, source) for path, source in published.items() if path not in used)
    for path, _ in unused:
        for name in (path, dark_name(path)) if path.endswith(".svg") else (path,):
            if name == path or name not in used:
                (site_dir / name).unlink(missing_ok=True)
    for folder in sorted({posixpath.dirname(path) for path, _ in unused}, key=len, reverse=True):
        _remove_empty(site_dir, folder)
    return [source for _, source in unused]


def _remove_empty(site_dir: Path, folder: str) -> None:
    """The folder, and each folder above it, once nothing is left in it."""
    while folder:
        path = site_dir / folder
        if not path.is_dir() or any(path.iterdir()):
            return
        path.rmdir()
        folder = posixpath.dirname(folder)


_PATH = re.compile(r"[^\s\"'`()<>\[\]{}\\,;]+")


def named_in(text: str) -> set[str]:
    """The relative paths a notebook's text names (`./answer/a.txt`, `images/f.svg`, "data/x.csv")."""
    return {posixpath.normpath(match) for match in _PATH.findall(text) if "/" in match or "." in match}

"""Only what the plan says is published.

Every file on the site, in the offline package (the site zipped) and in a chapter archive is a
page of the course plan, a file one of those pages uses, or a file of the site itself (the
theme's, the search index, the archives).  So:

- no symbolic link under docs/: MkDocs and the archives would copy what it points to (the
  repository's .git/config, with CI's token in it, or any file of the machine), and a link is no
  content of its own; every one stops the build, named;
- the pages of every language pass are the plan's (plan.check_every_page_is_planned), checked on
  the files of each pass, since a page can appear between passes;
- a file of docs/ that the site would publish and no page uses (a stray `notes.txt`, an image
  not linked yet) stops the build, named;
- a chapter archive takes the chapter's planned notebooks and the files they name
  (archives.chapter_files).
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote

from .. import addresses
from ..errors import SiteError
from ..course.inventory import symlinks_under
from .site_links import PageLinks, read_links


SYMLINKS_EXPECTED = "a real file in docs/ (copy it), or no file"


def symlink_problems(docs_dir: Path, links: tuple[str, ...] | None = None) -> list[str]:
    """`links`: the inventory's, when it has just listed them."""
    links = symlinks_under(docs_dir) if links is None else links
    return [f"{docs_dir.name}/{link}: a symbolic link (to {os.readlink(docs_dir / link)}); the site and the archives "
            "would publish what it points to" for link in links]


def check_no_symlinks(docs_dir: Path) -> None:
    problems = symlink_problems(docs_dir)
    if problems:
        raise SiteError("\n".join(problems), expected=SYMLINKS_EXPECTED)


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


def check_every_file_is_used(published: dict[str, str], used: set[str]) -> None:
    """`published`: site path -> the docs/ file it is a copy of; every one must be used by a page."""
    unused = sorted((path, source) for path, source in published.items() if path not in used)
    if unused:
        raise SiteError(
            "\n".join(f"{source}: published as {path}, but no page links or shows it" for path, source in unused),
            expected="a file a page of the course uses (link or show it), else remove it or move it out of docs/",
        )


_PATH = re.compile(r"[^\s\"'`()<>\[\]{}\\,;]+")


def named_in(text: str) -> set[str]:
    """The relative paths a notebook's text names (`./answer/a.txt`, `images/f.svg`, "data/x.csv")."""
    return {posixpath.normpath(match) for match in _PATH.findall(text) if "/" in match or "." in match}

"""Run it: each chapter's notebooks as an archive per language, and the box on each notebook page
that offers it.

A notebook reads files next to it: `!cat ./answer/01.02_answer.txt`, `./images/a.svg`, sample
data in `data/`.  So a page offers its chapter, in the page's language: the chapter's planned
notebooks and the answer files, figures and data they name (a file not translated yet in its
original, as on the site), under the chapter's folder name, with their names unchanged, so
that every relative path in a notebook works after unzipping; no other file of the folder
(published.py).  The build writes the archives
(`downloads/autofuse-<chapter>-<language>.zip`) at the end, before the offline package, which
therefore carries them too.
"""

from __future__ import annotations

import html
import posixpath
import zipfile
from collections.abc import Mapping
from pathlib import Path

from bs4 import BeautifulSoup

from .inventory import CourseInventory
from .languages import Languages
from .translations import SIDECAR  # the maintainers' translation records: not for readers
from .page_top import put_under_title
from .published import named_in
from .strings import fill

FOLDER = "downloads"
BOX_CLASS = "run-it"
_FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # the same bytes for the same files: no build time in the archive


def archive_path(chapter_folder: str, language: str) -> str:
    """Site-relative path of a chapter's archive in one language."""
    return f"{FOLDER}/autofuse-{chapter_folder}-{language}.zip"


def chapter_files(inventory: CourseInventory, chapter_folder: str, notebooks: list[str], languages: Languages,
                  language: str) -> list[str]:
    """The files (docs-relative, which is also their name in the archive) of the chapter's planned
    `notebooks` (in the default language) in `language` (its own version when there is one, else
    the original), and every other file of the chapter folder that one of those notebooks names by
    its path (`./answer/…`, `images/…`, `data/…`, published.named_in).  Nothing else: no stray
    file, no hidden folder, no translation record, no symbolic link (the inventory has none)."""

    def chosen(original: str) -> str:
        translated = languages.translation(original, language)
        return translated if inventory.has(translated) else original

    pages = list(dict.fromkeys(chosen(source) for source in notebooks))
    named = set()
    for page in pages:
        here = posixpath.dirname(page)
        named |= {posixpath.normpath(posixpath.join(here, path)) for path in named_in(inventory.text(page))}
    others = []
    for name in inventory.under(chapter_folder):
        if posixpath.basename(name) == SIDECAR or name.endswith(".ipynb"):
            continue
        if languages.of(posixpath.basename(name)) != languages.default:
            continue
        file = chosen(name)
        if file in named and file not in pages:  # a page may name another
            others.append(file)
    return sorted(pages + others)


def write_archives(site_dir: Path, inventory: CourseInventory, chapters: Mapping[str, list[str]],
                   languages: Languages) -> list[Path]:
    """Write every chapter's archive in every language; return their paths.  `chapters`: each
    chapter's folder and its planned notebooks (docs-relative, default language)."""
    written = []
    for chapter, notebooks in chapters.items():
        for language in languages.codes:
            target = site_dir / archive_path(chapter, language)
            target.parent.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
                for name in chapter_files(inventory, chapter, notebooks, languages, language):
                    info = zipfile.ZipInfo(name, date_time=_FIXED_TIME)
                    info.compress_type = zipfile.ZIP_DEFLATED
                    info.external_attr = 0o644 << 16
                    archive.writestr(info, inventory.data(name))
            written.append(target)
    return written


def run_box(*, notebook: str, archive_href: str, environments_href: str | None, strings: Mapping[str, object]) -> str:
    """The folded "run this notebook" box: the download and how to open it."""
    def text(key: str, **links: str) -> str:
        return fill(html.escape(str(strings[key])), **links)

    name = f"<code>{html.escape(notebook)}</code>"
    environments = (
        f'<a href="{html.escape(environments_href)}">{html.escape(str(strings["run_environments"]))}</a>'
        if environments_href else html.escape(str(strings["run_environments"]))
    )
    return (
        f'<details class="{BOX_CLASS}" data-search-exclude><summary>{html.escape(str(strings["run_summary"]))}</summary>'
        f'<p><a class="{BOX_CLASS}__download" href="{html.escape(archive_href)}" download>'
        f'{html.escape(str(strings["run_download"]))}</a></p>'
        f'<p>{text("run_contents", notebook=name)}</p>'
        f'<p>{text("run_steps", notebook=name, environments=environments)}</p>'
        f'<p>{text("run_shell", cat="<code>!cat</code>")}</p></details>'
    )


def add_run_box(tree: BeautifulSoup, box: str) -> None:
    """Under the page's title, its notes and its contents list."""
    put_under_title(tree, box)

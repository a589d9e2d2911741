"""Each chapter's notebooks as an archive per language, which the "run it" box on each notebook
page offers (run_box.py).

A notebook reads files next to it: `!cat ./answer/01.02_answer.txt`, `./images/a.svg`, sample
data in `data/`, the sources it builds (`!cp -r src/custom_op Sources/…`, `%%writefile
src/op_kernel/a.cpp`, `pip install -r requirements.txt`).  So a page offers its chapter, in the
page's language: the chapter's planned notebooks and the files and folders they name (a file not
translated yet in its original, as on the site), under the chapter's folder name, with their
names unchanged, so that every relative path in a notebook works after unzipping, as it does in
upstream's folder; no other file of the folder (published.py).  The build writes the archives
(`downloads/<course>-<chapter>-<language>.zip`) at the end, before the offline package, which
therefore carries them too.
"""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path

from ..course.inventory import CourseInventory
from ..languages import Languages
from ..course.translations import SIDECAR
from .published import named_in
from ..course.plan import Chapter, CoursePlan, PlannedCourse

FOLDER = "downloads"
_FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # the same bytes for the same files: no build time in the archive


def archive_path(course_name: str, chapter_folder: str, language: str) -> str:
    """Site-relative path of a chapter's archive in one language: named after its course and its
    folder (`downloads/autofuse-01_basic_overview-zh.zip`)."""
    return f"{FOLDER}/{course_name}-{posixpath.basename(chapter_folder)}-{language}.zip"


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
        readme = posixpath.dirname(name) == chapter_folder and posixpath.basename(name) == "README.md"
        if file not in pages and (readme or file in named or _in_named_folder(file, chapter_folder, named)):
            others.append(file)  # a page may name another; a folder named carries all it holds
    return sorted(pages + others)


def _in_named_folder(file: str, chapter_folder: str, named: set[str]) -> bool:
    """Whether a folder of the chapter that holds `file` is named (`!cp -r src/custom_op …`), not
    the chapter's folder itself."""
    folder = posixpath.dirname(file)
    while folder.startswith(chapter_folder + "/"):
        if folder in named:
            return True
        folder = posixpath.dirname(folder)
    return False


def archive_paths(inventory: CourseInventory, plan: CoursePlan, languages: Languages) -> dict[tuple[str, str], str]:
    """(chapter folder, language) -> the site path of the archive its pages in that language offer,
    for every chapter with a published section.  A chapter with no file in a language (none
    translated yet) offers its default language's archive there: the same files, not a second copy."""
    paths = {}
    for course, chapter, _ in _chapters(plan):
        translated = {languages.of(posixpath.basename(name)) for name in inventory.under(chapter.folder)}
        for language in languages.codes:
            own = language == languages.default or language in translated
            paths[(chapter.folder, language)] = archive_path(course.name, chapter.folder, language if own else languages.default)
    return paths


def write_archives(site_dir: Path, inventory: CourseInventory, plan: CoursePlan, languages: Languages) -> list[Path]:
    """Write the archive of every chapter with a published section, in every language that has
    one of its own (archive_paths); return their paths."""
    written = []
    paths = archive_paths(inventory, plan, languages)
    for course, chapter, notebooks in _chapters(plan):
        for language in languages.codes:
            path = paths[(chapter.folder, language)]
            if path != archive_path(course.name, chapter.folder, language):
                continue  # the default language's archive, written in its own turn
            target = site_dir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
                for name in chapter_files(inventory, chapter.folder, notebooks, languages, language):
                    info = zipfile.ZipInfo(name, date_time=_FIXED_TIME)
                    info.compress_type = zipfile.ZIP_DEFLATED
                    info.external_attr = 0o644 << 16
                    archive.writestr(info, inventory.data(name))
            written.append(target)
    return written


def _chapters(plan: CoursePlan) -> list[tuple[PlannedCourse, Chapter, list[str]]]:
    """Each chapter with a published section, its course, and its planned sections."""
    found = []
    for course in plan.courses:
        for chapter in course.chapters:
            notebooks = [s.source for s in chapter.sections if s.source]
            if notebooks:
                found.append((course, chapter, notebooks))
    return found

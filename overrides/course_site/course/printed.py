"""The course on paper: the print pages the plan makes, and where each is published.

One page holds each whole course, at the course's root (`print.html` for the course at docs/
itself, `op_basics/print.html`), and one each chapter with a published section, in the chapter's
folder (`01_basic_overview/print.html`), in every language of the site (`en/print.html`).  Each
holds its published sections in the plan's order; the home page's catalog and each chapter's end
link them (page/progress.py), site/print_pages.py makes them from the sections as built.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from ..errors import SiteError
from ..languages import Languages
from .plan import WHERE, Chapter, CoursePlan, PlannedCourse, Section
from .settings import ROOT_FOLDER

NAME = "print"  # a print page's file name, without its extension


@dataclass(frozen=True)
class PrintPage:
    source: str  # the page's name as if it were in docs/ in the default language: print.md, 01_x/print.md
    chapters: tuple[Chapter, ...]  # the chapters it holds, in the plan's order
    whole_course: bool
    course: PlannedCourse  # the course it is of

    def sections(self) -> list[tuple[Chapter, Section]]:
        """Its published sections, in order, each with its chapter."""
        return [(chapter, section) for chapter in self.chapters for section in chapter.sections if section.source]

    def url(self, language: str, languages: Languages) -> str:
        """Where it is published in `language`, site-relative: `print.html`, `en/01_x/print.html`."""
        return languages.folder(language) + posixpath.splitext(self.source)[0] + ".html"


def print_pages(plan: CoursePlan) -> tuple[PrintPage, ...]:
    """Each course's whole page first, then each of its chapters' with a published section.  A
    planned page published where a print page would be stops the build."""
    pages: list[PrintPage] = []
    for course in plan.courses:
        published = [chapter for chapter in course.chapters if any(section.source for section in chapter.sections)]
        if not published:
            continue
        root = "" if course.folder == ROOT_FOLDER else course.folder
        pages.append(PrintPage(posixpath.join(root, f"{NAME}.md"), tuple(published), True, course))
        pages += [PrintPage(posixpath.join(chapter.folder, f"{NAME}.md"), (chapter,), False, course)
                  for chapter in published]
    taken = {posixpath.splitext(section.source)[0]: section.source for section in plan.pages()}
    clashes = [taken[posixpath.splitext(page.source)[0]] for page in pages if posixpath.splitext(page.source)[0] in taken]
    if clashes:
        raise SiteError(f"{', '.join(clashes)} would be published where a print page is", where=WHERE,
                        expected=f"no planned page named {NAME}.* in a chapter's folder or at the course's root")
    return tuple(pages)


def chapter_page(pages: tuple[PrintPage, ...], chapter: Chapter) -> PrintPage | None:
    return next((page for page in pages if not page.whole_course and page.chapters == (chapter,)), None)


def course_page(pages: tuple[PrintPage, ...], course: PlannedCourse | None) -> PrintPage | None:
    return next((page for page in pages if page.whole_course and page.course == course), None)


def print_page_of(src_uri: str, pages: tuple[PrintPage, ...], languages: Languages) -> PrintPage | None:
    """The print page a (generated) page's name is, in any language."""
    original = languages.original(src_uri)
    return next((page for page in pages if page.source == original), None)

"""The site's plan: its courses, each with its chapters and sections, and the pages after them.

mkdocs.yml's `extra.courses` lists the courses in order, each a folder of docs/ (`.`: docs/
itself) whose `course.yml` holds its titles and its plan (settings.py says what each may hold).
Every course, chapter and section has a title in each language of the site, and may have a one-line
summary in each; a section with a `file` is published, one without is "coming soon".  The
navigation, the page titles and the home page's catalog (page/progress.py) all come from this one
plan, so they cannot disagree.

A course is its folder: a course's home page is its folder's `index.md` (or `README.md`, as
upstream writes one), the site's home page for the course at docs/ itself.  plan_reading.py reads
the plan from the files.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field

from mkdocs.structure import StructureItem
from mkdocs.structure.nav import Section as NavSection

from ..errors import SiteError
from ..languages import Languages
from .settings import ROOT_FOLDER

WHERE = "mkdocs.yml"
HOME = "index.md"
COURSE_HOMES = ("index.md", "README.md")  # in a course's folder, the first that exists


@dataclass(frozen=True)
class Section:
    title: Mapping[str, str]
    source: str | None  # docs-relative path of the default-language page; None: not published
    # One line on what the section covers, in each language, for the home page's catalog; {}: none.
    summary: Mapping[str, str] = field(default_factory=dict)
    # A section left out of the site: its file (docs-relative), and why (course.yml's `left_out`).
    left_out_file: str | None = None
    left_out: str | None = None


@dataclass(frozen=True)
class Chapter:
    folder: str  # docs-relative
    title: Mapping[str, str]
    summary: Mapping[str, str]
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class Link:
    title: Mapping[str, str]
    url: str


@dataclass(frozen=True)
class PlannedCourse:
    folder: str  # docs-relative, `.` for docs/ itself
    title: Mapping[str, str]
    chapters: tuple[Chapter, ...]
    appendix: tuple[Section, ...] = ()  # pages after the chapters, such as the glossary's
    further: tuple[Link, ...] = ()  # where the end of the last chapter sends the reader
    summary: Mapping[str, str] = field(default_factory=dict)
    name: str = "course"  # what its downloads are named after
    home: str | None = None  # its home page's source; None: the site's home page
    repository: str | None = None  # where "report an error" leads for its pages; None: the site's
    report_also: tuple[str, ...] | None = None
    cann_version: str | None = None
    environments: Mapping[str, str] = field(default_factory=dict)  # language -> anchor on its home page
    glossary: str | None = None  # docs-relative path of its glossary file
    source: str | None = None  # its folder in the repository it comes from (settings.CourseSettings.source)
    palette: bool = False  # its figures keep the figure palette, and get dark versions (settings.py)

    def pages(self) -> list[Section]:
        return [s for c in self.chapters for s in c.sections if s.source] + [s for s in self.appendix if s.source]

    @property
    def glossary_page(self) -> str | None:
        """The page that shows the glossary: the Markdown page of its name beside it (glossary.md)."""
        return posixpath.splitext(self.glossary)[0] + ".md" if self.glossary else None

    def holds(self, source: str) -> bool:
        """Whether the docs-relative `source` is in the course's folder."""
        return self.folder == ROOT_FOLDER or source.startswith(self.folder + "/")


@dataclass(frozen=True)
class CoursePlan:
    courses: tuple[PlannedCourse, ...]
    appendix: tuple[Section, ...] = ()  # the site's pages after every course

    @classmethod
    def of(cls, chapters: tuple[Chapter, ...], appendix: tuple[Section, ...] = (), further: tuple[Link, ...] = (),
           **course) -> CoursePlan:
        """A site of one course at docs/ itself."""
        title = course.pop("title", {})
        return cls((PlannedCourse(ROOT_FOLDER, title, chapters, appendix, further, **course),))

    @property
    def chapters(self) -> tuple[Chapter, ...]:
        return tuple(chapter for course in self.courses for chapter in course.chapters)

    def pages(self) -> list[Section]:
        return [s for course in self.courses for s in course.pages()] + [s for s in self.appendix if s.source]

    def sources(self) -> set[str]:
        homes = {course.home for course in self.courses if course.home}
        return {HOME} | homes | {section.source for section in self.pages()}

    def section(self, source: str) -> Section | None:
        return next((s for s in self.pages() if s.source == source), None)

    def left_out(self) -> list[Section]:
        """The sections whose file the plan leaves out of the site, each with why."""
        return [s for c in self.chapters for s in c.sections if s.left_out_file]

    def not_published(self, source: str) -> Section | None:
        """The planned section whose file `source` (docs-relative, default language) is left out."""
        return next((s for s in self.left_out() if s.left_out_file == source), None)

    def title(self, source: str, language: str) -> str | None:
        section = self.section(source)
        if section is not None:
            return section.title[language]
        course = next((c for c in self.courses if c.home == source), None)
        return course.title[language] if course is not None and course.title else None

    def chapter_of(self, source: str) -> Chapter | None:
        return next((c for c in self.chapters if any(s.source == source for s in c.sections)), None)

    def keeps_palette(self, source: str) -> bool:
        """Whether the figure `source` is of a course whose figures keep the palette."""
        course = self.course_of(source)
        return course is not None and course.palette

    def course_of(self, source: str) -> PlannedCourse | None:
        """The course whose folder holds `source` (the innermost, when one folder is in another)."""
        holding = [course for course in self.courses if course.holds(source)]
        return max(holding, key=lambda c: 0 if c.folder == ROOT_FOLDER else len(c.folder), default=None)

    def navigation(self, language: str, home_title: str) -> list:
        """MkDocs' `nav`: home, each course with its home, chapters and pages, then the site's pages.
        A site of one course lists its chapters at the top, as the course is the site.

        A chapter with nothing published yet is an empty section here; `add_coming_soon` then
        puts every planned section into its chapter, in the plan's order.
        """
        nav: list = [{home_title: HOME}]
        for course in self.courses:
            items = [{course.title[language]: course.home}] if course.home else []
            for chapter in course.chapters:
                items.append({chapter.title[language]: [{s.title[language]: s.source} for s in chapter.sections if s.source]})
            items.extend({s.title[language]: s.source} for s in course.appendix if s.source)
            nav.extend(items) if len(self.courses) == 1 else nav.append({course.title[language]: items})
        nav.extend({s.title[language]: s.source} for s in self.appendix if s.source)
        return nav

    def add_coming_soon(self, items: list, language: str, label: str, left_out_label: str | None = None) -> None:
        """Put the sections that are not published yet into MkDocs' navigation (`nav.items`, as
        made from `navigation()`), each in its place among its chapter's pages.  They are not
        links: the template (partials/nav-item.html) shows them greyed, with `label` (a section
        left out, with `left_out_label`)."""
        for course, children in zip(self.courses, self._course_items(items)):
            sections = [item for item in children if isinstance(item, NavSection)][: len(course.chapters)]
            for chapter, nav_section in zip(course.chapters, sections):
                pages = iter(nav_section.children)
                placed = []
                for section in chapter.sections:
                    child = next(pages) if section.source else ComingSoon(
                        section.title[language], left_out_label if section.left_out and left_out_label else label)
                    child.parent = nav_section
                    placed.append(child)
                nav_section.children = placed

    def _course_items(self, items: list) -> list[list]:
        if len(self.courses) == 1:
            return [items]
        return [item.children for item in items if isinstance(item, NavSection)][: len(self.courses)]


class ComingSoon(StructureItem):
    """A planned section in the navigation: a title and a label, no page and no link."""

    coming_soon = True
    children = None
    active = False
    url = None

    def __init__(self, title: str, label: str) -> None:
        self.title = title
        self.label = label

    def __repr__(self) -> str:
        return f"ComingSoon(title={self.title!r})"


def check_every_page_is_planned(plan: CoursePlan, page_sources: list[str], languages: Languages) -> None:
    """A page outside the plan would be unreachable from the navigation."""
    for problem in pages_outside_the_plan(plan, page_sources, languages):
        raise problem


def pages_outside_the_plan(plan: CoursePlan, page_sources: list[str], languages: Languages) -> list[SiteError]:
    return [
        SiteError(f"docs/{source} is not in the course plan", where=WHERE,
                  expected="add it to its course's course.yml (or move it out of docs/)")
        for source in page_sources if languages.original(source) not in plan.sources()
    ]

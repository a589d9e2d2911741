"""The site's plan: its courses, each with its chapters and sections, and the pages after them.

mkdocs.yml's `extra.courses` lists the courses in order, each a folder of docs/ (`.`: docs/
itself) whose `course.yml` holds its titles and its plan (settings.py says what each may hold).
Every course, chapter and section has a title in each language of the site, and may have a one-line
summary in each; a section with a `file` is published, one without is "coming soon".  The
navigation, the page titles and the home page's catalog (page/progress.py) all come from this one
plan, so they cannot disagree.

A course is its folder: a course's home page is its folder's `index.md` (or `README.md`, as
upstream writes one), the site's home page for the course at docs/ itself.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field

from mkdocs.structure import StructureItem
from mkdocs.structure.nav import Section as NavSection

from ..errors import SiteError
from ..languages import Languages
from .inventory import CourseInventory
from .settings import (ROOT_FOLDER, PLAN_FILE, ChapterSettings, CourseSettings, LinkSettings, PageSettings,
                       SectionSettings, check, check_each)

WHERE = "mkdocs.yml"
HOME = "index.md"
COURSE_HOMES = ("index.md", "README.md")  # in a course's folder, the first that exists


@dataclass(frozen=True)
class Section:
    title: Mapping[str, str]
    source: str | None  # docs-relative path of the default-language file; None: coming soon
    # One line on what the section covers, in each language, for the home page's catalog; {}: none.
    summary: Mapping[str, str] = field(default_factory=dict)


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

    def add_coming_soon(self, items: list, language: str, label: str) -> None:
        """Put the sections that are not published yet into MkDocs' navigation (`nav.items`, as
        made from `navigation()`), each in its place among its chapter's pages.  They are not
        links: the template (partials/nav-item.html) shows them greyed, with `label`."""
        for course, children in zip(self.courses, self._course_items(items)):
            sections = [item for item in children if isinstance(item, NavSection)][: len(course.chapters)]
            for chapter, nav_section in zip(course.chapters, sections):
                pages = iter(nav_section.children)
                placed = []
                for section in chapter.sections:
                    child = next(pages) if section.source else ComingSoon(section.title[language], label)
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


# ---------------------------------------------------------------------------
# Reading the plan


def read_plan(site: Mapping, inventory: CourseInventory, languages: Languages) -> tuple[CoursePlan, list[SiteError]]:
    """The plan of the courses `site` (the site's settings, settings.SiteSettings) lists, read from
    their course.yml files, with every problem of every file; the plan holds what could be read."""
    problems: list[SiteError] = []
    courses = []
    for folder in site.get("courses") or []:
        course = _course(folder, inventory, languages, problems)
        if course is not None:
            courses.append(course)
    if not courses and not problems:
        problems.append(SiteError("extra.courses lists no course", where=WHERE,
                                  expected="courses: [<folder of docs/ holding a course.yml>, …]"))
    pages, _ = check_each(PageSettings, site.get("appendix") or [], WHERE, "extra.appendix", "file")
    appendix = tuple(_page(page, "", inventory, languages, WHERE, "extra.appendix", problems) for page in pages)
    plan = CoursePlan(tuple(courses), appendix)
    problems += _repeated_sources(plan.pages())
    for course in plan.courses:
        problems += _repeated_titles(course, languages)
    return plan, problems


def _course(folder: str, inventory: CourseInventory, languages: Languages, problems: list) -> PlannedCourse | None:
    plan_file = PLAN_FILE if folder == ROOT_FOLDER else posixpath.join(folder, PLAN_FILE)
    where = f"{inventory.docs_dir.name}/{plan_file}"
    if not inventory.has(plan_file):
        problems.append(SiteError(f"extra.courses lists {folder}, but {where} does not exist", where=WHERE,
                                  expected=f"a folder of {inventory.docs_dir.name}/ with the course's plan, {PLAN_FILE}"))
        return None
    data, error = _yaml(inventory.text(plan_file), where)
    if error is not None:
        problems.append(error)
        return None
    settings, found = check(CourseSettings, data, where, "the course")
    problems += found
    if settings is None:
        return None
    base = "" if folder == ROOT_FOLDER else folder
    entries, found = check_each(ChapterSettings, settings.chapters, where, "chapters", "chapter")
    problems += found
    chapters = [_chapter(chapter, base, inventory, languages, where, problems) for chapter in entries]
    pages, found = check_each(PageSettings, settings.appendix, where, "appendix", "file")
    problems += found
    links, found = check_each(LinkSettings, settings.further_reading, where, "further_reading", "url")
    problems += found
    glossary = posixpath.join(base, settings.glossary) if settings.glossary else None
    if glossary and not inventory.has(posixpath.splitext(glossary)[0] + ".md"):
        problems.append(SiteError(f"the glossary {settings.glossary} has no page beside it", where=where,
                                  expected=f"{posixpath.splitext(settings.glossary)[0]}.md, with <!-- glossary --> where "
                                           "the entries go, in the course's appendix"))
    if folder == ROOT_FOLDER and not settings.name:
        problems.append(SiteError("the course at docs/ itself has no name", where=where,
                                  expected="name: <what its downloads are named after>"))
    return PlannedCourse(
        folder=folder, title=_titles(settings.title, languages, where, "the course's title", problems),
        chapters=tuple(chapters),
        appendix=tuple(_page(page, base, inventory, languages, where, "appendix", problems) for page in pages),
        further=tuple(_link(link, languages, where, problems) for link in links),
        summary=_titles(settings.summary, languages, where, "the course's summary", problems) if settings.summary else {},
        name=settings.name or posixpath.basename(folder), home=_home(base, inventory),
        repository=settings.repository, cann_version=settings.cann_version,
        report_also=tuple(settings.report_also) if settings.report_also is not None else None,
        environments=dict(settings.environments or {}),
        glossary=glossary, palette=settings.palette,
    )


def _yaml(text: str, where: str):
    """The YAML of a plan file, with MkDocs' tags (`!ENV`), or the error naming the file."""
    import yaml
    from mkdocs.utils.yaml import get_yaml_loader

    try:
        return yaml.load(text, Loader=get_yaml_loader()), None
    except yaml.YAMLError as error:
        return None, SiteError(f"not valid YAML: {error}", where=where)


def _home(base: str, inventory: CourseInventory) -> str | None:
    if not base:
        return None  # the course at docs/ itself: the site's home page is its home
    return next((posixpath.join(base, name) for name in COURSE_HOMES if inventory.has(posixpath.join(base, name))), None)


def _chapter(settings: ChapterSettings, base: str, inventory: CourseInventory, languages: Languages, where: str,
             problems: list) -> Chapter:
    folder = posixpath.join(base, settings.chapter) if base else settings.chapter
    place = f"chapters, {settings.chapter}"
    entries, found = check_each(SectionSettings, settings.sections, where, f"{place}, sections", "file")
    problems += found
    sections = tuple(_section(entry, folder, inventory, languages, where, place, problems) for entry in entries)
    summary = _titles(settings.summary, languages, where, f"{place}: summary", problems) if settings.summary else {}
    return Chapter(folder, _titles(settings.title, languages, where, f"{place}: title", problems), summary, sections)


def _section(settings: SectionSettings, folder: str, inventory: CourseInventory, languages: Languages, where: str,
             place: str, problems: list) -> Section:
    source = posixpath.join(folder, settings.file) if settings.file else None
    label = f"{place}, section {settings.file or next(iter(settings.title.values()), '')}"
    titles = _titles(settings.title, languages, where, f"{label}: title", problems)
    summary = _titles(settings.summary, languages, where, f"{label}: summary", problems) if settings.summary else {}
    if source is not None:
        _check_source(source, inventory, languages, where, label, problems)
    return Section(titles, source, summary)


def _page(settings: PageSettings, base: str, inventory: CourseInventory, languages: Languages, where: str,
          place: str, problems: list) -> Section:
    source = posixpath.join(base, settings.file) if base else settings.file
    label = f"{place}, {settings.file}"
    _check_source(source, inventory, languages, where, label, problems)
    return Section(_titles(settings.title, languages, where, f"{label}: title", problems), source)


def _check_source(source: str, inventory: CourseInventory, languages: Languages, where: str, label: str,
                  problems: list) -> None:
    docs = inventory.docs_dir.name
    if languages.of(source) != languages.default:
        problems.append(SiteError(f"{label} names {source}, a translation", where=where,
                                  expected=f"the {languages.default} file, {languages.original(source)}: its "
                                           "translations are found by their suffix"))
    elif not inventory.has(source):
        problems.append(SiteError(f"{label} names {source}, but {docs}/{source} does not exist", where=where))


def _link(settings: LinkSettings, languages: Languages, where: str, problems: list) -> Link:
    """A place outside the course: an https address and a title in each language."""
    if not settings.url.startswith("https://"):
        problems.append(SiteError(f"further_reading: {settings.url} is not an https address", where=where))
    return Link(_titles(settings.title, languages, where, f"further_reading, {settings.url}: title", problems), settings.url)


def _titles(titles: Mapping, languages: Languages, where: str, place: str, problems: list) -> dict[str, str]:
    missing = [code for code in languages.codes if not isinstance(titles.get(code), str) or not titles.get(code)]
    if missing:
        problems.append(SiteError(f"{place} has no text in {', '.join(missing)}: {dict(titles)!r}", where=where,
                                  expected=f"{{{', '.join(f'{code}: …' for code in languages.codes)}}}"))
    return {code: str(text) for code, text in titles.items()}


def _repeated_sources(sections: list[Section]) -> list[SiteError]:
    seen: set[str] = set()
    problems = []
    for section in sections:
        if section.source in seen:
            problems.append(SiteError(f"the plan lists {section.source} twice", where=WHERE,
                                      expected="each section once: a page has one place in the navigation"))
        seen.add(section.source)
    return problems


def _repeated_titles(course: PlannedCourse, languages: Languages) -> list[SiteError]:
    """Two pages of one course with one title cannot be told apart in its navigation or catalog."""
    problems = []
    for code in languages.codes:
        by_title: dict[str, list[str]] = {}
        for section in course.pages():
            if section.title.get(code):
                by_title.setdefault(section.title[code], []).append(section.source)
        problems.extend(SiteError(f"the {code} title {title!r} is used by {' and '.join(sources)}",
                                  where=WHERE, expected="each page of a course its own title")
                        for title, sources in by_title.items() if len(sources) > 1)
    return problems


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

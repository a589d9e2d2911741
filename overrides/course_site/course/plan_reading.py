"""Reading the site's plan: mkdocs.yml's `extra.courses`, and each course's course.yml, into the
CoursePlan of plan.py, with every problem of every file at once (settings.py says what each key
may hold): each course, chapter and section has a title in each language (a title may be marked
untranslated, Titles), each section's file exists in the default language, no section is listed
twice, and no two sections of one chapter share a title.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping

from ..errors import SiteError
from ..languages import Languages
from .inventory import CourseInventory
from .plan import COURSE_HOMES, WHERE, Chapter, CoursePlan, Link, PlannedCourse, Section
from .settings import (ROOT_FOLDER, PLAN_FILE, ChapterSettings, CourseSettings, LinkSettings, PageSettings,
                       SectionSettings, check, check_each)


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
    problems += _repeated_sources(plan.pages() + plan.left_out())
    for course in plan.courses:
        problems += _repeated_titles(course, languages, _plan_file(course.folder, inventory))
    return plan, problems


def _plan_file(folder: str, inventory: CourseInventory) -> str:
    """A course's course.yml, as an author finds it (`docs/hixl_development/course.yml`)."""
    return f"{inventory.docs_dir.name}/{PLAN_FILE if folder == ROOT_FOLDER else posixpath.join(folder, PLAN_FILE)}"


def _course(folder: str, inventory: CourseInventory, languages: Languages, problems: list) -> PlannedCourse | None:
    plan_file = PLAN_FILE if folder == ROOT_FOLDER else posixpath.join(folder, PLAN_FILE)
    where = _plan_file(folder, inventory)
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
        glossary=glossary, source=_source(settings.source, where, problems), palette=settings.palette,
    )


def _source(source: str | None, where: str, problems: list) -> str | None:
    if source is not None and not source.startswith("https://"):
        problems.append(SiteError(f"source: {source} is not an https address", where=where,
                                  expected="the address of the course's folder in its repository, https://…"))
        return None
    return source.rstrip("/") if source else None


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
    if settings.left_out is not None:
        if source is None or not settings.left_out.strip():
            problems.append(SiteError(f"{label}: left_out needs the section's file and a reason", where=where,
                                      expected='{file: <the notebook>, title: …, left_out: "<why, and the fix upstream should make>"}'))
        return Section(titles, None, summary, left_out_file=source, left_out=settings.left_out.strip() or None)
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


class Titles(dict):
    """A title or summary in each language.  `untranslated`: the languages whose text is still the
    original's (`untranslated: [en]` beside the texts, as tools/import_course.py writes upstream's
    titles), which the course check and the translation report list."""

    untranslated: tuple[str, ...] = ()


UNTRANSLATED = "untranslated"


def _titles(titles: Mapping, languages: Languages, where: str, place: str, problems: list) -> Titles:
    missing = [code for code in languages.codes if not isinstance(titles.get(code), str) or not titles.get(code)]
    if missing:
        problems.append(SiteError(f"{place} has no text in {', '.join(missing)}: {dict(titles)!r}", where=where,
                                  expected=f"{{{', '.join(f'{code}: …' for code in languages.codes)}}}"))
    marked = titles.get(UNTRANSLATED, [])
    if not isinstance(marked, list) or not set(marked) <= set(languages.others):
        problems.append(SiteError(f"{place}: {UNTRANSLATED}: {marked!r} is not a list of the site's other languages",
                                  where=where, expected=f"{UNTRANSLATED}: [{', '.join(languages.others)}], or none"))
        marked = []
    found = Titles({code: str(text) for code, text in titles.items() if code != UNTRANSLATED})
    found.untranslated = tuple(marked)
    return found


def untranslated_titles(course: PlannedCourse) -> dict[str, int]:
    """How many of the course's titles and summaries each language has untranslated (Titles)."""
    texts = [course.title, course.summary, *(link.title for link in course.further)]
    for chapter in course.chapters:
        texts += [chapter.title, chapter.summary, *(t for s in chapter.sections for t in (s.title, s.summary))]
    texts += [t for s in course.appendix for t in (s.title, s.summary)]
    counts: dict[str, int] = {}
    for text in texts:
        for code in getattr(text, "untranslated", ()):
            counts[code] = counts.get(code, 0) + 1
    return counts


def _repeated_sources(sections: list[Section]) -> list[SiteError]:
    seen: set[str] = set()
    problems = []
    for section in sections:
        file = section.source or section.left_out_file
        if file in seen:
            problems.append(SiteError(f"the plan lists {file} twice", where=WHERE,
                                      expected="each section once: a page has one place in the navigation"))
        seen.add(file)
    return problems


def _repeated_titles(course: PlannedCourse, languages: Languages, where: str) -> list[SiteError]:
    """Two sections of one chapter with one title cannot be told apart in its navigation or
    catalog; in two chapters they can (upstream's every chapter has its "章节练习")."""
    problems = []
    groups = [(f"chapter {chapter.folder}", chapter.sections) for chapter in course.chapters]
    groups.append(("the appendix", course.appendix))
    for place, sections in groups:
        for code in languages.codes:
            by_title: dict[str, list[str]] = {}
            for section in sections:
                if section.title.get(code):
                    by_title.setdefault(section.title[code], []).append(section.source or "a section coming soon")
            problems.extend(SiteError(f"the {code} title {title!r} is used by {' and '.join(sources)}, both in {place}",
                                      where=where, expected="each section of a chapter its own title")
                            for title, sources in by_title.items() if len(sources) > 1)
    return problems

"""The course plan: `extra.course` (chapters and sections) and `extra.appendix` in mkdocs.yml.

Every chapter and section has a title in each language of the site, and may have a one-line
summary in each (the catalog shows it); a section with a `file` is published, one without is
"coming soon".  The navigation, the page titles and the home
page's catalog (progress.py) all come from this one list, so they cannot disagree.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.structure import StructureItem
from mkdocs.structure.nav import Section as NavSection

from ..errors import SiteError
from ..languages import Languages

WHERE = "mkdocs.yml"
HOME = "index.md"


@dataclass(frozen=True)
class Section:
    title: Mapping[str, str]
    source: str | None  # docs-relative path of the default-language file; None: coming soon
    # One line on what the section covers, in each language, for the home page's catalog; {}: none.
    summary: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Chapter:
    folder: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class Link:
    title: Mapping[str, str]
    url: str


@dataclass(frozen=True)
class CoursePlan:
    chapters: tuple[Chapter, ...]
    appendix: tuple[Section, ...]  # pages after the course, such as the glossary
    further: tuple[Link, ...] = ()  # where to go after the course (extra.further_reading)

    def pages(self) -> list[Section]:
        return [s for c in self.chapters for s in c.sections if s.source] + [s for s in self.appendix if s.source]

    def sources(self) -> set[str]:
        return {HOME} | {section.source for section in self.pages()}

    def section(self, source: str) -> Section | None:
        return next((s for s in self.pages() if s.source == source), None)

    def title(self, source: str, language: str) -> str | None:
        section = self.section(source)
        return section.title[language] if section else None

    def chapter_of(self, source: str) -> Chapter | None:
        return next((c for c in self.chapters if any(s.source == source for s in c.sections)), None)

    def navigation(self, language: str, home_title: str) -> list:
        """MkDocs' `nav`: home, every chapter with its published sections, then the appendix.

        A chapter with nothing published yet is an empty section here; `add_coming_soon` then
        puts every planned section into its chapter, in the plan's order.
        """
        nav: list = [{home_title: HOME}]
        for chapter in self.chapters:
            nav.append({chapter.title[language]: [{s.title[language]: s.source} for s in chapter.sections if s.source]})
        nav.extend({s.title[language]: s.source} for s in self.appendix if s.source)
        return nav

    def add_coming_soon(self, items: list, language: str, label: str) -> None:
        """Put the sections that are not published yet into MkDocs' navigation (`nav.items`, as
        made from `navigation()`), each in its place among its chapter's pages.  They are not
        links: the template (partials/nav-item.html) shows them greyed, with `label`."""
        sections = [item for item in items if isinstance(item, NavSection)][: len(self.chapters)]
        for chapter, nav_section in zip(self.chapters, sections):
            pages = iter(nav_section.children)
            children = []
            for section in chapter.sections:
                child = next(pages) if section.source else ComingSoon(section.title[language], label)
                child.parent = nav_section
                children.append(child)
            nav_section.children = children


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


def read_plan(extra: Mapping, languages: Languages, docs_dir: Path) -> CoursePlan:
    """Check the plan against the files in docs/; the build stops with every problem at once."""
    problems: list[tuple[str, str | None]] = []  # (problem, what would be accepted)
    chapters_data = extra.get("course")
    if not isinstance(chapters_data, list) or not chapters_data:
        raise SiteError("extra.course must list the chapters of the course", where=WHERE)
    chapters = tuple(c for c in (_chapter(entry, languages, docs_dir, problems) for entry in chapters_data) if c)
    appendix = tuple(
        s for s in (_section(entry, "", languages, docs_dir, "extra.appendix", problems)
                    for entry in extra.get("appendix") or []) if s
    )
    further = tuple(link for link in (_link(entry, languages, problems) for entry in extra.get("further_reading") or [])
                    if link)
    published = [s for c in chapters for s in c.sections if s.source] + [s for s in appendix if s.source]
    problems.extend(_repeated_sources(published))
    problems.extend(_repeated_titles(published, languages))
    if len(problems) == 1:
        (problem, expected), = problems
        raise SiteError(problem, where=WHERE, expected=expected)
    if problems:
        raise SiteError(f"the course plan has {len(problems)} problems:\n  " + "\n  ".join(
            f"{problem} (expected: {expected})" if expected else problem for problem, expected in problems), where=WHERE)
    return CoursePlan(chapters, appendix, further)


def _link(entry, languages: Languages, problems: list) -> Link | None:
    """A place outside the course: an https address and a title in each language."""
    where = f"extra.further_reading entry {entry!r}"
    if not isinstance(entry, Mapping) or not str(entry.get("url", "")).startswith("https://"):
        problems.append((f"{where} has no https address", "{url: https://…, title: {…}}"))
        return None
    return Link(_titles(entry, languages, where, problems), entry["url"])


def _repeated_sources(sections: list[Section]) -> list[tuple[str, str]]:
    seen: set[str] = set()
    problems = []
    for section in sections:
        if section.source in seen:
            problems.append((f"extra.course lists {section.source} twice",
                             "each section once: a page has one place in the navigation"))
        seen.add(section.source)
    return problems


def _repeated_titles(sections: list[Section], languages: Languages) -> list[tuple[str, str]]:
    """Two pages with one title cannot be told apart in the navigation, tabs or search results."""
    problems = []
    for code in languages.codes:
        by_title: dict[str, list[str]] = {}
        for section in sections:
            if section.title.get(code):
                by_title.setdefault(section.title[code], []).append(section.source)
        problems.extend((f"the {code} title {title!r} is used by {' and '.join(sources)}", "each page its own title")
                        for title, sources in by_title.items() if len(sources) > 1)
    return problems


def _titles(entry: Mapping, languages: Languages, where: str, problems: list, key: str = "title") -> dict[str, str]:
    titles = entry.get(key) or {}
    missing = [code for code in languages.codes if not isinstance(titles, Mapping) or not titles.get(code)]
    if missing:
        problems.append((f"{where} has no {key} in {', '.join(missing)}: {titles!r}",
                         f"{key}: {{{', '.join(f'{code}: …' for code in languages.codes)}}}"))
    return dict(titles) if isinstance(titles, Mapping) else {}


def _chapter(entry, languages: Languages, docs_dir: Path, problems: list) -> Chapter | None:
    if not isinstance(entry, Mapping) or "chapter" not in entry or not isinstance(entry.get("sections"), list):
        problems.append((f"extra.course entry {entry!r} is not a chapter", "chapter: <folder>, title: {…}, sections: [...]"))
        return None
    folder = entry["chapter"]
    where = f"extra.course, chapter {folder}"
    summary = _titles(entry, languages, where, problems, "summary") if entry.get("summary") else {}
    sections = tuple(s for s in (_section(s, folder, languages, docs_dir, where, problems) for s in entry["sections"]) if s)
    return Chapter(folder, _titles(entry, languages, where, problems), summary, sections)


def _section(entry, folder: str, languages: Languages, docs_dir: Path, where: str, problems: list) -> Section | None:
    if not isinstance(entry, Mapping):
        problems.append((f"{where}: {entry!r} is not a section", "{file: …, title: {…}}"))
        return None
    file = entry.get("file")
    source = posixpath.join(folder, file) if file else None
    label = f"{where}, section {file or entry.get('title')}"
    titles = _titles(entry, languages, label, problems)
    summary = _titles(entry, languages, label, problems, "summary") if entry.get("summary") else {}
    if source is not None:
        if languages.of(source) != languages.default:
            problems.append((f"extra.course names {source}, a translation",
                             f"the {languages.default} file, {languages.original(source)}: its translations are found by their suffix"))
        elif not (docs_dir / source).is_file():
            problems.append((f"extra.course lists {source}, but docs/{source} does not exist", None))
    return Section(titles, source, summary)


def check_every_page_is_planned(plan: CoursePlan, page_sources: list[str], languages: Languages) -> None:
    """A page outside the plan would be unreachable from the navigation."""
    for problem in pages_outside_the_plan(plan, page_sources, languages):
        raise problem


def pages_outside_the_plan(plan: CoursePlan, page_sources: list[str], languages: Languages) -> list[SiteError]:
    return [
        SiteError(f"docs/{source} is not in the course plan", where=WHERE,
                  expected="add it to extra.course in mkdocs.yml (or move it out of docs/)")
        for source in page_sources if languages.original(source) not in plan.sources()
    ]

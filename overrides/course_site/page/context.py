"""What a page of the pipeline is (PageContext), what the whole build offers every step
(SiteServices), and what the steps find out of a page for the template (PageResult)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from quizzes.course import Course

from ..adapters import jupyter
from ..course.glossary import Glossary
from ..course.plan import HOME, CoursePlan, PlannedCourse
from ..course.run_at_build import CellOutput
from ..course.sanitise import check_page
from ..course.translation_status import PageState
from ..languages import Languages


@dataclass(frozen=True)
class SiteServices:
    """What the steps need from the whole build; made once per build."""

    languages: Languages
    plan: CoursePlan
    course: Course
    slugify: Callable[[str, str], str]
    toc_depth: int
    run_outputs: Callable[[str], dict[str, CellOutput]]  # src_uri -> outputs of its run-at-build cells
    glossaries: Mapping[str, Glossary] = field(default_factory=dict)  # by the course's folder
    docs_name: str = "docs"
    read_source: Callable[[str], str | None] | None = None  # docs-relative path -> the file's text, None if absent
    outdated: Mapping[str, PageState] = field(default_factory=dict)  # translations behind, by src_uri
    exists: Callable[[str], bool] = lambda path: False  # docs-relative path -> whether docs/ has that file
    judge_content: Callable[[str, str, str], list[str]] = check_page  # (html, where, page url) -> problems: sanitise.py
    # (chapter folder, language) -> the site path of the chapter's archive offered in that language
    archives: Mapping[tuple[str, str], str] = field(default_factory=dict)


@dataclass
class PageResult:
    toc: list[dict] | None = None  # MkDocs TOC tokens, when a step rebuilt the table of contents
    description: str | None = None
    quiz_stylesheet: str | None = None
    figures: int = 0  # how many figures the page has (the template then loads figures.js)
    notebook_sheets: list[str] = field(default_factory=list)
    classes: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)  # what the content may not hold (course/sanitise.py)

    def as_data(self) -> dict:
        """As JSON can hold it (site/page_cache.py keeps it so)."""
        return {**dataclasses.asdict(self), "classes": sorted(self.classes), "ids": sorted(self.ids)}

    @classmethod
    def from_data(cls, data: dict) -> "PageResult":
        return cls(**{**data, "classes": set(data["classes"]), "ids": set(data["ids"])})


@dataclass(frozen=True)
class PageContext:
    src_uri: str
    url: str  # where the page is published, site-relative
    language: str  # the language the page is shown in
    written_in: str  # the language of its source
    strings: Mapping[str, str]
    site: SiteServices
    result: PageResult = field(default_factory=PageResult)

    @property
    def is_notebook(self) -> bool:
        return jupyter.is_notebook(self.src_uri)

    @property
    def is_home(self) -> bool:
        return self.site.languages.original(self.src_uri) == HOME

    @property
    def course(self) -> PlannedCourse | None:
        """The course the page is part of, if any."""
        return self.site.plan.course_of(self.site.languages.original(self.src_uri))

    @property
    def where(self) -> str:
        return f"{self.site.docs_name}/{self.src_uri}"

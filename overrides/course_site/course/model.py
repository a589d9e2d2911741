"""The courses as the build and every tool read them: one function, `read_courses`, and what it
returns, with every problem found before a page is built.

The build (plugin.py), `tools/check_course.py`, `tools/translations.py` and the tests all start
here, so that for any input the tool lists exactly what the build refuses, all at once: the site's
and each course's settings (settings.py), the strings tables, the plan (plan.py), the files of
docs/ (inventory.py: no symbolic link), what the pages' Markdown names (page_links.py: each
notebook's title, links that would be broken, and the figures the site publishes, each within
the content allow list), every notebook, page, exercise, answer file and figure
(course_check.py), and each course's glossary.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.exceptions import PluginError

from quizzes.course import Course

from ..adapters import i18n
from ..errors import SiteError
from ..languages import Languages
from ..strings import load_tables, table_path
from . import exercises, page_links, sanitise, translation_status
from .course_check import check_course
from .glossary import Glossary, read_glossary
from .inventory import SYMLINKS_EXPECTED, CourseInventory, symlink_problems
from .plan import CoursePlan
from .plan_reading import read_plan
from .settings import SiteSettings, check

WHERE = "mkdocs.yml"
README = "README.md"


@dataclass(frozen=True)
class CourseModel:
    languages: Languages
    strings: Mapping[str, Mapping]  # language -> the site's words (strings/)
    settings: Mapping  # mkdocs.yml's `extra`, as SiteSettings read it
    inventory: CourseInventory  # what docs/ holds, read once
    plan: CoursePlan
    exercises: Course  # every page's exercises and reference solutions (the quiz engine's)
    read_for_quizzes: frozenset[str] = frozenset()  # what the quiz engine read besides the pages
    glossaries: Mapping[str, Glossary] = field(default_factory=dict)  # by the course's folder
    translations: translation_status.Survey | None = None

    @property
    def docs_dir(self) -> Path:
        return self.inventory.docs_dir


def read_courses(config, *, dates: bool = True) -> tuple[CourseModel | None, list[PluginError]]:
    """The site's courses from a MkDocs configuration (a build's, or `mkdocs.config.load_config`'s),
    and every problem; None when the configuration itself cannot be read far enough to go on.
    `dates`: look up in git when each outdated translation fell behind (the build's notices)."""
    languages = i18n.site_languages(config)
    string_folders = [Path(config.config_file_path).parent / "strings"]
    try:
        strings = load_tables(languages.codes, string_folders)
        quiz_languages = exercises.quiz_languages(
            languages, strings, {code: table_path(code, string_folders) for code in languages.codes})
    except PluginError as error:
        return None, [error]
    settings, problems = check(SiteSettings, config.extra, WHERE, "extra")
    site = settings if settings is not None else dict(config.extra)
    inventory = CourseInventory.from_config(config)
    problems += files_problems(inventory)
    plan, found = read_plan(site, inventory, languages)
    problems += found
    inventory = inventory.keeping_out(not_pages(plan, inventory, languages))
    readings = page_links.read_pages(inventory)
    figures = {name for name in readings.used_files(languages) if name.endswith(".svg")}
    problems += figure_problems(inventory, figures)
    problems += page_links.title_problems(readings, plan, languages, inventory.docs_dir.name)
    problems += page_links.link_problems(readings, inventory, plan, languages)
    checked = check_course(inventory, plan, languages, quiz_languages, figures)
    problems += checked.problems
    glossaries = {}
    for planned in plan.courses:
        if planned.glossary is None:
            continue
        try:
            glossary = read_glossary(inventory, planned.glossary, languages.codes)
        except SiteError as error:
            problems.append(error)
        else:
            if glossary is not None:
                glossaries[planned.folder] = glossary
    model = CourseModel(languages, strings, site, inventory, plan, checked.exercises, checked.read_for_quizzes,
                        glossaries, translation_status.survey(inventory, languages, dates=dates))
    return model, problems


def not_pages(plan: CoursePlan, inventory: CourseInventory, languages: Languages) -> set[str]:
    """Files MkDocs would make pages of that are not the site's: each section the plan leaves out,
    in every language, and every README.md the plan does not name (a course's home, or a chapter's
    page in its plan, is one; one in a chapter's sources belongs to the folder upstream wrote it for,
    and travels with the chapter's download if a notebook names it)."""
    left_out = {s.left_out_file for s in plan.left_out()}
    planned = plan.sources()
    return {name for name in inventory.pages()
            if languages.original(name) in left_out
            or posixpath.basename(languages.original(name)) == README and languages.original(name) not in planned}


def files_problems(inventory: CourseInventory) -> list[SiteError]:
    """Every symbolic link under docs/."""
    return [SiteError(problem.split(": ", 1)[1], where=problem.split(": ", 1)[0], expected=SYMLINKS_EXPECTED)
            for problem in symlink_problems(inventory.docs_dir, inventory.symlinks)]


def figure_problems(inventory: CourseInventory, figures: set[str]) -> list[SiteError]:
    """Every SVG file a page shows (`figures`, page_links.py) against the content allow list
    (sanitise.py); a figure no page shows is not published, and not judged."""
    docs = inventory.docs_dir.name
    problems = []
    for svg in sorted(figure for figure in figures if inventory.has(figure)):
        problems += [SiteError(problem.split(": ", 1)[1], where=f"{docs}/{svg}", expected=sanitise.EXPECTED_SVG)
                     for problem in sanitise.check_svg(inventory.text(svg), f"{docs}/{svg}")]
    return problems

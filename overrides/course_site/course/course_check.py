"""Every check of docs/ that runs before a page is built, with every problem found at once.

The build (plugin.py) and the maintainers' command `tools/check_course.py` run the same
`check_course`: each notebook (notebooks.py), each translation's original, each page's place
in the plan (plan.py), each page's exercises, answer files and reference solutions (the quiz
engine: one problem per file, where its parser stops), every section two pages claim, and the
colours of each figure of a course that keeps the palette (palette.py).  A problem is a SiteError
or an ExerciseError, whose message names the file and says what would be accepted; `report`
groups them by file.
"""

from __future__ import annotations

import unicodedata

from collections.abc import Sequence
from dataclasses import dataclass

from mkdocs.exceptions import PluginError

from quizzes.course import Course

from . import exercises, palette
from ..errors import SiteError
from .inventory import CourseInventory
from ..languages import Languages
from .notebooks import check_notebook, check_size
from .plan import CoursePlan, pages_outside_the_plan

COMMAND = "tools/check_course.py"


class CourseProblems(SiteError):
    """More than one problem: all of them, grouped by file (`report`)."""

    def __init__(self, problems: Sequence[PluginError]) -> None:
        self.problems = list(problems)
        super().__init__(report(self.problems))


@dataclass(frozen=True)
class CheckedCourse:
    exercises: Course  # every page's exercises and reference solutions
    problems: list[PluginError]  # every problem of docs/ (none: the build may go on)
    read_for_quizzes: frozenset[str]  # files the quiz engine read besides the pages (answer files, solutions)


def check_course(inventory: CourseInventory, plan: CoursePlan, languages: Languages, quiz_languages: tuple,
                 figures: set[str] | None = None) -> CheckedCourse:
    """The course's exercises, and every problem of docs/ before a page is built.  `figures`:
    the SVG files pages show (page_links.py), whose colours are checked; all published, if not given."""
    problems: list[PluginError] = []
    refused = set()
    docs_dir, pages = inventory.docs_dir, inventory.pages()
    for source in pages:
        where = f"{docs_dir.name}/{source}"
        try:
            check_size(inventory.data(source), where)
        except SiteError as error:
            problems.append(error)
            refused.add(source)  # too large to read further
            continue
        if source.endswith(".ipynb"):
            try:
                check_notebook(inventory.data(source), where, parse=lambda: inventory.notebook(source))
            except SiteError as error:
                problems.append(error)
                if not _readable(inventory, source):
                    refused.add(source)  # its exercises cannot be read: the one problem is this
        original = languages.original(source)
        if languages.of(source) != languages.default and not inventory.has(original):
            problems.append(SiteError(
                f"this {languages.of(source)} page needs its original in the default language "
                f"({languages.default}) at docs/{original}; none found", where=where,
            ))
    problems += file_name_problems(inventory)
    problems += pages_outside_the_plan(plan, pages, languages)
    course, found, read = exercises.scan_problems(inventory, [page for page in pages if page not in refused],
                                                  quiz_languages)
    problems += found
    for svg in inventory.published:
        if (not svg.endswith(".svg") or svg.endswith(palette.DARK_SUFFIX) or not plan.keeps_palette(svg)
                or figures is not None and svg not in figures):
            continue  # only a published figure of a course that keeps the palette gets a dark version
        where = f"{docs_dir.name}/{svg}"
        try:
            palette.dark_svg(inventory.text(svg), where)
        except SiteError as error:
            problems.append(error)
    return CheckedCourse(course, problems, read)


def file_name_problems(inventory: CourseInventory) -> list[SiteError]:
    """Names that show other than they are (a right-to-left mark: `01.07_\u202egnp.exe`), or that
    collide where the site is unzipped on macOS or Windows (`a.ipynb` and `A.ipynb`)."""
    problems, seen = [], {}
    for name in inventory.files():
        hidden = [f"U+{ord(c):04X}" for c in name if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")]
        if hidden:
            problems.append(SiteError(f"the file's name holds {', '.join(hidden)}, which shows the name as something else",
                                      where=f"{inventory.docs_dir.name}/{name}", expected="a name of letters, digits, . _ -"))
        other = seen.setdefault(name.casefold(), name)
        if other != name:
            problems.append(SiteError(f"the name differs from {inventory.docs_dir.name}/{other} only in letter case: "
                                      "unzipped on macOS or Windows, one replaces the other",
                                      where=f"{inventory.docs_dir.name}/{name}", expected="names that differ in more than case"))
    return problems


def _readable(inventory: CourseInventory, source: str) -> bool:
    """Whether the quiz engine can read the notebook, whatever the notebook check said of it."""
    try:
        inventory.notebook(source)
        return True
    except Exception:  # noqa: BLE001 - the notebook check has named the problem already
        return False


def file_of(problem: PluginError) -> str:
    """The file a problem is in: its `where` up to the cell, question or line."""
    where = getattr(problem, "where", None) or "mkdocs.yml"
    return where.split(" (")[0].split(", ")[0]


def report(problems: Sequence[PluginError]) -> str:
    """Every problem, grouped by file in order, each message as the build gives it."""
    by_file: dict[str, list[str]] = {}
    for problem in problems:
        by_file.setdefault(file_of(problem), []).append(str(problem))
    files = sorted(by_file)
    lines = [f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {len(files)} "
             f"file{'s' if len(files) != 1 else ''} (run {COMMAND} to list them without building):"]
    for name in files:
        lines.append("")
        lines.append(f"{name}:")
        lines.extend(by_file[name])
    return "\n".join(lines)


def raise_problems(problems: Sequence[PluginError]) -> None:
    """One problem stops the build with its own message; several with all of them."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise CourseProblems(problems)

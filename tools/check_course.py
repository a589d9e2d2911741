"""Every problem of the site's courses, at once, without building: the build's own verdict.

    .venv/bin/python tools/check_course.py [-f mkdocs.yml] [--notebooks] [--quick]

Reads the courses as the build reads them before it builds a page (overrides/course_site/course/model.py:
the settings, the plans, the files of docs/, what each page's Markdown names (its title, its links,
the figures it shows), every notebook, exercise, answer file, figure and glossary), then judges
every page's content as the page pipeline does (course/content_check.py: the content allow list,
on each notebook as mkdocs-jupyter converts it; --quick leaves this out), and prints every
problem, grouped by file, each with what would be accepted; the build stops with the same list.
Then the sections the plans leave out, each with why, and the titles still untranslated.

--notebooks: one line per notebook of each course, with the build's verdict on it: published,
left out (the plan says why), or refused (its problems, or those of the answer files and figures
it uses, are listed above).

Exits with 1 when there is a problem, else 0 with what it checked.  Use it after bringing a chapter
or a course from upstream (tools/import_course.py runs it), before a build.
"""

from __future__ import annotations

import argparse
import posixpath
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides")]  # quizzes/, and the site's build package course_site

from mkdocs.config import load_config  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402

from course_site.course import content_check, sanitise  # noqa: E402
from course_site.course.course_check import file_of, report  # noqa: E402
from course_site.course.model import CourseModel, read_courses  # noqa: E402
from course_site.course.page_links import read_pages, target_of  # noqa: E402
from course_site.course.plan_reading import untranslated_titles  # noqa: E402
from course_site.errors import SiteError  # noqa: E402

PUBLISHED, LEFT_OUT, REFUSED = "published", "left out", "refused"


@dataclass
class Checked:
    model: CourseModel | None
    problems: list[PluginError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.model is not None and not self.problems


def check(config_file: Path, *, pages: bool = True) -> Checked:
    """The build's reading of the courses (read_courses), and with `pages` each page's content judged."""
    config = load_config(str(config_file))
    model, problems = read_courses(config, dates=False)
    if model is None or not pages:
        return Checked(model, problems)
    markdown = (config.markdown_extensions, config.mdx_configs)
    for source in model.inventory.pages():
        found = content_check.page_problems(model.inventory, model.languages, model.plan, source, markdown)
        if found:  # each line names the page already, as the build's list does
            problem = SiteError("\n".join(found), expected=sanitise.EXPECTED)
            problem.where = f"{model.docs_dir.name}/{source}"
            problems.append(problem)
    return Checked(model, problems)


def notebook_verdicts(checked: Checked) -> dict[str, tuple[str, str]]:
    """Each notebook of the plans (default language), by its docs-relative path: (verdict, why)."""
    model = checked.model
    docs = model.docs_dir.name
    languages, plan, inventory = model.languages, model.plan, model.inventory
    readings = read_pages(inventory)
    shown_by: dict[str, set[str]] = {}  # a file -> the pages (originals) that link or show it
    for source, page in readings.pages.items():
        for address in page.addresses + page.html_addresses:
            target = target_of(source, address)
            if target:
                shown_by.setdefault(languages.original(target), set()).add(languages.original(source))
    refused: dict[str, list[str]] = {}
    for problem in checked.problems:
        where = file_of(problem)
        name = languages.original(where.removeprefix(f"{docs}/"))
        for page in _pages_of(name, inventory, shown_by):
            refused.setdefault(page, []).append(where)
    verdicts = {}
    for chapter in plan.chapters:
        for section in chapter.sections:
            if section.left_out_file:
                verdicts[section.left_out_file] = (LEFT_OUT, section.left_out)
            elif section.source and section.source.endswith(".ipynb"):
                files = sorted(set(refused.get(section.source, [])))
                verdicts[section.source] = (REFUSED, ", ".join(files)) if files else (PUBLISHED, "")
    return verdicts


def _pages_of(name: str, inventory, shown_by: dict[str, set[str]]) -> set[str]:
    """The pages a problem of the file `name` refuses: the page itself, the pages of its folder
    that print an answer file, and the pages that show a figure."""
    if name.endswith((".ipynb", ".md")):
        return {name}
    if "/answer/" in f"/{name}":
        folder = name.split("/answer/")[0] if "/answer/" in name else ""
        stem = posixpath.basename(name).split("_answer")[0]
        return {page for page in inventory.pages() if posixpath.dirname(page) == folder and page.endswith(".ipynb")
                and f"answer/{stem}" in inventory.text(page)}
    return shown_by.get(name, set())


def notes(model: CourseModel) -> list[str]:
    """What the plans say the site leaves out, and the titles still to translate."""
    docs = model.docs_dir.name
    lines = []
    left_out = model.plan.left_out()
    if left_out:
        lines.append(f"{len(left_out)} section{'s' if len(left_out) != 1 else ''} left out by the plans:")
        lines += [f"  {docs}/{section.left_out_file}: {section.left_out}" for section in left_out]
    for course in model.plan.courses:
        for language, count in sorted(untranslated_titles(course).items()):
            where = f"{docs}/{course.folder}/course.yml" if course.folder != "." else f"{docs}/course.yml"
            lines.append(f"{where}: {count} titles and summaries not translated into {language} yet "
                         f"(marked `untranslated: [{language}]`)")
    return lines


def summary(checked: Checked) -> str:
    model = checked.model
    pages = model.inventory.pages()
    quizzes = sum(len(page.exercises) for page in model.exercises.pages.values())
    solutions = sum(len(page.solutions) for page in model.exercises.pages.values())
    notebooks = sum(1 for page in pages if page.endswith(".ipynb"))
    courses = len(model.plan.courses)
    return (f"No problems in {model.docs_dir.name}/: {courses} course{'s' if courses != 1 else ''}, {notebooks} notebooks, "
            f"{len(pages) - notebooks} Markdown pages, {quizzes} quizzes, {solutions} reference solutions.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/check_course.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("-f", "--config-file", type=Path, default=ROOT / "mkdocs.yml")
    parser.add_argument("--notebooks", action="store_true", help="the build's verdict on each notebook")
    parser.add_argument("--quick", action="store_true", help="leave out judging each page's content")
    arguments = parser.parse_args(argv)
    checked = check(arguments.config_file.resolve(), pages=not arguments.quick)
    print(report(checked.problems) if checked.problems else summary(checked))
    if checked.model is not None:
        for line in notes(checked.model):
            print(line)
        if arguments.notebooks:
            verdicts = notebook_verdicts(checked)
            width = max((len(name) for name in verdicts), default=8)
            print()
            for name, (verdict, why) in verdicts.items():
                print(f"{name:<{width}}  {verdict}" + (f": {why}" if why else ""))
            counts = {kind: sum(1 for v, _ in verdicts.values() if v == kind) for kind in (PUBLISHED, LEFT_OUT, REFUSED)}
            print(f"\n{len(verdicts)} notebooks: " + ", ".join(f"{count} {kind}" for kind, count in counts.items()))
    return 0 if checked.ok else 1


if __name__ == "__main__":
    sys.exit(main())

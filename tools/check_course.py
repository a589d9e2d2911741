"""Every problem of the course's notebooks, answer files, plan and figures, at once, without building.

    .venv/bin/python tools/check_course.py [-f mkdocs.yml]

Reads the courses as the build reads them before it builds a page (overrides/course_site/course/model.py:
the settings, the plans, the files of docs/, every notebook, exercise, answer file, figure and
glossary) and prints every problem, grouped by file, each with what would be accepted; the build
stops with the same list.  Exits with 1 when there is a problem, else 0 with what it checked.  Use it
after bringing a chapter from upstream, before a build.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides")]  # quizzes/, and the site's build package course_site

from mkdocs.config import load_config  # noqa: E402

from course_site.course.course_check import report  # noqa: E402
from course_site.course.model import read_courses  # noqa: E402


def check(config_file: Path) -> tuple[str, bool]:
    """(what to print, whether the courses have no problem): the build's own reading (read_courses)."""
    model, problems = read_courses(load_config(str(config_file)), dates=False)
    if problems:
        return report(problems), False
    pages = model.inventory.pages()
    quizzes = sum(len(page.exercises) for page in model.exercises.pages.values())
    solutions = sum(len(page.solutions) for page in model.exercises.pages.values())
    notebooks = sum(1 for page in pages if page.endswith(".ipynb"))
    courses = len(model.plan.courses)
    return (f"No problems in {model.docs_dir.name}/: {courses} course{'s' if courses != 1 else ''}, {notebooks} notebooks, "
            f"{len(pages) - notebooks} Markdown pages, {quizzes} quizzes, {solutions} reference solutions."), True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/check_course.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("-f", "--config-file", type=Path, default=ROOT / "mkdocs.yml")
    arguments = parser.parse_args(argv)
    text, ok = check(arguments.config_file.resolve())
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

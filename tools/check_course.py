"""Every problem of the course's notebooks, answer files, plan and figures, at once, without building.

    .venv/bin/python tools/check_course.py [-f mkdocs.yml]

Runs the checks the build runs before it builds a page (overrides/course_site/course/course_check.py)
and prints every problem, grouped by file, each with what would be accepted; the build stops
with the same list.  Exits with 1 when there is a problem, else 0 with what it checked.  Use it
after bringing a chapter from upstream, before a build.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides")]  # quizzes/, and the site's build package course_site

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.utils.yaml import yaml_load  # noqa: E402

from course_site.course import exercises, inventory  # noqa: E402
from course_site.course.course_check import check_course, report  # noqa: E402
from course_site.languages import languages_in  # noqa: E402
from course_site.course.plan import read_plan  # noqa: E402
from course_site.strings import load_tables, table_path  # noqa: E402


def check(config_file: Path) -> tuple[str, bool]:
    """(what to print, whether the course has no problem)."""
    with open(config_file, encoding="utf-8") as f:
        config = yaml_load(f)
    docs_dir = config_file.parent / config.get("docs_dir", "docs")
    languages = languages_in(config)
    folders = [config_file.parent / "strings"]
    try:
        strings = load_tables(languages.codes, folders)
        quiz_languages = exercises.quiz_languages(
            languages, strings, {code: table_path(code, folders) for code in languages.codes})
        plan = read_plan(config.get("extra") or {}, languages, docs_dir)
    except PluginError as error:  # the configuration itself: nothing else can be checked
        return report([error]), False
    course_files = inventory.of_config_file(config_file)
    pages = course_files.pages()
    course, problems = check_course(course_files, plan, languages, quiz_languages)
    if problems:
        return report(problems), False
    quizzes = sum(len(page.exercises) for page in course.pages.values())
    solutions = sum(len(page.solutions) for page in course.pages.values())
    notebooks = sum(1 for page in pages if page.endswith(".ipynb"))
    return (f"No problems in {docs_dir.name}/: {notebooks} notebooks, {len(pages) - notebooks} Markdown pages, "
            f"{quizzes} quizzes, {solutions} reference solutions."), True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/check_course.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("-f", "--config-file", type=Path, default=ROOT / "mkdocs.yml")
    arguments = parser.parse_args(argv)
    text, ok = check(arguments.config_file.resolve())
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""What the site would make of upstream's notebooks, as they are: a checkout of cann-learning-hub.

    .venv/bin/python tools/survey_upstream.py PATH [--problems] [--work DIR]

PATH is a checkout of cann-learning-hub (or its `tutorials/` folder).  Every course of tutorials/
is imported into a scratch site (tools/import_course.py: copied unedited, its plan written from
its README and notebooks), which is then checked as the build checks it, over every course at
once (tools/check_course.py: the same reading of the courses as the build's, every page's content
judged as the page pipeline judges it).  For each notebook, one line: whether the build publishes
it as it is, how many of its questions become quizzes and how many reference solutions it shows;
then the totals.  With --problems, each refused notebook's problems follow its line: what the
check names, with the fix upstream should make.  Exits with 1 when a notebook is refused.
Nothing is written outside the scratch folder (--work, default a temporary one, removed after).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides"), str(ROOT / "tools")]

import check_course  # noqa: E402

HOME = "# cann-learning-hub\n\n<!-- course-catalog -->\n"


def scratch_site(folder: Path) -> Path:
    """A site of no course yet, with this repository's configuration: its home page only."""
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "index.md").write_text(HOME, encoding="utf-8")
    config = folder / "mkdocs.yml"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: docs\ntheme:\n  custom_dir: {ROOT / 'overrides'}\n"
                      f"hooks:\n  - {ROOT / 'overrides/course_site/hook.py'}\nwatch: []\nextra:\n  courses: []\n",
                      encoding="utf-8")
    return config


def survey(tutorials: Path, work: Path) -> tuple[list[tuple[str, bool, int, int, str]], str]:
    """Each notebook: (path in tutorials/, published, questions, reference solutions, problems), and
    what the import printed."""
    config = scratch_site(work)
    imported = subprocess.run([sys.executable, str(ROOT / "tools" / "import_course.py"), str(tutorials), "--all",
                               "-f", str(config)], capture_output=True, text=True, encoding="utf-8")
    checked = check_course.check(config, pages=False)
    if checked.model is None:
        raise SystemExit(imported.stdout + imported.stderr)
    pages = checked.model.exercises.pages
    rows = []
    for name, (verdict, why) in check_course.notebook_verdicts(checked).items():
        page = pages.get(name)
        questions = sum(len(exercise.items) for exercise in page.exercises) if page else 0
        solutions = len(page.solutions) if page else 0
        rows.append((name, verdict == check_course.PUBLISHED, questions, solutions, why))
    return rows, imported.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/survey_upstream.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--problems", action="store_true", help="print each refused notebook's problems")
    parser.add_argument("--work", type=Path, help="the scratch folder (kept)")
    arguments = parser.parse_args(argv)
    tutorials = arguments.path.resolve()
    if (tutorials / "tutorials").is_dir():
        tutorials = tutorials / "tutorials"
    work = arguments.work or Path(tempfile.mkdtemp(prefix="survey-"))
    try:
        rows, _ = survey(tutorials, work / "site")
    finally:
        if arguments.work is None:
            shutil.rmtree(work, ignore_errors=True)
    width = max((len(row[0]) for row in rows), default=8)
    print(f"{'notebook':<{width}}  accepted  quizzes  solutions")
    for name, published, questions, solutions, why in rows:
        print(f"{name:<{width}}  {'yes' if published else 'NO':<8}  {questions:>7}  {solutions:>9}")
        if not published and arguments.problems:
            print("    " + why.replace("; ", "\n    "))
    refused = [row for row in rows if not row[1]]
    print(f"\n{len(rows)} notebooks: {len(rows) - len(refused)} accepted as they are, {len(refused)} refused; "
          f"{sum(row[2] for row in rows)} questions become quizzes, {sum(row[3] for row in rows)} reference solutions are shown.")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())

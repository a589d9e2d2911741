"""What the site would make of upstream's notebooks, as they are: a checkout of cann-learning-hub.

    .venv/bin/python tools/survey_upstream.py PATH [--problems]

PATH is a checkout of cann-learning-hub (or its `tutorials/` folder, or one course in it).  For
every notebook under it, one line: whether the build accepts it with no edit, how many of its
questions become quizzes and how many reference solutions it shows; then the totals.  Each
notebook is read with the build's own checks (overrides/course_site/course/course_check.py's parts:
the notebook check, the quiz engine with the site's languages, the content allow list on the
notebook as mkdocs-jupyter converts it), its chapter folder standing for a chapter of the site.  With --problems, each refused notebook's problem follows its line.
Exits with 1 when a notebook is refused.  Nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides")]  # quizzes/, and the site's build package course_site

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.config import load_config  # noqa: E402

from course_site.adapters import i18n  # noqa: E402
from course_site.course import exercises  # noqa: E402
from course_site.course.notebooks import check_notebook  # noqa: E402
from course_site.strings import load_tables, table_path  # noqa: E402
from quizzes.course import scan_page  # noqa: E402


@dataclass(frozen=True)
class Verdict:
    notebook: str
    problem: str | None
    questions: int = 0
    solutions: int = 0


def site_quiz_languages() -> tuple:
    languages = i18n.site_languages(load_config(str(ROOT / "mkdocs.yml")))
    strings = load_tables(languages.codes)
    return exercises.quiz_languages(languages, strings, {code: table_path(code, ()) for code in languages.codes})


def survey_notebook(path: Path, base: Path, quiz_languages: tuple) -> Verdict:
    """`base`: the folder whose subfolders are chapters (the notebook's chapter folder's parent)."""
    name = path.relative_to(base).as_posix()
    docs = path.parent.parent
    where = f"{docs.name}/{path.relative_to(docs).as_posix()}"
    try:
        check_notebook(path.read_bytes(), where)
        page = scan_page(path.relative_to(docs).as_posix(), path, docs, quiz_languages)
    except PluginError as error:
        return Verdict(name, str(error))
    refused = content_problems(path, where)
    if refused:
        return Verdict(name, "\n".join(refused))
    if page is None:
        return Verdict(name, None)
    questions = sum(len(exercise.items) for exercise in page.exercises)
    return Verdict(name, None, questions, len(page.solutions))


def content_problems(path: Path, where: str) -> list[str]:
    """What the content allow list (sanitise.py) refuses in the page, as the pipeline's first two
    steps see it: the notebook converted as mkdocs-jupyter converts it, nbconvert's own scripts
    and styles taken out, its formulas written (and the formulas that cannot be)."""
    from bs4 import BeautifulSoup

    from course_site.course import sanitise
    from course_site.adapters import jupyter, nbconvert
    from course_site.page.formulas import write_formulas

    tree = BeautifulSoup(jupyter.notebook_html(path), "html.parser")
    problems = write_formulas(tree, where)
    for step in (nbconvert.take_styles, nbconvert.remove_scripts, nbconvert.flatten_markdown_cells,
                 nbconvert.convert_code_cells, nbconvert.remove_cell_toolbars, nbconvert.remove_prompts):
        step(tree)  # pipeline.notebook_markup, which runs before safe_content
    return problems + sanitise.check_page(str(tree), where)


def notebooks_under(path: Path) -> list[Path]:
    return sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/survey_upstream.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--problems", action="store_true", help="print each refused notebook's problem")
    arguments = parser.parse_args(argv)
    base = arguments.path.resolve()
    if (base / "tutorials").is_dir():
        base = base / "tutorials"
    quiz_languages = site_quiz_languages()
    verdicts = [survey_notebook(path, base, quiz_languages) for path in notebooks_under(base)]
    width = max((len(v.notebook) for v in verdicts), default=8)
    print(f"{'notebook':<{width}}  accepted  quizzes  solutions")
    for verdict in verdicts:
        print(f"{verdict.notebook:<{width}}  {'yes' if verdict.problem is None else 'NO':<8}  "
              f"{verdict.questions:>7}  {verdict.solutions:>9}")
        if verdict.problem and arguments.problems:
            print("    " + verdict.problem.replace("\n", "\n    "))
    refused = [v for v in verdicts if v.problem is not None]
    print(f"\n{len(verdicts)} notebooks: {len(verdicts) - len(refused)} accepted as they are, {len(refused)} refused; "
          f"{sum(v.questions for v in verdicts)} questions become quizzes, "
          f"{sum(v.solutions for v in verdicts)} reference solutions are shown.")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())

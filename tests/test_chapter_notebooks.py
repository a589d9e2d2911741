"""Checks for the course notebooks under docs/, with the build's own rules (one rule set: what
the build publishes passes here, issue 18):

- every notebook passes the build's notebook check (course_site/course/notebooks.py) and every page's
  exercises and reference solutions the build's scan (quizzes, course_site/course/exercises.py), which
  names a missing answer file or one in another language; images and links are checked by the
  build once it has built the site (course_site/site/site_links.py), which the build tests run;
- a notebook and its translation, where there is one, have the same cells: same ids, same
  order, same cell types (the translation records name changed cells by id);
- running each answer cell in a real Jupyter kernel prints exactly its answer file.

Run: python -m pytest tests/test_chapter_notebooks.py -q
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from helpers import DEFAULT_LANGUAGE, DOCS, LANGUAGES, ROOT, UPSTREAM_COURSE, course_inventory, language_of
from quizzes.answer_cells import read_answer_cell
from quizzes.cell_ids import read_notebook

# The course's notebooks, and those of the course written in upstream's conventions, which the
# build accepts as they are (tests/fixtures/upstream_course): what the build publishes passes here.
NOTEBOOKS = sorted(p for docs in (DOCS, UPSTREAM_COURSE / "docs") for p in docs.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
ORIGINALS = [p for p in NOTEBOOKS if language_of(p) == DEFAULT_LANGUAGE]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def read(path: Path) -> nbformat.NotebookNode:
    """As the build reads it: a cell without an id gets its position's (quizzes/cell_ids.py)."""
    return read_notebook(path.read_text(encoding="utf-8"))


def twins_of(path: Path) -> list[Path]:
    """The other languages' versions of a notebook."""
    language = language_of(path)
    stem = path.name.removesuffix(".ipynb").removesuffix("" if language == DEFAULT_LANGUAGE else f".{language}")
    return [path.with_name(f"{stem}.ipynb" if code == DEFAULT_LANGUAGE else f"{stem}.{code}.ipynb")
            for code in LANGUAGES if code != language_of(path)]


def answer_file_of(cell) -> str | None:
    """The file a cell prints whole, as the quiz engine reads the cell (its own reader, not a copy)."""
    found = read_answer_cell(cell.source, "") if cell.cell_type == "code" else None
    return found.answer_file if found else None


def answer_cells(nb) -> list:
    return [c for c in nb.cells if answer_file_of(c)]


def answer_path(notebook: Path, cell) -> Path:
    return notebook.parent / answer_file_of(cell)


def read_text(path: Path) -> str:
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


NOTEBOOKS_WITH_ANSWERS = [p for p in NOTEBOOKS if answer_cells(read(p))]


def ids(paths: list[Path]) -> list[str]:
    return [rel(p) for p in paths]


def test_there_are_notebooks():
    assert NOTEBOOKS, "no notebooks found under docs/"


# ---------------------------------------------------------------------------
# The build's checks


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_notebook_passes_the_build_check(path: Path):
    from course_site.course.notebooks import check_notebook

    check_notebook(path.read_bytes(), rel(path))


def test_an_attachment_a_cell_shows_is_named_and_one_it_does_not_show_is_left_alone():
    """Review L10: a pasted image was refused as a data: address, with no word about attachments.
    One the cell no longer shows (upstream's hixl 01.03 keeps one) is on no page, in Jupyter either."""
    import json

    from course_site.course.notebooks import check_notebook
    from course_site.errors import SiteError

    def notebook(source: str) -> bytes:
        cell = {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": source,
                "attachments": {"pasted.png": {"image/png": "iVBORw0KGgo="}}}
        return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode("utf-8")

    assert check_notebook(notebook("<img src=\"./images/a.png\" alt=\"a\">"), "docs/ch/a.ipynb").cells
    with pytest.raises(SiteError) as raised:
        check_notebook(notebook("正文\n\n![图](attachment:pasted.png)"), "docs/ch/a.ipynb")
    assert str(raised.value).splitlines() == [
        "docs/ch/a.ipynb: cell intro shows its attachment 'pasted.png': the site does not publish a cell's attachments",
        "  expected: the image as a file beside the notebook, e.g. ./images/pasted.png, shown as ![…](./images/pasted.png)"]


@pytest.mark.parametrize("docs", [DOCS, UPSTREAM_COURSE / "docs"], ids=rel)
def test_every_exercise_and_reference_solution_is_read_as_the_build_reads_it(docs: Path):
    from course_site.course import exercises

    from helpers import QUIZ_LANGUAGES

    course = exercises.scan(course_inventory(docs.parent / "mkdocs.yml"), QUIZ_LANGUAGES)
    assert course.pages, f"the build finds no exercise in {rel(docs)}"


# ---------------------------------------------------------------------------
# Translations


@pytest.mark.parametrize("path", ORIGINALS, ids=ids(ORIGINALS))
def test_twins_have_the_same_cells(path: Path):
    original = [(c.id, c.cell_type) for c in read(path).cells]
    for twin in (t for t in twins_of(path) if t.exists()):  # a missing one: the page says it is untranslated
        translated = [(c.id, c.cell_type) for c in read(twin).cells]
        assert translated == original, f"{rel(path)} and {rel(twin)} differ in cell ids, order or types"


# ---------------------------------------------------------------------------
# Answer cells and files


@pytest.mark.parametrize("path", NOTEBOOKS_WITH_ANSWERS, ids=ids(NOTEBOOKS_WITH_ANSWERS))
def test_answer_cell_prints_the_answer_file(path: Path):
    """Run only the answer cell in a fresh python3 kernel, from the notebook's folder."""
    from nbclient import NotebookClient

    nb = read(path)
    cells = answer_cells(nb)
    runner = nbformat.v4.new_notebook()
    runner.metadata = nb.metadata
    runner.cells = [nbformat.v4.new_code_cell(c.source, id=c.id) for c in cells]
    client = NotebookClient(
        runner,
        timeout=60,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    for original, executed in zip(cells, runner.cells):
        expected = read_text(answer_path(path, original))
        streams = [o for o in executed.outputs if o.output_type == "stream"]
        others = [o for o in executed.outputs if o.output_type != "stream"]
        assert not others, f"{rel(path)}: answer cell produced {others}"
        assert all(o.name == "stdout" for o in streams), f"{rel(path)}: answer cell wrote to stderr: {streams}"
        printed = "".join(o.text for o in streams)
        # IPython runs `!cmd` through a pseudo-terminal, which turns each "\n" into "\r\n" (and a
        # file's own "\r\n" into "\r\r\n"): line endings aside, the same text.
        assert printed.replace("\r", "") == expected.replace("\r", ""), f"{rel(path)}: the answer cell does not print {answer_path(path, original).name} exactly"

"""Cells that stay true when re-run (issue 16, item 5; AUTHORING.md section 5.1).

Every notebook with cells tagged `run-at-build` (the cells the site runs, "try it" cells
included) must print the same thing whether a reader runs it top to bottom once, runs it all
again in the same kernel, runs each cell twice in a row, or goes back up and runs each cell once
more after the whole page has run.  The cells run the way the build runs them
(`course_site.course.run_at_build`: one fresh python3 kernel, in the notebook's folder).  A cell that
changes what an earlier cell defined (a dict edited in place, a setting overwritten) fails here.

Also: the teaching model of 2.1 reads tensor names longer than one letter correctly and refuses
bad input with a message that names the problem.

Run: python -m pytest tests/test_rerun_cells.py -q
"""

from __future__ import annotations

import contextlib
import difflib
import io

import nbformat
import pytest

from helpers import DOCS, ROOT, course_inventory
from course_site.course.run_at_build import run_in_order, tagged_cells

NOTEBOOKS = sorted(p for p in DOCS.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts and tagged_cells(nbformat.read(p, as_version=4)))


def rel(path) -> str:
    return path.relative_to(ROOT).as_posix()


def differences(cells, reference: list[str], runs: dict[str, list[str]]) -> list[str]:
    """One message per cell and order whose output differs from the first top-to-bottom run."""
    problems = []
    for order, texts in runs.items():
        for cell, expected, got in zip(cells, reference, texts):
            if got != expected:
                diff = "\n".join(difflib.unified_diff(expected.splitlines(), got.splitlines(),
                                                      "first run", order, lineterm="", n=1))
                problems.append(f"cell {cell.id}, {order}:\n{diff}")
    return problems


def test_there_are_notebooks_with_cells_the_site_runs():
    assert any("02_fusion_principles" in rel(p) for p in NOTEBOOKS), NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=rel)
def test_cells_print_the_same_in_every_order_a_reader_runs_them(path):
    cells = tagged_cells(nbformat.read(path, as_version=4))
    n = len(cells)
    # Kernel 1: top to bottom, top to bottom again, then each cell once more from the bottom up.
    course, src_uri = course_inventory(), path.relative_to(DOCS).as_posix()
    outputs = [o.text for o in run_in_order(course, src_uri, cells + cells + cells[::-1], rel(path))]
    reference = outputs[:n]
    # Kernel 2: each cell twice in a row (the "edit and run again" of a reader).
    twice = [o.text for o in run_in_order(course, src_uri, [c for c in cells for _ in range(2)], rel(path))]
    runs = {
        "second top-to-bottom run": outputs[n:2 * n],
        "run again after the whole page, bottom up": outputs[2 * n:][::-1],
        "first of two runs in a row": twice[0::2],
        "second of two runs in a row": twice[1::2],
    }
    problems = differences(cells, reference, runs)
    assert not problems, f"{rel(path)}: cells print something else when re-run:\n\n" + "\n\n".join(problems)


# ---------------------------------------------------------------------------
# The teaching model of 2.1: input checked, long names read correctly

TOY_NOTEBOOKS = sorted((DOCS / "02_fusion_principles").glob("02.01_chapter_intro*.ipynb"))


def toy_model(path) -> dict:
    """The names the model's cell defines, run in a fresh namespace (its output swallowed)."""
    cell = next(c for c in nbformat.read(path, as_version=4).cells if c.get("id") == "toy")
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(cell.source, f"{rel(path)}#toy", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("path", TOY_NOTEBOOKS, ids=rel)
def test_the_teaching_model_reads_long_tensor_names(path):
    toy = toy_model(path)
    groups = {**toy["GROUPS"], "G4": {"ops": ("Neg",), "reads": ("w2",), "writes": ("z",)}}
    sizes = {**toy["SIZES"], "w2": 4, "z": 4}
    with contextlib.redirect_stdout(io.StringIO()):
        final = toy["fuse"](groups, toy["ORIGINAL"], toy["CAP"], sizes)
    # w2 is not w, and G4 shares nothing with anyone: it stays on its own.
    assert final["G4"]["ops"] == ("Neg",), final
    assert sorted(final) == ["G1+G2", "G4", "ReduceSum"], final


@pytest.mark.parametrize("path", TOY_NOTEBOOKS, ids=rel)
@pytest.mark.parametrize("change, named", [
    ({"G2": {"ops": ("Mul",), "reads": "ew", "writes": ("y",)}}, "'ew'"),
    ({"G2": {"ops": ("Mul",), "reads": ("e", "w9"), "writes": ("y",)}}, "'w9'"),
    ({"G2": {"ops": ("Mul",), "reads": ("e",), "writes": ("e",)}}, "'e'"),
    ({"G+2": {"ops": ("Mul",), "reads": ("e",), "writes": ("y",)}}, "'G+2'"),
], ids=["string-of-letters", "unknown-tensor", "two-writers", "plus-in-name"])
def test_the_teaching_model_refuses_bad_input_clearly(path, change, named):
    toy = toy_model(path)
    with pytest.raises(ValueError) as error, contextlib.redirect_stdout(io.StringIO()):
        toy["second_fusion"]({**toy["GROUPS"], **change})
    assert named in str(error.value), error.value

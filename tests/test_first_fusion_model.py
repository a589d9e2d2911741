"""2.2's teaching model of the first fusion (Lowering) hands 2.1's model of the second fusion the
groups it starts from, follows the rules it states (a box is realised at Exp, at a Reduction, at 4 Loads,
when its output has more readers than the threshold, at a graph output, or when an operator
without a lowering reads it), and refuses bad input with a message that names the problem; both
languages compute the same.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTER = ROOT / "docs" / "02_fusion_principles"
NOTEBOOKS = sorted(CHAPTER.glob("02.02_fusion_conditions*.ipynb"))


def run_cell(path: Path, cell_id: str) -> dict:
    """The namespace a cell leaves, run in a fresh one (its output swallowed)."""
    source = next(c.source for c in nbformat.read(path, as_version=4).cells if c.get("id") == cell_id)
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(source, f"{path.name}#{cell_id}", "exec"), namespace)
    return namespace


def model(path: Path) -> dict:
    """2.2's first-fusion model, with `GROUPS` and `ORIGINAL` of 2.1's second-fusion model (same language)."""
    namespace = run_cell(path, "first-model")
    second = run_cell(CHAPTER / path.name.replace("02.02_fusion_conditions", "02.01_chapter_intro"), "toy")
    return {**namespace, "GROUPS": second["GROUPS"], "ORIGINAL": second["ORIGINAL"]}


def run(toy: dict, **kwargs):
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        groups, original = toy["first_fusion"](**kwargs)
    return {name: group["ops"] for name, group in groups.items()}, original, printed.getvalue()


def sqrt_ops(toy: dict):
    return tuple(("Sqrt", *op[1:]) if op[0] == "Exp" else op for op in toy["OPS"])


@pytest.fixture(params=NOTEBOOKS, ids=lambda p: p.name)
def toy(request):
    return model(request.param)


def test_the_first_fusion_gives_the_second_its_groups(toy):
    groups, original, printed = run(toy)
    assert (toy["GROUPS_1"], toy["ORIGINAL_1"]) == (toy["GROUPS"], toy["ORIGINAL"])
    assert groups == {"G1": ("Abs", "Relu", "Exp"), "G2": ("BroadcastTo", "Mul"), "ReduceSum": ("ReduceSum",)}
    assert original == {"ReduceSum"}
    assert "node Exp is heavy op" in printed  # the reason as the GE log words it


def test_reduce_fusion_lowers_the_reduction(toy):
    groups, original, _ = run(toy, enable=("reduce",))
    assert groups["G3"] == ("ReduceSum",) and not original


def test_without_the_heavy_operator_the_threshold_decides(toy):
    groups, _, printed = run(toy, ops=sqrt_ops(toy))
    assert groups["G1"] == ("Abs", "Relu", "Sqrt")
    assert "single anchor readers2 exceed limited recomputation_threshold 1" in printed
    groups, _, _ = run(toy, ops=sqrt_ops(toy), threshold=2)
    # two readers are allowed now: Mul takes a copy of Abs, Relu, Sqrt in (recomputation)
    assert groups["G1"] == ("Abs", "Relu", "Sqrt", "BroadcastTo", "Mul")


def test_four_loads_realise_a_box(toy):
    ops = (("Add", "elementwise", ("a", "b"), "c"), ("Mul", "elementwise", ("c", "d"), "e"),
           ("Sub", "elementwise", ("e", "f"), "g"), ("Neg", "elementwise", ("g",), "h"))
    groups, _, printed = run(toy, ops=ops, outputs=("h",))
    assert "num loads 4 reach limited 4" in printed
    assert groups["G1"] == ("Add", "Mul", "Sub")
    groups, _, printed = run(toy, ops=ops, outputs=("h",), max_loads=15)  # the Ascend 950 limit
    assert "num loads" not in printed and groups["G1"] == ("Add", "Mul", "Sub", "Neg")


@pytest.mark.parametrize("ops, outputs, named", [
    ((("Abs", "pointwise", ("x",), "a"),), ("a",), "'pointwise'"),
    ((("Abs", "elementwise", "x", "a"),), ("a",), "'x'"),
    ((("Abs", "elementwise", ("x",), "a"), ("Neg", "elementwise", ("x",), "a")), ("a",), "'a'"),
    ((("Neg", "elementwise", ("a",), "b"), ("Abs", "elementwise", ("x",), "a")), ("b",), "Neg"),
    ((("Abs", "elementwise", ("x",), "a"),), ("z",), "['z']"),
    ((("Abs", "elementwise", ("x",)),), ("a",), "('Abs', 'elementwise', ('x',))"),
], ids=["kind", "inputs-string", "two-writers", "order", "output", "tuple"])
def test_bad_input_is_refused_with_a_message_that_names_it(toy, ops, outputs, named):
    """The message (in the page's language) names the value at fault."""
    with pytest.raises(ValueError) as error:
        run(toy, ops=ops, outputs=outputs)
    assert named in str(error.value), error.value


def test_both_languages_compute_the_same():
    zh, en = (model(path) for path in NOTEBOOKS)
    for kwargs in ({}, {"enable": ("reduce",)}, {"threshold": 2}):
        assert run(zh, **kwargs)[:2] == run(en, **kwargs)[:2]
    assert run(zh, ops=sqrt_ops(zh), threshold=2)[:2] == run(en, ops=sqrt_ops(en), threshold=2)[:2]

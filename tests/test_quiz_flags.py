"""Short answers of every kind graded, flag strings as GE reads them: one table
(fixtures/quiz/flag_answers.json) for the Python grader here, quiz.js under node (tests/js/quiz.test.js)
and in the browser (test_quiz_browser.py), and the 3.7 checker cell below."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from quizzes import flags
from quizzes.kinds import KINDS, grade

ROOT = Path(__file__).resolve().parent.parent
TABLE = json.loads((ROOT / "tests" / "fixtures" / "quiz" / "flag_answers.json").read_text(encoding="utf-8"))
CHECKERS = [ROOT / "docs" / "03_practice_and_debugging" / name
            for name in ("03.07_chapter_practice.ipynb", "03.07_chapter_practice.en.ipynb")]


def label(row) -> str:
    return f"{row['question'] or row['kind']}:{row['answer']}"


def test_the_table_is_large_enough_and_covers_every_reason():
    assert len(TABLE) >= 40
    assert {row["reason"] for row in TABLE} - {None} == set(flags.REASONS)
    assert {row["correct"] for row in TABLE} == {True, False}


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_table_has_right_and_wrong_answers_of_every_kind(kind):
    """The parity table of the answer kinds: quiz.js grades the same rows (tests/js/quiz.test.js)."""
    assert {row["correct"] for row in TABLE if row["kind"] == kind} == {True, False}


@pytest.mark.parametrize("row", TABLE, ids=label)
def test_python_grades_as_the_table_says(row):
    assert grade(row["answer"], [row["key"], *row.get("also", [])], row["kind"]) == (row["correct"], row["reason"])


@pytest.mark.parametrize("row", [r for r in TABLE if r["kind"] in flags.VARIABLES], ids=label)
def test_every_key_of_the_table_is_one_ge_takes(row):
    assert flags.key_problems(row["key"], row["kind"]) == []


def checker(path: Path) -> dict:
    """The 3.7 checker cell, run as the notebook runs it (its demonstration prints too)."""
    cell = next(c for c in nbformat.read(path, as_version=4).cells if c.get("id") == "check-flags")
    namespace: dict = {}
    exec(compile(cell.source, f"{path.name}:check-flags", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("path", CHECKERS, ids=lambda p: p.name)
def test_the_37_checker_reads_every_answer_to_the_courses_flag_questions_as_the_table_says(path, capsys):
    """The checker gives the settings GE and graph-autofusion end up with; the grader also asks for
    `--` on every key (3.2).  graph-autofusion's parser strips `--`, so a PGO key written without it
    still switches PGO on: there the checker agrees with the grader by its note, not by the settings.
    It is simpler than GE where no question leads: a valueless item `--key=` and the precision
    blacklist's trailing punctuation (the table's rows without a question)."""
    namespace = checker(path)
    settings, check = namespace["settings"], namespace["check"]
    rows = [row for row in TABLE if row["kind"] == flags.FLAGS and row["question"]]
    pgo_bare = [row for row in rows if row["reason"] == "missing_prefix" and ";autofuse_enable_pgo=" in row["answer"]]
    disagree = [label(row) for row in rows if row not in pgo_bare
                and (settings(row["answer"].strip()) == settings(row["key"])) != row["correct"]]
    assert disagree == []
    assert pgo_bare and all(any("'autofuse_enable_pgo'" in note for note in check(row["answer"])[1])
                            for row in pgo_bare)

"""Bad exercises stop a real build with one message naming the file, the question and what is
expected, and no traceback (issue 8, "Build errors"; the messages of every case are in
tests/test_quiz_validation.py)."""

from __future__ import annotations

import json

import pytest

from helpers import build_small_site

COURSE = "[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.ipynb, title: {zh: 页, en: Page}}]}]"
QUESTIONS = "## 练习\n\n1. （判断题）甲。\n\n2. （单选题）乙？\n   - A. 一\n   - B. 二\n\n**运行下一个单元查看答案。**\n"
ANSWERS = "1. √\n解析：一。\n\n2. B\n解析：二。\n"


def notebook(exercise: str) -> str:
    cells = [
        {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": "# 页"},
        {"cell_type": "markdown", "id": "exercise", "metadata": {}, "source": exercise},
        {"cell_type": "code", "id": "answer", "metadata": {}, "execution_count": None, "outputs": [],
         "source": "!cat ./answer/09.01_answer.txt"},
    ]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def build(tmp_path, exercise: str, answers: bytes) -> str:
    answer_file = tmp_path / "docs" / "ch" / "answer" / "09.01_answer.txt"
    answer_file.parent.mkdir(parents=True)
    answer_file.write_bytes(answers)
    result = build_small_site(tmp_path, {"index.md": "# 首页\n", "ch/x.ipynb": notebook(exercise)}, COURSE)
    assert result.returncode != 0, "the build should have stopped"
    assert "Traceback" not in result.stderr, result.stderr
    return result.stderr


@pytest.mark.parametrize("case, exercise, answers, message", [
    ("answer file in GBK", QUESTIONS, ANSWERS.encode("gbk"),
     "docs/ch/answer/09.01_answer.txt: the file is not UTF-8 (byte 4 is 0xa1): saved as GBK, perhaps\n"
     "  expected: the file saved as UTF-8"),
    ("typo in question 1's marker", QUESTIONS.replace("（判断题）", "（判断）"), ANSWERS.encode(),
     "docs/ch/x.ipynb (cell exercise), question 1: the type marker '（判断）' is not one this language knows\n"
     "  line 3: '1. （判断）甲。'"),
    ("exercise with no type markers", QUESTIONS.replace("（判断题）", "").replace("（单选题）", ""), ANSWERS.encode(),
     "docs/ch/x.ipynb (cell exercise), question 1: the question has no type marker, so the list is not read as an "
     "exercise\n  line 3: '1. 甲。'"),
    ("options indented two spaces", QUESTIONS.replace("   - ", "  - "), ANSWERS.encode(),
     "docs/ch/x.ipynb (cell exercise), question 2: this line is indented 2 spaces, less than the 3 at which "
     "the question's text starts, so Markdown ends the question list here\n  line 6: '- A. 一'"),
    ("answer key Z", QUESTIONS, ANSWERS.replace("2. B", "2. Z").encode(),
     "docs/ch/answer/09.01_answer.txt, question 2: Z is not an option letter: options run from A to H at most"),
], ids=["gbk-answer-file", "typo-in-question-1", "no-type-markers", "options-indented-two-spaces", "answer-key-z"])
def test_a_bad_exercise_stops_the_build_with_one_message(tmp_path, case, exercise, answers, message):
    assert message in build(tmp_path, exercise, answers)

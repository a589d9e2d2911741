"""The question-list and answer-file parsers: exact input -> model pairs (quizzes/parsing.py)."""

from __future__ import annotations

from textwrap import dedent

import pytest

import json
from pathlib import Path

from quizzes.kinds import normalise_answer
from quizzes.model import Answer, Option, Question, QuestionBlock, QuestionKind
from quizzes.parsing import code_spans, parse_answers, parse_key, parse_questions, starts_with_kind_marker

from helpers import QUIZ

ZH, EN = QUIZ["zh"], QUIZ["en"]

TF, SINGLE, MULTIPLE = QuestionKind.TRUE_FALSE, QuestionKind.SINGLE, QuestionKind.MULTIPLE
SHORT = QuestionKind.SHORT_ANSWER
# One table for Python here and for quiz.js in tests/test_quiz_browser.py.
NORMALISATION = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "quiz" / "normalisation.json").read_text(encoding="utf-8")
)
ABCD = ("A", "B", "C", "D")


def options(*texts: str) -> tuple[Option, ...]:
    return tuple(Option(letter, text) for letter, text in zip(ABCD, texts))


def test_upstream_form_indented_options_without_bullets():
    text = dedent(
        """\
        ## 6. 课后练习

        本节练习。

        1. （判断题）AutoFuse 在图编译阶段工作。

        2. （单选题）主要方式是什么？
           A. 转到 CPU
           B. 融合算子
           C. 删除算子
           D. 改名

        3. （多选题）需要关注哪些？
           A. 如何通过 `AUTOFUSE_FLAGS` 开启
           B. 编译入口
           C. 日志
           D. <code>export A="x"</code>

        **执行以下代码获取答案。**
        """
    )
    assert parse_questions(text, "x.ipynb", ZH) == QuestionBlock(
        questions=(
            Question(1, TF, "AutoFuse 在图编译阶段工作。", (), 5),
            Question(2, SINGLE, "主要方式是什么？", options("转到 CPU", "融合算子", "删除算子", "改名"), 7),
            Question(
                3, MULTIPLE, "需要关注哪些？",
                options("如何通过 `AUTOFUSE_FLAGS` 开启", "编译入口", "日志", '<code>export A="x"</code>'), 13,
            ),
        ),
        start=4,
        end=17,
    )


def test_authors_form_nested_bullets_and_english_markers():
    text = dedent(
        """\
        1. (True/False) Fusion keeps intermediates in UB.

        2. (single choice) Which one?
           - A. first
           - B. second

        3. (Multiple Choice) Which ones?
           * A. one
           + B. two
           - C. three
        """
    )
    block = parse_questions(text, "x.en.ipynb", EN)
    assert block.questions == (
        Question(1, TF, "Fusion keeps intermediates in UB.", (), 1),
        Question(2, SINGLE, "Which one?", options("first", "second"), 3),
        Question(3, MULTIPLE, "Which ones?", options("one", "two", "three"), 7),
    )
    assert (block.start, block.end) == (0, 10)


def test_wrapped_lines_continue_the_question_or_the_last_option():
    text = dedent(
        """\
        1. （单选题）第一行
        懒惰续行
           缩进续行
           A. 选项一
              选项一续行
           B．全角点的选项二
        """
    )
    (question,) = parse_questions(text, "x", ZH).questions
    assert question.text == "第一行\n懒惰续行\n缩进续行"
    assert question.options == options("选项一\n选项一续行", "全角点的选项二")


def test_ascii_parentheses_and_spaces_are_accepted_for_zh_markers():
    (question,) = parse_questions("1. (判断题)  文本\n", "x", ZH).questions
    assert (question.kind, question.text) == (TF, "文本")


def test_text_without_typed_questions_is_not_an_exercise():
    assert parse_questions("# 标题\n\n1. 普通列表\n2. 第二项\n", "x", ZH) is None


def test_a_plain_numbered_list_before_the_questions_stays_outside():
    text = "学习步骤：\n\n1. 阅读\n2. 练习\n\n1. （判断题）题目\n"
    block = parse_questions(text, "x", ZH)
    assert (block.start, block.end) == (5, 6)
    assert block.questions == (Question(1, TF, "题目", (), 6),)


def test_the_list_ends_at_unindented_text_after_a_blank_line():
    text = "1. （判断题）题目\n\n收尾的一段话。\n\n1. 后面的普通列表\n"
    block = parse_questions(text, "x", ZH)
    assert (block.start, block.end) == (0, 1)


def test_answer_file_zh_with_whitespace_only_separators_bom_and_crlf():
    text = "\ufeff1. √\r\n解析：第一条。\r\n \r\n2. ×\r\n解析：第二条，\r\n续行。\r\n\u3000\r\n3. B\r\n解析：`代码`。\r\n\r\n5. A、B、C\r\n解析：多选。\r\n"
    assert parse_answers(text, "a.txt", ZH) == (
        Answer(1, "Y", "第一条。", 1),
        Answer(2, "N", "第二条，\n续行。", 4),
        Answer(3, "B", "`代码`。", 8),
        Answer(5, "ABC", "多选。", 11),
    )


def test_a_key_line_may_have_a_full_width_dot_after_its_number():
    """`1．B`, as a Chinese input method types it, with or without spaces around the dot."""
    text = "1．B\n解析：全角点。\n\n2 ． √\n\n3．`/tmp/af_debug`\n类型：路径\n"
    assert parse_answers(text, "a.txt", ZH) == (
        Answer(1, "B", "全角点。", 1),
        Answer(2, "Y", "", 4),
        Answer(3, "/tmp/af_debug", "", 6, ("/tmp/af_debug",), "path"),
    )


def test_answer_file_en():
    text = "1. True\nExplanation: yes.\n\n2. False\nexplanation：no.\n\n3. A, B, D\nExplanation: three.\n"
    assert parse_answers(text, "a.en.txt", EN) == (
        Answer(1, "Y", "yes.", 1),
        Answer(2, "N", "no.", 4),
        Answer(3, "ABD", "three.", 7),
    )


@pytest.mark.parametrize(
    "language, raw, key",
    [
        ("zh", "√", "Y"), ("zh", "✓", "Y"), ("zh", "✔", "Y"), ("zh", "对", "Y"), ("zh", "正确", "Y"),
        ("en", "√", "Y"), ("en", "True", "Y"), ("en", "TRUE", "Y"),
        ("zh", "×", "N"), ("zh", "✗", "N"), ("zh", "✘", "N"), ("zh", "✕", "N"), ("zh", "错", "N"), ("zh", "错误", "N"),
        ("en", "×", "N"), ("en", "False", "N"), ("en", "false", "N"),
        ("zh", "B", "B"), ("zh", "F", "F"), ("zh", "A、B、C", "ABC"), ("en", "A, B, C", "ABC"), ("zh", "A,B,C", "ABC"),
        ("zh", "A，B，C", "ABC"), ("zh", "C、A", "AC"), ("zh", "H", "H"),
        # Letters past H are letters still: the entry then says it is no option letter.
        ("zh", "Z", "Z"), ("en", "T", "T"), ("zh", "X", "X"), ("zh", "I", "I"),
    ],
)
def test_accepted_answer_keys(language, raw, key):
    assert parse_key(raw, QUIZ[language]) == key


@pytest.mark.parametrize(
    "language, raw",
    [("zh", r) for r in ("x", "是", "否", "ABC", "A B C", "b", "A、A", "A、", "", "A;B", "True", "False")]
    + [("en", r) for r in ("x", "对", "错误", "Yes", "ABC")],
)
def test_rejected_answer_keys(language, raw):
    """Each language accepts its own words for true and false, and the marks √ × of every language."""
    assert parse_key(raw, QUIZ[language]) is None


# ---------------------------------------------------------------------------
# Short answers and question text as block Markdown


def test_short_answer_with_a_log_excerpt_and_text_after_it():
    text = dedent(
        """\
        ## 课后练习

        1. （填空题）阅读下面的日志，写出 NF 码。

           ```text
           [INFO] line one
           A. not an option
           2. （单选题）not a question

           after a blank line
           ```

           只写代码，不含引号。

        2. （ 填空题 ）Type the value:
           - of `AUTOFUSE_FLAGS`
           - without `export`

           1. first step
           2. second step
        3. （单选题）下面的日志说明了什么？
           ~~~
           log
           ~~~
           - A. 甲
           - B. 乙

        收尾。

        ```
        1. （判断题）代码块里的示例不是题目。
        ```
        """
    )
    assert parse_questions(text, "x.ipynb", ZH) == QuestionBlock(
        questions=(
            Question(
                1, SHORT,
                "阅读下面的日志，写出 NF 码。\n\n```text\n[INFO] line one\nA. not an option\n2. （单选题）not a question\n\n"
                "after a blank line\n```\n\n只写代码，不含引号。",
                (), 3,
            ),
            Question(2, SHORT, "Type the value:\n- of `AUTOFUSE_FLAGS`\n- without `export`\n\n1. first step\n2. second step", (), 15),
            Question(3, SINGLE, "下面的日志说明了什么？\n~~~\nlog\n~~~", options("甲", "乙"), 21),
        ),
        start=2,
        end=26,
    )


def test_continuation_lines_keep_their_indentation_beyond_the_question_text():
    # "10. " puts the text at column 4: that much indentation is the list item's, the rest is the text's.
    questions = "".join(f"{n}. （判断题）第 {n} 题。\n\n" for n in range(1, 10))
    text = questions + "10. （填空题）写出：\n\n    ```\n      indented\n    ```\n\n     more\n"
    block = parse_questions(text, "x", ZH)
    assert block.questions[-1] == Question(10, SHORT, "写出：\n\n```\n  indented\n```\n\n more", (), 19)
    assert block.end == len(text.splitlines())


@pytest.mark.parametrize(
    "language, marker",
    [("zh", "（填空题）"), ("zh", "(填空题)"), ("zh", "（ 填空题 ）"), ("en", "(Short answer)"), ("en", "(short answer)"),
     ("en", "（Short  Answer）")],
)
def test_short_answer_markers(language, marker):
    (question,) = parse_questions(f"1. {marker}写出值。\n", "x", QUIZ[language]).questions
    assert (question.kind, question.text) == (SHORT, "写出值。")


def test_a_language_reads_its_own_markers_only():
    """An English marker on a Chinese page is a typo there, reported as such."""
    from quizzes.errors import ExerciseError

    assert parse_questions("1. (True/False) x\n", "x.md", ZH) is None
    with pytest.raises(ExerciseError) as raised:
        parse_questions("1. （判断题）甲\n\n2. (Single choice) 乙\n   A. a\n   B. b\n", "x.md", ZH)
    assert str(raised.value).startswith("x.md, question 2: a numbered line inside the question list has no known type marker")


@pytest.mark.parametrize(
    "language, text",
    [
        ("zh", "（单选题）哪一个？\nA. 甲\nB. 乙"),  # the text of an <li> with its options
        ("zh", "\n（单选题）哪一个？\n\nA. 甲\n"),
        ("zh", "（填空题）读日志：\n[INFO] x\n"),
        ("en", "(Short answer) Type it."),
    ],
)
def test_rendered_question_text_over_several_lines_starts_with_its_marker(language, text):
    assert starts_with_kind_marker(text, QUIZ[language])


@pytest.mark.parametrize("text", ["（问答题）哪一个？\nA. 甲", "哪一个？（单选题）", "1. （单选题）x", "(Single choice) x"])
def test_rendered_text_without_a_leading_marker(text):
    assert not starts_with_kind_marker(text, ZH)


def test_short_answer_entries():
    text = (
        "1. `--enable_autofuse=true`\n类型：AUTOFUSE_FLAGS\n解析：总开关。\n\n"
        "2. `--enable_autofuse=true;--autofuse_enable_pass=reduce`\n类型 : AUTOFUSE_FLAGS\n"
        "也接受：`--enable_autofuse=true;--autofuse_enable_pass=reduce,concat`\n"
        "解析：两项写在一起，\n- 顺序不限\n  - 键带 `--`\n\n"
        "3. `` a`b ``\n也接受 ： ``c`d``  或 `e` ;`f`\n解析: x\n\n"
        "4. ` 42 `\n类型：文本\n也接受:`'42'x`\n解析：y\n\n"
        "5. `/tmp/a`\n类型：路径\n也接受：`/tmp/b/`\n解析：z\n"
    )
    assert parse_answers(text, "a.txt", ZH) == (
        Answer(1, "--enable_autofuse=true", "总开关。", 1, ("--enable_autofuse=true",), "AUTOFUSE_FLAGS"),
        Answer(
            2, "--enable_autofuse=true;--autofuse_enable_pass=reduce", "两项写在一起，\n- 顺序不限\n  - 键带 `--`", 5,
            (
                "--enable_autofuse=true;--autofuse_enable_pass=reduce",
                "--enable_autofuse=true;--autofuse_enable_pass=reduce,concat",
            ),
            "AUTOFUSE_FLAGS",
        ),
        Answer(3, "a`b", "x", 12, ("a`b", "c`d", "e", "f")),
        Answer(4, "42", "y", 16, ("42", "'42'x"), "text"),
        Answer(5, "/tmp/a", "z", 21, ("/tmp/a", "/tmp/b/"), "path"),
    )
    assert [answer.kind for answer in parse_answers(text, "a.txt", ZH)] == [SHORT] * 5
    english = "3. `` /a`b ``\nKIND: path\nALSO ACCEPTED: ``/c`d``  or `/e` ;`/f`\nexplanation: x\n"
    assert parse_answers(english, "a.en.txt", EN) == (Answer(3, "/a`b", "x", 1, ("/a`b", "/c`d", "/e", "/f"), "path"),)


def test_an_entry_right_after_another_starts_a_new_entry():
    """Upstream writes entries without a blank line between them; an entry numbered lower than
    the one before it, inside an explanation, is still caught."""
    from quizzes.errors import ExerciseError

    answers = parse_answers("1. `a`\n解析：x\n2. `b`\n解析：y\n", "a.txt", ZH)
    assert [(a.number, a.key, a.explanation) for a in answers] == [(1, "a", "x"), (2, "b", "y")]
    with pytest.raises(ExerciseError) as raised:
        parse_answers("1. B\n解析：x\n\n2. A\n解析：y\n1. C\n", "a.txt", ZH)
    assert "question 1: a new entry starts without a blank line before it" in str(raised.value)


@pytest.mark.parametrize(
    "text, spans",
    [
        ("`a`", ["a"]),
        ("`` a`b ``", ["a`b"]),
        ("` `", [" "]),
        ("`  a  `", [" a "]),
        ("```a``b```", ["a``b"]),
        ("`a`、`b`, `c`", ["a", "b", "c"]),
        ("no span", []),
        ("`open", None),
        ("``", None),
    ],
)
def test_code_spans(text, spans):
    found = code_spans(text)
    assert (None if found is None else [span.content for span in found]) == spans


@pytest.mark.parametrize("case", NORMALISATION, ids=lambda case: case["case"])
def test_normalisation(case):
    assert normalise_answer(case["text"]) == case["normalised"]


def test_full_width_digits_are_not_a_question_or_answer_number():
    """C5 of both security reviews: `２．B` was read as question 2's answer (Python's \\d is any
    Unicode digit).  A number is ASCII digits; a full-width one is named where a number was meant."""
    from quizzes.errors import ExerciseError

    with pytest.raises(ExerciseError) as raised:
        parse_answers("1. B\n解析：x\n\n２．B\n解析：y\n", "a.txt", ZH)
    assert "an entry must start with the question number and the answer" in str(raised.value)
    with pytest.raises(ExerciseError) as raised:
        parse_questions("1. （判断题）甲\n\n２. （判断题）乙\n", "x.md", ZH)
    assert "x.md" in str(raised.value)


@pytest.mark.parametrize("text", ["2. " + "A，" * 50_000, "1" + "." * 100_000])
def test_an_answer_files_long_line_is_quoted_by_its_start_and_length(text):
    """The security review's L6 (R1, R9): the message repeated a 100 KB line twice."""
    from quizzes.errors import ExerciseError

    with pytest.raises(ExerciseError) as raised:
        parse_answers(text, "ch/answer/01.01_answer.txt", ZH)
    message = str(raised.value)
    assert len(message) < 1_000, message[:300]
    assert " characters)" in message, message

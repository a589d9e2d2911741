"""Malformed exercises stop the build with a message that names the file, the question
and the expected form; the real course's zh and en exercises agree."""

from __future__ import annotations

import hashlib
from pathlib import Path
from textwrap import dedent

import nbformat
import pytest
from mkdocs.exceptions import PluginError
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from quizzes.course import scan_course
from quizzes.errors import ExerciseError
from quizzes.parsing import parse_answers, parse_questions
from quizzes.sources import markdown_exercises, notebook_exercises
from quizzes.validation import check_parity, pair

from helpers import QUIZ, QUIZ_LANGUAGES

ZH, EN = QUIZ["zh"], QUIZ["en"]

ROOT = Path(__file__).resolve().parent.parent
MALFORMED = ROOT / "tests" / "fixtures" / "quiz" / "malformed"

QUESTIONS = dedent(
    """\
    1. （判断题）甲。

    2. （单选题）乙？
       A. 一
       B. 二

    3. （多选题）丙？
       - A. 一
       - B. 二
       - C. 三
    """
)
ANSWERS = "1. √\n解析：一。\n\n2. B\n解析：二。\n\n3. A、C\n解析：三。\n"
EN_QUESTIONS = dedent(
    """\
    1. (True/False) One.

    2. (Single choice) Two?
       A. one
       B. two

    3. (Multiple choice) Three?
       - A. one
       - B. two
       - C. three
    """
)
EN_ANSWERS = "1. True\nExplanation: one.\n\n2. B\nExplanation: two.\n\n3. A, C\nExplanation: three.\n"

# Each folder under tests/fixtures/quiz/malformed holds questions.md and answers.txt.
MESSAGES = {
    "answer_number_repeats": (
        "answers.txt, question 2: question 2 is answered twice (lines 4 and 7)\n"
        "  line 7: '2. A、C'\n"
        "  expected: one entry per question"
    ),
    "answer_of_the_wrong_kind": (
        "answers.txt, question 1: the answer B does not fit a true/false （判断题） question\n"
        "  at line 1\n"
        "  expected: `1. √` or `1. ×` (also 对 正确 / 错 错误)"
    ),
    "answer_without_question": (
        "answers.txt, question 4: this answer has no question: questions.md has questions 1 to 3\n"
        "  at line 10\n"
        "  expected: one entry per question, no more"
    ),
    "explanation_without_answer_line": (
        "answers.txt: an entry must start with the question number and the answer\n"
        "  line 1: '解析：孤立的解析。'\n"
        "  expected: `N. <answer>` on one line, `解析：…` on the next (for a short answer, "
        "an optional `也接受：…` line between them), and a blank line before the next entry"
    ),
    "letter_not_among_the_options": (
        "answers.txt, question 2: letter E is not among the question's options\n"
        "  at line 4\n"
        "  expected: letters from A, B, C, D"
    ),
    "multiple_choice_with_one_letter": (
        "answers.txt, question 3: the answer A does not fit a multiple-choice （多选题） question\n"
        "  at line 7\n"
        "  expected: two or more letters, as in `3. A、B`; "
        "a question with one correct option is （单选题）"
    ),
    # The review's U1: the faulty first line was not named; question 2 was blamed instead.
    "ideographic_space_after_the_first_number": (
        "questions.md: this looks like a question but is not in the accepted form\n"
        "  line 1: '1.\\u3000（判断题）甲。'\n"  # repr shows the invisible space
        "  expected: a line such as `1. （判断题）…`, numbered 1, 2, 3… "
        "with a space after the dot"
    ),
    "no_space_after_the_number": (
        "questions.md: this looks like a question but is not in the accepted form\n"
        "  line 3: '2.（单选题）乙？'\n"
        "  expected: a line such as `1. （判断题）…`, numbered 1, 2, 3… "
        "with a space after the dot"
    ),
    "one_option_only": (
        "questions.md, question 2: a single-choice （单选题） question needs at least two options; found one option\n"
        "  at line 3\n"
        "  expected: option lines `A. …`, `B. …` (indented, or as nested bullets `   - A. …`), in order from A"
    ),
    "options_out_of_order": (
        "questions.md, question 2: option C is out of order or repeated\n"
        "  line 5: 'C. 二'\n"
        "  expected: option B next; option lines `A. …`, `B. …` (indented, or as nested bullets `   - A. …`), "
        "in order from A"
    ),
    "question_after_the_closing_text": (
        "questions.md, question 3: this question is separated from the question list by unindented text\n"
        "  line 11: '3. （多选题）丙？'\n"
        "  expected: one contiguous numbered list; indent text that belongs to a question"
    ),
    "question_number_repeats": (
        "questions.md, question 2: question number 2 repeats an earlier number; questions are numbered 1, 2, 3… in order\n"
        "  line 9: '2. （多选题）丙？'\n"
        "  expected: question 3 here"
    ),
    "question_without_answer": (
        "answers.txt, question 3: no answer for this question of questions.md\n"
        "  expected: an entry such as `3. A、B`, then `解析：…` on the next line"
    ),
    "single_choice_with_two_letters": (
        "answers.txt, question 2: the answer A、B does not fit a single-choice （单选题） question\n"
        "  at line 4\n"
        "  expected: exactly one letter, as in `2. B`"
    ),
    "true_false_with_options": (
        "questions.md, question 1: a true/false question takes no options\n"
        "  line 2: 'A. 是'\n"
        "  expected: （单选题） or （多选题） for a question with options"
    ),
    "unaccepted_true_false_key": (
        "answers.txt, question 1: 'x' is not an accepted answer\n"
        "  line 1: '1. x'\n"
        "  expected: √ ✓ ✔ 对 正确 / × ✗ ✘ ✕ 错 错误 for （判断题）; one letter such as `B` "
        "for （单选题）; two or more letters such as `A、B、C`, `A, B, C`, `A,B,C` or `A，B，C` for （多选题）; "
        "the answer in backticks such as `--enable_autofuse=true` for （填空题）"
    ),
    "unknown_type_marker": (
        "questions.md, question 2: a numbered line inside the question list has no known type marker\n"
        "  line 3: '2. （问答题）乙？'\n"
        "  expected: one of （判断题） （单选题） （多选题） （填空题） after the number"
    ),
    "accepted_form_repeats_the_key": (
        'answers.txt, question 4: ` mode=fast` is the same answer as `mode=fast` '
        'once the whitespace at its ends is removed\n'
        "  line 11: '也接受：`MODE=fast`、``  mode=fast ``'\n"
        '  expected: each accepted form once: the grader accepts the equivalent forms by itself'
    ),
    "accepted_forms_after_the_explanation": (
        'answers.txt, question 4: other accepted forms go on one line, right after the key line and before the '
        'explanation\n'
        "  line 12: '也接受：`MODE=fast`'\n"
        '  expected: `也接受：` followed by one or more code spans, as in `也接受：`a`、`b``, right '
        'after the key line of a short answer'
    ),
    "accepted_forms_on_a_choice_entry": (
        'answers.txt, question 2: only a short-answer entry takes other accepted forms\n'
        "  line 5: '也接受：`乙`'\n"
        '  expected: a short-answer question (（填空题）) with its key in backticks, or no such line'
    ),
    "accepted_forms_without_code_spans": (
        'answers.txt, question 4: the line of other accepted forms lists no code span\n'
        "  line 11: '也接受：enable_autofuse=true'\n"
        '  expected: `也接受：` followed by one or more code spans, as in `也接受：`a`、`b``, right '
        'after the key line of a short answer'
    ),
    "backtick_key_on_choice_question": (
        'answers.txt, question 2: the answer `B` does not fit a single-choice （单选题） question\n'
        '  at line 4\n'
        '  expected: exactly one letter, as in `2. B`'
    ),
    "code_block_after_the_options": (
        'questions.md, question 2: a code block after the options would be read as part of the last option\n'
        "  line 7: '```'\n"
        "  expected: the code block in the question's text, above its options"
    ),
    "empty_accepted_form": (
        'answers.txt, question 4: an accepted form is an empty code span\n'
        "  line 11: '也接受：`MODE=fast`、` `'\n"
        '  expected: `也接受：` followed by one or more code spans, as in `也接受：`a`、`b``, right '
        'after the key line of a short answer'
    ),
    "empty_short_answer_key": (
        'answers.txt, question 4: the short-answer key is an empty code span\n'
        "  line 10: '4. ` `'\n"
        '  expected: the answer as one code span, as in `4. `--enable_autofuse=true``; more accepted forms go '
        'on the next line, as in `也接受：`…`、`…``'
    ),
    "letter_key_on_short_answer": (
        'answers.txt, question 4: the answer A does not fit a short-answer （填空题） question\n'
        '  at line 10\n'
        '  expected: the answer in backticks (one code span), as in `4. `--enable_autofuse=true``'
    ),
    "option_under_short_answer": (
        'questions.md, question 4: a short-answer question takes no options: the reader types the answer\n'
        "  line 13: 'A. 是'\n"
        '  expected: （单选题） or （多选题） for a question with options; text that '
        'only looks like an option goes in a code block'
    ),
    "options_indented_less_than_the_question_text": (
        "questions.md, question 2: this line is indented 2 spaces, less than the 3 at which the question's "
        'text starts, so Markdown ends the question list here\n'
        "  line 4: '- A. 一'\n"
        '  expected: lines that belong to question 2 indented by 3 spaces or more'
    ),
    "short_answer_key_not_closed": (
        'answers.txt, question 4: a backtick of the short-answer key is not closed\n'
        "  line 10: '4. `--enable_autofuse=true'\n"
        '  expected: the answer as one code span, as in `4. `--enable_autofuse=true``; more accepted forms go '
        'on the next line, as in `也接受：`…`、`…``'
    ),
    "short_answer_key_with_text_after_it": (
        'answers.txt, question 4: a short-answer key is one code span with nothing else on the line\n'
        "  line 10: '4. `--enable_autofuse=true`（大小写均可）'\n"
        '  expected: the answer as one code span, as in `4. `--enable_autofuse=true``; more accepted forms go '
        'on the next line, as in `也接受：`…`、`…``'
    ),
    "short_answer_key_with_two_spans": (
        'answers.txt, question 4: a short-answer key is one code span with nothing else on the line\n'
        "  line 10: '4. `--enable_autofuse=true` `enable_autofuse=true`'\n"
        '  expected: the answer as one code span, as in `4. `--enable_autofuse=true``; more accepted forms go '
        'on the next line, as in `也接受：`…`、`…``'
    ),
    "text_around_the_accepted_forms": (
        'answers.txt, question 4: the line of other accepted forms has text before its first or after its last '
        'code span\n'
        "  line 11: '也接受：`enable_autofuse=true`，不加引号也可以'\n"
        '  expected: `也接受：` followed by one or more code spans, as in `也接受：`a`、`b``, right '
        'after the key line of a short answer'
    ),
    "text_indented_less_than_the_question": (
        "questions.md, question 4: this line is indented 2 spaces, less than the 3 at which the question's "
        'text starts, so Markdown ends the question list here\n'
        "  line 14: '只写值，不含引号。'\n"
        '  expected: lines that belong to question 4 indented by 3 spaces or more'
    ),
    "unclosed_code_block_in_a_question": (
        'questions.md, question 4: the code block that opens here is not closed inside the question\n'
        "  line 14: '```text'\n"
        '  expected: a closing ``` line, indented like the opening one, before the text that follows question 4'
    ),
    "wrong_explanation_label": (
        "answers.txt, question 2: the line after the answer is neither an explanation nor part of one\n"
        "  line 5: '说明：二。'\n"
        "  expected: `解析：…` right after the answer line (or the answer alone)"
    ),
}


def load_fixture(case: Path):
    block = parse_questions((case / "questions.md").read_text(encoding="utf-8"), "questions.md", ZH)
    answers = parse_answers((case / "answers.txt").read_text(encoding="utf-8"), "answers.txt", ZH)
    return pair(block, answers, section="00.01", question_source="questions.md", answer_source="answers.txt", language=ZH)


def test_every_malformed_fixture_has_its_message():
    assert sorted(p.name for p in MALFORMED.iterdir()) == sorted(MESSAGES)


@pytest.mark.parametrize("case", sorted(MESSAGES))
def test_malformed_exercise_stops_with_its_message(case):
    with pytest.raises(ExerciseError) as raised:
        load_fixture(MALFORMED / case)
    assert str(raised.value) == MESSAGES[case]
    assert isinstance(raised.value, PluginError)  # MkDocs stops the build and prints the message


# ---------------------------------------------------------------------------
# Pages, answer files and markers


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_notebook(path: Path, exercise: str, answer_source: str | None) -> Path:
    cells = [new_markdown_cell("# 标题", id="intro"), new_markdown_cell(exercise, id="exercise")]
    if answer_source is not None:
        cells.append(new_code_cell(answer_source, id="answer"))
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(new_notebook(cells=cells), path)
    return path


def notebook_error(tmp_path: Path, name: str, exercise: str, answer_source: str | None) -> str:
    docs = tmp_path / "docs"
    path = write_notebook(docs / "ch" / name, exercise, answer_source)
    with pytest.raises(ExerciseError) as raised:
        notebook_exercises(nbformat.read(path, as_version=4), path, docs, QUIZ_LANGUAGES)
    return str(raised.value)


# Issue 8, "Build errors": each stops the build with one message naming the file, the question and
# what is expected (tests/test_exercise_build_errors.py shows it in a real build, without a traceback).


@pytest.mark.parametrize("encoding, problem", [
    ("gbk", "the file is not UTF-8 (byte 4 is 0xa1): saved as GBK, perhaps"),
    ("utf-16", "the file is saved as UTF-16"),
])
def test_an_answer_file_not_in_utf8(tmp_path, encoding, problem):
    answer = tmp_path / "docs" / "ch" / "answer" / "09.01_answer.txt"
    answer.parent.mkdir(parents=True)
    answer.write_bytes(ANSWERS.encode(encoding))
    assert notebook_error(tmp_path, "x.ipynb", QUESTIONS, "!cat ./answer/09.01_answer.txt") == (
        f"docs/ch/answer/09.01_answer.txt: {problem}\n"
        + ("  expected: the file saved as UTF-8 (in most editors: Save with Encoding → UTF-8)" if encoding == "gbk"
           else "  expected: the file saved as UTF-8")
    )


def test_a_typo_in_the_first_questions_marker_is_blamed_on_the_first_question(tmp_path):
    write(tmp_path / "docs" / "ch" / "answer" / "09.01_answer.txt", ANSWERS)
    assert notebook_error(tmp_path, "x.ipynb", QUESTIONS.replace("（判断题）", "（判断）"), "!cat ./answer/09.01_answer.txt") == (
        "docs/ch/x.ipynb (cell exercise), question 1: the type marker '（判断）' is not one this language knows\n"
        "  line 1: '1. （判断）甲。'\n"
        "  expected: one of （判断题） （单选题） （多选题） （填空题） right after the number"
    )


def test_a_first_question_without_its_marker_is_named(tmp_path):
    write(tmp_path / "docs" / "ch" / "answer" / "09.01_answer.txt", ANSWERS)
    assert notebook_error(tmp_path, "x.ipynb", QUESTIONS.replace("（判断题）", ""), "!cat ./answer/09.01_answer.txt") == (
        "docs/ch/x.ipynb (cell exercise), question 1: the question has no type marker, so the list is not read as an exercise\n"
        "  line 1: '1. 甲。'\n"
        "  expected: one of （判断题） （单选题） （多选题） （填空题） right after the number"
    )


@pytest.mark.parametrize("page", ["x.ipynb", "x.md"])
def test_an_exercise_without_type_markers(tmp_path, page):
    untyped = QUESTIONS.replace("（判断题）", "").replace("（单选题）", "").replace("（多选题）", "")
    write(tmp_path / "docs" / "ch" / "answer" / "09.01_answer.txt", ANSWERS)
    if page.endswith(".ipynb"):
        found = notebook_error(tmp_path, page, untyped, "!cat ./answer/09.01_answer.txt")
        where, line = "docs/ch/x.ipynb (cell exercise)", 1
    else:
        found = markdown_error(tmp_path, page, f"# 页\n\n{untyped}\n<!-- solutions: answer/09.01_answer.txt -->\n")
        where, line = "docs/ch/x.md", 3
    assert found == (
        f"{where}, question 1: the question has no type marker, so the list is not read as an exercise\n"
        f"  line {line}: '1. 甲。'\n"
        "  expected: one of （判断题） （单选题） （多选题） （填空题） right after the number"
    )


def test_an_english_page_with_chinese_markers(tmp_path):
    write(tmp_path / "docs" / "ch" / "answer" / "09.01_answer.en.txt", EN_ANSWERS)
    assert notebook_error(tmp_path, "x.en.ipynb", QUESTIONS, "!cat ./answer/09.01_answer.en.txt") == (
        "docs/ch/x.en.ipynb (cell exercise), question 1: the type marker '（判断题）' is not one this language knows\n"
        "  line 1: '1. （判断题）甲。'\n"
        "  expected: one of (True/False) (Single choice) (Multiple choice) (Short answer) right after the number"
    )


@pytest.mark.parametrize("key, letter", [("Z", "Z"), ("A、Z", "Z"), ("I", "I")])
def test_an_answer_key_past_the_last_option_letter(key, letter):
    answers = ANSWERS.replace("3. A、C", f"3. {key}")
    with pytest.raises(ExerciseError) as raised:
        parse_answers(answers, "answers.txt", ZH)
    assert str(raised.value) == (
        f"answers.txt, question 3: {letter} is not an option letter: options run from A to H at most\n"
        f"  line 7: '3. {key}'\n"
        "  expected: the letters of the question's options, as in `3. B`"
    )


def test_a_letter_key_within_a_to_h_but_not_among_the_options_is_named_with_them():
    answers = ANSWERS.replace("2. B", "2. E")
    with pytest.raises(ExerciseError) as raised:
        pair(parse_questions(QUESTIONS, "q.md", ZH), parse_answers(answers, "a.txt", ZH), section="09.01",
             question_source="q.md", answer_source="a.txt", language=ZH)
    assert str(raised.value) == (
        "a.txt, question 2: letter E is not among the question's options\n  at line 4\n  expected: letters from A, B"
    )


# ---------------------------------------------------------------------------
# What the site cannot show as Jupyter does


@pytest.mark.parametrize("questions, answers, where, construct", [
    (QUESTIONS.replace("甲。", "甲<b>粗</b>。"), ANSWERS, "q.md, question 1", "the question has raw HTML (<b>)"),
    (QUESTIONS, ANSWERS.replace("解析：一。", "解析：一。\n<div>块</div>"), "a.txt, question 1",
     "the explanation has raw HTML (<div>块</div>)"),
    (QUESTIONS.replace("甲。", "甲 ![图](https://example.com/a.png)"), ANSWERS, "q.md, question 1",
     "the question has an image from outside the site (https://example.com/a.png)"),
    # The review's U5: links markdown-it refuses were shown as Markdown text, without a word.
    (QUESTIONS.replace("甲。", "甲 [看这里](javascript:alert(1))"), ANSWERS, "q.md, question 1",
     "the question has a link to a javascript: address (javascript:alert(1))"),
    (QUESTIONS, ANSWERS.replace("解析：二。", "解析：二 <javascript:alert(2)>。"), "a.txt, question 2",
     "the explanation has a link to a javascript: address (javascript:alert(2))"),
    (QUESTIONS.replace("   A. 一", "   A. ![x](javascript:alert(4))"), ANSWERS, "q.md, question 2",
     "option A has a link to a javascript: address (javascript:alert(4))"),
])
def test_what_the_site_cannot_show_as_jupyter_does_stops_the_build(questions, answers, where, construct):
    with pytest.raises(ExerciseError) as raised:
        pair(parse_questions(questions, "q.md", ZH), parse_answers(answers, "a.txt", ZH), section="09.01",
             question_source="q.md", answer_source="a.txt", language=ZH)
    message = str(raised.value)
    assert message.startswith(f"{where}: {construct}, which the site cannot show as Jupyter does\n  at line "), message
    assert message.endswith("and HTML comments for notes")


@pytest.mark.parametrize("text", [
    "甲 <!-- 作者备注：来源待核对 --> 乙", "`$AUTOFUSE_FLAGS` 与 `$B`", "只有一个 $ 符号", "转义的 \\$5 和 \\$10",
    "<code>$A</code> 与 <code>$B</code>", "![图](./images/a.svg)", "```bash\necho $A $B\n```",
])
def test_what_jupyter_and_the_site_show_alike_is_accepted(text):
    from quizzes.markup import unsupported

    assert unsupported(text) is None


def test_missing_answer_file(tmp_path):
    assert notebook_error(tmp_path, "x.ipynb", QUESTIONS, "!cat ./answer/09.01_answer.txt") == (
        "docs/ch/x.ipynb: the answer file docs/ch/answer/09.01_answer.txt does not exist\n"
        "  expected: docs/ch/answer/09.01_answer.txt next to the page, with one entry per question"
    )


def test_an_answer_cell_with_a_space_after_the_bang_is_read_as_jupyter_runs_it(tmp_path):
    """The review's nb_cat_space_after_bang: `! cat …` runs in Jupyter; the build said the
    questions had no answer cell."""
    write(tmp_path / "docs" / "ch" / "answer" / "09.01_answer.txt", ANSWERS)
    path = write_notebook(tmp_path / "docs" / "ch" / "09.01_x.ipynb", QUESTIONS, "! cat ./answer/09.01_answer.txt")
    found = notebook_exercises(nbformat.read(path, as_version=4), path, tmp_path / "docs", QUIZ_LANGUAGES)
    assert [len(item.exercise.items) for item in found] == [3]


def test_an_explanation_of_two_megabytes_stops_the_build():
    """The review's C3 (ans_2mb): it built without a word and made its page 2 MB."""
    answers = ANSWERS.replace("解析：二。", "解析：" + "长" * 2_000_000)
    with pytest.raises(ExerciseError) as raised:
        pair(parse_questions(QUESTIONS, "q.md", ZH), parse_answers(answers, "a.txt", ZH), section="09.01",
             question_source="q.md", answer_source="a.txt", language=ZH)
    assert str(raised.value).startswith("a.txt, question 2: the explanation has 2,000,000 characters\n")


def test_a_page_printing_another_sections_answers_is_told_so_first(tmp_path):
    """The review's U6 (nb_cat_other_section): 1.4's answer cell set to 1.3's answer file was
    reported as an answer that does not fit a multiple-choice question."""
    write(tmp_path / "docs" / "ch" / "answer" / "09.01_answer.txt", "1. A\n解析：一。\n")
    assert notebook_error(tmp_path, "09.02_practice.ipynb", QUESTIONS, "!cat ./answer/09.01_answer.txt") == (
        "docs/ch/09.02_practice.ipynb: the page is section 09.02, but its answers come from "
        "docs/ch/answer/09.01_answer.txt, another section's, which do not fit its questions\n"
        "  expected: answer/09.02_answer.txt (the answer file of this page's own section)"
    )


def test_english_notebook_with_the_chinese_answer_file(tmp_path):
    write(tmp_path / "docs" / "ch" / "answer" / "09.01_answer.txt", ANSWERS)
    assert notebook_error(tmp_path, "x.en.ipynb", EN_QUESTIONS, "!cat ./answer/09.01_answer.txt") == (
        "docs/ch/x.en.ipynb: the en page refers to ./answer/09.01_answer.txt\n"
        "  expected: an `.en.txt` answer file"
    )


def test_answer_cell_that_does_more_than_cat_one_file(tmp_path):
    assert notebook_error(tmp_path, "x.ipynb", QUESTIONS, "!cat ./answer/09.01_answer.txt | head") == (
        "docs/ch/x.ipynb (cell answer): this answer cell has a line the site cannot show\n"
        "  line 1: '!cat ./answer/09.01_answer.txt | head'\n"
        "  expected: `!cat ./answer/<file>` (or `%cat`, or `!head -n N ./answer/<file>`), one command a line, "
        "with only comments and `%cd` lines besides"
    )


def test_questions_without_an_answer_cell(tmp_path):
    assert notebook_error(tmp_path, "x.ipynb", QUESTIONS, None) == (
        "docs/ch/x.ipynb (cell exercise): these questions have no answer cell after them\n"
        "  expected: a code cell whose whole source is `!cat ./answer/<section>_answer.txt` "
        "(English: `..._answer.en.txt`)"
    )


def test_answer_cell_without_questions_prints_a_reference_solution(tmp_path):
    """No question list above it: what the cell prints is a reference solution (answer_cells.py),
    which must exist."""
    assert notebook_error(tmp_path, "x.ipynb", "## 练习\n\n没有题目。", "!cat ./answer/09.01_answer.txt") == (
        "docs/ch/x.ipynb (cell answer): the answer cell prints ./answer/09.01_answer.txt, which does not exist\n"
        "  expected: ./answer/09.01_answer.txt next to the notebook"
    )


def test_notebook_exercise_found_with_its_cells(tmp_path):
    docs = tmp_path / "docs"
    write(docs / "ch" / "answer" / "09.01_answer.txt", ANSWERS)
    path = write_notebook(docs / "ch" / "x.ipynb", "## 练习\n\n" + QUESTIONS + "\n收尾。", "!cat ./answer/09.01_answer.txt")
    (found,) = notebook_exercises(nbformat.read(path, as_version=4), path, docs, QUIZ_LANGUAGES)
    assert (found.question_cell, found.answer_cell, found.question_count) == ("exercise", "answer", 3)
    assert found.exercise.section == "ch/09.01"
    assert [item.answer.key for item in found.exercise.items] == ["Y", "B", "AC"]


def markdown_error(tmp_path: Path, name: str, text: str) -> str:
    docs = tmp_path / "docs"
    path = write(docs / "ch" / name, text)
    with pytest.raises(ExerciseError) as raised:
        markdown_exercises(text, path, docs, QUIZ_LANGUAGES)
    return str(raised.value)


@pytest.mark.parametrize(
    "marker",
    [
        "<!-- solution: answer/09.01_answer.txt -->",
        "<!-- solutions answer/09.01_answer.txt -->",
        "<!-- solutions: answer/09.01_answer.md -->",
        "<!-- course-progres -->",
        "<!-- quiz: 09.01 -->",
    ],
)
def test_unknown_or_malformed_marker(tmp_path, marker):
    assert markdown_error(tmp_path, "x.md", f"# 页\n\n{QUESTIONS}\n{marker}\n") == (
        "docs/ch/x.md: unknown or malformed exercise marker\n"
        f"  line 14: {marker!r}\n"
        "  expected: `<!-- solutions: answer/<section>_answer.txt -->` (English page: `.en.txt`)"
    )


def test_marker_without_questions_above(tmp_path):
    assert markdown_error(tmp_path, "x.md", "# 页\n\n<!-- solutions: answer/09.01_answer.txt -->\n") == (
        "docs/ch/x.md: no question list above this marker\n"
        "  line 3: '<!-- solutions: answer/09.01_answer.txt -->'\n"
        "  expected: a numbered list of questions, e.g. `1. （判断题）…`, above the marker"
    )


def test_marker_leaving_the_page_folder(tmp_path):
    assert markdown_error(tmp_path, "x.md", f"{QUESTIONS}\n<!-- solutions: ../answer/09.01_answer.txt -->\n") == (
        "docs/ch/x.md: the answer file ../answer/09.01_answer.txt must be a path below the page's folder\n"
        "  expected: `answer/<section>_answer.txt`"
    )


def test_markdown_exercises_and_markers_outside_code_fences(tmp_path):
    docs = tmp_path / "docs"
    write(docs / "ch" / "answer" / "09.01_answer.txt", ANSWERS)
    text = (
        "# 页\n\n```\n<!-- solutions: answer/nowhere.txt -->\n```\n\n"
        f"{QUESTIONS}\n<!-- solutions: answer/09.01_answer.txt -->\n"
    )
    path = write(docs / "ch" / "x.md", text)
    found = markdown_exercises(text, path, docs, QUIZ_LANGUAGES)
    (exercise,) = found.exercises
    lines = text.splitlines()
    assert lines[exercise.list_start] == "1. （判断题）甲。"
    assert lines[exercise.list_end - 1] == "   - C. 三"
    assert lines[exercise.marker_line] == "<!-- solutions: answer/09.01_answer.txt -->"


def test_the_old_progress_marker_says_where_the_progress_went(tmp_path):
    assert markdown_error(tmp_path, "index.md", "# 首页\n\n<!-- course-progress -->\n") == (
        "docs/ch/index.md: the progress panel is part of the course catalog now\n"
        "  line 3: '<!-- course-progress -->'\n"
        "  expected: no such line: `<!-- course-catalog -->` shows the catalog with the reader's progress"
    )


# ---------------------------------------------------------------------------
# The course: sections and the two languages


def course_error(tmp_path: Path, files: dict[str, str]) -> str:
    docs = tmp_path / "docs"
    for name, text in files.items():
        write(docs / name, text)
    with pytest.raises(ExerciseError) as raised:
        scan_course(((name, docs / name) for name in files if name.endswith(".md")), docs, QUIZ_LANGUAGES)
    return str(raised.value)


def bilingual(en_questions: str = EN_QUESTIONS, en_answers: str = EN_ANSWERS) -> dict[str, str]:
    return {
        "ch/x.md": f"# 页\n\n{QUESTIONS}\n<!-- solutions: answer/09.01_answer.txt -->\n",
        "ch/answer/09.01_answer.txt": ANSWERS,
        "ch/x.en.md": f"# Page\n\n{en_questions}\n<!-- solutions: answer/09.01_answer.en.txt -->\n",
        "ch/answer/09.01_answer.en.txt": en_answers,
    }


def test_zh_and_en_differ_in_count(tmp_path):
    questions = EN_QUESTIONS.split("\n3. ")[0]
    answers = EN_ANSWERS.split("\n3. ")[0]
    assert course_error(tmp_path, bilingual(questions, answers)) == (
        "docs/ch/x.md and docs/ch/x.en.md: the zh version has 3 questions, the en version 2\n"
        "  expected: the same questions in every language"
    )


def test_zh_and_en_differ_in_kind(tmp_path):
    questions = EN_QUESTIONS.replace("(Single choice) Two?\n   A. one\n   B. two", "(True/False) Two.")
    answers = EN_ANSWERS.replace("2. B", "2. True")
    assert course_error(tmp_path, bilingual(questions, answers)) == (
        "docs/ch/x.md and docs/ch/x.en.md, question 2: zh is single-choice （单选题）, en is true/false (True/False)\n"
        "  expected: the same kind, options and answer in every language"
    )


def test_zh_and_en_differ_in_answer_key(tmp_path):
    assert course_error(tmp_path, bilingual(en_answers=EN_ANSWERS.replace("1. True", "1. False"))) == (
        "docs/ch/x.md and docs/ch/x.en.md, question 1: the answers differ: zh √ (True), en × (False)\n"
        "  expected: the same kind, options and answer in every language"
    )


def test_zh_and_en_differ_in_option_count(tmp_path):
    questions = EN_QUESTIONS.replace("   B. two\n", "   B. two\n   C. three\n", 1)
    assert course_error(tmp_path, bilingual(questions)) == (
        "docs/ch/x.md and docs/ch/x.en.md, question 2: zh has 2 options, en has 3\n"
        "  expected: the same kind, options and answer in every language"
    )


def test_one_answer_file_for_two_pages(tmp_path):
    files = bilingual()
    files["ch/y.md"] = files["ch/x.md"]
    assert course_error(tmp_path, files) == (
        "docs/ch/y.md: section ch/09.01 is also the exercise of docs/ch/x.md\n"
        "  expected: one answer file per exercise: a section is its page's folder and its answer file's name "
        "(quizzes/sources.py, section_id); give each page of the folder its own answer file"
    )


def test_agreeing_languages_share_question_ids(tmp_path):
    docs = tmp_path / "docs"
    files = bilingual()
    for name, text in files.items():
        write(docs / name, text)
    course = scan_course(((name, docs / name) for name in files if name.endswith(".md")), docs, QUIZ_LANGUAGES)
    zh, en = course.pages["ch/x.md"].exercises[0], course.pages["ch/x.en.md"].exercises[0]
    assert zh.question_ids == en.question_ids
    assert [s.src_uri for s in course.sections("en")] == ["ch/x.en.md"]
    assert [s.src_uri for s in course.sections("zh")] == ["ch/x.md"]


def test_changed_answer_changes_the_question_id():
    block = parse_questions(QUESTIONS, "q", ZH)
    before = pair(block, parse_answers(ANSWERS, "a", ZH), section="09.01", question_source="q", answer_source="a",
                  language=ZH)
    after = pair(block, parse_answers(ANSWERS.replace("2. B", "2. A"), "a", ZH), section="09.01",
                 question_source="q", answer_source="a", language=ZH)
    assert before.question_ids[0] == after.question_ids[0]
    assert before.question_ids[1] != after.question_ids[1]


def with_short_answer(zh_forms: str, en_forms: str) -> dict[str, str]:
    files = bilingual(
        EN_QUESTIONS + "\n4. (Short answer) Type the value of `AUTOFUSE_FLAGS`.\n",
        EN_ANSWERS + f"\n4. {en_forms}\nExplanation: four.\n",
    )
    files["ch/x.md"] = files["ch/x.md"].replace(QUESTIONS, QUESTIONS + "\n4. （填空题）写出 `AUTOFUSE_FLAGS` 的值。\n")
    files["ch/answer/09.01_answer.txt"] = ANSWERS + f"\n4. {zh_forms}\n解析：四。\n"
    return files


def test_short_answers_agree_when_they_accept_the_same_forms_in_any_order_or_spacing(tmp_path):
    docs = tmp_path / "docs"
    files = with_short_answer(
        "`--enable_autofuse=true;--autofuse_enable_pass=reduce`\n类型：AUTOFUSE_FLAGS",
        "` --autofuse_enable_pass=reduce;--enable_autofuse=true `\nKind: AUTOFUSE_FLAGS",
    )
    for name, text in files.items():
        write(docs / name, text)
    course = scan_course(((name, docs / name) for name in files if name.endswith(".md")), docs, QUIZ_LANGUAGES)
    zh, en = course.pages["ch/x.md"].exercises[0], course.pages["ch/x.en.md"].exercises[0]
    assert zh.question_ids == en.question_ids  # GE reads both as the same settings
    assert en.items[3].answer.accepted == ("--autofuse_enable_pass=reduce;--enable_autofuse=true",)


def test_short_answers_that_accept_different_forms(tmp_path):
    files = with_short_answer("`mode=fast`\n也接受：`MODE=fast`", "`mode=fast`\nAlso accepted: `mode=Fast`, `mode = fast`")
    assert course_error(tmp_path, files) == (
        "docs/ch/x.md and docs/ch/x.en.md, question 4: the accepted answers differ: only zh accepts "
        "`MODE=fast`; only en accepts `mode=Fast`、`mode = fast`\n"
        "  expected: the same accepted forms in every language (compared as the answer's kind compares them)"
    )


def test_short_answers_of_different_kinds(tmp_path):
    files = with_short_answer("`/tmp/a`\n类型：路径", "`/tmp/a`")
    assert course_error(tmp_path, files) == (
        "docs/ch/x.md and docs/ch/x.en.md, question 4: the answer kinds differ: zh path, en text\n"
        "  expected: the same kind, options and answer in every language"
    )


def test_short_answer_against_a_choice_question_in_the_other_language(tmp_path):
    files = with_short_answer("`mode=fast`", "`mode=fast`")
    files["ch/x.en.md"] = files["ch/x.en.md"].replace(
        "4. (Short answer) Type the value of `AUTOFUSE_FLAGS`.", "4. (Single choice) Which?\n   A. one\n   B. two"
    )
    files["ch/answer/09.01_answer.en.txt"] = files["ch/answer/09.01_answer.en.txt"].replace("4. `mode=fast`", "4. B")
    assert course_error(tmp_path, files) == (
        "docs/ch/x.md and docs/ch/x.en.md, question 4: zh is short-answer （填空题）, en is single-choice (Single choice)\n"
        "  expected: the same kind, options and answer in every language"
    )


def test_a_short_answer_id_follows_its_kind_and_set_of_accepted_forms():
    questions = QUESTIONS + "\n4. （填空题）写出值。\n"

    def ids(forms: str):
        answers = parse_answers(ANSWERS + f"\n4. {forms}\n解析：四。\n", "a", ZH)
        return pair(parse_questions(questions, "q", ZH), answers, section="09.01", question_source="q",
                    answer_source="a", language=ZH).question_ids

    first = ids("`a=1;b=2`\n也接受：`b=2;a=1`")
    assert ids("`b=2;a=1`\n也接受：` a=1;b=2 `") == first  # the same set, written otherwise
    assert ids("`a=1;b=2`")[3] != first[3]  # one form fewer
    assert ids("`a=1;b=2`\n也接受：`B=2;a=1`")[3] != first[3]  # letter case counts
    assert ids("`a=1;b=2`\n也接受：`b=2; a=1`")[3] != first[3]  # so does a space inside
    assert ids("`/a`")[3] != ids("`/a`\n类型：路径")[3]  # and the kind
    assert ids("`a=1;b=2`\n也接受：`b=2;a=1`")[:3] == first[:3]
    # The hash covers the question's kind, the answer's kind and its forms as compared, sorted.
    shape = 'short-answer|0|text["a=1;b=2", "b=2;a=1"]'
    assert first[3] == "09.01-4-" + hashlib.sha256(shape.encode("utf-8")).hexdigest()[:8]
    flags = ids("`--enable_autofuse=true;--autofuse_enable_pass=reduce`\n类型：AUTOFUSE_FLAGS")
    assert flags == ids("`--autofuse_enable_pass=reduce;--enable_autofuse=true;`\n类型：AUTOFUSE_FLAGS")


# ---------------------------------------------------------------------------
# The real course

DOCS = ROOT / "docs"
ZH_NOTEBOOKS = sorted(p for p in DOCS.rglob("*.ipynb") if not p.name.endswith(".en.ipynb"))


def exercises_of(path: Path):
    return [found.exercise for found in notebook_exercises(nbformat.read(path, as_version=4), path, DOCS, QUIZ_LANGUAGES)]


def test_the_course_has_exercises():
    assert sum(len(exercises_of(path)) for path in ZH_NOTEBOOKS) >= 3


@pytest.mark.parametrize("zh_path", ZH_NOTEBOOKS, ids=lambda p: p.name)
def test_real_exercise_is_the_same_in_both_languages(zh_path):
    en_path = zh_path.with_name(zh_path.name.replace(".ipynb", ".en.ipynb"))
    if not en_path.exists():
        pytest.skip(f"{en_path.name} does not exist: test_chapter_notebooks.py::test_has_language_twins fails for it")
    zh, en = exercises_of(zh_path), exercises_of(en_path)

    def shape(exercises):
        return [
            (e.section, [(i.question.kind, len(i.question.options), i.answer.key) for i in e.items])
            for e in exercises
        ]

    assert shape(zh) == shape(en)
    for zh_exercise, en_exercise in zip(zh, en):
        check_parity(zh_exercise, en_exercise, str(zh_path), str(en_path), ZH, EN)


def test_the_mkdocs_build_stops_with_the_message(tmp_path):
    from helpers import build_small_site

    files = {
        "index.md": "# 首页\n",
        "ch/x.md": f"# 页\n\n{QUESTIONS}\n<!-- solutions: answer/09.01_answer.txt -->\n",
        "ch/answer/09.01_answer.txt": ANSWERS.replace("2. B", "2. E"),
    }
    course = "[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.md, title: {zh: 页, en: Page}}]}]"
    result = build_small_site(tmp_path, files, course)
    assert result.returncode != 0
    assert (
        "docs/ch/answer/09.01_answer.txt, question 2: letter E is not among the question's options\n"
        "  at line 4\n"
        "  expected: letters from A, B"
    ) in result.stderr


# ---------------------------------------------------------------------------
# Answer kinds (issue 17): a flag string declares its variable, and GE must take its key as written.


@pytest.mark.parametrize(
    "zh, problem",
    [
        ("`--enable_autofuse=true`",
         "`--enable_autofuse=true` is a flag string, but the answer declares no variable (its kind is text)"),
        ("`--enable_autofuse=true`\n类型：路径",
         "`--enable_autofuse=true` is a flag string, but the answer declares no variable (its kind is path)"),
        ("`--debug_dir=/tmp/a`\n类型：AUTOFUSE_FLAGS",
         "GE would not read `--debug_dir=/tmp/a` as the AUTOFUSE_FLAGS it is declared to be: GE ignores "
         "`--debug_dir` in AUTOFUSE_FLAGS: it belongs to AUTOFUSE_DFX_FLAGS"),
        ("`enable_autofuse=true`\n类型：AUTOFUSE_FLAGS",
         "GE would not read `enable_autofuse=true` as the AUTOFUSE_FLAGS it is declared to be: GE ignores "
         "`enable_autofuse` in AUTOFUSE_FLAGS: AUTOFUSE_FLAGS has no such key"),
        ("`--enable_autofuse=true; --autofuse_enable_pass=reduce`\n类型：AUTOFUSE_FLAGS",
         "GE would not read `--enable_autofuse=true; --autofuse_enable_pass=reduce` as the AUTOFUSE_FLAGS it is "
         "declared to be: ` --autofuse_enable_pass=reduce` is not one `--name=value` without spaces"),
        ("`--enable_autofuse=True`\n类型：AUTOFUSE_FLAGS",
         "GE would not read `--enable_autofuse=True` as the AUTOFUSE_FLAGS it is declared to be: "
         "`--enable_autofuse` takes `true` or `false`, not `True`"),
        ("`--autofuse_enable_pass=reduce`\n类型：AUTOFUSE_FLAGS",
         "GE would not read `--autofuse_enable_pass=reduce` as the AUTOFUSE_FLAGS it is declared to be: "
         "with `--enable_autofuse=true` missing, GE ignores every other option"),
        ("`--enable_autofuse=true;--autofuse_enable_pass=reduse`\n类型：AUTOFUSE_FLAGS",
         "GE would not read `--enable_autofuse=true;--autofuse_enable_pass=reduse` as the AUTOFUSE_FLAGS it is "
         "declared to be: `reduse` names a kind GE does not know (it knows concat, reduce, slice, split, transpose, "
         "gather, matmul, conv)"),
        ("`tmp/a`\n类型：路径", "`tmp/a` is declared a path but is not an absolute path without spaces"),
        ("`--enable_autofuse=true`\n类型：开关", "'开关' is not an answer kind"),
    ],
    ids=["undeclared", "declared-a-path", "wrong-variable", "missing-prefix", "space", "case", "master-off",
         "unknown-kind", "relative-path", "unknown-kind-word"],
)
def test_a_wrong_kind_or_a_key_ge_would_not_take_stops_the_build_naming_file_and_question(tmp_path, zh, problem):
    files = with_short_answer(zh, "`--enable_autofuse=true`\nKind: AUTOFUSE_FLAGS")
    error = course_error(tmp_path, files)
    assert error.startswith(f"docs/ch/answer/09.01_answer.txt, question 4: {problem}\n"), error


def test_accepted_forms_ge_reads_alike_are_one_form(tmp_path):
    files = with_short_answer(
        "`--enable_autofuse=true;--autofuse_enable_pass=reduce`\n类型：AUTOFUSE_FLAGS\n"
        "也接受：`--autofuse_enable_pass=reduce;--enable_autofuse=true;`",
        "`--enable_autofuse=true;--autofuse_enable_pass=reduce`\nKind: AUTOFUSE_FLAGS",
    )
    assert course_error(tmp_path, files).startswith(
        "docs/ch/answer/09.01_answer.txt, question 4: `--autofuse_enable_pass=reduce;--enable_autofuse=true;` is "
        "the same answer as `--enable_autofuse=true;--autofuse_enable_pass=reduce` as GE reads AUTOFUSE_FLAGS"
    )

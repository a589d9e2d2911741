"""No choice question of the course gives its key away by how the options are written (tests/quiz_cues.py).

Per language, over every single- and multiple-choice question the site shows:

- no key stands out by width (STANDS_OUT times wider or narrower than every other option), repeats
  ECHO_MARGIN more (or fewer) of the question's words than any other option, is the only negated
  option (or the only one that is not), or alone repeats the chapter's prose word for word;
- over the course the key is the longest option in at most LONGEST_SHARE of the questions, and the
  shortest in at most as many; its mean width rank stays near the middle, over the course and in
  each chapter, so that "never the longest" is caught as well as "always the longest".

Each failure names the question, the cue and the options with their widths.  The figures per
chapter: `.venv/bin/python tests/quiz_cues.py`.
"""

from __future__ import annotations

import pytest

from helpers import LANGUAGES

import quiz_cues
from quiz_cues import (Choice, copied, distribution_problems, echo, negation, question_problems,
                       stands_out_by_width, width_rank)
from quizzes.model import Option, Question, QuestionKind

CHOICES = quiz_cues.course_choices()


def test_every_language_has_the_course_choice_questions():
    """Guards the tests below against passing on nothing."""
    counts = {language: len(CHOICES[language]) for language in LANGUAGES}
    assert all(count >= 40 for count in counts.values()), counts
    assert len(set(counts.values())) == 1, counts


def test_every_question_is_measured_against_its_own_chapter():
    """The copy rule compares options with the chapter's prose: a question without it could copy freely."""
    for language in LANGUAGES:
        for choice in CHOICES[language]:
            assert choice.chapter.isdigit(), (choice.where, choice.chapter)
            assert len(choice.prose) > 5000, f"{choice.where} ({language}): no chapter prose to compare with"
            assert choice.where.rsplit(" ", 1)[0].rsplit("/", 1)[-1].startswith(choice.chapter), choice.where


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_key_stands_out_by_width_words_negation_or_copying(language):
    problems = question_problems(CHOICES[language])
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key_is_neither_systematically_long_nor_short(language):
    problems = distribution_problems(CHOICES[language])
    assert not problems, f"{language}:\n" + "\n".join(problems)


# ---------------------------------------------------------------------------
# The rules catch the patterns they are meant to catch


def made_up(key: str, options: dict[str, str], text: str = "Which statement is right?", language: str = "en",
            prose: str = "", chapter: str = "09", number: int = 1) -> Choice:
    kind = QuestionKind.MULTIPLE if len(key) > 1 else QuestionKind.SINGLE
    question = Question(number, kind, text, tuple(Option(letter, body) for letter, body in options.items()), 1)
    return Choice(f"09.01 Q{number}", chapter, language, question, key, prose)


EVEN = {"A": "the first plausible answer here", "B": "the second plausible answer", "C": "a third answer of this size",
        "D": "and a fourth answer like them"}


def test_width_rule_catches_a_key_much_longer_or_shorter_in_either_language():
    long_key = made_up("B", {**EVEN, "B": "a far longer answer that explains itself at length and gives reasons"})
    assert stands_out_by_width(long_key) == "longer"
    short_key = made_up("C", {**EVEN, "C": "yes"})
    assert stands_out_by_width(short_key) == "shorter"
    assert stands_out_by_width(made_up("A", EVEN)) is None
    # Chinese characters are twice as wide: six of them match twelve Latin letters.
    zh = made_up("A", {"A": "融合之后更快一些", "B": "abcdefghijklmn", "C": "abcdefghijklmn", "D": "abcdefghijklmn"},
                 language="zh")
    assert stands_out_by_width(zh) is None
    tiny = made_up("A", {"A": "`0.8`", "B": "`0.80`", "C": "`8`", "D": "`80`"})
    assert stands_out_by_width(tiny) is None  # too narrow to judge


def test_echo_rule_catches_the_key_that_repeats_or_avoids_the_question():
    text = "Why does the recomputation threshold stop the first fusion at a shared output?"
    echoing = made_up("A", {"A": "the recomputation threshold stops it at the shared output",
                            "B": "a control edge ends the KernelBox", "C": "the Load limit is reached",
                            "D": "Exp is a heavy operator"}, text=text)
    assert echo(echoing) == "echoes"
    avoiding = made_up("D", {"A": "the recomputation threshold is too low for a shared output",
                             "B": "the threshold stops fusion at any shared output",
                             "C": "recomputation copies the shared output",
                             "D": "more readers than allowed"}, text=text)
    assert echo(avoiding) == "avoids"
    assert echo(made_up("A", EVEN, text=text)) is None
    zh = made_up("A", {"A": "重计算阈值让一次融合在共享输出处断开", "B": "控制边", "C": "Load 上限", "D": "重算子"},
                 text="为什么重计算阈值会让一次融合在共享输出处断开？", language="zh")
    assert echo(zh) == "echoes"


def test_negation_rule_catches_the_only_negated_option_and_the_only_plain_one():
    only_negative = made_up("B", {**EVEN, "B": "it does not fuse at all"})
    assert negation(only_negative) == "only negative"
    only_positive = made_up("C", {"A": "it never fuses", "B": "nothing is fused", "C": "it fuses",
                                  "D": "it cannot fuse"})
    assert negation(only_positive) == "only positive"
    zh = made_up("D", {"A": "会融合", "B": "会回滚", "C": "会合并", "D": "不会融合"}, language="zh")
    assert negation(zh) == "only negative"
    # "不同" (different) is not a negation.
    assert negation(made_up("D", {"A": "会融合", "B": "会回滚", "C": "会合并", "D": "两者不同"}, language="zh")) is None
    # A negation inside code does not count.
    assert negation(made_up("A", {**EVEN, "A": "set `--no_fusion`"})) is None


def test_copy_rule_catches_the_only_option_lifted_from_the_chapter():
    prose = "Lifting turns an AscBackend with fewer than two compute operators back into the original operator."
    lifted = made_up("A", {**EVEN, "A": "it turns an AscBackend with fewer than two compute operators back"}, prose=prose)
    assert copied(lifted)
    assert not copied(made_up("A", {**EVEN, "A": "a small group went back to its single operator"}, prose=prose))
    everyone = made_up("A", {letter: body + " with fewer than two compute operators back into" for letter, body
                             in EVEN.items()}, prose=prose)
    assert not copied(everyone)  # every option repeats it: no cue


def test_question_problems_name_the_question_and_the_cue():
    problems = question_problems([made_up("B", {**EVEN, "B": "it does not fuse at all"}, number=7)])
    assert problems and problems[0].startswith("en 09.01 Q7, key B, negation: only negative")


def test_distribution_rule_catches_keys_that_are_always_short_or_never_long():
    def series(letter_widths):
        return [made_up(key, {letter: "x" * width for letter, width in zip("ABCD", widths)}, number=n)
                for n, (key, widths) in enumerate(letter_widths, 1)]

    always_short = series([("A", (20, 30, 31, 32))] * 10)
    problems = distribution_problems(always_short)
    assert any("shortest option in 10/10" in p for p in problems), problems
    assert any("mean width rank of the key 0.00" in p for p in problems), problems
    # Never the longest and never the shortest, but always second: the chapter's mean rank is fine.
    middle = series([("B", (20, 25, 30, 35)), ("C", (20, 25, 30, 35))] * 5)
    assert distribution_problems(middle) == []
    # Never the longest, mostly second shortest: the mean rank drops below the chapter's limit.
    low = series([("A", (20, 25, 30, 35))] * 3 + [("B", (20, 25, 30, 35))] * 7)
    assert width_rank(low[0]) == 0.0 and width_rank(low[-1]) == pytest.approx(1 / 3)
    assert any(p.startswith("chapter 9: mean width rank") for p in distribution_problems(low))

"""Every quiz of the course, per language: can it be passed by guessing where or how long the key is?

Read through the quiz engine's own scan (the one the build runs), so a question counts here exactly
when the site shows it.  Per language, over the whole course:

- single choice: each of A-D is the key of at least 15 % and at most 35 % of the questions;
- multiple choice: no one option is in every key;
- true/false: between 35 % and 65 % of the keys are "true";
- choice questions: the key gives itself away by length (single choice: the key is longer than
  every other option; multiple choice: every key option is longer than every other option) in at
  most 40 % of them;
- the zh and en versions of a question have the same key.

Each failure names the questions to change and gives the figures per chapter, so that whoever
rebalances one chapter sees what remains in the others.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass

import pytest

from helpers import DOCS, LANGUAGES, QUIZ_LANGUAGES, course_inventory

from course_site.course.exercises import scan
from quizzes.model import TRUE_CODE, Option, Question, QuestionKind

LETTERS = "ABCD"
SINGLE_SHARE = (0.15, 0.35)  # each letter's share of single-choice keys
TRUE_SHARE = (0.35, 0.65)  # share of true/false keys that are "true"
LONGEST_KEY_SHARE = 0.40  # at most this share of choice questions may give the key away by length


@dataclass(frozen=True)
class Asked:
    """One question as a reader of one language sees it, with its key."""

    where: str  # "03.07 Q3 (docs/03_practice_and_debugging/03.07_chapter_practice.en.ipynb)"
    section: str  # "03.07"
    number: int
    question: Question
    key: str  # "B", "AB", "Y"/"N", or a short answer's key form

    @property
    def chapter(self) -> str:
        return self.section.split(".")[0]


def course_questions() -> dict[str, list[Asked]]:
    """Every question of the course per language, each from the page written in that language."""
    course = scan(course_inventory(), QUIZ_LANGUAGES)
    found: dict[str, list[Asked]] = {code: [] for code in LANGUAGES}
    for page in course.pages.values():
        for exercise in page.exercises:
            for item in exercise.items:
                where = f"{exercise.section} Q{item.question.number} ({DOCS.name}/{page.src_uri})"
                found[page.language].append(
                    Asked(where, exercise.section, item.question.number, item.question, item.answer.key))
    for asked in found.values():
        asked.sort(key=lambda a: (a.section, a.number))
    return found


QUESTIONS = course_questions()


def of_kind(language: str, kind: QuestionKind) -> list[Asked]:
    return [asked for asked in QUESTIONS[language] if asked.question.kind is kind]


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.0%})"


def by_chapter(asked: list[Asked], describe) -> str:
    """One line per chapter: `describe(questions of that chapter)`."""
    chapters = defaultdict(list)
    for a in asked:
        chapters[a.chapter].append(a)
    return "\n".join(f"  chapter {int(chapter)}: {describe(chapters[chapter])}" for chapter in sorted(chapters))


def names(asked: list[Asked]) -> str:
    return "\n".join(f"    {a.where}" for a in asked)


# ---------------------------------------------------------------------------
# How long an option looks


_MARKUP = re.compile(r"[`*_]")


def visible_width(markdown: str) -> int:
    """The width an option takes on screen: Markdown marks dropped, a wide (CJK) character counted twice."""
    text = _MARKUP.sub("", markdown)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def key_is_longest(question: Question, key: str) -> bool:
    """Single choice: the key is longer than every other option.  Multiple choice: every key option
    is longer than every other option, so "pick the long ones" finds the key."""
    widths = {option.letter: visible_width(option.text) for option in question.options}
    keyed = [widths[letter] for letter in key]
    others = [width for letter, width in widths.items() if letter not in key]
    return bool(others) and min(keyed) > max(others)


# ---------------------------------------------------------------------------
# The rules, each a function of a list of questions so that the tests below can also try them on
# made-up questions: each returns the problems found (empty when the rule holds).


def single_choice_problems(asked: list[Asked]) -> list[str]:
    if not asked:
        return []
    counts = Counter(a.key for a in asked)
    low, high = SINGLE_SHARE
    problems = []
    for letter in LETTERS:
        count = counts[letter]
        if count > high * len(asked):
            problems.append(f"{letter} is the key of {share(count, len(asked))} single-choice questions (at most "
                            f"{high:.0%}); rewrite some of these so that another letter is right:\n"
                            + names([a for a in asked if a.key == letter]))
        elif count < low * len(asked):
            most = max(LETTERS, key=lambda other: counts[other])
            candidates = ([f"    the {most} questions listed above"] if counts[most] > high * len(asked)
                          else [names([a for a in asked if a.key == most])])
            problems.append(f"{letter} is the key of {share(count, len(asked))} single-choice questions (at least "
                            f"{low:.0%}); make {letter} the right option of some of these ({most}, the most used):\n"
                            + candidates[0])
    if problems:
        problems.append("keys by chapter:\n" + by_chapter(
            asked, lambda chapter: " ".join(f"{letter}={Counter(a.key for a in chapter)[letter]}" for letter in LETTERS)))
    return problems


def multiple_choice_problems(asked: list[Asked]) -> list[str]:
    problems = []
    for letter in LETTERS:
        if asked and all(letter in a.key for a in asked):
            problems.append(f"{letter} is in every multiple-choice key ({len(asked)} questions); leave it out of "
                            f"the key of some of these:\n" + names(asked))
    return problems


def true_false_problems(asked: list[Asked]) -> list[str]:
    if not asked:
        return []
    true = [a for a in asked if a.key == TRUE_CODE]
    low, high = TRUE_SHARE
    if low * len(asked) <= len(true) <= high * len(asked):
        return []
    majority = true if len(true) > high * len(asked) else [a for a in asked if a.key != TRUE_CODE]
    word = "true" if majority is true else "false"
    return [f"{share(len(true), len(asked))} true/false keys are true (between {low:.0%} and {high:.0%}); "
            f"turn some of these {word} statements round:\n" + names(majority)
            + "\ntrue keys by chapter:\n"
            + by_chapter(asked, lambda chapter: share(sum(a.key == TRUE_CODE for a in chapter), len(chapter)))]


def longest_key_problems(asked: list[Asked]) -> list[str]:
    if not asked:
        return []
    longest = [a for a in asked if key_is_longest(a.question, a.key)]
    if len(longest) <= LONGEST_KEY_SHARE * len(asked):
        return []
    return [f"the key is the longest option in {share(len(longest), len(asked))} choice questions (at most "
            f"{LONGEST_KEY_SHARE:.0%}); shorten the key or lengthen a wrong option in some of these:\n"
            + names(longest) + "\nby chapter:\n"
            + by_chapter(asked, lambda chapter: share(sum(key_is_longest(a.question, a.key) for a in chapter),
                                                      len(chapter)))]


# ---------------------------------------------------------------------------
# The course


def test_the_course_has_questions_of_every_kind():
    """Guards the tests below against passing on nothing (a scan that found no quiz)."""
    for language in LANGUAGES:
        kinds = Counter(a.question.kind for a in QUESTIONS[language])
        assert all(kinds[kind] >= 4 for kind in QuestionKind), f"{language}: {dict(kinds)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_single_choice_keys_are_spread_over_a_to_d(language):
    problems = single_choice_problems(of_kind(language, QuestionKind.SINGLE))
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_option_is_in_every_multiple_choice_key(language):
    problems = multiple_choice_problems(of_kind(language, QuestionKind.MULTIPLE))
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_true_false_keys_are_balanced(language):
    problems = true_false_problems(of_kind(language, QuestionKind.TRUE_FALSE))
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key_is_seldom_the_longest_option(language):
    choice = [a for a in QUESTIONS[language] if a.question.kind in (QuestionKind.SINGLE, QuestionKind.MULTIPLE)]
    problems = longest_key_problems(choice)
    assert not problems, f"{language}:\n" + "\n".join(problems)


def key_parity_problems(questions: dict[str, list[Asked]]) -> list[str]:
    """Each translation has the original's questions, with the same kinds and keys."""
    original, *translations = questions
    keys = {(a.section, a.number): a for a in questions[original]}
    problems = []
    for language in translations:
        for a in questions[language]:
            first = keys.get((a.section, a.number))
            if first is None:
                problems.append(f"{a.where}: no {original} question with this number")
            elif (first.question.kind, first.key) != (a.question.kind, a.key):
                problems.append(f"{a.where}: key {a.key!r}, but {first.where} has {first.key!r}")
        have = {(a.section, a.number) for a in questions[language]}
        problems += [f"{keys[m].where}: no {language} question with this number" for m in sorted(set(keys) - have)]
    return problems


def test_every_translation_has_the_original_keys():
    problems = key_parity_problems(QUESTIONS)
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------------------
# The rules fail on the patterns they are meant to catch


def made_up(key: str, options: dict[str, str] | None = None, kind=QuestionKind.SINGLE, section="09.01", number=1):
    options = options if options is not None else {letter: "option" for letter in LETTERS}
    question = Question(number, kind, "?", tuple(Option(letter, text) for letter, text in options.items()), 1)
    return Asked(f"{section} Q{number} (made up)", section, number, question, key)


def test_single_choice_rule_names_the_questions_of_an_overused_letter():
    asked = [made_up(key, number=n) for n, key in enumerate("BBBBBBBBAC", 1)]
    problems = single_choice_problems(asked)
    overused = next(p for p in problems if p.startswith("B is the key of 8/10 (80%)"))
    assert "09.01 Q8 (made up)" in overused and "09.01 Q9 (made up)" not in overused
    unused = next(p for p in problems if p.startswith("D is the key of 0/10"))
    assert "the B questions listed above" in unused
    spread_thin = single_choice_problems([made_up(key, number=n) for n, key in enumerate("ABBCCDDDD" "AABBCCDDA", 1)])
    assert spread_thin == [], spread_thin
    assert single_choice_problems([made_up(key, number=n) for n, key in enumerate("ABCDABCD", 1)]) == []


def test_multiple_choice_rule_catches_a_letter_in_every_key():
    asked = [made_up(key, kind=QuestionKind.MULTIPLE, number=n) for n, key in enumerate(["AB", "ABD", "ABC"], 1)]
    problems = multiple_choice_problems(asked)
    assert [p.split(" ")[0] for p in problems] == ["A", "B"]
    assert multiple_choice_problems([made_up(k, kind=QuestionKind.MULTIPLE) for k in ("AB", "CD")]) == []


def test_true_false_rule_names_the_majority():
    asked = [made_up(key, {}, QuestionKind.TRUE_FALSE, number=n) for n, key in enumerate("NNNNY", 1)]
    problems = true_false_problems(asked)
    assert "1/5 (20%) true/false keys are true" in problems[0] and "09.01 Q4 (made up)" in problems[0]
    assert true_false_problems([made_up(k, {}, QuestionKind.TRUE_FALSE) for k in "YNYN"]) == []


def test_length_rule_measures_what_the_reader_sees():
    long_key = made_up("B", {"A": "短", "B": "`--enable_autofuse=true` 加上前缀", "C": "短", "D": "短"})
    assert key_is_longest(long_key.question, "B")
    # Chinese characters are twice as wide as code; backticks are not seen.
    assert visible_width("`ab`") == 2 and visible_width("融合") == 4
    tied = made_up("A", {"A": "same", "B": "same", "C": "x", "D": "y"})
    assert not key_is_longest(tied.question, "A")
    both_long = made_up("AB", {"A": "a long one", "B": "longer one", "C": "short", "D": "tiny"}, QuestionKind.MULTIPLE)
    assert key_is_longest(both_long.question, "AB")
    assert len(longest_key_problems([long_key, long_key, tied])) == 1
    assert longest_key_problems([long_key, tied, tied]) == []


def test_parity_rule_names_a_question_whose_keys_differ():
    zh = [made_up("B", number=1), made_up("C", number=2)]
    en = [made_up("B", number=1), made_up("D", number=2)]
    assert key_parity_problems({"zh": zh, "en": en}) == ["09.01 Q2 (made up): key 'D', but 09.01 Q2 (made up) has 'C'"]
    assert key_parity_problems({"zh": zh, "en": en[:1]}) == ["09.01 Q2 (made up): no en question with this number"]

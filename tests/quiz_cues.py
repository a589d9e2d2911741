"""Cues that give a choice question's key away without the knowledge it tests, measured per language.

A reader who has not learnt the section can still guess well when the key is the option that
stands out: much longer or much shorter than the others, the one that repeats the question's
words (or the one that does not), the only one phrased as a negation (or the only one that is
not), or the one copied word for word from the page.  This module measures each cue on every
choice question of the course, as the quiz engine reads it (`course_site.course.exercises.scan`), in
both directions; tests/test_quiz_cues.py holds the course to the limits below, and running this
file prints the figures per language and chapter:

    .venv/bin/python tests/quiz_cues.py
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as a script: the repository (quizzes) and the test folder (helpers) on the path
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from helpers import DOCS, LANGUAGES, QUIZ_LANGUAGES, course_inventory  # noqa: E402

from course_site.course.exercises import scan  # noqa: E402
from quizzes.model import Question, QuestionKind  # noqa: E402

STANDS_OUT = 1.4  # the key is this many times wider (or narrower) than every other option
SMALLEST_WIDTH = 10  # options narrower than this (a number, a short flag) are not judged by width
ECHO_MARGIN = 2  # the key shares this many more of the question's words than any other option
LONGEST_SHARE = 0.35  # at most this share of keys may be the longest option, and of keys the shortest
MEAN_RANK = (0.35, 0.65)  # the key's mean width rank among the options, 0 shortest to 1 longest
CHAPTER_MEAN_RANK = (0.3, 0.7)  # the same, per chapter
COPIED_RUN = {"zh": 24, "en": 40}  # screen columns of the chapter an option repeats word for word

_MARKUP = re.compile(r"[`*_]")
_CODE = re.compile(r"`[^`]*`")
_STOPWORDS = frozenset("""
a an the of to in on at by for with from as is are be been was were it its this that these those and
or but so than then there their they them which what when where who how why can may will would should
do does did if into out up over under only also just all any each every both either one two three four
""".split())
_NEGATION = {
    "en": re.compile(r"\b(not|never|no|none|cannot|can't|nothing|without|isn't|doesn't|don't|won't|neither)\b",
                     re.IGNORECASE),
    "zh": re.compile(r"不(?!同|少)|没有|无法|无需|未(?!知)|并非|绝非|从未|从不"),
}


@dataclass(frozen=True)
class Choice:
    """One choice question as a reader of one language sees it, with its key and its chapter's prose."""

    where: str  # "03.07 Q3"
    chapter: str  # "03"
    language: str
    question: Question
    key: str  # "B" or "AC"
    prose: str  # the chapter's Markdown cells in this language, exercises left out


def visible_width(markdown: str) -> int:
    """The width an option takes on screen: Markdown marks dropped, a wide (CJK) character counted twice."""
    text = _MARKUP.sub("", markdown)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def words(text: str, language: str) -> set[str]:
    """The content words of a text: Latin words (no stopwords), and for Chinese every pair of
    neighbouring CJK characters, since Chinese has no spaces between words."""
    text = _MARKUP.sub(" ", text)
    found = {w for w in re.findall(r"[a-z][a-z0-9_.-]+", text.lower()) if w not in _STOPWORDS and len(w) > 2}
    if language == "zh":
        for run in re.findall(r"[\u4e00-\u9fff]+", text):
            found |= {run[i:i + 2] for i in range(len(run) - 1)}
    return found


def _split(choice: Choice, values: dict[str, float]) -> tuple[list[float], list[float]]:
    keyed = [values[letter] for letter in choice.key]
    others = [value for letter, value in values.items() if letter not in choice.key]
    return keyed, others


def widths(choice: Choice) -> dict[str, int]:
    return {option.letter: visible_width(option.text) for option in choice.question.options}


def width_rank(choice: Choice) -> float:
    """Where the key's width falls among the options: 0 when every other option is wider, 1 when
    every other option is narrower (ties count half); the mean over key options."""
    keyed, others = _split(choice, widths(choice))
    ranks = [(sum(o < k for o in others) + 0.5 * sum(o == k for o in others)) / len(others) for k in keyed]
    return sum(ranks) / len(ranks)


def is_longest(choice: Choice) -> bool:
    keyed, others = _split(choice, widths(choice))
    return min(keyed) > max(others)


def is_shortest(choice: Choice) -> bool:
    keyed, others = _split(choice, widths(choice))
    return max(keyed) < min(others)


def stands_out_by_width(choice: Choice) -> str | None:
    """'longer' or 'shorter' when the key is STANDS_OUT times wider or narrower than every other option."""
    keyed, others = _split(choice, widths(choice))
    if max(keyed + others) < SMALLEST_WIDTH:
        return None
    if min(keyed) > STANDS_OUT * max(others):
        return "longer"
    if max(keyed) * STANDS_OUT < min(others):
        return "shorter"
    return None


def echo(choice: Choice) -> str | None:
    """'echoes' when the key repeats ECHO_MARGIN more of the question's content words than any other
    option does, 'avoids' when it repeats that many fewer (words all options share do not count)."""
    options = {o.letter: words(o.text, choice.language) for o in choice.question.options}
    shared = set.intersection(*options.values())
    asked = words(choice.question.text, choice.language)
    keyed, others = _split(choice, {letter: len((found - shared) & asked) for letter, found in options.items()})
    if min(keyed) >= max(others) + ECHO_MARGIN:
        return "echoes"
    if max(keyed) + ECHO_MARGIN <= min(others):
        return "avoids"
    return None


def negation(choice: Choice) -> str | None:
    """'only negative' when the key options are the only negated ones, 'only positive' when they are
    the only ones not negated."""
    pattern = _NEGATION[choice.language]
    keyed, others = _split(choice, {o.letter: bool(pattern.search(_CODE.sub("", o.text)))
                                    for o in choice.question.options})
    if all(keyed) and not any(others):
        return "only negative"
    if not any(keyed) and all(others):
        return "only positive"
    return None


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", _MARKUP.sub("", _CODE.sub(" ", text))).strip().lower()


def copied(choice: Choice) -> bool:
    """The key, and no other option, repeats COPIED_RUN visible characters of the chapter's prose
    word for word (code spans left out: a flag or a file name is meant to be repeated)."""
    run = COPIED_RUN[choice.language]
    prose = _plain(choice.prose)

    def repeats(text: str) -> bool:
        plain = _plain(text)
        for start in range(len(plain)):
            end, width = start, 0
            while end < len(plain) and width < run:  # the shortest stretch from here that is `run` columns wide
                width += visible_width(plain[end])
                end += 1
            if width >= run and plain[start:end] in prose:
                return True
        return False

    keyed, others = _split(choice, {o.letter: repeats(o.text) for o in choice.question.options})
    return all(keyed) and not any(others)


# ---------------------------------------------------------------------------
# The course


def _chapter_prose() -> dict[tuple[str, str], str]:
    """(chapter, language) -> the Markdown of the chapter's notebooks in that language, exercises left out."""
    prose: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(DOCS.glob("0*/*.ipynb")):
        language = "en" if path.name.endswith(".en.ipynb") else "zh"
        cells = nbformat.read(path, as_version=4).cells
        prose[(path.parent.name[:2], language)] += [c.source for c in cells
                                                    if c.cell_type == "markdown" and c.get("id") != "exercise"]
    return {key: "\n".join(parts) for key, parts in prose.items()}


def course_choices() -> dict[str, list[Choice]]:
    """Every choice question of the course per language, from the page written in that language."""
    prose = _chapter_prose()
    found: dict[str, list[Choice]] = {code: [] for code in LANGUAGES}
    for page in scan(course_inventory(), QUIZ_LANGUAGES).pages.values():
        for exercise in page.exercises:
            chapter = exercise.section.rsplit("/", 1)[-1].split(".")[0]  # "03_…/03.05" (a course folder's section) -> "03"
            for item in exercise.items:
                if item.question.kind in (QuestionKind.SINGLE, QuestionKind.MULTIPLE):
                    found[page.language].append(Choice(
                        f"{exercise.section} Q{item.question.number}", chapter, page.language, item.question,
                        item.answer.key, prose.get((chapter, page.language), "")))
    for choices in found.values():
        choices.sort(key=lambda c: c.where)
    return found


PER_QUESTION = {"width": stands_out_by_width, "echo": echo, "negation": negation,
                "copied": lambda c: "copied from the chapter" if copied(c) else None}


def question_problems(choices: list[Choice]) -> list[str]:
    """One line per question whose key stands out, naming the cue and the options."""
    problems = []
    for choice in choices:
        for cue, finds in PER_QUESTION.items():
            found = finds(choice)
            if found:
                options = "; ".join(f"{o.letter} ({visible_width(o.text)}): {o.text}" for o in choice.question.options)
                problems.append(f"{choice.language} {choice.where}, key {choice.key}, {cue}: {found}\n    {options}")
    return problems


def distribution_problems(choices: list[Choice]) -> list[str]:
    """The key's width over the course and per chapter: neither systematically long nor short."""
    if not choices:
        return []
    problems = []
    for name, test in (("longest", is_longest), ("shortest", is_shortest)):
        hits = [c.where for c in choices if test(c)]
        if len(hits) > LONGEST_SHARE * len(choices):
            problems.append(f"the key is the {name} option in {len(hits)}/{len(choices)} questions "
                            f"(at most {LONGEST_SHARE:.0%}): {', '.join(hits)}")
    mean = sum(map(width_rank, choices)) / len(choices)
    if not MEAN_RANK[0] <= mean <= MEAN_RANK[1]:
        problems.append(f"mean width rank of the key {mean:.2f}, outside {MEAN_RANK}")
    chapters = defaultdict(list)
    for choice in choices:
        chapters[choice.chapter].append(choice)
    for chapter, group in sorted(chapters.items()):
        rank = sum(map(width_rank, group)) / len(group)
        if not CHAPTER_MEAN_RANK[0] <= rank <= CHAPTER_MEAN_RANK[1]:
            problems.append(f"chapter {int(chapter)}: mean width rank of the key {rank:.2f}, "
                            f"outside {CHAPTER_MEAN_RANK}; lengthen keys or shorten other options in: "
                            + ", ".join(c.where for c in group if width_rank(c) < 0.5 or width_rank(c) > 0.5))
    return problems


def figures(choices: list[Choice]) -> list[str]:
    """The measured figures, one line per chapter and one for the course."""
    chapters = defaultdict(list)
    for choice in choices:
        chapters[choice.chapter].append(choice)
    lines = []
    for label, group in [*((f"chapter {int(k)}", v) for k, v in sorted(chapters.items())), ("course", choices)]:
        count = len(group)
        cues = {cue: sum(bool(finds(c)) for c in group) for cue, finds in PER_QUESTION.items()}
        lines.append(f"{label:>10}: {count:2} questions; key longest {sum(map(is_longest, group))}, "
                     f"shortest {sum(map(is_shortest, group))}, mean width rank "
                     f"{sum(map(width_rank, group)) / count:.2f}; stands out by width {cues['width']}, "
                     f"echo {cues['echo']}, negation {cues['negation']}, copied {cues['copied']}")
    return lines


def main() -> None:
    for language, choices in course_choices().items():
        print(f"[{language}]")
        print("\n".join(figures(choices)))
        for problem in question_problems(choices) + distribution_problems(choices):
            print("  " + problem)


if __name__ == "__main__":
    main()

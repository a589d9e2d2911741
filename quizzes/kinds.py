"""What a short answer is, in one table: each answer kind's normaliser (what an answer of the kind
is compared by) and validator (what an author may write as its accepted forms).

A normaliser is named once here and once in quiz.js, which grades in the browser: the build hands
quiz.js each kind's normaliser by name in the progress data (render.grading_tables), as it hands
it flags.SPEC, so quiz.js never names a kind.  tests/fixtures/quiz/flag_answers.json has right and
wrong answers of every kind, graded by both (tests/test_quiz_flags.py, tests/js/quiz.test.js).
quizzes/README.md, "Adding an answer kind", lists what a new kind needs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from . import flags

# What every kind ignores: exactly the characters of JavaScript's `\s` (ECMAScript 2016 and later),
# written out so that Python and quiz.js remove the same set whatever Unicode version either of
# them follows.  tests/js/quiz.test.js compares the two over the Basic Multilingual Plane.
WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_ENDS = re.compile(f"^[{WHITESPACE}]+|[{WHITESPACE}]+$")


def normalise_answer(text: str) -> str:
    """A short answer as typed, with only the whitespace at its two ends removed: inside, every
    character counts, letter case too.  quiz.js has the same function."""
    return _ENDS.sub("", text)


# -- Normalisers: what a form, without the whitespace at its ends, is compared by ----------------


@dataclass(frozen=True)
class Normaliser:
    compare: Callable[[str, str], str]  # (form, kind) -> what it is compared by
    same: str  # how two forms that compare equal are one answer, for the author's error ({kind})
    # (answer, key, kind) -> why an answer reads otherwise than the key (flags.REASONS), if it can tell
    reasons: Callable[[str, str, str], list] | None = None


def _as_path(text: str, kind: str) -> str:
    return text[:-1] if len(text) > 1 and text.endswith("/") else text


NORMALISERS = {
    "text": Normaliser(lambda text, kind: text, "once the whitespace at its ends is removed"),
    "path": Normaliser(_as_path, "as a path (one trailing `/` is the same)"),
    "flags": Normaliser(flags.canonical, "as GE reads {kind} (quizzes/flags.py)", flags.reasons),
}


# -- Validators: why GE or a reader could not take a form as written (None: they can) ------------


@dataclass(frozen=True)
class Refused:
    problem: str
    expected: str


def _plain(form: str, kind: str, kind_label: str) -> Refused | None:
    """A flag string must say which variable it is the value of, or it would be compared as text."""
    if flags.looks_like_flags(normalise_answer(form)):
        return Refused(f"`{form}` is a flag string, but the answer declares no variable (its kind is {kind})",
                       f"a kind line `{kind_label}{flags.FLAGS}` or `{kind_label}{flags.DFX_FLAGS}` right after the key")
    return None


def _absolute_path(form: str, kind: str, kind_label: str) -> Refused | None:
    text = normalise_answer(form)
    if _plain(form, kind, kind_label) or text.startswith("/") and not any(c.isspace() for c in text):
        return _plain(form, kind, kind_label)
    return Refused(f"`{form}` is declared a path but is not an absolute path without spaces",
                   "a path such as `/tmp/af_debug`")


def _flag_string(form: str, kind: str, kind_label: str) -> Refused | None:
    problems = flags.key_problems(normalise_answer(form), kind)
    if problems:
        return Refused(f"GE would not read `{form}` as the {kind} it is declared to be: " + "; ".join(problems),
                       f"items `--name=value` of {kind}, separated by `;` without spaces (quizzes/flags.py)")
    return None


VALIDATORS: dict[str, Callable[[str, str, str], Refused | None]] = {
    "plain": _plain, "absolute_path": _absolute_path, "flag_string": _flag_string,
}


# -- The kinds ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    normaliser: str  # a key of NORMALISERS, and of quiz.js's NORMALISERS
    validator: str  # a key of VALIDATORS
    # Written in the author's language, with the words of the strings tables' quiz.answer_kinds
    # (类型：路径, Kind: path); otherwise as named (类型：AUTOFUSE_FLAGS).
    worded: bool


TEXT = "text"
PATH = "path"
KINDS = {
    TEXT: Kind("text", "plain", worded=True),
    PATH: Kind("path", "absolute_path", worded=True),
    flags.FLAGS: Kind("flags", "flag_string", worded=False),
    flags.DFX_FLAGS: Kind("flags", "flag_string", worded=False),
}
WORDED = tuple(kind for kind, spec in KINDS.items() if spec.worded)
NAMED = tuple(kind for kind, spec in KINDS.items() if not spec.worded)


def normaliser(kind: str) -> Normaliser:
    return NORMALISERS[KINDS[kind].normaliser]


def compared(text: str, kind: str = TEXT) -> str:
    """What a short answer of `kind` is compared by."""
    return normaliser(kind).compare(normalise_answer(text), kind)


def grade(answer: str, forms, kind: str = TEXT) -> tuple[bool, str | None]:
    """Whether `answer` is one of the accepted `forms` of a short answer of `kind`, and the first
    reason (flags.REASONS) its normaliser knows why it reads otherwise than the key (the first form)."""
    right = compared(answer, kind) in {compared(form, kind) for form in forms}
    why = normaliser(kind).reasons
    found = why(normalise_answer(answer), normalise_answer(forms[0]), kind) if why else []
    return right, found[0].code if found else None


def refused(form: str, kind: str, kind_label: str) -> Refused | None:
    """Why an author's accepted form of `kind` cannot be taken as written; `kind_label` is the kind
    line's label as the author's language writes it (`类型：`)."""
    return VALIDATORS[KINDS[kind].validator](form, kind, kind_label)


def grading_table() -> dict[str, str]:
    """Each kind's normaliser by name, for quiz.js."""
    return {kind: spec.normaliser for kind, spec in KINDS.items()}

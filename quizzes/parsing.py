"""Pure parsers for an exercise's question list and its answer file.

Text in, model out, or an ExerciseError that names the source and the question,
quotes the bad line and lists the accepted forms.  No file access and no HTML
here; quizzes/README.md documents every accepted form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import ExerciseError
from .model import FALSE_CODE, TRUE_CODE, Answer, Option, Question, QuestionBlock, QuestionKind

KIND_MARKERS = {
    "判断题": QuestionKind.TRUE_FALSE,
    "单选题": QuestionKind.SINGLE,
    "多选题": QuestionKind.MULTIPLE,
    # English markers are compared case-insensitively.
    "true/false": QuestionKind.TRUE_FALSE,
    "single choice": QuestionKind.SINGLE,
    "multiple choice": QuestionKind.MULTIPLE,
}
MARKER_FORMS = "（判断题） （单选题） （多选题） (True/False) (Single choice) (Multiple choice)"
QUESTION_FORM = "a line such as `1. （判断题）…` or `1. (True/False) …`, numbered 1, 2, 3… with a space after the dot"
OPTION_FORM = "option lines `A. …`, `B. …` (indented, or as nested bullets `   - A. …`), in order from A"
MAX_OPTION = "H"

TRUE_FORMS = ("√", "✓", "✔", "对", "正确", "True")
FALSE_FORMS = ("×", "✗", "✘", "✕", "错", "错误", "False")
KEY_FORMS = (
    "√ or × (also ✓ ✔ 对 正确 True / ✗ ✘ ✕ 错 错误 False) for (判断题); one letter such as `B` for (单选题); "
    "two or more letters such as `A、B、C`, `A, B, C`, `A,B,C` or `A，B，C` for (多选题)"
)
ENTRY_FORM = "`N. <answer>` on one line, `解析：…` or `Explanation: …` on the next, and a blank line before the next entry"

# Up to three spaces of indentation, like a Markdown list item; the space after the dot is required
# because without it Markdown renders no list.
_QUESTION = re.compile(r"^ {0,3}(?P<number>\d{1,3})\.[ \t]+(?P<rest>.*)$")
_MARKER = re.compile(r"^[（(](?P<marker>[^（()）]{1,24})[）)][ \t]*(?P<text>.*)$")
# A line that was meant as a question but is not in the accepted form ("1.（判断题）", "1、（单选题）").
_QUESTION_NEAR_MISS = re.compile(
    r"^[ \t]*\d{1,3}[ \t]*[.．、]?[ \t]*[（(][ \t]*(判断题|单选题|多选题|true/false|single choice|multiple choice)",
    re.IGNORECASE,
)
_OPTION = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?(?P<letter>[A-Z])(?:\.[ \t]+|．[ \t]*)(?P<text>\S.*)$")

_ANSWER_HEAD = re.compile(r"^[ \t]*(?P<number>\d{1,3})[ \t]*[.．][ \t]*(?P<key>.*?)[ \t]*$")
_EXPLANATION = re.compile(r"^[ \t]*(?:解析|Explanation)[ \t]*[:：][ \t]*(?P<text>.*?)[ \t]*$", re.IGNORECASE)
_LETTER_KEY = re.compile(r"^[A-Z](?:[ \t]*[、,，][ \t]*[A-Z])*$")


def split_lines(text: str) -> list[str]:
    """Lines without their endings; a leading byte-order mark is dropped."""
    return text.removeprefix("\ufeff").splitlines()


def kind_of(marker: str) -> QuestionKind | None:
    marker = " ".join(marker.split())
    return KIND_MARKERS.get(marker) or KIND_MARKERS.get(marker.lower())


def starts_with_kind_marker(text: str) -> bool:
    """True for the text of a rendered question, e.g. "（单选题）Which…"."""
    marker = _MARKER.match(text.strip())
    return bool(marker and kind_of(marker["marker"]))


# ---------------------------------------------------------------------------
# Questions


@dataclass
class _Draft:
    number: int
    kind: QuestionKind
    line_index: int
    text: list[str]
    options: list[list[str]] = field(default_factory=list)  # [letter, text lines...]

    def question(self, source: str) -> Question:
        text = "\n".join(self.text).strip()
        if not text:
            raise ExerciseError(
                source, "the question has a type marker but no text", question=self.number,
                line_number=self.line_index + 1, expected=QUESTION_FORM,
            )
        if self.kind is not QuestionKind.TRUE_FALSE and len(self.options) < 2:
            found = "one option" if self.options else "no options"
            raise ExerciseError(
                source, f"a {self.kind.label} question needs at least two options; found {found}",
                question=self.number, line_number=self.line_index + 1, expected=OPTION_FORM,
            )
        options = tuple(Option(letter, "\n".join(lines).strip()) for letter, *lines in self.options)
        return Question(self.number, self.kind, text, options, self.line_index + 1)


def parse_questions(text: str, source: str) -> QuestionBlock | None:
    """Find the exercise's numbered question list in Markdown text.

    Returns None when the text has no question with a type marker.  The list starts
    at the first such question and ends at the first unindented line after a blank
    line (Markdown's own rule); the text around it is left to the page.
    """
    lines = split_lines(text)
    start = _first_question(lines, source)
    if start is None:
        return None
    questions: list[Question] = []
    draft: _Draft | None = None
    last = start
    previous_blank = False
    for index in range(start, len(lines)):
        line = lines[index]
        if not line.strip():
            previous_blank = True
            continue
        indented = line[0] in " \t"
        heading = _QUESTION.match(line)
        option = _OPTION.match(line)
        if not heading and _QUESTION_NEAR_MISS.match(line):
            raise _near_miss(index, line, source)
        if heading:
            if draft:
                questions.append(draft.question(source))
            draft = _start_question(heading, index, line, len(questions) + 1, source)
        elif option and (indented or not previous_blank):
            _add_option(draft, option, index, line, source)
        elif indented or not previous_blank:
            # A wrapped line (indented, or Markdown's lazy continuation) belongs to what precedes it.
            target = draft.options[-1] if draft.options else draft.text
            target.append(line.strip())
        else:
            break
        last = index
        previous_blank = False
    questions.append(draft.question(source))
    _reject_stray_questions(lines, last + 1, source)
    return QuestionBlock(tuple(questions), start, last + 1)


def _first_question(lines: list[str], source: str) -> int | None:
    for index, line in enumerate(lines):
        heading = _QUESTION.match(line)
        if heading:
            marker = _MARKER.match(heading["rest"].strip())
            if marker and kind_of(marker["marker"]):
                return index
        if _QUESTION_NEAR_MISS.match(line):
            raise _near_miss(index, line, source)
    return None


def _near_miss(index: int, line: str, source: str) -> ExerciseError:
    return ExerciseError(
        source, "this looks like a question but is not in the accepted form",
        line_number=index + 1, line=line, expected=QUESTION_FORM,
    )


def _start_question(heading: re.Match, index: int, line: str, expected_number: int, source: str) -> _Draft:
    number = int(heading["number"])
    marker = _MARKER.match(heading["rest"].strip())
    kind = kind_of(marker["marker"]) if marker else None
    if kind is None:
        raise ExerciseError(
            source, "a numbered line inside the question list has no known type marker",
            question=number, line_number=index + 1, line=line, expected=f"one of {MARKER_FORMS} after the number",
        )
    if number != expected_number:
        problem = "repeats an earlier number" if number < expected_number else "skips a number"
        raise ExerciseError(
            source, f"question number {number} {problem}; questions are numbered 1, 2, 3… in order",
            question=number, line_number=index + 1, line=line, expected=f"question {expected_number} here",
        )
    return _Draft(number, kind, index, [marker["text"]])


def _add_option(draft: _Draft, option: re.Match, index: int, line: str, source: str) -> None:
    letter = option["letter"]
    if draft.kind is QuestionKind.TRUE_FALSE:
        raise ExerciseError(
            source, "a true/false question takes no options", question=draft.number,
            line_number=index + 1, line=line, expected="（单选题）/(Single choice) or （多选题）/(Multiple choice) for a question with options",
        )
    expected = chr(ord("A") + len(draft.options))
    if letter != expected or letter > MAX_OPTION:
        problem = (
            f"option {letter} is out of order or repeated" if letter <= MAX_OPTION
            else f"options run from A to {MAX_OPTION} at most"
        )
        raise ExerciseError(
            source, problem, question=draft.number, line_number=index + 1, line=line,
            expected=f"option {expected} next; {OPTION_FORM}",
        )
    draft.options.append([letter, option["text"]])


def _reject_stray_questions(lines: list[str], after: int, source: str) -> None:
    """A typed question after the list has ended would silently fall out of the quiz."""
    for index in range(after, len(lines)):
        heading = _QUESTION.match(lines[index])
        marker = _MARKER.match(heading["rest"].strip()) if heading else None
        if not heading and _QUESTION_NEAR_MISS.match(lines[index]):
            raise _near_miss(index, lines[index], source)
        if marker and kind_of(marker["marker"]):
            raise ExerciseError(
                source, "this question is separated from the question list by unindented text",
                question=int(heading["number"]), line_number=index + 1,
                line=lines[index], expected="one contiguous numbered list; indent text that belongs to a question",
            )


# ---------------------------------------------------------------------------
# Answers


def parse_key(raw: str) -> str | None:
    """The answer key code ("Y", "N", "B", "ABC") for an accepted form, else None."""
    if raw in TRUE_FORMS or raw.lower() == "true":
        return TRUE_CODE
    if raw in FALSE_FORMS or raw.lower() == "false":
        return FALSE_CODE
    if _LETTER_KEY.match(raw):
        letters = re.findall(r"[A-Z]", raw)
        if len(set(letters)) == len(letters) and max(letters) <= MAX_OPTION:
            return "".join(sorted(letters))
    return None


def parse_answers(text: str, source: str) -> tuple[Answer, ...]:
    """Parse an answer file: entries `N. key` + `解析：…`, separated by blank lines."""
    lines = split_lines(text)
    answers: dict[int, Answer] = {}
    for group in _groups(lines):
        answer = _parse_entry(lines, group, source)
        if answer.number in answers:
            raise ExerciseError(
                source, f"question {answer.number} is answered twice (lines {answers[answer.number].line} and {answer.line})",
                question=answer.number, line_number=answer.line, line=lines[answer.line - 1],
                expected="one entry per question",
            )
        answers[answer.number] = answer
    if not answers:
        raise ExerciseError(source, "the answer file has no entries", expected=ENTRY_FORM)
    return tuple(answers.values())


def _groups(lines: list[str]) -> list[list[int]]:
    groups: list[list[int]] = []
    current: list[int] = []
    for index, line in enumerate(lines):
        if line.strip():
            current.append(index)
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def _parse_entry(lines: list[str], group: list[int], source: str) -> Answer:
    first, *rest = group
    head = _ANSWER_HEAD.match(lines[first])
    if not head:
        raise ExerciseError(
            source, "an entry must start with the question number and the answer",
            line_number=first + 1, line=lines[first], expected=ENTRY_FORM,
        )
    number = int(head["number"])
    key = parse_key(head["key"])
    if key is None:
        raise ExerciseError(
            source, f"{head['key']!r} is not an accepted answer", question=number,
            line_number=first + 1, line=lines[first], expected=KEY_FORMS,
        )
    explanation = _EXPLANATION.match(lines[rest[0]]) if rest else None
    if not explanation or not explanation["text"]:
        bad = rest[0] if rest else first
        raise ExerciseError(
            source, "the answer needs an explanation on the next line", question=number,
            line_number=bad + 1, line=lines[bad], expected="`解析：…` or `Explanation: …` right after the answer line",
        )
    text = [explanation["text"]]
    for index in rest[1:]:
        follow = _ANSWER_HEAD.match(lines[index])
        if follow and parse_key(follow["key"]):
            raise ExerciseError(
                source, "a new entry starts without a blank line before it", question=int(follow["number"]),
                line_number=index + 1, line=lines[index], expected=ENTRY_FORM,
            )
        text.append(lines[index].strip())
    return Answer(number, key, "\n".join(text), first + 1)

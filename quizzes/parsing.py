"""Pure parsers for an exercise's question list and its answer file.

Text in, model out, or an ExerciseError that names the source and the question,
quotes the bad line and lists the accepted forms.  No file access and no HTML
here.  The words (type markers, true/false words, labels) are those of the page's
language, a QuizLanguage (language.py); quizzes/README.md documents every accepted form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import kinds
from .errors import ExerciseError, shortened
from .language import QuizLanguage
from .kinds import TEXT, compared, normalise_answer
from .model import FALSE_CODE, TRUE_CODE, Answer, Option, Question, QuestionBlock, QuestionKind

QUESTION_FORM = "a line such as `1. {marker}…`, numbered 1, 2, 3… with a space after the dot"
OPTION_FORM = "option lines `A. …`, `B. …` (indented, or as nested bullets `   - A. …`), in order from A"
MAX_OPTION = "H"

# Up to three spaces of indentation, like a Markdown list item; the space after the dot is required
# because without it Markdown renders no list.
_QUESTION = re.compile(r"^(?P<number_at> {0,3})(?P<number>[0-9]{1,3})\.(?P<gap>[ \t]+)(?P<rest>.*)$")
_MARKER = re.compile(r"^[（(](?P<marker>[^（()）]{1,24})[）)][ \t]*(?P<text>.*)$")
_MARKER_HEAD = re.compile(r"^[（(](?P<marker>[^（()）]{1,24})[）)]")
_OPTION = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?(?P<letter>[A-Z])(?:\.[ \t]+|．[ \t]*)(?P<text>\S.*)$")
# Lines that start a Markdown block even straight after a paragraph line: indented less than the
# question's text, one of these ends the list item, and with it the question list.
_BLOCK_START = re.compile(r"^[ \t]*(?:[-*+](?:[ \t]|$)|`{3,}|~{3,}|>|#{1,6}(?:[ \t]|$))")
_FENCE_OPEN = re.compile(r"^ {0,3}(?P<fence>`{3,}(?=[^`]*$)|~{3,})")
_ANY_FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")

_ANSWER_HEAD = re.compile(r"^[ \t]*(?P<number>[0-9]{1,3})[ \t]*[.．][ \t]*(?P<key>.*?)[ \t]*$")
# Letters of any option, A to Z, so that a letter past the last option gets its own message.
_LETTER_KEY = re.compile(r"^[A-Z](?:[ \t]*[、,，][ \t]*[A-Z])*$")
_BACKTICKS = re.compile(r"`+")


def _alternatives(words) -> str:
    return "|".join(re.escape(" ".join(word.split())).replace("\\ ", r"[ \t]+") for word in words)


@lru_cache(maxsize=None)
def _near_miss(marker_words: tuple[str, ...]) -> re.Pattern:
    """A line that was meant as a question but is not in the accepted form ("1.（判断题）", "1、（单选题）")."""
    # Spaces include the ideographic and no-break ones a Chinese input method types (review U1).
    return re.compile(
        r"^[ \t\u3000\u00a0]*\d{1,3}[ \t\u3000\u00a0]*[.．、]?[ \t\u3000\u00a0]*[（(][ \t\u3000\u00a0]*(%s)"
        % _alternatives(marker_words), re.IGNORECASE
    )


@lru_cache(maxsize=None)
def _labelled(labels: tuple[str, ...], name: str) -> re.Pattern:
    """A line `<label>：text` (either colon, any letter case)."""
    return re.compile(r"^[ \t]*(?:%s)[ \t]*[:：][ \t]*(?P<%s>.*?)[ \t]*$" % (_alternatives(labels), name), re.IGNORECASE)


def _near_miss_of(language: QuizLanguage) -> re.Pattern:
    return _near_miss(tuple(language.marker_word(m) for forms in language.markers.values() for m in forms))


def _explanation_of(language: QuizLanguage) -> re.Pattern:
    return _labelled(language.explanation_labels, "text")


def _also_of(language: QuizLanguage) -> re.Pattern:
    return _labelled(language.also_labels, "forms")


def _kind_line_of(language: QuizLanguage) -> re.Pattern:
    return _labelled(language.kind_labels, "kind")


def kind_form(language: QuizLanguage) -> str:
    return (f"`{language.kind_shown[0]}` followed by one of {language.kind_forms}, on the line right after the key "
            "of a short answer")


def question_form(language: QuizLanguage) -> str:
    return QUESTION_FORM.format(marker=language.marker(QuestionKind.TRUE_FALSE))


def key_forms(language: QuizLanguage) -> str:
    """Every accepted answer key, for messages."""
    single, multiple = language.marker(QuestionKind.SINGLE), language.marker(QuestionKind.MULTIPLE)
    return (
        f"{language.true_false_forms} for {language.marker(QuestionKind.TRUE_FALSE)}; one letter such as `B` for "
        f"{single}; two or more letters such as `A、B、C`, `A, B, C`, `A,B,C` or `A，B，C` for {multiple}; "
        f"the answer in backticks such as `--enable_autofuse=true` for {language.marker(QuestionKind.SHORT_ANSWER)}"
    )


def short_key_form(language: QuizLanguage) -> str:
    return (
        "the answer as one code span, as in `4. `--enable_autofuse=true``; more accepted forms go on the next line, "
        f"as in `{language.also_shown[0]}`…`、`…``"
    )


def also_form(language: QuizLanguage) -> str:
    labels = " or ".join(f"`{label.strip()}`" for label in language.also_shown)
    return (
        f"{labels} followed by one or more code spans, as in `{language.also_shown[0]}`a`、`b``, "
        "right after the key line of a short answer"
    )


def explanation_form(language: QuizLanguage) -> str:
    return " or ".join(f"`{label}…`" for label in language.explanation_shown)


def entry_form(language: QuizLanguage) -> str:
    return (
        f"`N. <answer>` on one line, {explanation_form(language)} on the next (for a short answer, an optional "
        f"`{language.also_shown[0]}…` line between them), and a blank line before the next entry"
    )


def split_lines(text: str) -> list[str]:
    """Lines without their endings; a leading byte-order mark is dropped."""
    return text.removeprefix("\ufeff").splitlines()


def starts_with_kind_marker(text: str, language: QuizLanguage) -> bool:
    """True for the text of a rendered question, e.g. "（单选题）Which…", however many lines
    follow it (its options, a code block)."""
    marker = _MARKER_HEAD.match(text.lstrip())
    return bool(marker and language.kind_of(marker["marker"]))


def _indent(line: str) -> int:
    """Columns of leading whitespace, a tab advancing to the next multiple of four (CommonMark)."""
    return len(line[: len(line) - len(line.lstrip(" \t"))].expandtabs(4))


def _dedent(line: str, columns: int) -> str:
    """The line without up to `columns` columns of indentation, and without trailing whitespace."""
    body = line.lstrip(" \t")
    width = len(line[: len(line) - len(body)].expandtabs(4))
    return (" " * max(width - columns, 0) + body).rstrip()


# ---------------------------------------------------------------------------
# Questions


@dataclass
class _Fence:
    char: str
    length: int
    line_index: int
    line: str

    def closed_by(self, text: str) -> bool:
        closing = re.match(r"^ {0,3}(`{3,}|~{3,})[ \t]*$", text)
        return bool(closing and closing[1][0] == self.char and len(closing[1]) >= self.length)


@dataclass(frozen=True)
class _Source:
    """The text being read: its name in messages, and its language's words."""

    name: str
    language: QuizLanguage

    def error(self, problem: str, **details) -> ExerciseError:
        return ExerciseError(self.name, problem, **details)


@dataclass
class _Draft:
    number: int
    kind: QuestionKind
    line_index: int
    indent: int  # the column the question's text starts at: continuation lines sit there or deeper
    text: list[str]
    options: list[list[str]] = field(default_factory=list)  # [letter, text lines...]
    fence: _Fence | None = None  # a fenced block of the question text, still open

    def question(self, source: _Source) -> Question:
        if self.fence:
            raise _unclosed_fence(self, source)
        text = "\n".join(self.text).strip()
        if not text:
            raise source.error(
                "the question has a type marker but no text", question=self.number,
                line_number=self.line_index + 1, expected=question_form(source.language),
            )
        if self.kind in (QuestionKind.SINGLE, QuestionKind.MULTIPLE) and len(self.options) < 2:
            found = "one option" if self.options else "no options"
            raise source.error(
                f"a {source.language.kind_label(self.kind)} question needs at least two options; found {found}",
                question=self.number, line_number=self.line_index + 1, expected=OPTION_FORM,
            )
        options = tuple(Option(letter, "\n".join(lines).strip()) for letter, *lines in self.options)
        return Question(self.number, self.kind, text, options, self.line_index + 1)


def parse_questions(text: str, source: str, language: QuizLanguage) -> QuestionBlock | None:
    """Find the exercise's numbered question list in Markdown text written in `language`.

    Returns None when the text has no question with a type marker.  The list starts
    at the first such question and ends at the first unindented line after a blank
    line (Markdown's own rule); the text around it is left to the page.  A question's
    text goes on over the lines indented to where its text starts (blank lines and
    fenced blocks included), as in a Markdown list item.
    """
    at = _Source(source, language)
    lines = split_lines(text)
    fenced = _fenced_lines(lines)
    start = _first_question(lines, fenced, at)
    near_miss = _near_miss_of(language)
    # A question above the first one found is named itself, not blamed on the next (review U1).
    for index in range(0, len(lines) if start is None else start):
        if index not in fenced and near_miss.match(lines[index]):
            raise _not_a_question(index, lines[index], at)
    if start is None:
        return None
    questions: list[Question] = []
    draft: _Draft | None = None
    last = start
    blanks = 0
    for index in range(start, len(lines)):
        line = lines[index]
        if not line.strip():
            blanks += 1
            continue
        if draft and draft.fence:
            _continue_fence(draft, index, line, blanks, at)
        else:
            heading = _QUESTION.match(line)
            if heading and draft and _indent(line) >= draft.indent and not _typed(heading, language):
                heading = None  # a numbered list inside the question's text
            if not heading and near_miss.match(line):
                raise _not_a_question(index, line, at)
            if heading:
                if draft:
                    questions.append(draft.question(at))
                draft = _start_question(heading, index, line, len(questions) + 1, at)
            elif blanks and _indent(line) == 0:
                break
            else:
                _continue_question(draft, index, line, blanks, at)
        last = index
        blanks = 0
    questions.append(draft.question(at))
    _reject_stray_questions(lines, fenced, last + 1, at)
    return QuestionBlock(tuple(questions), start, last + 1)


def untyped_question_list(text: str, source: str, language: QuizLanguage) -> ExerciseError | None:
    """When `text` has no typed question but a numbered list starting at 1 (outside code blocks),
    the error to report: an exercise whose author forgot the type markers, or mistyped them all."""
    lines = split_lines(text)
    fenced = _fenced_lines(lines)
    for index, line in enumerate(lines):
        heading = _QUESTION.match(line)
        if index not in fenced and heading and int(heading["number"]) == 1:
            return _without_marker(heading, index, line, _Source(source, language))
    return None


def _typed(heading: re.Match, language: QuizLanguage) -> bool:
    marker = _MARKER.match(heading["rest"].strip())
    return bool(marker and language.kind_of(marker["marker"]))


def _fenced_lines(lines: list[str]) -> set[int]:
    """Lines inside fenced code blocks (the fences included), at any indentation.

    Used outside the question list only, to skip code that shows an exercise as an
    example; inside the list, the question's own indentation decides.
    """
    inside: set[int] = set()
    fence = None
    for index, line in enumerate(lines):
        found = _ANY_FENCE.match(line)
        if fence is None and found:
            fence = found["fence"]
            inside.add(index)
        elif fence is not None:
            inside.add(index)
            if found and found["fence"][0] == fence[0] and len(found["fence"]) >= len(fence) \
                    and not line.strip().strip(fence[0]):
                fence = None
    return inside


def _first_question(lines: list[str], fenced: set[int], source: _Source) -> int | None:
    near_miss = _near_miss_of(source.language)
    for index, line in enumerate(lines):
        if index in fenced:
            continue
        heading = _QUESTION.match(line)
        if heading and _typed(heading, source.language):
            number = int(heading["number"])
            if number > 1:
                _blame_an_earlier_question(lines, fenced, index, number, source)
            return index
        if near_miss.match(line):
            raise _not_a_question(index, line, source)
    return None


def _blame_an_earlier_question(lines: list[str], fenced: set[int], first: int, number: int, source: _Source) -> None:
    """The first typed question is not question 1.  When the list above it starts with a numbered
    line 1 whose marker is mistyped or missing, that line is the one to fix, not this one."""
    for index in range(first - 1, -1, -1):
        heading = _QUESTION.match(lines[index])
        if index in fenced or not heading:
            continue
        if int(heading["number"]) == 1:
            raise _without_marker(heading, index, lines[index], source)


def _without_marker(heading: re.Match, index: int, line: str, source: _Source) -> ExerciseError:
    number = int(heading["number"])
    marker = _MARKER.match(heading["rest"].strip())
    if marker:
        problem = f"the type marker {marker.group(0)[: marker.start('text')].strip()!r} is not one this language knows"
    else:
        problem = "the question has no type marker, so the list is not read as an exercise"
    return source.error(problem, question=number, line_number=index + 1, line=line,
                        expected=f"one of {source.language.marker_forms} right after the number")


def _not_a_question(index: int, line: str, source: _Source) -> ExerciseError:
    return source.error(
        "this looks like a question but is not in the accepted form",
        line_number=index + 1, line=line, expected=question_form(source.language),
    )


def _start_question(heading: re.Match, index: int, line: str, expected_number: int, source: _Source) -> _Draft:
    number = int(heading["number"])
    marker = _MARKER.match(heading["rest"].strip())
    kind = source.language.kind_of(marker["marker"]) if marker else None
    if kind is None:
        raise source.error(
            "a numbered line inside the question list has no known type marker",
            question=number, line_number=index + 1, line=line,
            expected=f"one of {source.language.marker_forms} after the number",
        )
    if number != expected_number:
        problem = "repeats an earlier number" if number < expected_number else "skips a number"
        raise source.error(
            f"question number {number} {problem}; questions are numbered 1, 2, 3… in order",
            question=number, line_number=index + 1, line=line, expected=f"question {expected_number} here",
        )
    # CommonMark: the text starts after the number, the dot and 1 to 4 spaces (5 or more count as 1).
    head = len(heading["number_at"]) + len(heading["number"]) + 1
    gap = len(line[: heading.start("rest")].expandtabs(4)) - head
    return _Draft(number, kind, index, head + (gap if gap <= 4 else 1), [marker["text"]])


def _continue_question(draft: _Draft, index: int, line: str, blanks: int, source: _Source) -> None:
    """A line after the question's first: more text, an option, or more of the last option."""
    indent = _indent(line)
    # After a blank line only indented lines stay in the list item; straight after a text line,
    # so does any line (Markdown's lazy continuation) except one that starts a block of its own.
    if indent < draft.indent and (blanks or _BLOCK_START.match(line)):
        raise source.error(
            f"this line is indented {indent} spaces, less than the {draft.indent} at which the question's "
            "text starts, so Markdown ends the question list here",
            question=draft.number, line_number=index + 1, line=line,
            expected=f"lines that belong to question {draft.number} indented by {draft.indent} spaces or more",
        )
    option = _OPTION.match(line)
    if option:
        _add_option(draft, option, index, line, source)
    elif draft.options:
        if _FENCE_OPEN.match(_dedent(line, draft.indent)):
            raise source.error(
                "a code block after the options would be read as part of the last option",
                question=draft.number, line_number=index + 1, line=line,
                expected="the code block in the question's text, above its options",
            )
        # A wrapped option: one paragraph of inline Markdown.
        draft.options[-1].append(line.strip())
    else:
        text = _dedent(line, draft.indent)
        draft.text.extend([""] * blanks)
        draft.text.append(text)
        opening = _FENCE_OPEN.match(text)
        if opening:
            draft.fence = _Fence(opening["fence"][0], len(opening["fence"]), index, line)


def _continue_fence(draft: _Draft, index: int, line: str, blanks: int, source: _Source) -> None:
    """A line inside a fenced block of the question's text: kept as written, up to its closing fence."""
    if _indent(line) < draft.indent:
        raise _unclosed_fence(draft, source)
    text = _dedent(line, draft.indent)
    draft.text.extend([""] * blanks)
    draft.text.append(text)
    if draft.fence.closed_by(text):
        draft.fence = None


def _unclosed_fence(draft: _Draft, source: _Source) -> ExerciseError:
    return source.error(
        "the code block that opens here is not closed inside the question", question=draft.number,
        line_number=draft.fence.line_index + 1, line=draft.fence.line,
        expected=f"a closing {draft.fence.char * draft.fence.length} line, indented like the opening one, "
        f"before the text that follows question {draft.number}",
    )


def _with_options(language: QuizLanguage) -> str:
    return f"{language.marker(QuestionKind.SINGLE)} or {language.marker(QuestionKind.MULTIPLE)} for a question with options"


def _add_option(draft: _Draft, option: re.Match, index: int, line: str, source: _Source) -> None:
    letter = option["letter"]
    if draft.kind is QuestionKind.TRUE_FALSE:
        raise source.error(
            "a true/false question takes no options", question=draft.number,
            line_number=index + 1, line=line, expected=_with_options(source.language),
        )
    if draft.kind is QuestionKind.SHORT_ANSWER:
        raise source.error(
            "a short-answer question takes no options: the reader types the answer", question=draft.number,
            line_number=index + 1, line=line,
            expected=f"{_with_options(source.language)}; text that only looks like an option goes in a code block",
        )
    expected = chr(ord("A") + len(draft.options))
    if letter != expected or letter > MAX_OPTION:
        problem = (
            f"option {letter} is out of order or repeated" if letter <= MAX_OPTION
            else f"options run from A to {MAX_OPTION} at most"
        )
        raise source.error(
            problem, question=draft.number, line_number=index + 1, line=line,
            expected=f"option {expected} next; {OPTION_FORM}",
        )
    draft.options.append([letter, option["text"]])


def _reject_stray_questions(lines: list[str], fenced: set[int], after: int, source: _Source) -> None:
    """A typed question after the list has ended would silently fall out of the quiz."""
    near_miss = _near_miss_of(source.language)
    for index in range(after, len(lines)):
        if index in fenced:
            continue
        heading = _QUESTION.match(lines[index])
        if not heading and near_miss.match(lines[index]):
            raise _not_a_question(index, lines[index], source)
        if heading and _typed(heading, source.language):
            raise source.error(
                "this question is separated from the question list by unindented text",
                question=int(heading["number"]), line_number=index + 1,
                line=lines[index], expected="one contiguous numbered list; indent text that belongs to a question",
            )


# ---------------------------------------------------------------------------
# Answers


def parse_key(raw: str, language: QuizLanguage) -> str | None:
    """The answer key code ("Y", "N", "B", "ABC") for an accepted form, else None.

    Letters run from A to Z here, so that a letter past the last possible option is reported
    as such (`_parse_entry`) rather than as a key in no accepted form."""
    truth = language.truth(raw)
    if truth is not None:
        return TRUE_CODE if truth else FALSE_CODE
    if _LETTER_KEY.match(raw):
        letters = re.findall(r"[A-Z]", raw)
        if len(set(letters)) == len(letters):
            return "".join(sorted(letters))
    return None


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    content: str


def code_spans(text: str) -> list[_Span] | None:
    """The CommonMark code spans of one line, or None when a run of backticks is left open.

    A span opens with a run of backticks and closes with the next run of the same length;
    one space is dropped from each end of its content when both ends have one (so that
    `` `a` `` can hold a backtick).
    """
    spans = []
    position = 0
    while True:
        opening = _BACKTICKS.search(text, position)
        if opening is None:
            return spans
        run = len(opening[0])
        closing = next((m for m in _BACKTICKS.finditer(text, opening.end()) if len(m[0]) == run), None)
        if closing is None:
            return None
        content = text[opening.end() : closing.start()]
        if len(content) >= 2 and content[0] == content[-1] == " " and content.strip(" "):
            content = content[1:-1]
        spans.append(_Span(opening.start(), closing.end(), content))
        position = closing.end()


def _short_key(raw: str, number: int, line_index: int, line: str, source: _Source) -> str:
    spans = code_spans(raw)
    if raw.strip("`") == "":
        problem = "the short-answer key is an empty code span"
    elif spans is None:
        problem = "a backtick of the short-answer key is not closed"
    elif len(spans) != 1 or spans[0].start != 0 or spans[0].end != len(raw):
        problem = "a short-answer key is one code span with nothing else on the line"
    elif not normalise_answer(spans[0].content):
        problem = "the short-answer key is an empty code span"
    else:
        return spans[0].content
    raise source.error(problem, question=number, line_number=line_index + 1, line=line,
                       expected=short_key_form(source.language))


def _also_accepted(raw: str, number: int, line_index: int, line: str, source: _Source) -> list[str]:
    spans = code_spans(raw)
    if spans is None:
        problem = "a backtick on the line of other accepted forms is not closed"
    elif not spans:
        problem = "the line of other accepted forms lists no code span"
    elif raw[: spans[0].start].strip() or raw[spans[-1].end :].strip():
        problem = "the line of other accepted forms has text before its first or after its last code span"
    elif any(not normalise_answer(span.content) for span in spans):
        problem = "an accepted form is an empty code span"
    else:
        return [span.content for span in spans]
    raise source.error(problem, question=number, line_number=line_index + 1, line=line, expected=also_form(source.language))


def _check_forms(forms: list[str], kind: str, number: int, line_index: int, line: str, source: _Source) -> None:
    seen: dict[str, str] = {}
    for form in forms:
        normalised = compared(form, kind)
        if normalised in seen:
            raise source.error(
                f"`{form}` is the same answer as `{seen[normalised]}` {kinds.normaliser(kind).same.format(kind=kind)}",
                question=number,
                line_number=line_index + 1, line=line,
                expected="each accepted form once: the grader accepts the equivalent forms by itself",
            )
        seen[normalised] = form


def parse_answers(text: str, source: str, language: QuizLanguage) -> tuple[Answer, ...]:
    """Parse an answer file written in `language`: entries `N. key` + `解析：…`, separated by blank lines."""
    at = _Source(source, language)
    lines = split_lines(text)
    answers: dict[int, Answer] = {}
    entries = [entry for group in _without_title(lines, _groups(lines), language)
               for entry in _entries_in(lines, group, language)]
    for entry in entries:
        answer = _parse_entry(lines, entry, at)
        if answer.number in answers:
            raise at.error(
                f"question {answer.number} is answered twice (lines {answers[answer.number].line} and {answer.line})",
                question=answer.number, line_number=answer.line, line=lines[answer.line - 1],
                expected="one entry per question",
            )
        answers[answer.number] = answer
    if not answers:
        raise at.error("the answer file has no entries", expected=entry_form(language))
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


def _starts_entry(line: str, language: QuizLanguage) -> int | None:
    """The number, when the line is an answer line in an accepted form."""
    head = _ANSWER_HEAD.match(line)
    if not head:
        return None
    key = head["key"]
    accepted = parse_key(key, language) if not key.startswith("`") else (code_spans(key) or None)
    return int(head["number"]) if accepted or split_key_line(key, language) else None


def _parse_entry(lines: list[str], group: list[int], source: _Source) -> Answer:
    language = source.language
    also_line, explanation_line = _also_of(language), _explanation_of(language)
    first, *rest = group
    head = _ANSWER_HEAD.match(lines[first])
    if not head:
        raise source.error(
            "an entry must start with the question number and the answer",
            line_number=first + 1, line=lines[first], expected=entry_form(language),
        )
    number = int(head["number"])
    raw_key, inline, rest = _upstream_key(head["key"], first, rest, lines, language)
    accepted: list[str] = []
    answer_kind = TEXT
    if raw_key.startswith("`"):
        key = _short_key(raw_key, number, first, lines[first], source)
        accepted.append(key)
        kind_line = _kind_line_of(language).match(lines[rest[0]]) if rest else None
        if kind_line:
            answer_kind = _answer_kind(kind_line["kind"], number, rest[0], lines[rest[0]], source)
            rest = rest[1:]
        also = also_line.match(lines[rest[0]]) if rest else None
        also_index = rest[0] if also else first
        if also:
            accepted.extend(_also_accepted(also["forms"], number, rest[0], lines[rest[0]], source))
            rest = rest[1:]
        _check_kind(accepted, answer_kind, number, first, lines[first], source)
        _check_forms(accepted, answer_kind, number, also_index, lines[also_index], source)
    else:
        key = parse_key(raw_key, language)
        if key is None:
            raise source.error(
                f"{shortened(raw_key)!r} is not an accepted answer", question=number,
                line_number=first + 1, line=lines[first], expected=key_forms(language),
            )
        beyond = [letter for letter in key if key not in (TRUE_CODE, FALSE_CODE) and letter > MAX_OPTION]
        if beyond:
            raise source.error(
                f"{beyond[0]} is not an option letter: options run from A to {MAX_OPTION} at most", question=number,
                line_number=first + 1, line=lines[first],
                expected=f"the letters of the question's options, as in `{number}. B`",
            )
    explanation = explanation_line.match(lines[rest[0]]) if rest else None
    if inline is not None or not rest:  # keys only, or the explanation on the key line
        text, rest = ([inline] if inline else []), [None, *rest]
    elif not explanation or not (explanation["text"] or rest[1:]):
        bad = rest[0]
        if also_line.match(lines[bad]):
            raise _misplaced_also(number, bad, lines[bad], accepted, source)
        problem = ("the explanation is empty" if explanation else
                   "the line after the answer is neither an explanation nor part of one")
        raise source.error(
            problem, question=number, line_number=bad + 1, line=lines[bad],
            expected=f"{explanation_form(language)} right after the answer line (or the answer alone)",
        )
    else:  # an empty first line (`解析：`, then a list) keeps what follows a block of its own
        text = [explanation["text"]]
    for index in rest[1:]:
        follow = _starts_entry(lines[index], language)
        if follow is not None:
            raise source.error(
                "a new entry starts without a blank line before it", question=follow,
                line_number=index + 1, line=lines[index], expected=entry_form(language),
            )
        if also_line.match(lines[index]):
            raise _misplaced_also(number, index, lines[index], accepted, source)
        text.append(lines[index].rstrip())
    return Answer(number, key, "\n".join(text), first + 1, tuple(accepted), answer_kind)


def _answer_kind(word: str, number: int, line_index: int, line: str, source: _Source) -> str:
    kind = source.language.answer_kind(word)
    if kind is None:
        raise source.error(f"{shortened(word)!r} is not an answer kind", question=number, line_number=line_index + 1, line=line,
                           expected=kind_form(source.language))
    return kind


def _check_kind(forms: list[str], kind: str, number: int, line_index: int, line: str, source: _Source) -> None:
    """Every form as its kind's validator takes it (kinds.VALIDATORS): a flag string as GE reads it,
    a path absolute, and a flag string never without its variable."""
    for form in forms:
        refused = kinds.refused(form, kind, source.language.kind_shown[0])
        if refused:
            raise source.error(refused.problem, question=number, line_number=line_index + 1, line=line,
                               expected=refused.expected)


# ---------------------------------------------------------------------------
# Answer files as upstream cann-learning-hub writes them, besides the form above: the keys alone,
# one per line (`1.√`), a key closed by `。` with the explanation after it on the same line
# (`1. √。ChatDataset 会把…`), a title line (`课后练习答案`), and the question repeated with an
# `答案：…` line under it.


_KEY_END = re.compile(r"[。.．]")


def split_key_line(raw: str, language: QuizLanguage) -> tuple[str, str] | None:
    """`√。`, `A、B、C。`, `A。ChatDataset…`, `True. Because…` -> (the key, the text after it)."""
    for end in _KEY_END.finditer(raw):
        key = raw[: end.start()].strip()
        if key and not key.startswith("`") and parse_key(key, language) is not None:
            return key, raw[end.end():].strip()
        break
    return None


def _answer_label_of(language: QuizLanguage) -> re.Pattern:
    """`答案：B`: the label readers see before an answer (ui.answer), as authors write it."""
    label = str(language.ui.get("answer", "")).strip().rstrip(":：").strip()
    return _labelled((label,), "key") if label else re.compile(r"(?!)")


def _upstream_key(raw: str, first: int, rest: list[int], lines: list[str], language: QuizLanguage):
    """(the key as written, the explanation on the key line or None, the lines after the key)."""
    if rest and parse_key(raw, language) is None and not raw.startswith("`"):
        repeated = _answer_label_of(language).match(lines[rest[0]])
        if repeated:  # `N. （判断题）the question again`, then `答案：正确`
            raw, rest = repeated["key"], rest[1:]
    split = split_key_line(raw, language) if parse_key(raw, language) is None else None
    if split is not None:
        return split[0], split[1] or None, rest
    return raw, None, rest


def _entries_in(lines: list[str], group: list[int], language: QuizLanguage) -> list[list[int]]:
    """A group of lines with no blank line between entries (`1.√` / `2.√`, or `1. A。…` /
    `2. B。…`): one entry per answer line, each numbered after the one before."""
    entries = [[group[0]]]
    head = _ANSWER_HEAD.match(lines[group[0]])
    number = int(head["number"]) if head else None
    label = _answer_label_of(language)
    for position, index in enumerate(group[1:], start=1):
        follow = _starts_entry(lines[index], language)
        if follow is None:
            after = group[position + 1] if position + 1 < len(group) else None
            question = _ANSWER_HEAD.match(lines[index])
            if question and after is not None and label.match(lines[after]):
                follow = int(question["number"])
        if follow is not None and number is not None and follow > number:
            entries.append([index])
            number = follow
        else:
            entries[-1].append(index)
    return entries


def _without_title(lines: list[str], groups: list[list[int]], language: QuizLanguage) -> list[list[int]]:
    """A first line that is a title (`课后练习答案`, `Answers`: it holds the answer label's word
    and is alone before the first entry) is not an entry."""
    if len(groups) > 1 and len(groups[0]) == 1:
        line = lines[groups[0][0]].strip().strip("#").strip()
        word = str(language.ui.get("answer", "")).strip().rstrip(":：").strip().lower()
        if word and word in line.lower() and not _ANSWER_HEAD.match(line):
            return groups[1:]
    return groups


def _misplaced_also(number: int, index: int, line: str, accepted: list[str], source: _Source) -> ExerciseError:
    if accepted:
        problem = "other accepted forms go on one line, right after the key line and before the explanation"
        expected = also_form(source.language)
    else:
        problem = "only a short-answer entry takes other accepted forms"
        expected = (f"a short-answer question ({source.language.marker(QuestionKind.SHORT_ANSWER)}) with its key "
                    "in backticks, or no such line")
    return source.error(problem, question=number, line_number=index + 1, line=line, expected=expected)

"""The exercise data model shared by the parser, the validator and the renderer."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import Enum

from .kinds import TEXT, compared

# Codes stored in answer keys and used as the values of the form's inputs. Not T/F:
# F is also an option letter, and a key must say unambiguously which kind it is.
TRUE_CODE = "Y"
FALSE_CODE = "N"

class QuestionKind(Enum):
    TRUE_FALSE = "true-false"
    SINGLE = "single"
    MULTIPLE = "multiple"
    SHORT_ANSWER = "short-answer"

    @property
    def label(self) -> str:
        """For error messages, which add the marker of the file's language (QuizLanguage.kind_label)."""
        return {"true-false": "true/false", "single": "single-choice", "multiple": "multiple-choice",
                "short-answer": "short-answer"}[self.value]


@dataclass(frozen=True)
class Option:
    letter: str
    text: str  # inline Markdown, as written


@dataclass(frozen=True)
class Question:
    number: int
    kind: QuestionKind
    # Block Markdown: the text after the type marker, then the lines that continue it with the
    # indentation of the list item removed (so a fenced block in it stays a fenced block).
    text: str
    options: tuple[Option, ...]
    line: int  # 1-based line in the source text, for error messages

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(option.letter for option in self.options)


@dataclass(frozen=True)
class Answer:
    number: int
    # "Y" / "N" for true/false; the correct letters in order ("B", "ABC") for choice questions;
    # for a short answer its key form as written between the backticks.
    key: str
    explanation: str  # block Markdown, as written
    line: int
    # Short answers only: every accepted form as written, the key first, and what kind of answer
    # it is (kinds.KINDS), as declared on its kind line; text when there is none.
    accepted: tuple[str, ...] = ()
    answer_kind: str = TEXT

    @property
    def kind(self) -> QuestionKind:
        if self.accepted:
            return QuestionKind.SHORT_ANSWER
        if self.key in (TRUE_CODE, FALSE_CODE):
            return QuestionKind.TRUE_FALSE
        return QuestionKind.SINGLE if len(self.key) == 1 else QuestionKind.MULTIPLE

    @property
    def normalised(self) -> tuple[str, ...]:
        """The accepted forms as compared, in the order written (short answers only)."""
        return tuple(compared(form, self.answer_kind) for form in self.accepted)


@dataclass(frozen=True)
class QuestionBlock:
    """The question list of one exercise and where it sits in its source text."""

    questions: tuple[Question, ...]
    start: int  # 0-based index of the list's first line
    end: int  # 0-based index just past its last non-blank line


@dataclass(frozen=True)
class Item:
    """One question with its answer, checked to belong together."""

    section: str
    question: Question
    answer: Answer

    @property
    def qid(self) -> str:
        return question_id(self.section, self.question, self.answer)


@dataclass(frozen=True)
class Exercise:
    section: str  # e.g. "01.02", shared by the zh and en versions
    items: tuple[Item, ...]

    @property
    def question_ids(self) -> tuple[str, ...]:
        return tuple(item.qid for item in self.items)


def question_id(section: str, question: Question, answer: Answer) -> str:
    """Stable across languages and copies; changes when the question's key or shape changes.

    Hashing the kind and option count with the key means that a rewritten question
    does not inherit progress saved for the old one.  A short answer's key is the set
    of its accepted forms as compared (sorted, as JSON), with its answer kind: the zh and en
    versions share progress even when they list the forms in another order, and a changed
    form or kind starts afresh.
    """
    if question.kind is QuestionKind.SHORT_ANSWER:
        key = answer.answer_kind + json.dumps(sorted(set(answer.normalised)), ensure_ascii=False)
    else:
        key = answer.key
    shape = f"{question.kind.value}|{len(question.options)}|{key}"
    digest = hashlib.sha256(shape.encode("utf-8")).hexdigest()[:8]
    return f"{section}-{question.number}-{digest}"

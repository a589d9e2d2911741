"""The exercise data model shared by the parser, the validator and the renderer."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import Enum

# Codes stored in answer keys and used as the values of the form's inputs. Not T/F:
# F is also an option letter, and a key must say unambiguously which kind it is.
TRUE_CODE = "Y"
FALSE_CODE = "N"


class QuestionKind(Enum):
    TRUE_FALSE = "true-false"
    SINGLE = "single"
    MULTIPLE = "multiple"

    @property
    def label(self) -> str:
        """For error messages, in both languages since authors write both."""
        return {"true-false": "true/false （判断题）", "single": "single-choice （单选题）",
                "multiple": "multiple-choice （多选题）"}[self.value]


@dataclass(frozen=True)
class Option:
    letter: str
    text: str  # inline Markdown, as written


@dataclass(frozen=True)
class Question:
    number: int
    kind: QuestionKind
    text: str  # inline Markdown, as written
    options: tuple[Option, ...]
    line: int  # 1-based line in the source text, for error messages

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(option.letter for option in self.options)


@dataclass(frozen=True)
class Answer:
    number: int
    key: str  # "Y" / "N" for true/false, else the correct letters in order, e.g. "ABC"
    explanation: str  # inline Markdown, as written
    line: int

    @property
    def kind(self) -> QuestionKind:
        if self.key in (TRUE_CODE, FALSE_CODE):
            return QuestionKind.TRUE_FALSE
        return QuestionKind.SINGLE if len(self.key) == 1 else QuestionKind.MULTIPLE


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
        return question_id(self.section, self.question, self.answer.key)


@dataclass(frozen=True)
class Exercise:
    section: str  # e.g. "01.02", shared by the zh and en versions
    items: tuple[Item, ...]

    @property
    def question_ids(self) -> tuple[str, ...]:
        return tuple(item.qid for item in self.items)


def question_id(section: str, question: Question, key: str) -> str:
    """Stable across languages and copies; changes when the question's key or shape changes.

    Hashing the kind and option count with the key means that a rewritten question
    does not inherit progress saved for the old one.
    """
    shape = f"{question.kind.value}|{len(question.options)}|{key}"
    digest = hashlib.sha256(shape.encode("utf-8")).hexdigest()[:8]
    return f"{section}-{question.number}-{digest}"

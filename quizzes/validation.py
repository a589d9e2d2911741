"""Checks that questions and answers belong together, and that the zh and en versions agree."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import ExerciseError
from .model import FALSE_CODE, TRUE_CODE, Answer, Exercise, Item, QuestionBlock, QuestionKind

EXPECTED_KEY = {
    QuestionKind.TRUE_FALSE: "`{n}. √` or `{n}. ×` (English: `{n}. True` / `{n}. False`)",
    QuestionKind.SINGLE: "exactly one letter, as in `{n}. B`",
    QuestionKind.MULTIPLE: "two or more letters, as in `{n}. A、B` (English: `{n}. A, B`); "
    "a question with one correct option is （单选题）/(Single choice)",
    QuestionKind.SHORT_ANSWER: "the answer in backticks (one code span), as in `{n}. `--enable_autofuse=true``",
}
EXAMPLE_KEY = {
    QuestionKind.TRUE_FALSE: "√", QuestionKind.SINGLE: "B", QuestionKind.MULTIPLE: "A、B",
    QuestionKind.SHORT_ANSWER: "`…`",
}
SAME_FORMS = "the same accepted forms in both languages (compared without whitespace and surrounding quotes)"


def _shown(answer: Answer) -> str:
    if answer.kind is QuestionKind.SHORT_ANSWER:
        return f"`{answer.key}`"
    return {TRUE_CODE: "√ (True)", FALSE_CODE: "× (False)"}.get(answer.key) or "、".join(answer.key)


def _forms(forms) -> str:
    return "、".join(f"`{form}`" for form in forms)


def pair(
    block: QuestionBlock,
    answers: Sequence[Answer],
    *,
    section: str,
    question_source: str,
    answer_source: str,
) -> Exercise:
    """Join each question to its answer; every mismatch stops the build."""
    by_number = {answer.number: answer for answer in answers}
    numbers = [question.number for question in block.questions]
    items = []
    for question in block.questions:
        answer = by_number.get(question.number)
        if answer is None:
            raise ExerciseError(
                answer_source, f"no answer for this question of {question_source}", question=question.number,
                expected=f"an entry such as `{question.number}. {EXAMPLE_KEY[question.kind]}`, then `解析：…` on the next line",
            )
        if answer.kind is not question.kind:
            raise ExerciseError(
                answer_source,
                f"the answer {_shown(answer)} does not fit a {question.kind.label} question",
                question=question.number, line_number=answer.line,
                expected=EXPECTED_KEY[question.kind].format(n=question.number),
            )
        stray = [letter for letter in answer.key if letter not in question.letters] if question.options else []
        if stray:
            raise ExerciseError(
                answer_source, f"letter {stray[0]} is not among the question's options",
                question=question.number, line_number=answer.line,
                expected=f"letters from {', '.join(question.letters)}",
            )
        items.append(Item(section, question, answer))
    for answer in answers:
        if answer.number not in numbers:
            raise ExerciseError(
                answer_source, f"this answer has no question: {question_source} has questions 1 to {len(numbers)}",
                question=answer.number, line_number=answer.line, expected="one entry per question, no more",
            )
    return Exercise(section, tuple(items))


def check_parity(zh: Exercise, en: Exercise, zh_source: str, en_source: str) -> None:
    """The two languages are one exercise: same questions, same kinds, same answers."""
    where = f"{zh_source} and {en_source}"
    if len(zh.items) != len(en.items):
        raise ExerciseError(
            where, f"the zh version has {len(zh.items)} questions, the en version {len(en.items)}",
            expected="the same questions in both languages",
        )
    for zh_item, en_item in zip(zh.items, en.items):
        number = zh_item.question.number
        zh_q, en_q = zh_item.question, en_item.question
        zh_a, en_a = zh_item.answer, en_item.answer
        expected = "the same kind, options and answer in both languages"
        if zh_q.kind is not en_q.kind:
            problem = f"zh is {zh_q.kind.label}, en is {en_q.kind.label}"
        elif len(zh_q.options) != len(en_q.options):
            problem = f"zh has {len(zh_q.options)} options, en has {len(en_q.options)}"
        elif zh_q.kind is QuestionKind.SHORT_ANSWER:
            only_zh = _only(zh_a, en_a)
            only_en = _only(en_a, zh_a)
            if not only_zh and not only_en:
                continue
            differences = [f"only zh accepts {_forms(only_zh)}"] if only_zh else []
            differences += [f"only en accepts {_forms(only_en)}"] if only_en else []
            problem, expected = "the accepted answers differ: " + "; ".join(differences), SAME_FORMS
        elif zh_a.key != en_a.key:
            problem = f"the answers differ: zh {_shown(zh_a)}, en {_shown(en_a)}"
        else:
            continue
        raise ExerciseError(where, problem, question=number, expected=expected)


def _only(answer: Answer, other: Answer) -> list[str]:
    """The forms of `answer` (as written) that `other` does not accept."""
    accepted = set(other.normalised)
    return [form for form, normalised in zip(answer.accepted, answer.normalised) if normalised not in accepted]

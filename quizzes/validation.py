"""Checks that questions and answers belong together, and that the versions of an exercise in
the site's languages agree."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import ExerciseError
from .language import QuizLanguage
from .markup import unsupported
from .model import FALSE_CODE, TRUE_CODE, Answer, Exercise, Item, QuestionBlock, QuestionKind
from .parsing import explanation_form

SAME_FORMS = "the same accepted forms in every language (compared as the answer's kind compares them)"


def expected_key(kind: QuestionKind, n: int, language: QuizLanguage) -> str:
    if kind is QuestionKind.TRUE_FALSE:
        return f"`{n}. √` or `{n}. ×` (also {' '.join(language.true_words)} / {' '.join(language.false_words)})"
    if kind is QuestionKind.SINGLE:
        return f"exactly one letter, as in `{n}. B`"
    if kind is QuestionKind.MULTIPLE:
        return (f"two or more letters, as in `{n}. A{language.ui['letter_separator']}B`; "
                f"a question with one correct option is {language.marker(QuestionKind.SINGLE)}")
    return f"the answer in backticks (one code span), as in `{n}. `--enable_autofuse=true``"


def _example_key(kind: QuestionKind, language: QuizLanguage) -> str:
    return {QuestionKind.TRUE_FALSE: "√", QuestionKind.SINGLE: "B",
            QuestionKind.MULTIPLE: f"A{language.ui['letter_separator']}B", QuestionKind.SHORT_ANSWER: "`…`"}[kind]


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
    language: QuizLanguage,
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
                expected=f"an entry such as `{question.number}. {_example_key(question.kind, language)}`, then "
                f"{explanation_form(language)} on the next line",
            )
        if answer.kind is not question.kind:
            raise ExerciseError(
                answer_source,
                f"the answer {_shown(answer)} does not fit a {language.kind_label(question.kind)} question",
                question=question.number, line_number=answer.line,
                expected=expected_key(question.kind, question.number, language),
            )
        stray = [letter for letter in answer.key if letter not in question.letters] if question.options else []
        if stray:
            raise ExerciseError(
                answer_source, f"letter {stray[0]} is not among the question's options",
                question=question.number, line_number=answer.line,
                expected=f"letters from {', '.join(question.letters)}",
            )
        _check_markup(question, answer, question_source, answer_source)
        items.append(Item(section, question, answer))
    for answer in answers:
        if answer.number not in numbers:
            raise ExerciseError(
                answer_source, f"this answer has no question: {question_source} has questions 1 to {len(numbers)}",
                question=answer.number, line_number=answer.line, expected="one entry per question, no more",
            )
    return Exercise(section, tuple(items))


UNSUPPORTED = (
    "what Jupyter shows, as the site shows it: Markdown (code spans, emphasis, links, images of the course, "
    "lists, quotes, tables, fenced code) and HTML comments for notes"
)


# An explanation is a paragraph or a few: one of 2 MB built without a word and made its page 2 MB
# (the review's C3).  The longest of the course is under 1,000 characters.
MAX_EXPLANATION = 20_000


def _check_markup(question, answer: Answer, question_source: str, answer_source: str) -> None:
    """Quiz text the site would show otherwise than Jupyter does stops the build, named."""
    if len(answer.explanation) > MAX_EXPLANATION:
        raise ExerciseError(answer_source, f"the explanation has {len(answer.explanation):,} characters",
                            question=question.number, line_number=answer.line,
                            expected=f"at most {MAX_EXPLANATION:,}: a few paragraphs; longer material belongs on the page")
    found = [(question_source, question.line, "the question", unsupported(question.text))]
    found += [(question_source, question.line, f"option {o.letter}", unsupported(o.text, inline=True))
              for o in question.options]
    found.append((answer_source, answer.line, "the explanation", unsupported(answer.explanation, formulas=False)))
    for source, line, part, construct in found:
        if construct:
            raise ExerciseError(
                source, f"{part} has {construct}, which the site cannot show as Jupyter does",
                question=question.number, line_number=line, expected=UNSUPPORTED,
            )


def check_parity(original: Exercise, translation: Exercise, original_source: str, translation_source: str,
                 original_language: QuizLanguage, translation_language: QuizLanguage) -> None:
    """A translation is the same exercise as its original: same questions, same kinds, same answers."""
    where = f"{original_source} and {translation_source}"
    a, b = original_language, translation_language
    if len(original.items) != len(translation.items):
        raise ExerciseError(
            where, f"the {a.code} version has {len(original.items)} questions, the {b.code} version {len(translation.items)}",
            expected="the same questions in every language",
        )
    for a_item, b_item in zip(original.items, translation.items):
        number = a_item.question.number
        a_q, b_q = a_item.question, b_item.question
        a_a, b_a = a_item.answer, b_item.answer
        expected = "the same kind, options and answer in every language"
        if a_q.kind is not b_q.kind:
            problem = f"{a.code} is {a.kind_label(a_q.kind)}, {b.code} is {b.kind_label(b_q.kind)}"
        elif len(a_q.options) != len(b_q.options):
            problem = f"{a.code} has {len(a_q.options)} options, {b.code} has {len(b_q.options)}"
        elif a_q.kind is QuestionKind.SHORT_ANSWER and a_a.answer_kind != b_a.answer_kind:
            problem = f"the answer kinds differ: {a.code} {a_a.answer_kind}, {b.code} {b_a.answer_kind}"
        elif a_q.kind is QuestionKind.SHORT_ANSWER:
            only_a = _only(a_a, b_a)
            only_b = _only(b_a, a_a)
            if not only_a and not only_b:
                continue
            differences = [f"only {a.code} accepts {_forms(only_a)}"] if only_a else []
            differences += [f"only {b.code} accepts {_forms(only_b)}"] if only_b else []
            problem, expected = "the accepted answers differ: " + "; ".join(differences), SAME_FORMS
        elif a_a.key != b_a.key:
            problem = f"the answers differ: {a.code} {_shown(a_a)}, {b.code} {_shown(b_a)}"
        else:
            continue
        raise ExerciseError(where, problem, question=number, expected=expected)


def _only(answer: Answer, other: Answer) -> list[str]:
    """The forms of `answer` (as written) that `other` does not accept."""
    accepted = set(other.normalised)
    return [form for form, normalised in zip(answer.accepted, answer.normalised) if normalised not in accepted]

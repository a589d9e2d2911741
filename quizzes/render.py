"""HTML for the quiz form, the solution blocks and the data the reader's progress is shown from.

Every piece of author text goes through markup.py (Markdown rendered, raw HTML escaped)
or html.escape, and every attribute through html.escape, so nothing an author writes
becomes markup.  Every word comes from the page's QuizLanguage.
The output is deterministic, one block per line, so the tests compare it exactly.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass

from . import flags, kinds
from .kinds import normalise_answer
from .language import QuizLanguage
from .markup import render_inline, render_lead
from .model import FALSE_CODE, TRUE_CODE, Answer, Exercise, Item, QuestionKind

INPUT_TYPE = {QuestionKind.TRUE_FALSE: "radio", QuestionKind.SINGLE: "radio", QuestionKind.MULTIPLE: "checkbox"}


@dataclass(frozen=True)
class ProgressSection:
    """One section with exercises, as the progress data lists it for a page."""

    section: str
    url: str  # the section's page, relative to the page that carries the data
    items: tuple[Item, ...]
    # The id readers' answers were stored under before (sources.former_section_id), when it
    # differs: quiz.js moves them to `section` once.
    former: str | None = None


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _json_attr(data) -> str:
    return _attr(_json(data))


def solution_id(item: Item) -> str:
    return f"quiz-solution-{item.section}-{item.question.number}"


def solutions_id(exercise: Exercise) -> str:
    return f"quiz-solutions-{exercise.section}"


def answer_text(answer: Answer, language: QuizLanguage) -> str:
    """An answer key as a reader sees it: 正确 / True, or B, or A、B、C / A, B, C, or a short
    answer's key form as written."""
    if answer.kind is QuestionKind.SHORT_ANSWER:
        return answer.key
    if answer.key == TRUE_CODE:
        return language.ui["true_label"]
    if answer.key == FALSE_CODE:
        return language.ui["false_label"]
    return language.ui["letter_separator"].join(answer.key)


def key_of(item: Item):
    """What quiz.js compares an answer with: the input values ("Y", "AC"), or for a short answer
    its answer kind and its accepted forms, without the whitespace at their ends (quiz.js compares
    them as kinds.compared does)."""
    if item.question.kind is QuestionKind.SHORT_ANSWER:
        return {"kind": item.answer.answer_kind, "forms": [normalise_answer(form) for form in item.answer.accepted]}
    return item.answer.key


def render_quiz_form(exercise: Exercise, language: QuizLanguage) -> str:
    ui = language.ui
    solutions = f'<a href="#{_attr(solutions_id(exercise))}">{html.escape(ui["solutions"])}</a>'
    lines = [
        f'<form class="quiz" data-quiz-section="{_attr(exercise.section)}" '
        f'data-quiz-ui="{_json_attr(language.script)}" novalidate autocomplete="off">',
        f'<noscript><p class="quiz-noscript" data-search-exclude>{html.escape(ui["no_script"]).replace("{solutions}", solutions)}</p></noscript>',
        '<p class="quiz-note" hidden></p>',
    ]
    for item in exercise.items:
        lines.extend(_render_question(item, language))
    lines.append(
        '<div class="quiz-footer"><p class="quiz-score" aria-live="polite"></p>'
        f'<button type="button" class="quiz-retry" hidden>{html.escape(ui["retry"])}</button></div>'
    )
    lines.append("</form>")
    return "\n".join(lines)


def _render_question(item: Item, language: QuizLanguage) -> list[str]:
    ui = language.ui
    question, answer = item.question, item.answer
    name = f"quiz-{item.section}-{question.number}"
    short = question.kind is QuestionKind.SHORT_ANSWER
    key = key_of(item)
    lead, body = render_lead(question.text)
    # <legend> takes phrasing content only, and names the group: the number, the kind and the
    # question's first paragraph.  Blocks after it (a log excerpt, a list) follow the legend.
    text = f' <span class="quiz-text">{lead}</span>' if lead else ""
    lines = [
        f'<fieldset class="quiz-question" data-quiz-id="{_attr(item.qid)}" data-quiz-kind="{question.kind.value}" '
        f'data-quiz-key="{_attr(key if isinstance(key, str) else _json(key))}" '
        f'data-quiz-answer="{_attr(answer_text(answer, language))}" data-quiz-solution="{_attr(solution_id(item))}">',
        f'<legend><span class="quiz-number">{question.number}.</span> '
        f'<span class="quiz-kind">{html.escape(language.kind_name(question.kind))}</span>{text}</legend>',
    ]
    if body:
        lines.append(f'<div class="quiz-body">\n{body}\n</div>')
    if short:
        field = f"quiz-input-{item.section}-{question.number}"
        lines.append(
            f'<div class="quiz-answer"><label class="quiz-answer-label" for="{_attr(field)}">{html.escape(ui["your_answer"])}</label> '
            f'<span class="quiz-answer-field"><input type="text" class="quiz-input" id="{_attr(field)}" name="{_attr(name)}" '
            'autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false">'
            '<span class="quiz-mark" aria-hidden="true"></span></span> '
            f'<button type="button" class="quiz-check" hidden>{html.escape(ui["check"])}</button></div>'
        )
    else:
        if question.kind is QuestionKind.TRUE_FALSE:
            choices = [(TRUE_CODE, "", html.escape(ui["true_label"])), (FALSE_CODE, "", html.escape(ui["false_label"]))]
        else:
            choices = [
                (o.letter, f'<span class="quiz-letter">{o.letter}.</span> ', render_inline(o.text)) for o in question.options
            ]
        input_type = INPUT_TYPE[question.kind]
        # The mark shows ✓ or ✗ on a chosen option and the word for "missed" on a right one not
        # chosen; the stylesheet keeps room for the word from the start, so feedback moves nothing.
        missed = _attr(ui["missed"])
        for value, letter, option_text in choices:
            lines.append(
                f'<label class="quiz-option"><input type="{input_type}" name="{_attr(name)}" value="{value}"> '
                f'{letter}<span class="quiz-option-text">{option_text}</span>'
                f'<span class="quiz-mark" aria-hidden="true" data-missed="{missed}"></span></label>'
            )
        if question.kind is QuestionKind.MULTIPLE:
            lines.append(f'<button type="button" class="quiz-check" hidden>{html.escape(ui["check"])}</button>')
    lines.append('<p class="quiz-status" aria-live="polite"></p>')
    lines.append('<div class="quiz-explanation" hidden></div>')
    lines.append("</fieldset>")
    return lines


def render_solutions(exercise: Exercise, language: QuizLanguage) -> str:
    """Native <details> per question: readable with JavaScript off, opened for print."""
    ui = language.ui
    lines = [
        f'<div class="quiz-solutions" id="{_attr(solutions_id(exercise))}" data-search-exclude role="group" '
        f'aria-label="{_attr(ui["solutions"])}">',
        f'<p class="quiz-solutions-intro">{html.escape(ui["solutions_intro"])}</p>',
    ]
    for item in exercise.items:
        answer, number = item.answer, item.question.number
        lines.append(f'<details class="quiz-solution" id="{_attr(solution_id(item))}">')
        lines.append(
            f'<summary><span class="quiz-summary-closed">{html.escape(ui["summary"].format(n=number))}</span>'
            f'<span class="quiz-summary-open">{html.escape(ui["summary_open"].format(n=number))}</span></summary>'
        )
        label = f'<strong>{html.escape(ui["answer"])}</strong>'
        if answer.kind is QuestionKind.SHORT_ANSWER:
            lines.append(f'<p class="quiz-solution-answer">{label}{_code(answer.key)}</p>')
            if len(answer.accepted) > 1:
                others = html.escape(ui["form_separator"]).join(_code(form) for form in answer.accepted[1:])
                lines.append(f'<p class="quiz-solution-accepted"><strong>{html.escape(ui["also_accepted_label"])}'
                             f"</strong>{others}</p>")
        else:
            lines.append(f'<p class="quiz-solution-answer">{label}{html.escape(answer_text(answer, language))}</p>')
        if answer.explanation:  # an answer file may give the keys alone (upstream's practice)
            lead, body = render_lead(answer.explanation, formulas=False)  # an answer file's text: `$` as written
            explanation = (f'<div class="quiz-solution-explanation"><p><strong>{html.escape(ui["explanation_label"])}'
                           f"</strong>{lead}</p>")
            lines.append(f"{explanation}\n{body}\n</div>" if body else f"{explanation}</div>")
        lines.append("</details>")
    lines.append("</div>")
    return "\n".join(lines)


def _code(form: str) -> str:
    return f"<code>{html.escape(form, quote=False)}</code>"


def grading_tables() -> dict:
    """What quiz.js grades short answers with, besides the keys: each answer kind's normaliser by
    name (quizzes/kinds.py) and how GE reads its two variables (quizzes/flags.py).  In the progress
    data; tests/js/ hands the same to quiz.js under node."""
    return {"kinds": kinds.grading_table(), "flags": {"spec": flags.SPEC, "passes": list(flags.PASSES)}}


def render_progress_data(sections: Sequence[ProgressSection], language: QuizLanguage) -> str:
    """The script, one per language, that gives quiz.js the data it shows the reader's progress
    from on every page: in the navigation, the course catalog and at the end of a chapter.

    For each section with exercises: its page (relative to the script) and, per question, its
    id, kind, key and number of options, so that a stored answer is checked against the current
    key wherever it is counted; and the section's former id, if it had one ("was").  A script rather than a JSON file because a page from file://
    may not fetch; one file for all pages rather than an island in each, because it grows with
    the course and the browser caches it.
    """
    data = {
        "ui": dict(language.progress),
        **grading_tables(),
        "sections": [
            {
                "section": section.section,
                "url": section.url,
                "questions": [[item.qid, item.question.kind.value, key_of(item), _option_count(item)]
                              for item in section.items],
                **({"was": section.former} if section.former else {}),
            }
            for section in sections
        ],
    }
    return f"window.quizProgressData = {_json(data)};\n"


def _option_count(item: Item) -> int:
    return 2 if item.question.kind is QuestionKind.TRUE_FALSE else len(item.question.options)

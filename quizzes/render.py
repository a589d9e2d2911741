"""HTML for the quiz form, the solution blocks and the course-progress panel.

Every piece of author text goes through markup.py (Markdown rendered, raw HTML escaped)
or html.escape, and every attribute through html.escape, so nothing an author writes
becomes markup.
The output is deterministic, one block per line, so the tests compare it exactly.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass

from .markup import render_inline, render_lead
from .model import FALSE_CODE, TRUE_CODE, Exercise, Item, QuestionKind
from .strings import PROGRESS_SCRIPT_UI, QUIZ_SCRIPT_UI, UI, answer_text

INPUT_TYPE = {QuestionKind.TRUE_FALSE: "radio", QuestionKind.SINGLE: "radio", QuestionKind.MULTIPLE: "checkbox"}


@dataclass(frozen=True)
class ProgressSection:
    section: str
    title: str
    url: str  # relative to the page that shows the panel
    question_ids: tuple[str, ...]


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def _json_attr(data: dict) -> str:
    return _attr(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def solution_id(item: Item) -> str:
    return f"quiz-solution-{item.section}-{item.question.number}"


def render_quiz_form(exercise: Exercise, language: str) -> str:
    lines = [
        f'<form class="quiz" data-quiz-section="{_attr(exercise.section)}" '
        f'data-quiz-ui="{_json_attr(QUIZ_SCRIPT_UI[language])}" novalidate>'
    ]
    for item in exercise.items:
        lines.extend(_render_question(item, language))
    lines.append(
        '<div class="quiz-footer"><p class="quiz-score" aria-live="polite"></p>'
        f'<button type="button" class="quiz-retry" hidden>{UI[language]["retry"]}</button></div>'
    )
    lines.append("</form>")
    return "\n".join(lines)


def _render_question(item: Item, language: str) -> list[str]:
    ui = UI[language]
    question, answer = item.question, item.answer
    name = f"quiz-{item.section}-{question.number}"
    short = question.kind is QuestionKind.SHORT_ANSWER
    # A short answer's key is the list of its normalised forms, which the script compares with
    # the reader's normalised text; the other kinds' keys are input values ("Y", "AC").
    key = json.dumps(answer.normalised, ensure_ascii=False, separators=(",", ":")) if short else answer.key
    lead, body = render_lead(question.text)
    # <legend> takes phrasing content only, and names the group: the number, the kind and the
    # question's first paragraph.  Blocks after it (a log excerpt, a list) follow the legend.
    text = f' <span class="quiz-text">{lead}</span>' if lead else ""
    lines = [
        f'<fieldset class="quiz-question" data-quiz-id="{_attr(item.qid)}" data-quiz-kind="{question.kind.value}" '
        f'data-quiz-key="{_attr(key)}" data-quiz-answer="{_attr(answer_text(answer, language))}" '
        f'data-quiz-solution="{_attr(solution_id(item))}">',
        f'<legend><span class="quiz-number">{question.number}.</span> '
        f'<span class="quiz-kind">{ui[question.kind]}</span>{text}</legend>',
    ]
    if body:
        lines.append(f'<div class="quiz-body">\n{body}\n</div>')
    if short:
        field = f"quiz-input-{item.section}-{question.number}"
        lines.append(
            f'<div class="quiz-answer"><label class="quiz-answer-label" for="{_attr(field)}">{ui["your_answer"]}</label> '
            f'<span class="quiz-answer-field"><input type="text" class="quiz-input" id="{_attr(field)}" name="{_attr(name)}" '
            'autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false">'
            '<span class="quiz-mark" aria-hidden="true"></span></span> '
            f'<button type="button" class="quiz-check" hidden>{ui["check"]}</button></div>'
        )
    else:
        if question.kind is QuestionKind.TRUE_FALSE:
            choices = [(code, "", ui[code]) for code in (TRUE_CODE, FALSE_CODE)]
        else:
            choices = [
                (o.letter, f'<span class="quiz-letter">{o.letter}.</span> ', render_inline(o.text)) for o in question.options
            ]
        input_type = INPUT_TYPE[question.kind]
        for value, letter, option_text in choices:
            lines.append(
                f'<label class="quiz-option"><input type="{input_type}" name="{_attr(name)}" value="{value}"> '
                f'{letter}<span class="quiz-option-text">{option_text}</span>'
                '<span class="quiz-mark" aria-hidden="true"></span></label>'
            )
        if question.kind is QuestionKind.MULTIPLE:
            lines.append(f'<button type="button" class="quiz-check" hidden>{ui["check"]}</button>')
    lines.append('<p class="quiz-status" aria-live="polite"></p>')
    lines.append('<div class="quiz-explanation" hidden></div>')
    lines.append("</fieldset>")
    return lines


def render_solutions(exercise: Exercise, language: str) -> str:
    """Native <details> per question: readable with JavaScript off, opened for print."""
    ui = UI[language]
    lines = [f'<div class="quiz-solutions" data-search-exclude role="group" aria-label="{ui["solutions"]}">']
    for item in exercise.items:
        answer = item.answer
        lines.append(f'<details class="quiz-solution" id="{_attr(solution_id(item))}">')
        lines.append(f"<summary>{ui['summary'].format(n=item.question.number)}</summary>")
        if answer.kind is QuestionKind.SHORT_ANSWER:
            lines.append(f'<p class="quiz-solution-answer"><strong>{ui["answer"]}</strong>{_code(answer.key)}</p>')
            if len(answer.accepted) > 1:
                others = ui["form_separator"].join(_code(form) for form in answer.accepted[1:])
                lines.append(f'<p class="quiz-solution-accepted"><strong>{ui["also_accepted"]}</strong>{others}</p>')
        else:
            lines.append(
                f'<p class="quiz-solution-answer"><strong>{ui["answer"]}</strong>'
                f"{html.escape(answer_text(answer, language))}</p>"
            )
        lead, body = render_lead(answer.explanation)
        explanation = f'<div class="quiz-solution-explanation"><p><strong>{ui["explanation"]}</strong>{lead}</p>'
        lines.append(f"{explanation}\n{body}\n</div>" if body else f"{explanation}</div>")
        lines.append("</details>")
    lines.append("</div>")
    return "\n".join(lines)


def _code(form: str) -> str:
    return f"<code>{html.escape(form, quote=False)}</code>"


def render_course_progress(sections: Sequence[ProgressSection], language: str) -> str:
    """The home page's table of answered / correct per section, filled in by the script.

    The question ids travel in a JSON island: the page must not fetch anything,
    because a file:// page may not.
    """
    ui = UI[language]
    lines = [
        f'<div class="quiz-progress" data-quiz-ui="{_json_attr(PROGRESS_SCRIPT_UI[language])}">',
        "<table>",
        f"<caption>{ui['progress_caption']}</caption>",
        f'<thead><tr><th scope="col">{ui["progress_section"]}</th><th scope="col">{ui["progress_answered"]}</th>'
        f'<th scope="col">{ui["progress_correct"]}</th></tr></thead>',
        "<tbody>",
    ]
    for section in sections:
        total = len(section.question_ids)
        lines.append(
            f'<tr data-quiz-section="{_attr(section.section)}"><th scope="row">'
            f'<a href="{_attr(section.url)}">{html.escape(section.title)}</a></th>'
            f"{_count_cell('answered', total)}{_count_cell('correct', total)}</tr>"
        )
    grand_total = sum(len(section.question_ids) for section in sections)
    lines.extend(
        [
            "</tbody>",
            f'<tfoot><tr data-quiz-section=""><th scope="row">{ui["progress_total"]}</th>'
            f"{_count_cell('answered', grand_total)}{_count_cell('correct', grand_total)}</tr></tfoot>",
            "</table>",
            f'<p class="quiz-progress-actions" hidden><button type="button" class="quiz-reset-all">{ui["reset_all"]}</button> '
            '<span class="quiz-progress-status" aria-live="polite"></span></p>',
            f'<script type="application/json" class="quiz-progress-data">{_json_island(sections)}</script>',
            "</div>",
        ]
    )
    return "\n".join(lines)


def _count_cell(count: str, total: int) -> str:
    # "–" until the script has read the saved answers (and for good with JavaScript off).
    return f'<td><span data-quiz-count="{count}">–</span> / {total}</td>'


def _json_island(sections: Sequence[ProgressSection]) -> str:
    data = {section.section: list(section.question_ids) for section in sections}
    # "<" escaped so that no text can close the <script> element early.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")

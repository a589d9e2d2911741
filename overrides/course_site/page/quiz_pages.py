"""The exercises on their pages: quiz forms where the questions were, solution blocks where the
answer cell was, reference solutions (solutions.py), and on every page the engine's script, which
shows the reader's progress (progress.py).  The course's exercises themselves: exercises.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from bs4 import BeautifulSoup
from mkdocs.utils import get_relative_url

from quizzes import splice
from quizzes.course import Course, ExercisePage
from quizzes.language import QuizLanguage
from quizzes.render import render_quiz_form, render_solutions
from quizzes.sources import markdown_exercises

from . import solutions
from ..adapters import nbconvert
from ..errors import SiteError
from ..course.exercises import ASSETS, PROGRESS_DATA

QUIZ_CONTENT = "form.quiz, .quiz-solutions"  # what the engine puts into a page


def markdown_with_slots(course: Course, src_uri: str, markdown: str, page_path: Path, docs_dir: Path) -> str | None:
    """Markdown pages: slot comments where the question list and the marker were (None: no exercise)."""
    entry = course.pages.get(src_uri)
    if entry is None or entry.markdown is None or not entry.markdown.exercises:
        return None
    found = entry.markdown
    if markdown != entry.markdown_text:  # another plugin changed the text: find the lines again
        found = markdown_exercises(markdown, page_path, docs_dir, course.languages)
    lines = markdown.splitlines()
    for item in reversed(found.exercises):
        section = item.exercise.section
        lines[item.marker_line] = f"\n{splice.slot_comment('solutions', section)}\n"
        lines[item.list_start : item.list_end] = [f"\n{splice.slot_comment('form', section)}\n"]
    return "\n".join(lines)


def insert_exercises(tree: BeautifulSoup, entry: ExercisePage, language: QuizLanguage, where: str) -> None:
    """`language`: the page's language (a page shown untranslated is in its original's)."""
    for found in entry.notebook:
        form = render_quiz_form(found.exercise, language)
        question_cell = _cell(tree, found.question_cell, where)
        splice.replace_question_list(question_cell, form, found.question_count, f"{where} (cell {found.question_cell})",
                                     language)
        splice.replace_cell(_cell(tree, found.answer_cell, where), render_solutions(found.exercise, language))
    for exercise in entry.exercises if entry.markdown else ():
        splice.replace_marker(tree, splice.slot_text("form", exercise.section), render_quiz_form(exercise, language), where)
        splice.replace_marker(tree, splice.slot_text("solutions", exercise.section), render_solutions(exercise, language), where)


def insert_solutions(tree: BeautifulSoup, entry: ExercisePage, strings: Mapping, page_url: str, where: str) -> None:
    """Each answer cell that prints code becomes its reference solution (solutions.py)."""
    for solution in entry.solutions:
        splice.replace_cell(_cell(tree, solution.cell, where), solutions.render(solution, strings, page_url))


def _cell(tree: BeautifulSoup, cell_id: str, where: str):
    cell = nbconvert.find_cell(tree, cell_id)
    if cell is None:
        raise SiteError(f"the rendered page has no cell {cell_id}", where=where,
                        expected="the notebook's exercise and answer cells, with the ids the quiz engine read")
    return cell


def link_script(tree: BeautifulSoup, page_url: str, language: str) -> None:
    """The engine's scripts, last in the article: the language's progress data, then the engine
    (quizzes, and the reader's progress on every page); `defer` runs them in that order."""
    data = get_relative_url(PROGRESS_DATA.format(language=language), page_url)
    script = get_relative_url(ASSETS["js"], page_url)
    tree.append(BeautifulSoup(f'<script class="quiz-progress-data" src="{data}" defer></script>'
                              f'<script class="quiz-script" src="{script}" defer></script>', "html.parser"))


def stylesheet_url(page_url: str) -> str:
    """The quiz stylesheet's URL for <head> (main.html), where a <link> in the article would hold
    back rendering of everything after it."""
    return get_relative_url(ASSETS["css"], page_url)

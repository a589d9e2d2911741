"""Exercises on the site: the quiz engine (repo-root `quizzes/`) put to work on pages.

The engine has no words of its own: each language's grammar and words come from the `quiz`
entry of that language's strings table (strings/<language>.py), handed to it here as
QuizLanguage values.  The whole course is scanned once per build, before any page is built,
so that a broken answer file or a translation that disagrees with its original stops the build
whatever page is being rendered.  Pages then get their quiz forms and solution blocks; every
page gets the engine's script, which shows the reader's progress (progress.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from bs4 import BeautifulSoup
from mkdocs.utils import get_relative_url

from quizzes import splice
from quizzes.course import Course, ExercisePage, scan_course, scan_course_problems
from quizzes.language import QuizLanguage
from quizzes.render import render_quiz_form, render_solutions
from quizzes.sources import markdown_exercises

from . import adapters, solutions
from .errors import SiteError
from .inventory import CourseInventory
from .languages import Languages

ENGINE = Path(splice.__file__).resolve().parent
ASSETS = {"css": "assets/quiz/quiz.css", "js": "assets/quiz/quiz.js"}
PROGRESS_DATA = "assets/quiz/progress.{language}.js"  # written by the plugin at the end of a build
QUIZ_CONTENT = "form.quiz, .quiz-solutions"  # what the engine puts into a page


def quiz_languages(languages: Languages, strings: Mapping[str, Mapping], tables: Mapping[str, Path]) -> tuple[QuizLanguage, ...]:
    """The engine's languages, the default first, from the `quiz` entry of each strings table."""
    return tuple(QuizLanguage.from_table(code, strings[code]["quiz"], str(tables[code])) for code in languages.codes)


def scan(inventory: CourseInventory, languages: tuple[QuizLanguage, ...]) -> Course:
    """Every page of the course in every language (the i18n passes each see only their own)."""
    return scan_course([(page, inventory.path(page)) for page in inventory.pages()], inventory.docs_dir, languages,
                       inventory.files_for_quizzes())


def scan_problems(inventory: CourseInventory, pages: list[str], languages: tuple[QuizLanguage, ...]):
    """As scan, for the pages given, with every problem found (course_check.py)."""
    return scan_course_problems([(page, inventory.path(page)) for page in pages], inventory.docs_dir, languages,
                                inventory.files_for_quizzes())


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
    cell = adapters.find_cell(tree, cell_id)
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

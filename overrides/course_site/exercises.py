"""Exercises on the site: the quiz engine (repo-root `quizzes/`) put to work on pages.

The whole course is scanned once per build, before any page is built, so that a broken
answer file or a translation that disagrees with its original stops the build whatever page
is being rendered.  Pages then get their quiz forms, solution blocks and progress panel.
"""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from mkdocs.utils import get_relative_url

from quizzes import splice
from quizzes.course import Course, ExercisePage, scan_course
from quizzes.render import ProgressSection, render_course_progress, render_quiz_form, render_solutions
from quizzes.sources import PROGRESS_TEXT, markdown_exercises

from . import adapters
from .errors import SiteError
from .languages import Languages

ENGINE = Path(splice.__file__).resolve().parent
ASSETS = {"css": "assets/quiz/quiz.css", "js": "assets/quiz/quiz.js"}
PAGE_SUFFIXES = (".ipynb", ".md")


def scan(docs_dir: Path, languages: Languages) -> Course:
    """Every page of docs/ in every language (the i18n passes each see only their own)."""
    docs_dir = docs_dir.resolve()
    sources = sorted(
        (path.relative_to(docs_dir).as_posix(), path)
        for path in docs_dir.rglob("*")
        if path.suffix in PAGE_SUFFIXES and path.is_file() and ".ipynb_checkpoints" not in path.parts
    )
    return scan_course(sources, docs_dir, languages.codes)


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


def insert_exercises(tree: BeautifulSoup, entry: ExercisePage, language: str, where: str) -> None:
    for found in entry.notebook:
        form = render_quiz_form(found.exercise, language)
        question_cell = _cell(tree, found.question_cell, where)
        splice.replace_question_list(question_cell, form, found.question_count, f"{where} (cell {found.question_cell})")
        splice.replace_cell(_cell(tree, found.answer_cell, where), render_solutions(found.exercise, language))
    for exercise in entry.exercises if entry.markdown else ():
        splice.replace_marker(tree, splice.slot_text("form", exercise.section), render_quiz_form(exercise, language), where)
        splice.replace_marker(tree, splice.slot_text("solutions", exercise.section), render_solutions(exercise, language), where)


def _cell(tree: BeautifulSoup, cell_id: str, where: str):
    cell = adapters.find_cell(tree, cell_id)
    if cell is None:
        raise SiteError(f"the rendered page has no cell {cell_id}", where=where,
                        expected="the notebook's exercise and answer cells, with the ids the quiz engine read")
    return cell


def insert_progress(tree: BeautifulSoup, sections: list[ProgressSection], language: str, where: str) -> None:
    splice.replace_marker(tree, PROGRESS_TEXT, render_course_progress(sections, language), where)


def progress_sections(course: Course, language: str, titles: dict[str, str], page_url: str,
                      languages: Languages, published: set[str]) -> list[ProgressSection]:
    """The sections with exercises, each linked from the page that shows the panel."""
    sections = []
    for section in course.sections(language):
        original = languages.original(section.src_uri)
        if original not in published:
            continue
        url = get_relative_url(page_url_of(original, language, languages), page_url)
        title = titles.get(original) or course.pages[section.src_uri].heading
        sections.append(ProgressSection(section.section, title, url, section.exercise.question_ids))
    return sections


def page_url_of(source: str, language: str, languages: Languages) -> str:
    """Where the page of a default-language source is published in `language`."""
    stem = source.rsplit(".", 1)[0]
    return f"{languages.folder(language)}{stem}.html"


def link_assets(tree: BeautifulSoup, page_url: str) -> str:
    """The script goes last in the article; returns the stylesheet's URL for <head> (main.html),
    where a <link> in the article would hold back rendering of everything after it."""
    script = get_relative_url(ASSETS["js"], page_url)
    tree.append(BeautifulSoup(f'<script class="quiz-script" src="{script}" defer></script>', "html.parser"))
    return get_relative_url(ASSETS["css"], page_url)

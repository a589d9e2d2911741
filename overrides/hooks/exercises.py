"""Exercises: quiz forms, solution blocks and the course-progress panel.

Thin glue between MkDocs and the engine in the repo-root ``quizzes`` package
(this file is not named quizzes.py: MkDocs registers a hook module under its file
name, which would shadow the package).  Runs once per language pass.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from quizzes import splice  # noqa: E402
from quizzes.course import Course, ExercisePage, scan_course  # noqa: E402
from quizzes.render import ProgressSection, render_course_progress, render_quiz_form, render_solutions  # noqa: E402
from quizzes.sources import PROGRESS_TEXT, markdown_exercises, page_language  # noqa: E402

ENGINE = ROOT / "quizzes"
ASSETS = {"css": "assets/quiz/quiz.css", "js": "assets/quiz/quiz.js"}

_course: Course | None = None


def on_files(files: Files, config) -> Files:
    """Scan and check every exercise of both languages, and publish the script and stylesheet."""
    global _course
    docs_dir = Path(config.docs_dir).resolve()
    _course = scan_course(
        (
            (file.src_uri, Path(file.abs_src_path))
            for file in files
            if file.src_uri.endswith((".ipynb", ".md")) and file.abs_src_path
            and Path(file.abs_src_path).resolve().is_relative_to(docs_dir)
        ),
        docs_dir,
    )
    for uri in ASSETS.values():
        files.append(File.generated(config, uri, abs_src_path=str(ENGINE / Path(uri).name)))
    return files


def on_page_markdown(markdown: str, page, config, files) -> str | None:
    """Markdown pages: leave slot comments where the question list and the marker were."""
    entry = _exercise_page(page)
    if entry is None or entry.markdown is None:
        return None
    found = entry.markdown
    if not found.exercises:
        return None
    if markdown != entry.markdown_text:  # another plugin changed the text: find the lines again
        found = markdown_exercises(markdown, Path(page.file.abs_src_path), Path(config.docs_dir))
    lines = markdown.splitlines()
    for item in reversed(found.exercises):
        section = item.exercise.section
        lines[item.marker_line] = f"\n{splice.slot_comment('solutions', section)}\n"
        lines[item.list_start : item.list_end] = [f"\n{splice.slot_comment('form', section)}\n"]
    return "\n".join(lines)


@event_priority(-50)  # after hooks that reshape notebook HTML (notebook_html drops every <script>)
def on_page_content(html: str, page, config, files: Files) -> str | None:
    entry = _exercise_page(page)
    if entry is None:
        return None
    language = page_language(page.file.src_uri)
    where = f"{Path(config.docs_dir).name}/{page.file.src_uri}"
    soup = splice.fragment(html)
    _insert_exercises(soup, entry, language, where)
    if entry.shows_progress:
        panel = render_course_progress(_progress_sections(page, files, language), language)
        splice.replace_marker(soup, PROGRESS_TEXT, panel, where)
    _link_assets(soup, page, files)
    return str(soup)


def _exercise_page(page) -> ExercisePage | None:
    return _course.pages.get(page.file.src_uri) if _course else None


def _insert_exercises(soup, entry: ExercisePage, language: str, where: str) -> None:
    for found in entry.notebook:
        form = render_quiz_form(found.exercise, language)
        splice.replace_question_list(soup, found.question_cell, form, found.question_count, where)
        splice.replace_cell(soup, found.answer_cell, render_solutions(found.exercise, language), where)
    for exercise in entry.exercises if entry.markdown else ():
        splice.replace_marker(soup, splice.slot_text("form", exercise.section), render_quiz_form(exercise, language), where)
        splice.replace_marker(soup, splice.slot_text("solutions", exercise.section), render_solutions(exercise, language), where)


def _progress_sections(page, files: Files, language: str) -> list[ProgressSection]:
    sections = []
    for section in _course.sections(language):
        target = files.get_file_from_path(section.src_uri)
        if target is None:  # not published in this pass
            continue
        title = (target.page.title if target.page else None) or _course.pages[section.src_uri].heading
        url = get_relative_url(target.url, page.url)
        sections.append(ProgressSection(section.section, title, url, section.exercise.question_ids))
    return sections


def _link_assets(soup, page, files: Files) -> None:
    css, js = (get_relative_url(files.get_file_from_path(uri).url, page.url) for uri in (ASSETS["css"], ASSETS["js"]))
    # The stylesheet goes in <head> (main.html): a <link> inside the article
    # would hold back rendering of everything after it.
    page.quiz_stylesheet = css
    soup.append(splice.fragment(f'<script class="quiz-script" src="{js}" defer></script>'))

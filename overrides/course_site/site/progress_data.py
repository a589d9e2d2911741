"""Each language's progress data (`assets/quiz/progress.<language>.js`), which every page links:
from it quiz.js ticks each section in the navigation whose exercises the reader has all answered,
and fills the catalog and the chapter ends (progress.py)."""

from __future__ import annotations

from pathlib import Path

from quizzes.course import Course
from quizzes.render import render_progress_data

from ..course.exercises import PROGRESS_DATA
from ..languages import Languages
from ..course.plan import CoursePlan
from ..page.progress import progress_sections


def write_data(site_dir: Path, course: Course, plan: CoursePlan, languages: Languages) -> list[Path]:
    """Each language's progress data, where exercises.PROGRESS_DATA says pages link it."""
    written = []
    for language in languages.codes:
        where = PROGRESS_DATA.format(language=language)
        sections = progress_sections(course, plan, language, languages, here=where)
        path = site_dir / where
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_progress_data(sections, course.language(language)), encoding="utf-8")
        written.append(path)
    return written

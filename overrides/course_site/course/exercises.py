"""The course's exercises: the quiz engine (repo-root `quizzes/`) reading every page of the course.

The engine has no words of its own: each language's grammar and words come from the `quiz`
entry of that language's strings table (strings/<language>.py), handed to it here as
QuizLanguage values.  The whole course is scanned once per build, before any page is built,
so that a broken answer file or a translation that disagrees with its original stops the build
whatever page is being rendered.  Pages then get their quiz forms and solution blocks
(quiz_pages.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from quizzes import splice
from quizzes.course import Course, scan_course, scan_course_problems
from quizzes.language import QuizLanguage

from .inventory import CourseInventory
from ..languages import Languages

ENGINE = Path(splice.__file__).resolve().parent
ASSETS = {"css": "assets/quiz/quiz.css", "js": "assets/quiz/quiz.js"}
PROGRESS_DATA = "assets/quiz/progress.{language}.js"  # written by the plugin at the end of a build


def quiz_languages(languages: Languages, strings: Mapping[str, Mapping], tables: Mapping[str, Path]) -> tuple[QuizLanguage, ...]:
    """The engine's languages, the default first, from the `quiz` entry of each strings table."""
    return tuple(QuizLanguage.from_table(code, strings[code]["quiz"], str(tables[code])) for code in languages.codes)


def scan(inventory: CourseInventory, languages: tuple[QuizLanguage, ...]) -> Course:
    """Every page of the course in every language (the i18n passes each see only their own)."""
    return scan_course([(page, inventory.path(page)) for page in inventory.pages()], inventory.docs_dir, languages,
                       inventory.files_for_quizzes())


def scan_problems(inventory: CourseInventory, pages: list[str], languages: tuple[QuizLanguage, ...]):
    """As scan, for the pages given: the course, every problem found, and the files the engine
    read besides the pages (course_check.py)."""
    files = inventory.files_for_quizzes()
    course, problems = scan_course_problems([(page, inventory.path(page)) for page in pages], inventory.docs_dir,
                                            languages, files)
    return course, problems, frozenset(files.read)

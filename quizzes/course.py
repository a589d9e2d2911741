"""Every exercise of the course, in both languages, read and checked before any page is built.

The whole course is scanned up front so that a broken answer file, or a zh and
en version that disagree, stops the build whatever page is being rendered, and so
that the home page can list every section's question ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mkdocs.utils.meta import get_data

from .files import DISK, SourceFiles
from .errors import ExerciseError
from .language import QuizLanguage
from .model import Exercise
from .answer_cells import ReferenceSolution
from .sources import MarkdownExercises, NotebookExercise, markdown_exercises, notebook_contents, page_language, read_text
from .validation import check_parity


@dataclass(frozen=True)
class ExercisePage:
    src_uri: str
    language: str
    heading: str  # the page's own title, used when the navigation gives none
    notebook: tuple[NotebookExercise, ...] = ()
    solutions: tuple[ReferenceSolution, ...] = ()  # answer cells that show reference solutions
    markdown: MarkdownExercises | None = None
    markdown_text: str | None = None  # the text markdown positions refer to

    @property
    def exercises(self) -> tuple[Exercise, ...]:
        if self.markdown is not None:
            return tuple(found.exercise for found in self.markdown.exercises)
        return tuple(found.exercise for found in self.notebook)


@dataclass(frozen=True)
class CourseSection:
    section: str
    src_uri: str  # the page that holds it in the language asked for
    exercise: Exercise


@dataclass(frozen=True)
class Course:
    pages: dict[str, ExercisePage]  # by src_uri, every language
    languages: tuple[QuizLanguage, ...]  # the site's languages, the default first

    def language(self, code: str) -> QuizLanguage:
        return next(language for language in self.languages if language.code == code)

    def sections(self, language: str) -> list[CourseSection]:
        """Each section once, from the page in `language`, else from the default language's page."""
        chosen: dict[str, CourseSection] = {}
        for preferred in (self.languages[0].code, language):
            for page in self.pages.values():
                if page.language == preferred:
                    for exercise in page.exercises:
                        chosen[exercise.section] = CourseSection(exercise.section, page.src_uri, exercise)
        return [chosen[section] for section in sorted(chosen)]


def scan_course(sources: Iterable[tuple[str, Path]], docs_dir: Path, languages: Sequence[QuizLanguage],
                files: SourceFiles = DISK) -> Course:
    """Read every page given as (src_uri, absolute path); keep those with exercises or the progress marker.

    `languages` are the site's, the default first.  The first problem stops the scan."""
    course, problems = scan_course_problems(sources, docs_dir, languages, files)
    if problems:
        raise problems[0]
    return course


def scan_course_problems(
    sources: Iterable[tuple[str, Path]], docs_dir: Path, languages: Sequence[QuizLanguage], files: SourceFiles = DISK,
) -> tuple[Course, list[ExerciseError]]:
    """As scan_course, with every problem found: the first of each page (a page's parser stops
    there), then every section that two pages claim and every translation that disagrees."""
    languages = tuple(languages)
    pages = {}
    problems = []
    for src_uri, path in sources:
        try:
            page = scan_page(src_uri, path, docs_dir, languages, files)
        except ExerciseError as error:
            problems.append(error)
            continue
        if page is not None:
            pages[src_uri] = page
    problems += _section_problems(pages, docs_dir.name, languages)
    return Course(pages, languages), problems


def scan_page(src_uri: str, path: Path, docs_dir: Path, languages: Sequence[QuizLanguage],
              files: SourceFiles = DISK) -> ExercisePage | None:
    language = page_language(src_uri, languages).code
    if src_uri.endswith(".ipynb"):
        notebook = files.notebook(path)
        found, solutions = notebook_contents(notebook, path, docs_dir, languages, files)
        if not found and not solutions:
            return None
        first_markdown = next((c.source for c in notebook.cells if c.cell_type == "markdown"), "")
        return ExercisePage(src_uri, language, _first_heading(first_markdown, path), notebook=found, solutions=solutions)
    if src_uri.endswith(".md"):
        # MkDocs drops a byte-order mark and the front matter the same way before on_page_markdown.
        text, meta = get_data(read_text(path, f"{docs_dir.name}/{src_uri}", files).removeprefix("\ufeff"))
        markers = markdown_exercises(text, path, docs_dir, languages, files)
        if not markers.exercises:
            return None
        heading = str(meta.get("title") or _first_heading(text, path))
        return ExercisePage(src_uri, language, heading, markdown=markers, markdown_text=text)
    return None


def _first_heading(markdown: str, path: Path) -> str:
    for line in markdown.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.split(".")[0]


def _section_problems(pages: dict[str, ExercisePage], docs: str, languages: tuple[QuizLanguage, ...]) -> list[ExerciseError]:
    """One page per section and language; every translation of a section must agree with the original."""
    problems = []
    seen: dict[tuple[str, str], ExercisePage] = {}
    for page in pages.values():
        for exercise in page.exercises:
            other = seen.setdefault((exercise.section, page.language), page)
            if other is not page:
                problems.append(ExerciseError(
                    f"{docs}/{page.src_uri}", f"section {exercise.section} is also the exercise of {docs}/{other.src_uri}",
                    expected="one answer file per exercise: a section is its page's folder and its answer file's name "
                             "(quizzes/sources.py, section_id); give each page of the folder its own answer file",
                ))
    for (section, language), original_page in seen.items():
        if language != languages[0].code:
            continue
        original = next(e for e in original_page.exercises if e.section == section)
        for other in languages[1:]:
            translated_page = seen.get((section, other.code))
            if translated_page is None:
                continue
            translated = next(e for e in translated_page.exercises if e.section == section)
            try:
                check_parity(original, translated, f"{docs}/{original_page.src_uri}", f"{docs}/{translated_page.src_uri}",
                             languages[0], other)
            except ExerciseError as error:
                problems.append(error)
    return problems

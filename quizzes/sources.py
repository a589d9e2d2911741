"""Where exercises live in the course sources, and how each is turned into an Exercise.

Notebook: the exercise is the last Markdown cell with a typed question list before
a code cell whose whole source is `!cat ./answer/<name>.txt`.
Markdown page: the question list is the one above a marker line
`<!-- solutions: answer/<name>.txt -->`.
Markers are whole lines outside code fences; any other comment line that starts like
one of ours is an error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .answer_cells import ReferenceSolution, read_answer_cell, reference_solution
from .errors import ExerciseError
from .files import DISK, SourceFiles
from .language import QuizLanguage
from .model import Exercise, QuestionBlock, QuestionKind
from .parsing import parse_answers, parse_questions, split_lines, untyped_question_list
from .validation import pair

ANSWER_CELL_FORM = "a code cell whose whole source is `!cat ./answer/<section>_answer.txt` (English: `..._answer.en.txt`)"
MARKER_FORMS = "`<!-- solutions: answer/<section>_answer.txt -->` (English page: `.en.txt`)"

_ANSWER_CELL = re.compile(r"^![ \t]*cat[ \t]+(?P<path>(?:\./)?answer/[\w.-]+\.txt)$")
_SOLUTIONS_MARKER = re.compile(r"^[ \t]*<!--[ \t]*solutions:[ \t]*(?P<path>[\w./-]+\.txt)[ \t]*-->[ \t]*$")
_PROGRESS_MARKER = re.compile(r"^[ \t]*<!--[ \t]*course-progress[ \t]*-->[ \t]*$")
# Comment lines that look meant for this engine; anything here that is not a marker is a typo.
_OUR_NAMESPACE = re.compile(r"^[ \t]*<!--[ \t]*(solution|answer|course[-_ ]?prog|quiz)", re.IGNORECASE)
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
_SECTION = re.compile(r"^[\w.-]+$")
_NUMBERED_PAGE = re.compile(r"^\d+\.\d+$")  # "01.04" of 01.04_chapter_practice.ipynb


def answer_file_of(cell_source: str) -> str | None:
    """The answer file an answer cell prints (`answer/01.02_answer.txt`), or None for any other cell."""
    match = _ANSWER_CELL.match(cell_source.strip())
    return match["path"] if match else None


def page_language(name: str, languages: Sequence[QuizLanguage]) -> QuizLanguage:
    """The suffix language of `x.en.ipynb` / `x.en.txt`; the default (`languages[0]`) without one."""
    parts = PurePosixPath(name).name.split(".")
    return next((language for language in languages[1:] if len(parts) >= 3 and parts[-2] == language.code),
                languages[0])


def section_of(answer_path: PurePosixPath, languages: Sequence[QuizLanguage]) -> str:
    """`01.02_answer.en.txt` -> `01.02`: every language's version shares it, and progress with it."""
    stem = answer_path.name.removesuffix(".txt")
    for language in languages[1:]:
        stem = stem.removesuffix(f".{language.code}")
    return stem.removesuffix("_answer")


def section_id(name: str, page_folder: str) -> str:
    """A section's identity, from where its answer file is: the page's folder (docs-relative: its
    course's folder and its chapter's), then the answer file's name (`01_basic_overview/01.02`,
    `hixl_development/03_multi_transfer_mode/03.02`).  Unique across the site whatever the
    courses number (every upstream course numbers its chapters and answer files from 01); a page
    at docs/ itself has the name alone.  Question ids, stored answers and anchors start with it."""
    folder = PurePosixPath(page_folder).as_posix()
    return name if folder in ("", ".") else f"{folder}/{name}"


_NUMBERED_FOLDER = re.compile(r"^(\d+)_")


def former_section_id(section: str) -> str:
    """What `section` was called before its id always named its folder: the answer file's name
    alone where the page's folder was numbered as the file (`01_basic_overview/01.02` was
    `01.02`) or not numbered at all, else the same.  Readers stored answers under those ids while
    the site's one course was docs/ itself; quiz.js moves them once (quizzes/README.md)."""
    folder, _, name = section.rpartition("/")
    numbered = _NUMBERED_FOLDER.match(PurePosixPath(folder).name)
    if numbered is None or name.split(".")[0] == numbered[1]:
        return name
    return section


def read_text(path: Path, where: str, files: SourceFiles = DISK) -> str:
    """A UTF-8 text file (a byte-order mark allowed); any other encoding stops the build, named."""
    data = files.data(path)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ExerciseError(where, "the file is saved as UTF-16", expected="the file saved as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ExerciseError(
            where, f"the file is not UTF-8 (byte {error.start + 1} is {data[error.start]:#04x}): saved as GBK, perhaps",
            expected="the file saved as UTF-8 (in most editors: Save with Encoding → UTF-8)",
        ) from None


# ---------------------------------------------------------------------------
# Answer files


def load_exercise(
    block: QuestionBlock, answer_ref: str, page_path: Path, docs_dir: Path, question_source: str,
    languages: Sequence[QuizLanguage], files: SourceFiles = DISK,
) -> Exercise:
    """Read the answer file named by a cell or marker and pair it with the questions."""
    page_rel = _docs_relative(page_path, docs_dir)
    reference = PurePosixPath(answer_ref)
    language = page_language(page_path.name, languages)
    expected = language.code
    if reference.is_absolute() or ".." in reference.parts:
        raise ExerciseError(page_rel, f"the answer file {answer_ref} must be a path below the page's folder",
                            expected="`answer/<section>_answer.txt`")
    if page_language(reference.name, languages) is not language:
        wanted = (f"an `.{expected}.txt` answer file" if language is not languages[0]
                  else "an answer file without a language suffix")
        raise ExerciseError(page_rel, f"the {expected} page refers to {answer_ref}", expected=wanted)
    name = section_of(reference, languages)
    if not _SECTION.match(name):
        raise ExerciseError(page_rel, f"{answer_ref} does not name a section", expected="`answer/01.02_answer.txt`")
    section = section_id(name, _folder_in_docs(page_path, docs_dir))
    answer_path = page_path.parent / reference
    answer_rel = _docs_relative(answer_path, docs_dir)
    if not files.is_file(answer_path):
        raise ExerciseError(page_rel, f"the answer file {answer_rel} does not exist",
                            expected=f"{answer_rel} next to the page, with one entry per question")
    try:
        answers = parse_answers(read_text(answer_path, answer_rel, files), answer_rel, language)
        return pair(block, answers, section=section, question_source=question_source, answer_source=answer_rel,
                    language=language)
    except ExerciseError:
        # The review's U6: a page printing another section's answer file was told that an answer
        # did not fit a question; the mismatch of the two is the news.
        own = page_path.name.split("_", 1)[0]
        if _NUMBERED_PAGE.match(own) and own != name:
            suffix = reference.name[len(name) + len("_answer"):]  # ".txt", ".en.txt"
            raise ExerciseError(page_rel, f"the page is section {own}, but its answers come from {answer_rel}, "
                                f"another section's, which do not fit its questions",
                                expected=f"answer/{own}_answer{suffix} (the answer file of this page's own section)") from None
        raise


def _folder_in_docs(page_path: Path, docs_dir: Path) -> str:
    try:
        return page_path.resolve().parent.relative_to(docs_dir.resolve()).as_posix()
    except ValueError:
        return page_path.parent.name


def _docs_relative(path: Path, docs_dir: Path) -> str:
    """`docs/ch/x.ipynb`: the path an author finds the file under."""
    try:
        return f"{docs_dir.name}/{path.resolve().relative_to(docs_dir.resolve()).as_posix()}"
    except ValueError:
        return str(path)


# ---------------------------------------------------------------------------
# Notebooks


@dataclass(frozen=True)
class NotebookExercise:
    exercise: Exercise
    question_cell: str  # cell ids: nbconvert wraps each cell in id="cell-id=<id>"
    answer_cell: str
    question_count: int


def notebook_exercises(
    notebook, page_path: Path, docs_dir: Path, languages: Sequence[QuizLanguage], files: SourceFiles = DISK,
) -> tuple[NotebookExercise, ...]:
    """Every exercise of a notebook (nbformat v4 node), in order."""
    return notebook_contents(notebook, page_path, docs_dir, languages, files)[0]


def notebook_contents(
    notebook, page_path: Path, docs_dir: Path, languages: Sequence[QuizLanguage], files: SourceFiles = DISK,
) -> tuple[tuple[NotebookExercise, ...], tuple[ReferenceSolution, ...]]:
    """Every exercise of a notebook, and every reference solution (answer_cells.py), in order.

    An answer cell is a quiz's when it prints one `.txt` answer file right after a typed
    question list; any other (code, a subfolder's files, a folder, or no question list above
    it) shows a reference solution."""
    page_rel = _docs_relative(page_path, docs_dir)
    language = page_language(page_path.name, languages)
    found = []
    solutions = []
    pending = None  # (cell id, QuestionBlock) of the latest question list not yet answered
    last_markdown = None  # (where, source) of the latest Markdown cell without questions
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            where = f"{page_rel} (cell {cell.get('id')})"
            block = parse_questions(cell.source, where, language)
            last_markdown = (where, cell.source) if block is None else None
            if block is not None:
                _require_cell_id(cell, page_rel)
                if pending is not None:
                    raise _unanswered(page_rel, pending[0])
                pending = (cell.get("id"), block)
            continue
        if cell.cell_type != "code":
            continue
        where = f"{page_rel} (cell {cell.get('id')})"
        answer_cell = read_answer_cell(cell.source, where)
        if answer_cell is None:
            continue
        _require_cell_id(cell, page_rel)
        answer_file = answer_cell.answer_file
        if answer_file is not None and pending is None:
            untyped = last_markdown and untyped_question_list(last_markdown[1], last_markdown[0], language)
            if untyped:
                raise untyped
        if answer_file is None or pending is None:
            solutions.append(reference_solution(cell.get("id"), answer_cell, page_path, docs_dir, where, files))
            continue
        question_cell, block = pending
        exercise = load_exercise(block, answer_file, page_path, docs_dir, f"{page_rel} (cell {question_cell})", languages,
                                 files)
        found.append(NotebookExercise(exercise, question_cell, cell.get("id"), len(block.questions)))
        pending = None
    if pending is not None:
        raise _unanswered(page_rel, pending[0])
    return tuple(found), tuple(solutions)


def _unanswered(page_rel: str, cell_id: str) -> ExerciseError:
    return ExerciseError(f"{page_rel} (cell {cell_id})", "these questions have no answer cell after them",
                         expected=ANSWER_CELL_FORM)


def _require_cell_id(cell, page_rel: str) -> None:
    if not cell.get("id"):
        raise ExerciseError(page_rel, "an exercise cell has no id; the quiz finds its cells by id",
                            expected="nbformat 4.5 or later, where every cell has an `id`")


# ---------------------------------------------------------------------------
# Markdown pages


@dataclass(frozen=True)
class MarkdownExercise:
    exercise: Exercise
    list_start: int  # 0-based lines of the question list in the page's Markdown
    list_end: int
    marker_line: int


@dataclass(frozen=True)
class MarkdownExercises:
    exercises: tuple[MarkdownExercise, ...]


def markdown_exercises(
    markdown: str, page_path: Path, docs_dir: Path, languages: Sequence[QuizLanguage], files: SourceFiles = DISK,
) -> MarkdownExercises:
    """The exercises of a Markdown page (front matter already removed)."""
    page_rel = _docs_relative(page_path, docs_dir)
    language = page_language(page_path.name, languages)
    lines = split_lines(markdown)
    exercises = []
    region_start = 0  # questions belong to the nearest marker below them
    for index in _lines_outside_fences(lines):
        line = lines[index]
        solutions = _SOLUTIONS_MARKER.match(line)
        if solutions:
            # Blank lines in place of the text above the region keep line numbers page-wide.
            region = "\n".join([""] * region_start + lines[region_start:index])
            block = parse_questions(region, page_rel, language)
            if block is None:
                untyped = untyped_question_list(region, page_rel, language)
                if untyped:
                    raise untyped
                raise ExerciseError(page_rel, "no question list above this marker", line_number=index + 1, line=line,
                                    expected=f"a numbered list of questions, e.g. `1. {language.marker(QuestionKind.TRUE_FALSE)}…`, "
                                    "above the marker")
            exercise = load_exercise(block, solutions["path"], page_path, docs_dir, page_rel, languages, files)
            exercises.append(MarkdownExercise(exercise, block.start, block.end, index))
            region_start = index + 1
        elif _PROGRESS_MARKER.match(line):
            raise ExerciseError(page_rel, "the progress panel is part of the course catalog now", line_number=index + 1,
                                line=line, expected="no such line: `<!-- course-catalog -->` shows the catalog with "
                                "the reader's progress")
        elif _OUR_NAMESPACE.match(line):
            raise ExerciseError(page_rel, "unknown or malformed exercise marker", line_number=index + 1, line=line,
                                expected=MARKER_FORMS)
    return MarkdownExercises(tuple(exercises))


def _lines_outside_fences(lines: list[str]):
    fence = None
    for index, line in enumerate(lines):
        opening = _FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None and opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
            fence = None
        elif fence is None:
            yield index

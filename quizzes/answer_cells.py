"""Answer cells: the code cells of a notebook that print files from its `answer/` folder.

Upstream writes them in several ways, all read here:

    !cat ./answer/01.02_answer.txt              the answers to the question list above (a quiz)
    # 参考答案路径                               comments and `%cd` lines before the command
    %cd $original_dir
    !cat answer/01.03_answer/op_host/x.cpp      a reference solution: code, in a subfolder
    !head -n 80 answer/01.04_answer/src/x.h     its first lines (`%cat` too)

A cell with such a command and anything else in it (Python, a pipe, a path outside `answer/`)
is one the engine cannot place: it stops the build, named, rather than being skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .errors import ExerciseError
from .files import DISK, SourceFiles

# IPython runs `! cat` (a space after the bang) as `!cat` (review: nb_cat_space_after_bang).
_PRINTS_ANSWER = re.compile(r"^[ \t]*[!%][ \t]*(?:cat|head)\b.*\banswer/", re.MULTILINE)
_COMMAND = re.compile(
    r"^[!%][ \t]*(?P<verb>cat|head)(?:[ \t]+(?:-n[ \t]*(?P<n>[0-9]+)|-(?P<short>[0-9]+)))?[ \t]+(?P<path>(?:\./)?answer/\S*)$"
)
_KEPT_OUT = re.compile(r"^(?:#.*|%cd\b.*|!cd\b.*)$")  # what Jupyter runs too, but prints nothing
CELL_FORMS = (
    "`!cat ./answer/<file>` (or `%cat`, or `!head -n N ./answer/<file>`), one command a line, with only comments "
    "and `%cd` lines besides"
)


@dataclass(frozen=True)
class Command:
    path: str  # as written: `./answer/01.03_answer/op_host/x.cpp`
    first_lines: int | None = None  # `!head -n 80`: what Jupyter shows; None for the whole file


@dataclass(frozen=True)
class AnswerCell:
    commands: tuple[Command, ...]

    @property
    def answer_file(self) -> str | None:
        """The answer file of a quiz: a single `!cat` of a `.txt` file; else None."""
        if len(self.commands) == 1 and self.commands[0].first_lines is None and self.commands[0].path.endswith(".txt"):
            return self.commands[0].path
        return None


def read_answer_cell(source: str, where: str) -> AnswerCell | None:
    """The cell's commands when it prints files from `answer/`; None for any other cell."""
    if not _PRINTS_ANSWER.search(source):
        return None
    commands = []
    for number, raw in enumerate(source.splitlines(), start=1):
        line = raw.strip()
        if not line or _KEPT_OUT.match(line):
            continue
        command = _COMMAND.match(line)
        if command is None:
            raise ExerciseError(where, "this answer cell has a line the site cannot show", line_number=number,
                                line=raw, expected=CELL_FORMS)
        path = PurePosixPath(command["path"])
        if ".." in path.parts:
            raise ExerciseError(where, f"{command['path']} leaves the answer folder", line_number=number, line=raw,
                                expected="a file or folder under `answer/`")
        lines = command["n"] or command["short"]
        first = int(lines) if lines else (10 if command["verb"] == "head" else None)
        commands.append(Command(command["path"], first))
    return AnswerCell(tuple(commands))


# ---------------------------------------------------------------------------
# Reference solutions: what an answer cell shows when it is not a quiz's


@dataclass(frozen=True)
class SolutionFile:
    path: str  # docs-relative: `ch/answer/01.03_answer/op_host/x.cpp`
    name: str  # as the cell names it: `answer/01.03_answer/op_host/x.cpp`
    text: str  # the whole file
    first_lines: int | None = None  # `!head -n N`: the cell prints only these

    @property
    def shown(self) -> str:
        """What the cell prints: the file, or its first lines."""
        if self.first_lines is None:
            return self.text
        return "".join(self.text.splitlines(keepends=True)[: self.first_lines])


@dataclass(frozen=True)
class ReferenceSolution:
    cell: str  # the answer cell's id
    files: tuple[SolutionFile, ...]


def reference_solution(cell_id: str, cell: AnswerCell, page_path: Path, docs_dir: Path, where: str,
                       files: SourceFiles = DISK) -> ReferenceSolution:
    """Every file the cell prints (a folder: each file in it, by name), read as UTF-8 text."""
    shown = []
    folder = page_path.parent
    for command in cell.commands:
        target = folder / command.path
        if files.is_dir(target):
            found = files.files_in(target)
        elif files.is_file(target):
            found = [target]
        else:
            raise ExerciseError(where, f"the answer cell prints {command.path}, which does not exist",
                                expected=f"{command.path} next to the notebook")
        for path in found:
            text = _read(path, where, files)
            shown.append(SolutionFile(
                path=path.resolve().relative_to(docs_dir.resolve()).as_posix(),
                name=path.relative_to(folder).as_posix(), text=text, first_lines=command.first_lines,
            ))
    if not shown:
        raise ExerciseError(where, "the answer cell prints an empty folder", expected="the reference solution's files in it")
    return ReferenceSolution(cell_id, tuple(shown))


def _read(path: Path, where: str, files: SourceFiles) -> str:
    try:
        return files.data(path).decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise ExerciseError(where, f"{path.name}, which the answer cell prints, is not UTF-8 text",
                            expected="the file saved as UTF-8") from None

"""How the engine reads a course's files: from the disk, or from a list someone made already.

The engine reads pages, answer files and the folders an answer cell prints.  A site that has
listed and read its files once (course_site.inventory) hands the engine that list, so nothing is
read twice and nothing outside the list is seen; everyone else gets `DISK`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import nbformat

from .cell_ids import read_notebook


class SourceFiles(Protocol):
    def data(self, path: Path) -> bytes: ...

    def is_file(self, path: Path) -> bool: ...

    def is_dir(self, path: Path) -> bool: ...

    def files_in(self, folder: Path) -> list[Path]:
        """Every file below `folder`, sorted, none hidden (a name starting with a dot)."""

    def notebook(self, path: Path) -> nbformat.NotebookNode:
        """The notebook at `path` (cell_ids.read_notebook); not to be changed by the caller."""


class DiskFiles:
    def data(self, path: Path) -> bytes:
        return path.read_bytes()

    def is_file(self, path: Path) -> bool:
        return path.is_file()

    def is_dir(self, path: Path) -> bool:
        return path.is_dir()

    def files_in(self, folder: Path) -> list[Path]:
        return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))

    def notebook(self, path: Path) -> nbformat.NotebookNode:
        return read_notebook(path.read_text(encoding="utf-8"))


DISK = DiskFiles()

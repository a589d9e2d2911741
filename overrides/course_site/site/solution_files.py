"""Each reference solution's file, published beside its page for download (solutions.py says where
and why as `.txt`)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from quizzes.answer_cells import ReferenceSolution

from ..page.solutions import published_path


def write_files(site_dir: Path, solutions: Iterable[ReferenceSolution]) -> list[Path]:
    """Each solution file's download, under the site (before the offline package is made)."""
    written = []
    for solution in solutions:
        for file in solution.files:
            target = site_dir / published_path(file)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(file.text.encode("utf-8"))
            written.append(target)
    return written

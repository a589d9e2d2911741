"""Cells without an id, as nbformat 4.0–4.4 saves them (and some tools save 4.5), get one in memory
from their position: `cell-3` for the third cell.  The file is left as its author wrote it; the
quiz, the outputs of cells run at build and the rendered page (course_site.adapters) all find a
cell by the same id, so they all make it here.  (nbformat itself would give a 4.5 cell without
an id a random one, different at every read.)"""

from __future__ import annotations

import json
import warnings

import nbformat
from nbformat.warnings import MissingIDFieldWarning


def positional_id(position: int) -> str:
    """The id of the cell at `position` (1 for the first cell) when it has none of its own."""
    return f"cell-{position}"


def positions_without_id(text: str) -> list[int]:
    """Where (1 for the first cell) the notebook's JSON has a cell without an id."""
    cells = json.loads(text).get("cells") or []
    return [position for position, cell in enumerate(cells, start=1) if not cell.get("id")]


def read_notebook(text: str) -> nbformat.NotebookNode:
    """A notebook's JSON as an nbformat v4 node with an id on every cell."""
    with warnings.catch_warnings():  # nbformat warns of each missing id, which this gives
        warnings.simplefilter("ignore", MissingIDFieldWarning)
        notebook = nbformat.reads(text, as_version=4)
    for position in positions_without_id(text):
        notebook.cells[position - 1]["id"] = positional_id(position)
    return notebook

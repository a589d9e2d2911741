"""Every notebook of docs/ checked before anything is built, so that a broken one stops the build
with one line naming the file (and the cell) and what is expected, never a traceback.

- valid JSON, readable by nbformat, version 4 (4.0 to 4.5 as they are: a cell without an id
  gets one in memory from its position, quizzes/cell_ids.py; the file is left alone);
- cell ids unique;
- outputs cleared (the upstream convention; cells tagged run-at-build get theirs from the build);
  an execution count left without outputs is not an output (the site shows no prompt numbers);
- no Mermaid diagram (Material would fetch Mermaid from a public CDN): draw an SVG figure;
- every formula of a Markdown cell one the site can write (quizzes/formulas.py), found where
  Jupyter and the page's conversion find math (adapters/nbconvert.py);
- within the limits every page keeps (`check_size`, `MAX_CELLS`): a page is for reading, and no
  input may make the build run for long or take much memory (the largest upstream notebook is
  170 KB with 99 cells).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import nbformat

from ..adapters import nbconvert
from ..errors import SiteError

from quizzes.cell_ids import positional_id, read_notebook
from quizzes.formulas import EXPECTED as FORMULAS, FormulaError, mathml

MAJOR = 4
# Upgrades any older notebook to the current format, in place (nbconvert is part of the stack).
UPGRADE = "jupyter nbconvert --to notebook --inplace <file>"
CLEAR_COMMAND = "jupyter nbconvert --clear-output --inplace <file>"
CLEAR = f"clear them: {CLEAR_COMMAND}, or in Jupyter: Edit → Clear Outputs of All Cells"
MAX_BYTES = 2_000_000  # a page's source file, notebook or Markdown
MAX_CELLS = 1000


def check_size(text: bytes, where: str) -> None:
    """A page's source file within MAX_BYTES, and a notebook within MAX_CELLS: checked before
    anything else reads it (nbformat's validation of 20,000 cells alone took minutes)."""
    if len(text) > MAX_BYTES:
        raise SiteError(f"the file has {len(text):,} bytes", where=where,
                        expected=f"at most {MAX_BYTES:,} bytes a page: split it into sections (AUTHORING.md)")
    if where.endswith(".ipynb"):
        try:
            cells = json.loads(text.decode("utf-8")).get("cells")
        except (ValueError, AttributeError):
            return  # check_notebook names what is wrong with it
        if isinstance(cells, list) and len(cells) > MAX_CELLS:
            raise SiteError(f"the notebook has {len(cells):,} cells", where=where,
                            expected=f"at most {MAX_CELLS:,} cells a notebook: split it into sections (AUTHORING.md)")


def check_notebook(text: bytes, where: str, parse: Callable[[], nbformat.NotebookNode] | None = None) -> nbformat.NotebookNode:
    """Check one notebook (its file's bytes); return it (nbformat v4 node), parsed by `parse`
    where the caller keeps parsed notebooks (inventory.py)."""
    check_size(text, where)
    try:
        data = json.loads(text.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise SiteError(f"not UTF-8 (byte {error.start})", where=where, expected="a notebook saved as UTF-8") from None
    except json.JSONDecodeError as error:
        raise SiteError(f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}", where=where,
                        expected="a notebook file as Jupyter saves it") from None
    if not isinstance(data, dict) or "cells" not in data and "worksheets" not in data:
        raise SiteError("not a notebook (no cells)", where=where, expected="a notebook file as Jupyter saves it")
    version = (data.get("nbformat"), data.get("nbformat_minor"))
    if version[0] != MAJOR or not isinstance(version[1], int):
        shown = ".".join(str(v) for v in version if v is not None) or "unknown"
        raise SiteError(f"nbformat {shown}: an older notebook format", where=where,
                        expected=f"nbformat 4: open and save it in a current Jupyter, or run {UPGRADE}")
    # Checked on the file as written: nbformat would quietly rename a repeated id while reading.
    cells = data.get("cells") or []
    seen = {cell.get("id") for cell in cells if cell.get("id")}
    written: set[str] = set()
    for index, cell in enumerate(cells, start=1):
        cell_id = cell.get("id")
        if not cell_id and positional_id(index) in seen:
            raise SiteError(f"cell {index} has no id, and the id it would get, {positional_id(index)!r}, is another "
                            "cell's", where=where, expected=f"an id on every cell: run {UPGRADE}")
        cell_id = cell_id or positional_id(index)
        if cell_id in written:
            raise SiteError(f"two cells have the id {cell_id!r} (the second is cell {index})", where=where,
                            expected="a different id for each cell (rename one in the notebook's JSON)")
        written.add(cell_id)
        if cell.get("cell_type") == "code" and cell.get("outputs"):
            raise SiteError(f"cell {cell_id} has outputs", where=where, expected=CLEAR)
        source = cell.get("source") or ""
        if cell.get("cell_type") == "markdown" and _has_mermaid("".join(source) if isinstance(source, list) else source):
            raise SiteError(f"cell {cell_id} has a Mermaid diagram", where=where,
                            expected="an SVG figure in images/ (AUTHORING.md, Figures): Mermaid would load from a CDN")
        if cell.get("cell_type") == "markdown":
            _check_formulas("".join(source) if isinstance(source, list) else source, cell_id, where)
            _check_attachments(cell, "".join(source) if isinstance(source, list) else source, cell_id, where)
    try:
        return parse() if parse else read_notebook(text.decode("utf-8"))
    except Exception as error:  # nbformat's own checks of the notebook's structure
        raise SiteError(f"nbformat cannot read it: {error}".splitlines()[0], where=where,
                        expected="a notebook file as Jupyter saves it") from None


def _check_attachments(cell: dict, source: str, cell_id: str, where: str) -> None:
    """A cell's attachment it shows would reach the page as a data: image, which the sanitiser
    refuses without saying why (review L10); one it does not show (upstream's hixl 01.03 keeps
    a pasted image it no longer uses) is not on the page in Jupyter either, and is left alone."""
    attachments = cell.get("attachments") if isinstance(cell.get("attachments"), dict) else {}
    shown = [name for name in attachments if f"attachment:{name}" in source]
    if shown:
        raise SiteError(f"cell {cell_id} shows its attachment {shown[0]!r}: the site does not publish a cell's attachments",
                        where=where, expected=f"the image as a file beside the notebook, e.g. ./images/{shown[0]}, "
                                              f"shown as ![…](./images/{shown[0]})")


def _has_mermaid(source: str) -> bool:
    return any(line.lstrip().startswith(("```mermaid", "~~~mermaid")) for line in source.splitlines())


# What starts math in a Markdown cell: a cell without any has no formula to convert.
_MATH_STARTS = ("$", "\\(", "\\[", "\\begin{")


def _check_formulas(source: str, cell_id: str, where: str) -> None:
    if not any(start in source for start in _MATH_STARTS):
        return
    for tex, display in nbconvert.formulas_in_markdown(source):
        try:
            mathml(tex, display)
        except FormulaError as error:
            shown = " ".join((f"$${tex}$$" if display else f"${tex}$").split())
            raise SiteError(f"cell {cell_id} has a formula the site cannot write, {shown[:80]}: {error}", where=where,
                            expected=FORMULAS) from None

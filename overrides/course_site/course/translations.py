"""Translation records: which version of its original a translated file matches.

Authors write the original (the default language: `x.ipynb`) first and translate it
(`x.en.ipynb`).  Each translated file records the *fingerprint* of the original it was last
brought up to date with; when the original's fingerprint moves on, the translation is behind.

Where a record lives, so that it survives editing in Jupyter and in a text editor:

- a notebook (`x.en.ipynb`): in the notebook's metadata, key `translation_of`, with the whole
  fingerprint and one per cell (so the site can say which cells changed):
  `{"fingerprint": "<16 hex>", "cells": {"<cell id>": "<12 hex>", ...}}`;
- a Markdown page (`page.en.md`): in its front matter, `translation_of: "<16 hex>"`;
- any other file (`answer/01.02_answer.en.txt`, `images/a.en.svg`): in the folder's sidecar
  file `translations.yml`, one line `<file name>: "<16 hex>"` per translated file.

What a fingerprint covers (what changes meaning) and what it leaves out (what does not):

- text: every line without its trailing whitespace, line endings as `\\n`, runs of blank lines
  as one blank line, no blank lines at the start or end;
- a notebook: its cells in order, each by its id, its type, its text as above, its attachments,
  and whether it is tagged `run-at-build` (the site runs such a cell and shows its output, so
  the tag changes the page, and the translation must carry it too).  Outputs, execution counts,
  other cell metadata and tags, and the notebook's own metadata are left out: running the
  notebook in Jupyter, or clearing it, changes nothing.

Everything here is pure: text in, text or values out.  translation_status.py reads the files
and git; tools/translations.py is the maintainers' command.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import yaml

from ..errors import SiteError
from .run_at_build import TAG as RUN_AT_BUILD

KEY = "translation_of"  # the record's key in notebook metadata and in front matter
SIDECAR = "translations.yml"  # the record of a folder's other translated files
TAGS_THAT_COUNT = (RUN_AT_BUILD,)  # cell tags that change what the page shows
WHOLE_LENGTH, CELL_LENGTH = 16, 12  # hex digits kept of each SHA-256

# The front matter block as MkDocs 1.6 finds it (mkdocs.utils.meta.YAML_RE).
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
_RECORD_LINE = re.compile(rf"^{KEY}[ \t]*:.*\n", re.MULTILINE)


@dataclass(frozen=True)
class Record:
    """An original's fingerprint; for a notebook also each cell's, by id, in the notebook's order."""

    fingerprint: str
    cells: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Changes:
    """How an original differs from the version its translation recorded (cells by id)."""

    changed: tuple[str, ...] = ()  # in both, with other content
    added: tuple[str, ...] = ()  # in the original only
    removed: tuple[str, ...] = ()  # in the recorded version only
    reordered: bool = False  # the same cells in another order

    @property
    def cells(self) -> tuple[str, ...]:
        return self.changed + self.added + self.removed


# ---------------------------------------------------------------------------
# Fingerprints


def normalise_text(text: str) -> str:
    """The text as far as its meaning goes: see the module's docstring."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip("\n")


def _digest(parts: list[str], length: int) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:length]


def text_fingerprint(text: str) -> str:
    return _digest([normalise_text(text)], WHOLE_LENGTH)


def _source(cell: Mapping) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def cell_fingerprint(cell: Mapping) -> str:
    tags = (cell.get("metadata") or {}).get("tags") or []
    counted = ",".join(tag for tag in TAGS_THAT_COUNT if tag in tags)
    attachments = json.dumps(cell.get("attachments") or {}, sort_keys=True, ensure_ascii=False)
    return _digest([cell.get("cell_type", ""), counted, normalise_text(_source(cell)), attachments], CELL_LENGTH)


def notebook_record(notebook: Mapping) -> Record:
    cells = {}
    for index, cell in enumerate(notebook.get("cells", [])):
        cells[str(cell.get("id") or f"#{index}")] = cell_fingerprint(cell)
    return Record(_digest([f"{cell_id} {print_}" for cell_id, print_ in cells.items()], WHOLE_LENGTH), cells)


def read_notebook(text: str, where: str) -> dict:
    try:
        notebook = json.loads(text)
    except json.JSONDecodeError as error:
        raise SiteError(f"not a notebook: {error}", where=where, expected="a notebook in nbformat 4.5 (JSON)") from None
    if not isinstance(notebook, dict):
        raise SiteError("not a notebook", where=where, expected="a notebook in nbformat 4.5 (JSON)")
    return notebook


def record_of(name: str, text: str) -> Record:
    """The record a translation of the file `name` (whose content is `text`) would keep."""
    if name.endswith(".ipynb"):
        return notebook_record(read_notebook(text, name))
    return Record(text_fingerprint(text))


# ---------------------------------------------------------------------------
# Comparing


def compare(recorded: Record, current: Record) -> Changes | None:
    """None when the translation is up to date; otherwise what changed (cells for notebooks)."""
    if recorded.fingerprint == current.fingerprint:
        return None
    changed = tuple(c for c in current.cells if c in recorded.cells and recorded.cells[c] != current.cells[c])
    added = tuple(c for c in current.cells if c not in recorded.cells)
    removed = tuple(sorted(c for c in recorded.cells if c not in current.cells))
    return Changes(changed, added, removed, reordered=not (changed or added or removed) and bool(current.cells))


# ---------------------------------------------------------------------------
# Where records are kept


def records_in(name: str) -> str:
    """'notebook', 'front matter' or 'sidecar': where the translation `name` keeps its record."""
    if name.endswith(".ipynb"):
        return "notebook"
    if name.endswith(".md"):
        return "front matter"
    return "sidecar"


def read_record(name: str, text: str | None, sidecar: Mapping[str, str]) -> Record | None:
    """The record kept by the translation `name`; `text` is its content (notebooks and pages),
    `sidecar` its folder's sidecar entries.  None when it keeps none."""
    where = records_in(name)
    if where == "notebook":
        kept = (read_notebook(text, name).get("metadata") or {}).get(KEY)
        if not isinstance(kept, Mapping) or not kept.get("fingerprint"):
            return None
        cells = kept.get("cells") or {}
        return Record(str(kept["fingerprint"]), {str(k): str(v) for k, v in cells.items()})
    if where == "front matter":
        meta = front_matter(text)
        return Record(str(meta[KEY])) if meta.get(KEY) else None
    kept = sidecar.get(name.rsplit("/", 1)[-1])
    return Record(str(kept)) if kept else None


def front_matter(text: str) -> dict:
    match = FRONT_MATTER.match(text.removeprefix("\ufeff"))
    if not match:
        return {}
    try:
        meta = yaml.safe_load(match.group(1))
    except yaml.YAMLError:
        return {}
    return meta if isinstance(meta, dict) else {}


def with_record(name: str, text: str, record: Record) -> str:
    """The notebook or Markdown page `text` with `record` kept in it (other files: sidecar_text)."""
    where = records_in(name)
    if where == "notebook":
        notebook = read_notebook(text, name)
        notebook.setdefault("metadata", {})[KEY] = {"fingerprint": record.fingerprint, "cells": dict(record.cells)}
        # nbformat's own layout, as Jupyter and nbformat.write save a notebook
        return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if where == "front matter":
        line = f'{KEY}: "{record.fingerprint}"\n'
        bom = "\ufeff" if text.startswith("\ufeff") else ""
        body = text.removeprefix("\ufeff")
        match = FRONT_MATTER.match(body)
        if not match:
            return f"{bom}---\n{line}---\n\n{body}"
        block = _RECORD_LINE.sub("", match.group(1)) + line
        start, end = match.span(1)
        return bom + body[:start] + block + body[end:]
    raise ValueError(f"{name} keeps its record in {SIDECAR}: use sidecar_text")


SIDECAR_HEADER = (
    "# Translation records of this folder's files (AUTHORING.md, \"Translations\"): each translated\n"
    "# file and the fingerprint of the original it matches.  Written by tools/translations.py done.\n"
)


def read_sidecar(text: str, where: str) -> dict[str, str]:
    try:
        entries = yaml.safe_load(text) or {}
    except yaml.YAMLError as error:
        raise SiteError(f"not a translations file: {error}", where=where,
                        expected='one line `<file name>: "<fingerprint>"` per translated file') from None
    if not isinstance(entries, dict):
        raise SiteError("not a translations file", where=where,
                        expected='one line `<file name>: "<fingerprint>"` per translated file')
    return {str(k): str(v) for k, v in entries.items()}


def sidecar_text(entries: Mapping[str, str]) -> str:
    lines = [f'{name}: "{fingerprint}"\n' for name, fingerprint in sorted(entries.items())]
    return SIDECAR_HEADER + "".join(lines)


# ---------------------------------------------------------------------------
# Headings, to say where a cell is


_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def headings_in(markdown: str) -> list[str]:
    """The ATX headings of a Markdown text (`## 2. Title`), outside fenced code."""
    found, fence = [], None
    for line in markdown.splitlines():
        opening = _FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            continue
        heading = _HEADING.match(line)
        if heading:
            found.append(f"{heading.group(1)} {heading.group(2)}")
    return found


def cell_headings(notebook: Mapping) -> dict[str, str | None]:
    """For each cell id, the heading its first line falls under: the cell's own heading when the
    cell starts with one, else the last heading before the cell (None before any)."""
    result: dict[str, str | None] = {}
    current = None
    for index, cell in enumerate(notebook.get("cells", [])):
        cell_id = str(cell.get("id") or f"#{index}")
        if cell.get("cell_type") != "markdown":
            result[cell_id] = current
            continue
        source = normalise_text(_source(cell))
        found = headings_in(source)
        starts_with_heading = bool(found) and bool(_HEADING.match(source.split("\n", 1)[0]))
        result[cell_id] = found[0] if starts_with_heading else current
        if found:
            current = found[-1]
    return result

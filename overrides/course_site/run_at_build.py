"""Cells the site runs: code cells tagged `run-at-build` are executed when the site is built.

The notebooks keep their outputs cleared (the upstream convention); the site shows what the
tagged cells print.  The tagged cells of one notebook run top to bottom in one fresh kernel,
in the notebook's folder.  Results are cached by what they depend on (the cells' sources,
the kernel, the files of the chapter's `data/` folder), so a rebuild with unchanged cells runs
nothing.  A cell that fails, or prints something the site cannot show as text, stops the build
naming the notebook and the cell.
"""

from __future__ import annotations

import hashlib
import json
import logging
import tempfile
from dataclasses import dataclass
from pathlib import Path

import nbformat

from .errors import SiteError

log = logging.getLogger("mkdocs.plugins.course_site")

TAG = "run-at-build"
KERNEL = "python3"
TIMEOUT = 120  # seconds per cell; the cells are meant to take a few
MAX_OUTPUT = 20_000  # characters per cell: a page is for reading
CACHE_VERSION = "1"


@dataclass(frozen=True)
class CellOutput:
    cell_id: str
    text: str  # what the cell printed (stdout, stderr) and its value's text, in order


def tagged_cells(notebook: nbformat.NotebookNode) -> list:
    return [c for c in notebook.cells if c.cell_type == "code" and TAG in c.get("metadata", {}).get("tags", [])]


def cache_key(notebook_path: Path, cells: list) -> str:
    digest = hashlib.sha256(f"{CACHE_VERSION}|{KERNEL}".encode("utf-8"))
    for cell in cells:
        digest.update(f"\0{cell.get('id')}\0{cell.source}".encode("utf-8"))
    data = notebook_path.parent / "data"
    if data.is_dir():
        for path in sorted(p for p in data.rglob("*") if p.is_file()):
            digest.update(f"\0{path.relative_to(data).as_posix()}\0".encode("utf-8"))
            digest.update(path.read_bytes())
    return digest.hexdigest()


def outputs(notebook_path: Path, cache_dir: Path, where: str) -> dict[str, CellOutput]:
    """The output of each tagged cell, by cell id; from the cache when nothing it depends on changed."""
    notebook = nbformat.read(notebook_path, as_version=4)
    cells = tagged_cells(notebook)
    if not cells:
        return {}
    for cell in cells:
        if not cell.get("id"):
            raise SiteError("a cell tagged run-at-build has no id", where=where,
                            expected="nbformat 4.5 or later, where every cell has an id")
    key = cache_key(notebook_path, cells)
    cached = cache_dir / f"{key}.json"
    if cached.is_file():
        data = json.loads(cached.read_text(encoding="utf-8"))
        return {cell_id: CellOutput(cell_id, text) for cell_id, text in data.items()}
    log.info(f"{where}: running {len(cells)} cells tagged {TAG}")
    results = _execute(notebook, cells, notebook_path.parent, where)
    cache_dir.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps({r.cell_id: r.text for r in results}, ensure_ascii=False), encoding="utf-8")
    return {result.cell_id: result for result in results}


def run_in_order(notebook_path: Path, cells: list, where: str) -> list[CellOutput]:
    """Run these cells, in this order (a cell may come twice), in one fresh kernel in the notebook's
    folder, the way the build runs a notebook's tagged cells; no cache.  The re-run test uses it."""
    notebook = nbformat.read(notebook_path, as_version=4)
    return _execute(notebook, cells, notebook_path.parent, where)


def _execute(notebook: nbformat.NotebookNode, cells: list, folder: Path, where: str) -> list[CellOutput]:
    from jupyter_client.manager import AsyncKernelManager
    from jupyter_core.utils import run_sync
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    runner = nbformat.v4.new_notebook(metadata=notebook.metadata)
    runner.cells = [nbformat.v4.new_code_cell(cell.source, id=cell.id) for cell in cells]
    # Local sockets, not TCP: nothing listens on the network, and the kernel has no reason to
    # warn about it in the build log.  An absolute path: the kernel runs in the notebook's folder.
    sockets = tempfile.TemporaryDirectory(prefix="run-at-build-")
    kernel = AsyncKernelManager(kernel_name=KERNEL, transport="ipc", ip=str(Path(sockets.name) / "kernel"))
    client = NotebookClient(runner, km=kernel, timeout=TIMEOUT, kernel_name=KERNEL,
                            resources={"metadata": {"path": str(folder)}})
    try:
        with sockets:
            try:
                client.execute()
            finally:  # the client does not stop a kernel it was handed
                if run_sync(kernel.is_alive)():
                    run_sync(kernel.shutdown_kernel)(now=True)
    except CellExecutionError as error:
        failed = next((c.id for c in runner.cells if any(o.output_type == "error" for o in c.get("outputs", []))), "?")
        raise SiteError(f"cell {failed} (tagged {TAG}) failed: {error.ename}: {error.evalue}", where=where,
                        expected="cells that run on any machine without an NPU, using the standard library") from None
    except (CellTimeoutError, DeadKernelError) as error:
        raise SiteError(f"a cell tagged {TAG} did not finish: {error}", where=where,
                        expected=f"cells that finish in a few seconds (at most {TIMEOUT} s)") from None
    return [CellOutput(cell.id, _text_of(cell, where)) for cell in runner.cells]


def _text_of(cell, where: str) -> str:
    pieces = []
    for output in cell.outputs:
        if output.output_type == "stream":
            pieces.append(output.text)
        elif output.output_type in ("execute_result", "display_data") and set(output.data) == {"text/plain"}:
            pieces.append(output.data["text/plain"] + "\n")
        else:
            kinds = sorted(output.get("data", {})) or [output.output_type]
            raise SiteError(f"cell {cell.id} (tagged {TAG}) produced {', '.join(kinds)}", where=where,
                            expected="text only: what the cell prints, or a value shown as text")
    # IPython runs `!command` through a pseudo-terminal, which ends lines with "\r\n".
    text = "".join(pieces).replace("\r\n", "\n")
    if len(text) > MAX_OUTPUT:
        raise SiteError(f"cell {cell.id} (tagged {TAG}) printed {len(text)} characters", where=where,
                        expected=f"at most {MAX_OUTPUT}: print a summary")
    return text

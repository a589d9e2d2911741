"""Cells the site runs: code cells tagged `run-at-build` are executed when the site is built.

The notebooks keep their outputs cleared (the upstream convention); the site shows what the
tagged cells print.  The tagged cells of one notebook run top to bottom in one fresh kernel.
Results are cached by what they depend on (the cells' sources, the kernel, the files of the
chapter's `data/` folder), so a rebuild with unchanged cells runs nothing.  A cell that fails,
ends or kills its kernel, or prints something the site cannot show as text, stops the build
naming the notebook and the cell.

Cells come with contributions, so each notebook's kernel runs in a sandbox (sandbox.py): a copy
of its chapter folder (symbolic links left out) is all it sees of the course, with no network,
none of the builder's files or variables, processes that all end with it, and limits on memory,
processes, file size and CPU.  The build's cells have TOTAL_TIME seconds in all.  Their output is
page content and goes through the page sanitiser like the rest.  What the build must find as it
was (docs/, the templates, the site so far: `CellRuns.guarded`) is compared before and after
each notebook's cells: a change stops the build.

Where no sandbox can start (no bwrap, or user namespaces refused), the tagged cells are not run,
and the build says so; `CELL_SANDBOX` (the builder's environment) decides otherwise:
`required` stops the build instead (CI), `none` runs them without a sandbox, as the builder's own
processes (a maintainer's explicit choice, for content they trust).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import posixpath
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat

from ..errors import SiteError
from . import sandbox
from .inventory import CourseInventory, disk_state

log = logging.getLogger("mkdocs.plugins.course_site")

TAG = "run-at-build"
KERNEL = "python3"
TIMEOUT = 120  # seconds per cell; the cells are meant to take a few
TOTAL_TIME = 300  # seconds for all the tagged cells of a build
SANDBOX_SETTING = "CELL_SANDBOX"  # auto (the default), required, none
MAX_OUTPUT = 20_000  # characters per cell: a page is for reading
CACHE_VERSION = "3"  # 3: cells run in a sandbox (sandbox.py)
# The only variables of the builder's a cell sees: the language of its output.
KEPT_VARIABLES = ("LANG", "LC_ALL", "LC_CTYPE", "TZ")


@dataclass
class CellRuns:
    """What all the tagged cells of a build share: where their outputs are kept and how an entry
    is named (`name(key)`: under the machine's secret, site/caches.py keyed), what no cell may
    change (folders and files), the time left, and what to do without a sandbox."""

    cache_dir: Path
    name: Callable[[str], str]
    guarded: tuple[Path, ...] = ()
    time_left: float = TOTAL_TIME
    setting: str = "auto"
    told: bool = False  # the build has said once that cells are not run

    @classmethod
    def from_environment(cls, cache_dir: Path, name: Callable[[str], str], guarded: tuple[Path, ...]) -> "CellRuns":
        setting = os.environ.get(SANDBOX_SETTING, "").strip().lower() or "auto"
        if setting not in ("auto", "required", "none"):
            raise SiteError(f"{SANDBOX_SETTING}={setting!r}", where="the builder's environment",
                            expected="auto (the default: cells run in a sandbox, or not at all), required, or none")
        return cls(cache_dir, name, guarded, setting=setting)


@dataclass(frozen=True)
class CellOutput:
    cell_id: str
    text: str  # what the cell printed (stdout, stderr) and its value's text, in order


def tagged_cells(notebook: nbformat.NotebookNode) -> list:
    return [c for c in notebook.cells if c.cell_type == "code" and TAG in c.get("metadata", {}).get("tags", [])]


def cache_key(inventory: CourseInventory, src_uri: str, cells: list) -> str:
    digest = hashlib.sha256(f"{CACHE_VERSION}|{KERNEL}".encode("utf-8"))
    for cell in cells:
        digest.update(f"\0{cell.get('id')}\0{cell.source}".encode("utf-8"))
    data = posixpath.join(posixpath.dirname(src_uri), "data")
    for name in inventory.under(data):
        digest.update(f"\0{posixpath.relpath(name, data)}\0".encode("utf-8"))
        digest.update(inventory.data(name))
    return digest.hexdigest()


def outputs(inventory: CourseInventory, src_uri: str, where: str, runs: CellRuns) -> dict[str, CellOutput]:
    """The output of each tagged cell, by cell id; from the cache when nothing it depends on changed."""
    cells = tagged_cells(inventory.notebook(src_uri))
    if not cells:
        return {}
    cached = runs.cache_dir / f"{runs.name(cache_key(inventory, src_uri, cells))}.json"
    kept = _kept(cached, {cell.id for cell in cells})
    if kept is not None:
        return kept
    sandboxed = runs.setting != "none"
    why_not = sandbox.unavailable() if sandboxed else None
    if why_not:
        if runs.setting == "required":
            raise SiteError(f"{len(cells)} cells tagged {TAG} cannot run: {why_not}", where=where,
                            expected=f"a sandbox that starts (README.md, 'Cells run at build'), or {SANDBOX_SETTING} unset")
        if not runs.told:
            log.info(f"cells tagged {TAG} are not run, and their pages show no output: {why_not} "
                     f"(README.md, 'Cells run at build'; {SANDBOX_SETTING}=none runs them without a sandbox)")
            runs.told = True
        return {}
    if not sandboxed:
        log.info(f"{where}: running {len(cells)} cells tagged {TAG} without a sandbox ({SANDBOX_SETTING}=none)")
    else:
        log.info(f"{where}: running {len(cells)} cells tagged {TAG} in a sandbox")
    before = [_state(path) for path in runs.guarded]
    started = time.monotonic()
    try:
        results = _execute(inventory.notebook(src_uri).metadata, cells, _chapter_files(inventory, src_uri), where,
                           sandboxed=sandboxed, time_left=runs.time_left)
    finally:
        runs.time_left -= time.monotonic() - started
        changed = [f"{path}/{name}" if path.is_dir() else str(path) for path, state in zip(runs.guarded, before)
                   for name in _changes(state, _state(path))]
    if changed:
        raise SiteError(f"cells tagged {TAG} changed what the build reads or wrote: {', '.join(changed)}", where=where,
                        expected="cells that write only into their own working folder (a temporary copy)")
    runs.cache_dir.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps({r.cell_id: r.text for r in results}, ensure_ascii=False), encoding="utf-8")
    return {result.cell_id: result for result in results}


def _kept(path: Path, cell_ids: set[str]) -> dict[str, CellOutput] | None:
    """A cached entry, held to what a run gives: text for exactly these cells, within the limit."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    if (not isinstance(data, dict) or set(data) != cell_ids
            or not all(isinstance(text, str) and len(text) <= MAX_OUTPUT for text in data.values())):
        return None
    return {cell_id: CellOutput(cell_id, text) for cell_id, text in data.items()}


def run_in_order(inventory: CourseInventory, src_uri: str, cells: list, where: str) -> list[CellOutput]:
    """Run these cells, in this order (a cell may come twice), in one fresh kernel, the way the build
    runs a notebook's tagged cells (in a sandbox, in a copy of its folder); no cache.  The re-run
    test uses it."""
    return _execute(inventory.notebook(src_uri).metadata, cells, _chapter_files(inventory, src_uri), where,
                    sandboxed=True, time_left=TOTAL_TIME)


def _chapter_files(inventory: CourseInventory, src_uri: str) -> tuple[str, dict[str, Path]]:
    """The notebook's folder name, and every file of the course in it by its path there."""
    folder = posixpath.dirname(src_uri)
    names = inventory.under(folder) if folder else inventory.files()
    return posixpath.basename(folder) or "docs", {
        posixpath.relpath(name, folder or "."): inventory.path(name) for name in names}


def _execute(metadata, cells: list, folder: tuple[str, dict[str, Path]], where: str, *, sandboxed: bool,
             time_left: float) -> list[CellOutput]:
    from jupyter_client.manager import AsyncKernelManager
    from jupyter_core.utils import run_sync
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    runner = nbformat.v4.new_notebook(metadata=metadata)
    runner.cells = [nbformat.v4.new_code_cell(cell.source, id=cell.id) for cell in cells]
    # One more cell after the author's: if it cannot run, the last tagged cell ended the kernel
    # (`exit()`), which nbclient would otherwise not notice.
    runner.cells.append(nbformat.v4.new_code_cell("pass", id=_STILL_ALIVE))
    with tempfile.TemporaryDirectory(prefix="run-at-build-") as scratch:
        scratch = Path(scratch)
        folder_name, files = folder
        workdir = scratch / "work" / folder_name
        workdir.mkdir(parents=True)
        for name, path in files.items():  # the course's files only: no link, nothing hidden
            (workdir / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, workdir / name)
        (scratch / "home").mkdir()
        if time_left <= 0:
            raise SiteError(f"the build's cells tagged {TAG} have taken their {TOTAL_TIME} s", where=where,
                            expected="cells that finish in a few seconds each")
        environment = _cell_environment(scratch / "home")
        # Local sockets, not TCP: the sandbox has no network, and the kernel no reason to warn
        # about it in the build log.  Its connection file is in its scratch folder, which it sees.
        manager = _sandboxed_manager(scratch, workdir, environment) if sandboxed else AsyncKernelManager
        kernel = manager(kernel_name=KERNEL, transport="ipc", ip=str(scratch / "kernel"),
                         connection_file=str(scratch / "kernel.json"))
        replied, exits = [], []

        def executed(cell, execute_reply, **_):
            replied.append(cell.id)
            if _asked_to_exit(execute_reply):
                exits.append(cell.id)

        client = NotebookClient(runner, km=kernel, timeout=max(1, int(min(TIMEOUT, time_left))), kernel_name=KERNEL,
                                resources={"metadata": {"path": str(workdir)}}, on_cell_executed=executed)
        try:
            try:
                client.execute(env=environment)
            finally:  # the client does not stop a kernel it was handed
                if run_sync(kernel.is_alive)():
                    run_sync(kernel.shutdown_kernel)(now=True)
        except CellExecutionError as error:
            failed = next((c.id for c in runner.cells if any(o.output_type == "error" for o in c.get("outputs", []))), "?")
            raise SiteError(f"cell {failed} (tagged {TAG}) failed: {error.ename}: {error.evalue}", where=where,
                            expected="cells that run on any machine without an NPU, using the standard library") from None
        except CellTimeoutError:
            limit = f"{TIMEOUT} s" if time_left >= TIMEOUT else f"the {int(time_left)} s left of the build's {TOTAL_TIME} s"
            raise SiteError(f"cell {_first_unfinished(runner, replied)} (tagged {TAG}) did not finish in {limit}",
                            where=where, expected="cells that finish in a few seconds") from None
        except DeadKernelError:
            if not exits:  # exit() may or may not have stopped the kernel yet: named the same either way
                raise SiteError(_death(runner, replied), where=where,
                                expected="cells that neither exit nor kill the Python process (no exit(), os._exit, sys.exit)") from None
        if exits:
            raise SiteError(f"cell {exits[0]} (tagged {TAG}) calls exit(), which stops the kernel of a reader who runs it",
                            where=where, expected="cells that run to their end, so the next ones can run too")
    return [CellOutput(cell.id, _text_of(cell, where)) for cell in runner.cells if cell.id != _STILL_ALIVE]


_STILL_ALIVE = "run-at-build-still-alive"


def _sandboxed_manager(scratch: Path, workdir: Path, environment: dict[str, str]):
    """jupyter_client's kernel manager, whose kernel command runs in the sandbox."""
    from jupyter_client.manager import AsyncKernelManager

    class Sandboxed(AsyncKernelManager):
        def format_kernel_cmd(self, extra_arguments=None):
            # Called once the connection file is written, which the kernel must be able to read.
            sandbox.hand_over(scratch)
            return sandbox.command(super().format_kernel_cmd(extra_arguments), scratch, workdir, environment)

    return Sandboxed


def _cell_environment(home: Path) -> dict[str, str]:
    kept = {name: os.environ[name] for name in KEPT_VARIABLES if name in os.environ}
    programs = os.pathsep.join([os.path.dirname(os.path.abspath(sys.executable)), "/usr/local/bin", "/usr/bin", "/bin"])
    return {**kept, "PATH": programs, "HOME": str(home), "TMPDIR": str(home), "PYTHONIOENCODING": "utf-8"}


def _state(path: Path) -> dict[str, tuple[int, int]]:
    """A folder's files, or a file itself (""), with their sizes and modification times."""
    if path.is_file():
        stat = path.stat()
        return {"": (stat.st_size, stat.st_mtime_ns)}
    return disk_state(path) if path.is_dir() else {}


def _first_unfinished(runner, replied: list) -> str:
    return next((cell.id for cell in runner.cells if cell.id not in replied), "?")


def _death(runner, replied: list) -> str:
    """Which cell killed the kernel: the first one the kernel never answered for."""
    unfinished = _first_unfinished(runner, replied)
    if unfinished == _STILL_ALIVE:
        return f"the Python kernel died after cell {replied[-1]} (tagged {TAG}), the last one"
    return f"cell {unfinished} (tagged {TAG}) killed the Python kernel"


def _asked_to_exit(reply: dict) -> bool:
    """`exit()` in a kernel asks the front end to stop it (an `ask_exit` payload): Jupyter
    obeys, nbclient does not, so a reader's run would stop where the build's went on."""
    return any(item.get("source") == "ask_exit" for item in reply.get("content", {}).get("payload", []))


def _changes(before: dict, after: dict) -> list[str]:
    return sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))


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

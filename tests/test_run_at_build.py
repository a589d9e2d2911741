"""Cells the site runs are contained: each notebook's kernel runs in a sandbox (bwrap) with a copy
of its chapter folder, none of the builder's variables, files or network, processes that end
with it and limits; a cell that exits or kills its kernel stops the build naming the notebook and
the cell.  A tagged cell that tries each escape of the second security review finds each closed.

These call run_at_build.outputs directly on small notebooks (a kernel each, no site build)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import nbformat
import pytest

from helpers import ROOT
from course_site.course import inventory, run_at_build, sandbox
from course_site.errors import SiteError
from course_site.site import caches


def write_notebook(docs: Path, *sources: str, name: str = "ch/x.ipynb") -> Path:
    notebook = nbformat.v4.new_notebook(
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})
    notebook.cells = [nbformat.v4.new_code_cell(source, id=f"cell{number}", metadata={"tags": ["run-at-build"]})
                      for number, source in enumerate(sources, 1)]
    path = docs / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def run(docs: Path, notebook: Path, cache: Path, setting: str = "auto", guarded: tuple[Path, ...] = ()) -> dict[str, str]:
    """The cells' outputs, the course listed as a build lists it (an answer/ and data/ kept off the site)."""
    config = docs.parent / "mkdocs.yml"
    config.write_text("site_name: t\nexclude_docs: |\n  answer/\n  data/\n", encoding="utf-8")
    src_uri = notebook.relative_to(docs).as_posix()
    runs = run_at_build.CellRuns(cache, lambda key: f"{key}-keyed", (docs, *guarded), setting=setting)
    outputs = run_at_build.outputs(inventory.of_config_file(config), src_uri, f"docs/{src_uri}", runs)
    return {cell: output.text for cell, output in outputs.items()}


def files_under(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*")}


@pytest.fixture
def docs(tmp_path) -> Path:
    (tmp_path / "docs" / "ch" / "data").mkdir(parents=True)
    (tmp_path / "docs" / "ch" / "data" / "sample.txt").write_text("样例\n", encoding="utf-8")
    return tmp_path / "docs"


def test_a_cell_reads_its_chapter_data_and_writes_only_into_a_copy(docs, tmp_path):
    notebook = write_notebook(
        docs,
        "print(open('data/sample.txt', encoding='utf-8').read().strip())",
        "open('written.md', 'w', encoding='utf-8').write('# a page')\nprint(open('written.md', encoding='utf-8').read())",
    )
    before = files_under(docs)
    assert run(docs, notebook, tmp_path / "cache") == {"cell1": "样例\n", "cell2": "# a page\n"}
    assert files_under(docs) == before


def test_a_cell_sees_none_of_the_builders_variables(docs, tmp_path, monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "ghs_secret")
    monkeypatch.setenv("ACTIONS_RUNTIME_TOKEN", "runtime_secret")
    monkeypatch.setenv("CI", "true")
    notebook = write_notebook(
        docs, "import os\nprint([os.environ.get(name) for name in ('GITHUB_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'CI')])")
    assert run(docs, notebook, tmp_path / "cache") == {"cell1": "[None, None, None]\n"}


def test_relative_paths_do_not_reach_the_repository(docs, tmp_path):
    """The review's S5: `../../.git/config` printed the repository's git config onto a page."""
    git = docs.parent / ".git"
    git.mkdir()
    (git / "config").write_text("[remote]\n  token = SECRET\n", encoding="utf-8")
    notebook = write_notebook(docs, "print(open('../../.git/config').read())")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value).startswith("docs/ch/x.ipynb: cell cell1 (tagged run-at-build) failed: FileNotFoundError")
    assert "SECRET" not in str(error.value)


def test_symbolic_links_are_not_copied_for_the_cells(docs, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    (docs / "ch" / "data" / "link.txt").symlink_to(secret)
    notebook = write_notebook(docs, "import os\nprint(sorted(os.listdir('data')))")
    assert run(docs, notebook, tmp_path / "cache") == {"cell1": "['sample.txt']\n"}


def test_a_cell_cannot_reach_docs_by_an_absolute_path(docs, tmp_path):
    """The review's S5: a cell wrote a page that the English pass then published outside the plan.
    In the sandbox, docs/ is not there to write into."""
    target = docs / "ch" / "planted.en.md"
    notebook = write_notebook(docs, f"open({str(target)!r}, 'w', encoding='utf-8').write('# planted')")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert "cell cell1 (tagged run-at-build) failed: FileNotFoundError" in str(error.value)
    assert not target.exists()


def test_a_guarded_file_changed_while_cells_ran_stops_the_build(docs, tmp_path):
    """Unsandboxed (the maintainer's choice), a cell can write anywhere: what the build reads and
    the site so far are compared before and after, and a change is named."""
    template = tmp_path / "overrides" / "partials" / "copyright.html"
    template.parent.mkdir(parents=True)
    template.write_text("<div></div>", encoding="utf-8")
    notebook = write_notebook(docs, f"open({str(template)!r}, 'a', encoding='utf-8').write('<script>x</script>')")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache", setting="none", guarded=(tmp_path / "overrides",))
    assert str(error.value).startswith("docs/ch/x.ipynb: cells tagged run-at-build changed what the build reads or "
                                       f"wrote: {tmp_path / 'overrides'}/partials/copyright.html")


@pytest.mark.parametrize("sources, cell", [
    (("print(1)", "exit()", "print(2)"), "cell2"),
    (("print(1)", "exit()"), "cell2"),  # the review's U2: exit() in the last cell passed
])
def test_a_cell_that_calls_exit_stops_the_build_naming_it(docs, tmp_path, sources, cell):
    notebook = write_notebook(docs, *sources)
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value).startswith(f"docs/ch/x.ipynb: cell {cell} (tagged run-at-build) calls exit()")


def test_a_cell_that_kills_its_kernel_stops_the_build_naming_it(docs, tmp_path):
    notebook = write_notebook(docs, "print(1)", "import os\nos._exit(3)", "print(2)")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value).startswith("docs/ch/x.ipynb: cell cell2 (tagged run-at-build) killed the Python kernel")


def test_a_cell_that_does_not_finish_stops_the_build_in_one_line_naming_it(docs, tmp_path, monkeypatch):
    """The review's rab_forever: the message was nbclient's multi-line preview of the cell."""
    monkeypatch.setattr(run_at_build, "TIMEOUT", 2)
    notebook = write_notebook(docs, "print(1)", "while True:\n    pass")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value) == ("docs/ch/x.ipynb: cell cell2 (tagged run-at-build) did not finish in 2 s\n"
                                "  expected: cells that finish in a few seconds")


def test_the_builds_cells_share_one_total_time(docs, tmp_path, monkeypatch):
    """Review L9: each cell had its own 120 s, so enough tagged notebooks kept a build for hours.
    What one notebook's cells take is gone for the next: here 6 s in all, and the second cell,
    which would sleep a minute, is stopped when the first notebook's share is spent."""
    monkeypatch.setattr(run_at_build, "TOTAL_TIME", 6)
    write_notebook(docs, "import time\ntime.sleep(1)", name="ch/a.ipynb")
    write_notebook(docs, "import time\ntime.sleep(60)", name="ch/b.ipynb")
    config = docs.parent / "mkdocs.yml"
    config.write_text("site_name: t\nexclude_docs: |\n  data/\n", encoding="utf-8")
    course = inventory.of_config_file(config)
    runs = run_at_build.CellRuns(tmp_path / "cache", lambda key: f"{key}-keyed", (docs,), time_left=6)
    started = time.monotonic()
    run_at_build.outputs(course, "ch/a.ipynb", "docs/ch/a.ipynb", runs)
    assert 1 <= 6 - runs.time_left <= time.monotonic() - started
    with pytest.raises(SiteError) as error:
        run_at_build.outputs(course, "ch/b.ipynb", "docs/ch/b.ipynb", runs)
    assert str(error.value).startswith("docs/ch/b.ipynb: ")
    assert ("s left of the build's 6 s" in str(error.value)  # stopped when the rest was spent
            or "have taken their 6 s" in str(error.value))  # or not started: the first took it all
    assert time.monotonic() - started < 60


# Every escape of the second review's CRIT-3, tried from one tagged cell: each must come back closed.
ESCAPES = r"""
import json, os, resource, socket, subprocess
found = {}
def attempt(name, action):
    try:
        found[name] = "open: " + str(action())[:200]
    except Exception as error:
        found[name] = "closed: " + type(error).__name__

def builder_environment():
    for pid in [os.getppid(), 1, *[int(p) for p in os.listdir("/proc") if p.isdigit()]]:
        try:
            if CANARY.encode() in open(f"/proc/{pid}/environ", "rb").read():
                return f"/proc/{pid}/environ"
        except OSError:
            pass
    raise LookupError("no process of the builder's is visible")
attempt("environment", builder_environment)
attempt("repository", lambda: open(os.path.join(ROOT, ".git", "HEAD")).read() or open(os.path.join(ROOT, "mkdocs.yml")).read())
attempt("repository through /proc", lambda: os.listdir(os.readlink(f"/proc/{os.getppid()}/cwd")) and
        open(os.path.join(os.readlink(f"/proc/{os.getppid()}/cwd"), "mkdocs.yml")).read())
attempt("templates", lambda: open(os.path.join(ROOT, "overrides", "partials", "copyright.html"), "a").write("<script>x</script>"))
attempt("passwd", lambda: open("/etc/passwd").read())
attempt("the machine's cache key", lambda: open(KEY, "rb").read())
def network():
    with socket.create_connection(("127.0.0.1", PORT), timeout=3) as connection:
        connection.sendall(b"GET /leak-from-cell HTTP/1.0\r\n\r\n")
        return "sent"
attempt("network", network)
detached = subprocess.Popen(["sh", "-c", f"sleep 60; : {MARKER}"], start_new_session=True)
import time; time.sleep(0.5)
started_detached = detached.poll() is None
attempt("memory", lambda: len(bytearray(3 << 30)))
attempt("file size", lambda: open("big.bin", "wb").write(b"0" * (65 << 20)))
def processes():
    started = [subprocess.Popen(["sleep", "5"]) for _ in range(100)]
    return f"{len(started)} processes"
attempt("processes", processes)
found["limits"] = {name: resource.getrlimit(getattr(resource, name))[0]
                   for name in ("RLIMIT_AS", "RLIMIT_NPROC", "RLIMIT_FSIZE", "RLIMIT_CPU")}
found["detached"] = started_detached
print(json.dumps(found))
"""


@pytest.fixture
def listener():
    """A TCP listener on the builder's loopback, recording whatever reaches it."""
    server = socket.create_server(("127.0.0.1", 0))
    received = []

    def accept():
        server.settimeout(0.5)
        while not stopped.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                continue
            with connection:
                received.append(connection.recv(1024))

    stopped = threading.Event()
    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1], received
    stopped.set()
    thread.join()
    server.close()


def test_a_cell_finds_every_escape_of_the_review_closed(docs, tmp_path, monkeypatch, listener):
    """CRIT-3 (RB1-RB7): the builder's environment, the repository, the templates, the network, a
    detached process outliving the build, and no limits.  Each is tried; each must fail."""
    assert sandbox.unavailable() is None, "the sandbox must start on this machine and in CI"
    port, received = listener
    marker = f"course-site-escape-{os.getpid()}-{time.monotonic_ns()}"
    monkeypatch.setenv("COURSE_SITE_CANARY", "secret-token-123")
    template = ROOT / "overrides" / "partials" / "copyright.html"
    before = template.read_bytes()
    key = caches.cache_home() / caches.SECRET
    caches.secret()  # made, if this machine had none yet
    source = (f"CANARY = 'COURSE_SITE_CANARY=secret-token-123'\nROOT = {str(ROOT)!r}\nKEY = {str(key)!r}\n"
              f"PORT = {port}\nMARKER = {marker!r}\n" + ESCAPES)
    notebook = write_notebook(docs, source)
    printed = run(docs, notebook, tmp_path / "cache")["cell1"]
    found = json.loads(printed.splitlines()[-1])
    limits, detached = found.pop("limits"), found.pop("detached")
    assert detached, "the cell could not start the process that must not outlive it"
    assert {name: result.split(":")[0] for name, result in found.items()} == {name: "closed" for name in found}, found
    assert received == [], "the cell reached the builder's network"
    assert template.read_bytes() == before
    assert all(0 < value < 1 << 40 for value in limits.values()), limits  # RLIMIT_INFINITY is -1
    time.sleep(1)  # the PID namespace's end is not instant
    alive = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True).stdout.split()
    assert alive == [], "a process the cell started outlived its kernel"


def test_without_a_sandbox_cells_do_not_run_unless_asked(docs, tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(sandbox, "unavailable", lambda: "bwrap: setting up uid map: Permission denied")
    notebook = write_notebook(docs, "print('ran')")
    caplog.set_level("INFO", logger="mkdocs.plugins.course_site")
    assert run(docs, notebook, tmp_path / "cache") == {}
    assert "are not run, and their pages show no output: bwrap: setting up uid map: Permission denied" in caplog.text
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache", setting="required")
    assert "1 cells tagged run-at-build cannot run: bwrap: setting up uid map" in str(error.value)
    assert run(docs, notebook, tmp_path / "cache", setting="none") == {"cell1": "ran\n"}
    assert "without a sandbox (CELL_SANDBOX=none)" in caplog.text


def test_a_cached_output_is_found_only_under_its_keyed_name_and_as_a_run_gives_it(docs, tmp_path):
    """CRIT-2: a file named by the cells' public key showed an output no cell printed."""
    notebook = write_notebook(docs, "print('real')")
    cache = tmp_path / "cache"
    cache.mkdir()
    course = inventory.of_config_file(docs.parent / "mkdocs.yml") if (docs.parent / "mkdocs.yml").exists() else None
    (docs.parent / "mkdocs.yml").write_text("site_name: t\nexclude_docs: |\n  answer/\n  data/\n", encoding="utf-8")
    course = inventory.of_config_file(docs.parent / "mkdocs.yml")
    key = run_at_build.cache_key(course, "ch/x.ipynb", run_at_build.tagged_cells(course.notebook("ch/x.ipynb")))
    (cache / f"{key}.json").write_text(json.dumps({"cell1": "forged"}), encoding="utf-8")
    (cache / f"{key}-keyed.json").write_text(json.dumps({"cell1": "x" * (run_at_build.MAX_OUTPUT + 1)}), encoding="utf-8")
    assert run(docs, notebook, cache) == {"cell1": "real\n"}
    assert run(docs, notebook, cache) == {"cell1": "real\n"}  # kept, under its keyed name

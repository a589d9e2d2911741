"""`python -m mkdocs ...` for the tests, each run a fork of one Python that imported the stack once.

A test build used to start a new Python, and a small site's build spent most of its processor
time importing MkDocs, Material, mkdocs-jupyter (nbconvert, jupytext), the Markdown extensions
and loading jieba's dictionary, before it read one page; the suite runs about a hundred builds.
Here one process (the zygote) per test process imports them once; each run is a fork of it that
runs MkDocs' command line with the run's arguments, folder and environment, writing to the
caller's pipes.  A run is therefore what `python -m mkdocs ...` is, less the imports: the course's
own packages are not imported ahead, because the hook loads them afresh from its folder for every
build (overrides/course_site/hook.py), and nothing is built in the zygote, so no run inherits
another's state.

    run = start(["build", "--strict", "-f", config, "-d", site], cwd=folder, env=environment)
    run.pid, run.kill(), run.communicate() -> (stdout, stderr), run.returncode

`mkdocs serve` is still started as its own process (tests/test_serve.py): it watches and rebuilds,
which a test must see exactly as a reader's server does.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading

# Imported by the zygote before its first fork: every library a build of this site imports.
STACK = [
    "mkdocs.__main__", "mkdocs.commands.build", "mkdocs.config.defaults", "mkdocs.structure.pages",
    "material.plugins.search.plugin", "material.templates", "mkdocs_jupyter.plugin", "mkdocs_static_i18n.plugin",
    "markdown", "markdown.extensions.toc", "pymdownx.highlight", "pymdownx.superfences", "pymdownx.details",
    "pymdownx.inlinehilite", "pymdownx.slugs", "pygments.lexers", "pygments.formatters.html", "jinja2",
    "bs4", "bleach", "tinycss2", "minify_html", "markdown_it", "nbformat", "defusedxml.ElementTree",
    "pypinyin", "jieba",
]
# A killed run writes no exit status; Popen reports a run killed by this signal as its negative.
KILLED = -signal.SIGKILL


class Run:
    """One run of MkDocs in a fork of the zygote; the parts of subprocess.Popen the tests use."""

    def __init__(self, arguments: list[str], pid: int, stdout: int, stderr: int, status: int):
        self.args, self.pid, self.returncode = arguments, pid, None
        self._pipes = {"stdout": stdout, "stderr": stderr}
        self._status = status

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def communicate(self) -> tuple[str, str]:
        """Everything the run wrote, once it has ended (as Popen.communicate with text pipes)."""
        texts: dict[str, bytes] = {}
        readers = [threading.Thread(target=lambda name=name, fd=fd: texts.__setitem__(name, _read_all(fd)))
                   for name, fd in self._pipes.items()]
        for reader in readers:
            reader.start()
        status = _read_all(self._status)
        for reader in readers:
            reader.join()
        self.returncode = int(status) if status else KILLED
        return texts["stdout"].decode("utf-8"), texts["stderr"].decode("utf-8")


def _read_all(fd: int) -> bytes:
    chunks = []
    with os.fdopen(fd, "rb") as pipe:
        while chunk := pipe.read(65536):
            chunks.append(chunk)
    return b"".join(chunks)


class Zygote:
    """The process that imported the stack, and the socket its forks are asked for on."""

    def __init__(self):
        ours, theirs = socket.socketpair()
        self._socket = ours
        self._lock = threading.Lock()
        environment = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        self._process = subprocess.Popen([sys.executable, __file__, str(theirs.fileno())], pass_fds=[theirs.fileno()],
                                         stdin=subprocess.DEVNULL, env=environment)
        theirs.close()

    def start(self, arguments: list[str], cwd, env: dict[str, str]) -> Run:
        stdout, stderr, status = os.pipe(), os.pipe(), os.pipe()
        request = json.dumps({"arguments": arguments, "cwd": str(cwd), "env": env}).encode("utf-8")
        with self._lock:
            socket.send_fds(self._socket, [request], [stdout[1], stderr[1], status[1]])
            reply = self._socket.recv(4096)
        for _, write_end in (stdout, stderr, status):
            os.close(write_end)
        if not reply:
            raise RuntimeError(f"the zygote of {__name__} ended (exit status {self._process.poll()}): see its error above")
        return Run(arguments, int(reply), stdout[0], stderr[0], status[0])


_zygote: Zygote | None = None
_zygote_lock = threading.Lock()


def start(arguments: list[str], cwd, env: dict[str, str]) -> Run:
    """Start `python -m mkdocs *arguments` in `cwd` with exactly the environment `env`."""
    global _zygote
    with _zygote_lock:
        if _zygote is None or _zygote._process.poll() is not None:
            _zygote = Zygote()
    return _zygote.start(arguments, cwd, env)


def run(arguments: list[str], cwd, env: dict[str, str]) -> subprocess.CompletedProcess:
    """subprocess.run(["python", "-m", "mkdocs", *arguments], capture_output=True, text=True) in a fork."""
    process = start(arguments, cwd, env)
    stdout, stderr = process.communicate()
    return subprocess.CompletedProcess([sys.executable, "-m", "mkdocs", *arguments], process.returncode, stdout, stderr)


# -- the zygote's side -----------------------------------------------------------------------------


def _serve(requests: socket.socket) -> None:
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # forks are reaped by the system; callers read their status pipe
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(requests, 1 << 20, 3)
        except ConnectionResetError:
            return
        if not message:
            return  # the test process closed its end: it is done
        pid = os.fork()
        if pid == 0:
            requests.close()
            _run_mkdocs(json.loads(message), *fds)
        for fd in fds:
            os.close(fd)
        requests.send(str(pid).encode("ascii"))


def _run_mkdocs(request: dict, stdout: int, stderr: int, status: int) -> None:
    """In the fork: become `python -m mkdocs ...` in the request's folder and environment."""
    code = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # a build waits for the processes it starts
        os.dup2(stdout, 1)
        os.dup2(stderr, 2)
        os.close(stdout)
        os.close(stderr)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = [os.path.join(os.path.dirname(sys.modules["mkdocs"].__file__), "__main__.py"), *request["arguments"]]
        from mkdocs.__main__ import cli

        try:
            cli.main(args=request["arguments"], prog_name="python -m mkdocs")
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
            if isinstance(exit_.code, str):
                print(exit_.code, file=sys.stderr)
        except BaseException:
            sys.excepthook(*sys.exc_info())  # as Python prints an exception nothing caught
        # As an interpreter ends: what the run registered to do at exit, then its buffers.
        import atexit

        atexit._run_exitfuncs()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
            os.write(status, str(code).encode("ascii"))
        finally:
            os._exit(code)


def _import_the_stack() -> None:
    import importlib
    import logging

    for name in STACK:
        importlib.import_module(name)
    import jieba

    # jieba's dictionary, loaded at a build's first Chinese word, is loaded here once, quietly.
    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    jieba.setLogLevel(logging.DEBUG)


if __name__ == "__main__":
    _import_the_stack()
    _serve(socket.socket(fileno=int(sys.argv[1])))

"""A built site in a real browser: Debian's Chromium, a local server, what a first visit costs.

Shared by the tests (through tests/helpers.py and tests/conftest.py) and by tools/benchmark.py.
Playwright drives the system Chromium (its own browser download does not work everywhere);
run as root in a container, Chromium needs --no-sandbox, and the network flags keep it from
reaching out on its own.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import shutil
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Material's search box says this until its worker has built the index (zh and en).
SEARCH_INITIALISING = ("正在初始化搜索引擎", "Initializing search")


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory: Path) -> http.server.ThreadingHTTPServer:
    """Serve `directory` on a free port of 127.0.0.1 until `.shutdown()`."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class PagesHandler(QuietHandler):
    """As GitHub Pages serves a project site: under a path prefix, and /404.html (status 404)
    for every address that has no file."""

    prefix = "/"

    def send_head(self):
        path = unquote(urlsplit(self.path).path)
        target = Path(self.directory) / path[len(self.prefix):] if path.startswith(self.prefix) else None
        if target is not None and target.is_dir():
            target = target / "index.html"
        if target is None or not target.is_file():
            body = (Path(self.directory) / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        self.path = "/" + path[len(self.prefix):]
        return super().send_head()


def serve_like_pages(directory: Path, prefix: str) -> http.server.ThreadingHTTPServer:
    """Serve `directory` at `prefix` (the path of the site's address), missing addresses
    answered with its 404.html; until `.shutdown()`.  The site is then at base_url(...) + prefix[1:]."""
    handler = functools.partial(type("Pages", (PagesHandler,), {"prefix": prefix}), directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def base_url(server: http.server.ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


def wait_for_search_ready(tab, timeout: float = 30_000) -> None:
    """Material's search worker has built its index (the search box stops saying it initialises).

    Over http:// the worker starts with the page; from file:// (through the iframe-worker shim)
    only when the reader first uses search, so the search box is focused first.
    """
    tab.locator("input.md-search__input").focus()
    tab.wait_for_function(
        "texts => { const m = document.querySelector('.md-search-result__meta');"
        " return m && !texts.some(t => m.textContent.includes(t)); }",
        arg=list(SEARCH_INITIALISING), timeout=timeout,
    )


def wait_for_frames(tab, frames: int = 2) -> None:
    """Until the page has rendered `frames` more frames: layout, scrolling and the performance
    entries they cause are done and delivered."""
    tab.evaluate(
        "n => new Promise(done => { const next = k => k ? requestAnimationFrame(() => next(k - 1)) : setTimeout(done, 0);"
        " next(n); })", frames,
    )


def gzipped_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def first_visit_files(browser, base: str, site: Path, page: str, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    """Every site file a fresh browser fetches for `page`, until its search is ready
    (only those ending in one of `suffixes`, when given)."""
    context = browser.new_context()
    tab = context.new_page()
    urls: list[str] = []
    tab.on("requestfinished", lambda request: urls.append(request.url))
    tab.goto(base + page, wait_until="load")
    wait_for_search_ready(tab)
    context.close()
    files = []
    for url in dict.fromkeys(urls):
        if url.startswith(base):
            path = site / unquote(urlsplit(url[len(base):]).path)
            if path.is_dir():
                path = path / "index.html"
            if suffixes is None or path.suffix in suffixes:
                files.append(path)
    return files


def first_visit_gzipped(browser, base: str, site: Path, page: str, suffixes: tuple[str, ...] | None = None) -> int:
    return sum(gzipped_size(path) for path in first_visit_files(browser, base, site, page, suffixes))

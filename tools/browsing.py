"""A built site in a real browser: a system Chromium, a local server, what a first visit costs.

Shared by the tests (through tests/helpers.py and tests/conftest.py), tools/benchmark.py and
tools/setup.sh (`python tools/browsing.py` prints the browser it would use, or says what to
install).  Playwright drives a Chromium installed on the system, not its own download (which
does not work everywhere); run as root in a container, Chromium needs --no-sandbox, and the
network flags keep it from reaching out on its own.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import os
import re
import shutil
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Tried in this order; $CHROMIUM names another.  First Chromium's headless shell (Debian's
# `chromium-headless-shell`, what Playwright itself runs headless): the same Blink and V8 as the
# browser, of the same version, without the browser's window around each tab.  A new tab costs a
# third of the CPU it costs in `chromium --headless` (0.1 s against 0.37 s for about:blank here),
# and the tests open hundreds.  Then the full browsers: Debian's `chromium`; Google's
# `google-chrome` is on GitHub's Ubuntu runners.
BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
SNAP_STUB = (
    "{path} is Ubuntu's snap wrapper for Chromium, which does not run in containers and cannot "
    "read the test sites under /tmp"
)
NO_BROWSER = (
    "No usable Chromium found (tried $CHROMIUM, {names}).\n"
    "  Debian: apt-get install chromium-headless-shell (or chromium)\n"
    "  Ubuntu: its chromium package is a snap wrapper that the tests cannot use; install Google "
    "Chrome (google-chrome-stable from dl.google.com) or set CHROMIUM=/path/to/chrome"
)
# Material's search box says this until its worker has built the index (zh and en).
SEARCH_INITIALISING = ("正在初始化搜索引擎", "Initializing search")


def is_snap_stub(path: str) -> bool:
    """Ubuntu's `chromium`/`chromium-browser` packages only install a wrapper that runs the snap."""
    resolved = Path(path).resolve()
    if "/snap/" in f"{resolved}/":
        return True
    try:
        head = resolved.read_bytes()[:4096]
    except OSError:
        return False
    return head.startswith(b"#!") and b"snap" in head


def find_chromium() -> str:
    """The Chromium the tests drive: $CHROMIUM, else the first of BROWSERS on the PATH that is a
    real browser.  Raises RuntimeError saying what to install."""
    named = os.environ.get("CHROMIUM")
    if named:
        if not (os.path.isfile(named) and os.access(named, os.X_OK)):
            raise RuntimeError(f"CHROMIUM={named} is not an executable file")
        return named
    stubs = []
    for name in BROWSERS:
        path = shutil.which(name)
        if path is None:
            continue
        if is_snap_stub(path):
            stubs.append(SNAP_STUB.format(path=path))
            continue
        return path
    raise RuntimeError("\n".join([*stubs, NO_BROWSER.format(names=", ".join(BROWSERS))]))


def launch(playwright):
    return playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A tab closed while a file was on its way (a test moving on) is no error of the site.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(directory: Path) -> http.server.ThreadingHTTPServer:
    """Serve `directory` on a free port of 127.0.0.1 until `.shutdown()`."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class PagesHandler(QuietHandler):
    """As GitHub Pages serves a project site: under a path prefix, and /404.html (status 404)
    for every address that has no file."""

    prefix = "/"

    def site_file(self) -> Path | None:
        """The file the requested address names, or None (then the answer is 404.html)."""
        path = unquote(urlsplit(self.path).path)
        target = Path(self.directory) / path[len(self.prefix):] if path.startswith(self.prefix) else None
        if target is not None and target.is_dir():
            target = target / "index.html"
        return target if target is not None and target.is_file() else None

    def send_head(self):
        path = unquote(urlsplit(self.path).path)
        if self.site_file() is None:
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
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def base_url(server: http.server.ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


def wait_for_search_ready(tab, timeout: float = 30_000) -> None:
    """Material's search worker has built its index (the search box stops saying it initialises).

    The site starts the worker, and loads the page language's index, when the reader first uses
    search (assets/javascripts/search.js), so the search box is focused first.
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


def search_results(tab, query: str, timeout: float = 30_000) -> list[str]:
    """Type `query` into the search box as a reader does and return the link of every result
    (all of them: Material shows ten, then four more each time the list is scrolled to its end)."""
    box = tab.locator("input.md-search__input")
    wait_for_search_ready(tab, timeout)
    placeholder = tab.evaluate(
        "JSON.parse(document.getElementById('__config').textContent).translations['search.result.placeholder']")
    meta = "document.querySelector('.md-search-result__meta').textContent.trim()"
    box.fill("")
    box.press("End")  # Material reads the query on keyup
    tab.wait_for_function(f"t => {meta} === t", arg=placeholder, timeout=timeout)
    box.fill(query)
    box.press("End")
    tab.wait_for_function(f"t => {meta} !== t", arg=placeholder, timeout=timeout)
    count = re.search(r"\d+", tab.evaluate(meta))
    wanted = int(count.group(0)) if count else 0
    items = ".md-search-result__item"
    scroller = "document.querySelector('.md-search__scrollwrap')"
    if tab.locator(items).count() < wanted:
        # Material adds results when the list's end comes into view (a change from "not at the
        # end" to "at the end"): keep the list taller than its panel, then scroll away and back.
        tab.evaluate(f"() => {{ {scroller}.style.maxHeight = '12rem'; }}")
    while tab.locator(items).count() < wanted:
        shown = tab.locator(items).count()
        tab.evaluate(f"() => {{ {scroller}.scrollTop = 0; }}")
        wait_for_frames(tab)
        tab.evaluate(f"() => {{ const s = {scroller}; s.scrollTop = s.scrollHeight; }}")
        tab.wait_for_function(f"n => document.querySelectorAll('{items}').length > n", arg=shown, timeout=timeout)
    tab.evaluate(f"() => {{ {scroller}.style.maxHeight = ''; }}")
    return tab.eval_on_selector_all(f"{items} > a", "links => links.map(a => a.href)")


def gzipped_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def first_visit_files(browser, base: str, site: Path, page: str, suffixes: tuple[str, ...] | None = None,
                      use_search: bool = False) -> list[Path]:
    """Every site file a fresh browser fetches for `page` until the network is idle (then, with
    `use_search`, until the reader's first search is ready), only those ending in one of
    `suffixes` when given."""
    return first_visits_files(browser, base, site, [page], suffixes, use_search)[page]


def first_visits_files(browser, base: str, site: Path, pages: list[str], suffixes: tuple[str, ...] | None = None,
                       use_search: bool = False, at_once: int = 4) -> dict[str, list[Path]]:
    """first_visit_files of each page, `at_once` pages loading side by side, each in its own
    fresh context: most of a first visit is waiting for the network to stay idle (half a second),
    and those waits can overlap."""
    found = {}
    for start in range(0, len(pages), at_once):
        tabs = {}
        for page in pages[start:start + at_once]:
            tab = browser.new_context().new_page()
            urls: list[str] = []
            tab.on("requestfinished", lambda request, urls=urls: urls.append(request.url))
            tab.goto(base + page, wait_until="commit")
            tabs[page] = (tab, urls)
        for page, (tab, urls) in tabs.items():
            tab.wait_for_load_state("load")
            tab.wait_for_load_state("networkidle")
            if use_search:
                wait_for_search_ready(tab)
                tab.wait_for_load_state("networkidle")
            tab.context.close()
            found[page] = site_files(urls, base, site, suffixes)
    return found


def site_files(urls: list[str], base: str, site: Path, suffixes: tuple[str, ...] | None) -> list[Path]:
    """The site's files these addresses name, once each, in order."""
    files = []
    for url in dict.fromkeys(urls):
        if url.startswith(base):
            path = site / unquote(urlsplit(url[len(base):]).path)
            if path.is_dir():
                path = path / "index.html"
            if suffixes is None or path.suffix in suffixes:
                files.append(path)
    return files


def first_visit_gzipped(browser, base: str, site: Path, page: str, suffixes: tuple[str, ...] | None = None,
                        use_search: bool = False) -> int:
    return sum(gzipped_size(path) for path in first_visit_files(browser, base, site, page, suffixes, use_search))


if __name__ == "__main__":
    try:
        print(find_chromium())
    except RuntimeError as problem:
        print(problem, file=sys.stderr)
        sys.exit(1)

"""Page weights, measured the way a browser pays for them (shared by the budget
tests and tools/benchmark.py)."""

from __future__ import annotations

import gzip
from pathlib import Path
from urllib.parse import urlsplit, unquote

CODE_SUFFIXES = (".html", ".css", ".js")


def gzipped_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def first_visit_files(browser, base: str, site: Path, page: str) -> list[Path]:
    """Site files (HTML, CSS, JS) a fresh browser loads for `page`, search worker included."""
    context = browser.new_context()
    tab = context.new_page()
    urls: list[str] = []
    tab.on("requestfinished", lambda request: urls.append(request.url))
    tab.goto(base + page, wait_until="load")
    tab.wait_for_timeout(1500)  # the search worker and its language files load after "load"
    context.close()
    files = []
    for url in dict.fromkeys(urls):
        if url.startswith(base):
            path = site / unquote(urlsplit(url[len(base):]).path)
            if path.suffix in CODE_SUFFIXES:
                files.append(path)
    return files


def first_visit_gzipped(browser, base: str, site: Path, page: str) -> int:
    return sum(gzipped_size(path) for path in first_visit_files(browser, base, site, page))

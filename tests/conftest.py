"""Shared fixtures: strict builds of the real site and of the edge-case site,
a local HTTP server for each, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EDGE_SITE = ROOT / "tests" / "fixtures" / "edge_site"
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


def build_site(config_file: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """mkdocs build --strict; raises with the build log when it fails."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config_file), "-d", str(site_dir)],
        cwd=config_file.parent,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build failed for {config_file}:\n{result.stdout}\n{result.stderr}")
    return result


@pytest.fixture(scope="session")
def site_build(tmp_path_factory):
    site_dir = tmp_path_factory.mktemp("site")
    return site_dir, build_site(ROOT / "mkdocs.yml", site_dir)


@pytest.fixture(scope="session")
def site_dir(site_build) -> Path:
    return site_build[0]


@pytest.fixture(scope="session")
def edge_site_dir(tmp_path_factory) -> Path:
    site_dir = tmp_path_factory.mktemp("edge_site")
    build_site(EDGE_SITE / "mkdocs.yml", site_dir)
    return site_dir


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory: Path):
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server


@pytest.fixture(scope="session")
def http_base(site_dir):
    server = serve(site_dir)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def file_base(site_dir) -> str:
    return site_dir.as_uri() + "/"


@pytest.fixture(scope="session")
def edge_http_base(edge_site_dir):
    server = serve(edge_site_dir)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def edge_file_base(edge_site_dir) -> str:
    return edge_site_dir.as_uri() + "/"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Visit:
    """What one page load did: console errors and requests that left the site."""

    page: object
    console_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)


@pytest.fixture
def visit(browser):
    """visit(url, base) opens url in a fresh context and records what went wrong."""
    contexts = []

    def open_page(url: str, base: str, **context_options) -> Visit:
        context = browser.new_context(**context_options)
        contexts.append(context)
        page = context.new_page()
        record = Visit(page)
        page.on("console", lambda m: m.type == "error" and record.console_errors.append(m.text))
        page.on("pageerror", lambda e: record.console_errors.append(str(e)))

        def check(route):
            request_url = route.request.url
            if request_url.startswith(base) or request_url.startswith(("data:", "blob:", "about:")):
                route.continue_()
            else:
                record.outside_requests.append(request_url)
                route.abort()

        context.route("**/*", check)
        page.goto(url, wait_until="load")
        return record

    yield open_page
    for context in contexts:
        context.close()


def hook_paths() -> list[str]:
    """The hooks of the real mkdocs.yml, as absolute paths (commented ones skipped)."""
    lines = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    return [str(ROOT / line.split("- ", 1)[1]) for line in lines if re.match(r"^\s+- overrides/hooks/\S+\.py$", line)]


def build_small_site(tmp_path: Path, files: dict[str, str], course: str) -> subprocess.CompletedProcess:
    """Build docs made of `files` with the real configuration; return the finished process.

    `course` is the YAML of extra.course (flow style).  The build may fail:
    tests of bad input assert on the message.
    """
    docs = tmp_path / "docs"
    for name, text in files.items():
        path = docs / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    hooks = "\n".join(f"  - {path}" for path in hook_paths())
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: docs\ntheme:\n  custom_dir: {ROOT / 'overrides'}\n"
        f"hooks:\n{hooks}\nwatch: []\nextra:\n  course: {course}\n",
        encoding="utf-8",
    )
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(tmp_path / "cache"))
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(tmp_path / "site")],
        capture_output=True, text=True, encoding="utf-8", cwd=tmp_path, env=env,
    )

"""Fixtures: strict builds of the real site, of the edge-case site and of a course of the full
plan's size, a local HTTP server for each, and the system's Chromium driven by Playwright.  A site
that does not build (helpers.build_site raises BuildFailed), in any fixture, stops the whole run
once, with the build's own error.  Shared functions live in helpers.py."""

from __future__ import annotations

import os
from pathlib import Path

from dataclasses import dataclass, field

import pytest

from helpers import EDGE_SITE, ROOT, BuildFailed, build_site

import browsing  # tools/browsing.py (helpers puts tools/ on the path)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_makereport(item, call):
    """A site that does not build, in any fixture (here or in a test module), stops the whole run
    once with the build's own error, rather than failing every test that needs it."""
    if call.when == "setup" and call.excinfo is not None and call.excinfo.errisinstance(BuildFailed):
        pytest.exit(str(call.excinfo.value), returncode=1)


def build_or_stop(config_file, site_dir, cache_dir=None):
    """A site that does not build fails the whole run once, with the build's own error,
    rather than every test that needs it with the whole log."""
    try:
        return build_site(config_file, site_dir, cache_dir)
    except BuildFailed as error:
        pytest.exit(str(error), returncode=1)


@pytest.fixture(scope="session")
def site_build(tmp_path_factory):
    """The real site.  With PUBLISH_SITE_DIR set (the workflow's test job), it is built there, so
    that the directory the tests checked is the one published, byte for byte."""
    publish_dir = os.environ.get("PUBLISH_SITE_DIR")
    site_dir = Path(publish_dir).resolve() if publish_dir else tmp_path_factory.mktemp("site")
    return site_dir, build_or_stop(ROOT / "mkdocs.yml", site_dir)


@pytest.fixture(scope="session")
def site_dir(site_build):
    return site_build[0]


@pytest.fixture(scope="session")
def edge_site_build(tmp_path_factory):
    site_dir = tmp_path_factory.mktemp("edge_site")
    return site_dir, build_or_stop(EDGE_SITE / "mkdocs.yml", site_dir, tmp_path_factory.mktemp("edge_cache"))


@pytest.fixture(scope="session")
def edge_site_dir(edge_site_build):
    return edge_site_build[0]


@pytest.fixture(scope="session")
def full_course_site(tmp_path_factory):
    """The full plan's size, 15 sections in both languages, chapter 1 cloned into each
    (tools/generated_course.py): budgets must hold for the whole course, not only today's."""
    from generated_course import write_course

    course = write_course(tmp_path_factory.mktemp("full_course") / "course", 15)
    site_dir = tmp_path_factory.mktemp("full_course_site")
    build_or_stop(course.config, site_dir, tmp_path_factory.mktemp("full_course_cache"))
    return site_dir


@pytest.fixture(scope="session")
def http_base(site_dir):
    server = browsing.serve(site_dir)
    yield browsing.base_url(server)
    server.shutdown()


@pytest.fixture(scope="session")
def file_base(site_dir) -> str:
    return site_dir.as_uri() + "/"


@pytest.fixture(scope="session")
def edge_http_base(edge_site_dir):
    server = browsing.serve(edge_site_dir)
    yield browsing.base_url(server)
    server.shutdown()


@pytest.fixture(scope="session")
def edge_file_base(edge_site_dir) -> str:
    return edge_site_dir.as_uri() + "/"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = browsing.launch(playwright)
        yield browser
        browser.close()


@dataclass
class Visit:
    """What one page load did: console errors, requests that left the site, and requests of
    the site that failed (other than the page's own address)."""

    page: object
    console_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)


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
        page.on("response", lambda r: r.status >= 400 and r.url != url and record.failed_requests.append(r.url))

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

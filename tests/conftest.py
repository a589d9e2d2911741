"""Fixtures: strict builds of the real site, of the edge-case site, of a course of the full
plan's size and of a course in upstream's conventions, a local HTTP server for each, and the system's Chromium driven by Playwright.  A site
that does not build (helpers.build_site raises BuildFailed), in any fixture, stops the whole run
once, with the build's own error.  Shared functions live in helpers.py."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from helpers import (EDGE_SITE, HUB_COURSES, ROOT, UPSTREAM_COURSE, UPSTREAM_HUB, UPSTREAM_MISSING_TRANSLATION, BuildFailed,
                     build_site, hook_paths, stop_builds)

import browsing  # tools/browsing.py (helpers puts tools/ on the path)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_makereport(item, call):
    """A site that does not build, in any fixture (here or in a test module), stops the whole run
    once with the build's own error, rather than failing every test that needs it."""
    if call.when == "setup" and call.excinfo is not None and call.excinfo.errisinstance(BuildFailed):
        if hasattr(item.config, "workerinput"):
            # An xdist worker cannot exit on its own: it asks the controller to stop the run.
            item.session.shouldstop = str(call.excinfo.value)
        else:
            pytest.exit(str(call.excinfo.value), returncode=1)


def build_or_stop(config_file, site_dir, cache_dir=None):
    """A site that does not build fails the whole run once, with the build's own error,
    rather than every test that needs it with the whole log."""
    try:
        return build_site(config_file, site_dir, cache_dir)
    except BuildFailed as error:
        pytest.exit(str(error), returncode=1)


# -- the sites many modules share -------------------------------------------------------------
#
# Run in parallel (pytest-xdist, as tools/test.sh does), the controller builds them once, before
# any worker starts, and hands the workers their folders; a site that does not build stops the
# run there, once, with its own error.  Run alone, each is built when a test first needs it.


def _real_site(base: Path) -> tuple[Path, subprocess.CompletedProcess]:
    """The real site.  With PUBLISH_SITE_DIR set (the workflow's test job, .ci/run), it is built
    there, so that the directory the tests checked is the one published, byte for byte."""
    publish_dir = os.environ.get("PUBLISH_SITE_DIR")
    site_dir = Path(publish_dir).resolve() if publish_dir else base / "site"
    return site_dir, build_or_stop(ROOT / "mkdocs.yml", site_dir)


def _edge_site(base: Path) -> tuple[Path, subprocess.CompletedProcess]:
    site_dir = base / "edge_site"
    return site_dir, build_or_stop(EDGE_SITE / "mkdocs.yml", site_dir, base / "edge_cache")


def _full_course(base: Path) -> tuple[Path, subprocess.CompletedProcess]:
    """The full plan's size, 15 sections in both languages, chapter 1 cloned into each
    (tools/generated_course.py): budgets must hold for the whole course, not only today's."""
    from generated_course import write_course

    course = write_course(base / "full_course" / "course", 15)
    site_dir = base / "full_course_site"
    return site_dir, build_or_stop(course.config, site_dir, base / "full_course_cache")


def _upstream_course(base: Path) -> tuple[Path, subprocess.CompletedProcess]:
    """The course in upstream's conventions (tests/fixtures/upstream_course), with one English
    figure removed: a translation not made yet must not break a page; and beside it the two courses
    of a checkout of cann-learning-hub (tests/fixtures/upstream_hub), brought in by
    tools/import_course.py as a maintainer brings them."""
    import sys

    course = base / "upstream_course"
    shutil.copytree(UPSTREAM_COURSE / "docs", course / "docs")
    (course / "docs" / UPSTREAM_MISSING_TRANSLATION).unlink()
    config = course / "mkdocs.yml"
    hooks = "".join(f"  - {path}\n" for path in hook_paths())
    config.write_text(f"INHERIT: {UPSTREAM_COURSE / 'mkdocs.yml'}\ndocs_dir: docs\ntheme:\n  custom_dir: {ROOT / 'overrides'}\n"
                      f"hooks:\n{hooks}watch: []\nextra:\n  courses: [\".\"]\n", encoding="utf-8")
    imported = subprocess.run([sys.executable, str(ROOT / "tools" / "import_course.py"), str(UPSTREAM_HUB), *HUB_COURSES,
                               "-f", str(config)], capture_output=True, text=True, encoding="utf-8")
    if imported.returncode != 0:
        pytest.exit(f"tools/import_course.py failed:\n{imported.stdout}\n{imported.stderr}", returncode=1)
    (course / "import.log").write_text(imported.stdout, encoding="utf-8")
    site_dir = base / "upstream_course_site"
    return site_dir, build_or_stop(config, site_dir, base / "upstream_course_cache")


SHARED_SITES = {"site": _real_site, "edge_site": _edge_site, "full_course": _full_course,
                "upstream_course": _upstream_course}


def _is_xdist_controller(config) -> bool:
    return not hasattr(config, "workerinput") and bool(getattr(config.option, "numprocesses", None))


def pytest_configure(config):
    if _is_xdist_controller(config):
        base = config.course_sites_base = Path(tempfile.mkdtemp(prefix="course-sites-"))
        config.course_sites = {}
        # Two at a time (each build is its own process): the machine's other core would idle.
        pool = ThreadPoolExecutor(max_workers=2)
        building = {pool.submit(build, base): name for name, build in SHARED_SITES.items()}
        try:
            for future in as_completed(building):  # the first failure stops the run, at once
                site_dir, result = future.result()
                config.course_sites[building[future]] = {"dir": str(site_dir), "args": result.args, "returncode": result.returncode,
                                                         "stdout": result.stdout, "stderr": result.stderr}
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            stop_builds()
            raise
        pool.shutdown()


# The modules that take longest, started first: tools/test.sh gives each module whole to one
# worker (--dist loadfile), in the order collected (--no-loadscope-reorder), and a long one started
# last would run alone at the end of the run while the other worker idles.  Measured with the
# whole suite on two workers (December 2026), longest first.
LONGEST_FIRST = ("test_site_browser.py", "test_search.py", "test_quiz_browser.py", "test_reading_on_phones.py",
                 "test_learner_path.py", "test_build_errors.py", "test_chapter_notebooks.py", "test_budgets.py",
                 "test_build.py", "test_first_contact.py", "test_translations.py", "test_rerun_cells.py",
                 "test_titles_stay_text.py", "test_run_at_build.py")


def pytest_collection_modifyitems(items):
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: each module keeps its own order


def pytest_unconfigure(config):
    if getattr(config, "course_sites_base", None):
        shutil.rmtree(config.course_sites_base, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """xdist: each worker is told where the controller built the shared sites."""
    node.workerinput["course_sites"] = json.dumps(node.config.course_sites)


def _shared_site(request, tmp_path_factory, name: str) -> tuple[Path, subprocess.CompletedProcess]:
    built = getattr(request.config, "workerinput", {}).get("course_sites")
    if built:
        site = json.loads(built)[name]
        return Path(site["dir"]), subprocess.CompletedProcess(site["args"], site["returncode"], site["stdout"], site["stderr"])
    return SHARED_SITES[name](tmp_path_factory.mktemp(name))


@pytest.fixture(scope="session")
def site_build(request, tmp_path_factory):
    return _shared_site(request, tmp_path_factory, "site")


@pytest.fixture(scope="session")
def site_dir(site_build):
    return site_build[0]


@pytest.fixture(scope="session")
def edge_site_build(request, tmp_path_factory):
    return _shared_site(request, tmp_path_factory, "edge_site")


@pytest.fixture(scope="session")
def edge_site_dir(edge_site_build):
    return edge_site_build[0]


@pytest.fixture(scope="session")
def full_course_site(request, tmp_path_factory):
    return _shared_site(request, tmp_path_factory, "full_course")[0]


@pytest.fixture(scope="session")
def upstream_course_dir(request, tmp_path_factory):
    return _shared_site(request, tmp_path_factory, "upstream_course")[0]


@pytest.fixture(scope="session")
def warm_caches(site_build):
    """warm_caches(folder): for a test's own build of the real course (`NOTEBOOK_CACHE_DIR=folder`),
    a copy of the caches the shared real site was built with: the notebook cache at `folder`, the
    others (pages, sanitiser verdicts, search entries...) beside it, where the build looks for them.
    Only what the test changed is made again; the rest is made once per run, not once per test
    (each cache is keyed by the content it was made from: overrides/course_site/site/page_cache.py)."""
    from course_site.plugin import CACHES
    from course_site.site.caches import default_notebook_cache

    source = Path(os.environ.get("NOTEBOOK_CACHE_DIR") or default_notebook_cache(ROOT))

    def copy(folder: Path) -> Path:
        shutil.copytree(source, folder)
        for name in CACHES:
            if (source.parent / name).is_dir():
                shutil.copytree(source.parent / name, folder.parent / name)
        return folder

    return copy


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


def outside_of(base: str) -> re.Pattern:
    """Every address that is not the site's own (nor data:, blob:, about:)."""
    return re.compile("^(?!" + re.escape(base) + "|data:|blob:|about:)")


class Visitor:
    """visitor(url, base) opens url in a fresh context (a OneTab of its own) and records what went
    wrong; close() closes every context it opened."""

    def __init__(self, browser):
        self.browser = browser
        self.tabs = []

    def __call__(self, url: str, base: str, **context_options) -> Visit:
        self.tabs.append(OneTab(self.browser, base, **context_options))
        return self.tabs[-1].visit(url)

    def close(self) -> None:
        for tab in self.tabs:
            tab.close()
        self.tabs.clear()


@pytest.fixture
def visit(browser):
    """visit(url, base) opens url in a fresh context and records what went wrong."""
    visitor = Visitor(browser)
    yield visitor
    visitor.close()


class OneTab:
    """One tab that visits page after page, as a reader browsing the site does (cache and storage
    kept from page to page), recording what went wrong on each visit: a sweep of every page costs
    half what a fresh context per page costs."""

    def __init__(self, browser, base: str, **context_options):
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.record = Visit(self.page)
        self.url = ""
        self.page.on("console", lambda m: m.type == "error" and self.record.console_errors.append(m.text))
        self.page.on("pageerror", lambda e: self.record.console_errors.append(str(e)))
        self.page.on("response", lambda r: r.status >= 400 and r.url != self.url and self.record.failed_requests.append(r.url))

        def refuse(route):
            self.record.outside_requests.append(route.request.url)
            route.abort()

        # Only requests that leave the site come to Python: the browser matches the pattern
        # itself, so the site's own requests are not held up by a round trip to the test.
        self.context.route(outside_of(base), refuse)

    def visit(self, url: str) -> Visit:
        # A new record once the tab has left the page before: what that page did until then (a
        # page a switcher led to, still loading) is not this page's doing.
        self.page.goto(url, wait_until="commit")
        self.record, self.url = Visit(self.page), url
        self.page.wait_for_load_state("load")
        return self.record

    def close(self) -> None:
        self.context.close()

    def __enter__(self) -> "OneTab":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@pytest.fixture(scope="module")
def one_tab(browser):
    """one_tab(base, **context options) -> OneTab, closed when the module is done."""
    tabs = []

    def open_tab(base: str, **context_options) -> OneTab:
        tabs.append(OneTab(browser, base, **context_options))
        return tabs[-1]

    yield open_tab
    for tab in tabs:
        tab.close()

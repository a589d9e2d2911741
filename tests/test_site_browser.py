"""Every page in Chromium, over http:// and from file://: nothing requested
from outside the site, no console error, the language switcher leads to the
twin page, and search finds terms in the page's language only."""

from __future__ import annotations

from pathlib import Path

import pytest

from browsing import search_results, wait_for_search_ready
from helpers import pages_of, twin_of

MODES = ["http", "file"]


@pytest.fixture(params=MODES)
def base(request, http_base, file_base):
    return http_base if request.param == "http" else file_base


@pytest.fixture(params=MODES)
def edge_base(request, edge_http_base, edge_file_base):
    return edge_http_base if request.param == "http" else edge_file_base


def check_pages(site: Path, base: str, visit, switch_to_the_twin: bool = False) -> None:
    """Each page loads cleanly; with `switch_to_the_twin`, its language switcher then leads to its
    twin (one visit of each page for both: the sweep is the slow part)."""
    problems = []
    for page in pages_of(site):
        record = visit(base + page, base)
        wait_for_search_ready(record.page)  # errors of the search worker's start-up come late
        if record.outside_requests:
            problems.append(f"{page}: requested {record.outside_requests}")
        if record.console_errors:
            problems.append(f"{page}: console errors {record.console_errors}")
        if switch_to_the_twin:
            record.page.keyboard.press("Escape")  # leaves the search box the check above opened
            other = "zh" if page.startswith("en/") else "en"
            landed = switch_language(record, other)
            if landed != base + twin_of(page):
                problems.append(f"{page}: the switcher to {other} led to {landed}, not {base + twin_of(page)}")
        record.page.context.close()
    assert problems == []


def test_every_page_loads_cleanly_and_its_switcher_leads_to_its_twin(site_dir, base, visit):
    check_pages(site_dir, base, visit, switch_to_the_twin=True)


def test_every_edge_page_loads_cleanly(edge_site_dir, edge_base, visit):
    check_pages(edge_site_dir, edge_base, visit)


def switch_language(record, language: str) -> str:
    page = record.page
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'.md-select__link[hreflang="{language}"]').click()
    page.wait_for_load_state("load")
    return page.url


def test_switcher_on_an_untranslated_notebook(edge_base, visit):
    record = visit(edge_base + "en/ch/only_zh.html", edge_base)
    assert switch_language(record, "zh") == edge_base + "ch/only_zh.html"


def search(record, term: str) -> list[str]:
    """Type `term` into the search box; return the result links."""
    return search_results(record.page, term)


@pytest.mark.parametrize(
    "page, term, in_english",
    [("index.html", "融合", False), ("en/index.html", "fusion", True)],
)
def test_search_finds_terms_in_the_page_language_only(base, visit, page, term, in_english):
    record = visit(base + page, base)
    results = search(record, term)
    assert results, f"no result for {term!r} on {page}"
    for href in results:
        assert href.startswith(base + "en/") == in_english, href
    assert record.console_errors == []


def test_the_unzipped_offline_package_works_from_the_file_system(site_dir, tmp_path, visit):
    import zipfile

    with zipfile.ZipFile(site_dir / "autofuse-course-offline.zip") as package:
        package.extractall(tmp_path)
    base = (tmp_path / "autofuse-course").as_uri() + "/"
    for page in ["index.html", "en/01_basic_overview/01.02_autofuse_introduction.html"]:
        record = visit(base + page, base)
        assert record.outside_requests == [] and record.console_errors == [], page
    results = search(visit(base + "en/index.html", base), "fusion")
    assert results and all(href.startswith(base + "en/") for href in results)

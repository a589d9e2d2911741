"""Byte budgets: a notebook page's HTML, and everything a browser fetches on a first visit of any
page, on the real site and on a course of the full plan's size (15 sections in 2 languages)."""

from __future__ import annotations

import pytest

from browsing import base_url, first_visit_files, gzipped_size, serve
from helpers import notebook_pages, pages_of

HTML_BUDGET = 60 * 1024
FIRST_VISIT_BUDGET = 120 * 1024  # gzipped, every file fetched, until the network is idle


def test_notebook_pages_stay_under_the_html_budget(site_dir):
    sizes = {page: (site_dir / page).stat().st_size for page in notebook_pages(site_dir)}
    assert sizes and all(size <= HTML_BUDGET for size in sizes.values()), sizes


def test_notebook_css_is_one_shared_file(site_dir):
    for page in notebook_pages(site_dir):
        html = (site_dir / page).read_text(encoding="utf-8")
        assert "assets/stylesheets/notebook.css" in html
        assert "<style" not in html.split("<article", 1)[1]
    assert (site_dir / "assets/stylesheets/notebook.css").stat().st_size > 1000


def first_visits(browser, site) -> dict[str, tuple[int, list[str]]]:
    """Each page: the gzipped bytes of everything a fresh browser fetched, and what it was."""
    server = serve(site)
    try:
        visits = {}
        for page in pages_of(site):
            files = first_visit_files(browser, base_url(server), site, page)
            visits[page] = (sum(gzipped_size(f) for f in files), [f.relative_to(site).as_posix() for f in files])
        return visits
    finally:
        server.shutdown()


def check_first_visits(visits: dict[str, tuple[int, list[str]]]) -> None:
    over = {page: total for page, (total, _) in visits.items() if total > FIRST_VISIT_BUDGET}
    assert over == {}, f"over {FIRST_VISIT_BUDGET} bytes gzipped: {over}"
    for page, (_, files) in visits.items():
        # Everything counts: the stylesheets, scripts, figures, the favicon...
        assert page in files and any(f.endswith(".css") for f in files) and any(f.endswith(".js") for f in files)
        # ...and search costs nothing until it is used: Material's index file holds no documents.
        assert [f for f in files if f.startswith("search/") or "/workers/" in f] == ["search/search_index.json"], page


def test_first_visit_of_every_page_stays_under_budget(browser, site_dir):
    check_first_visits(first_visits(browser, site_dir))


@pytest.mark.parametrize("language_index_budget", [64 * 1024])
def test_at_the_full_plan_every_first_visit_stays_under_budget(browser, full_plan_site, language_index_budget):
    """15 sections in 2 languages (tools/generated_course.py: chapter 1 cloned into every planned
    section).  A language's index, fetched at the reader's first search, has its own budget."""
    visits = first_visits(browser, full_plan_site)
    assert len([page for page in visits if page.endswith(".html")]) >= 34
    check_first_visits(visits)
    for index in (full_plan_site / "search").glob("search_index.*.js"):
        assert gzipped_size(index) <= language_index_budget, index.name

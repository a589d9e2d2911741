"""Byte budgets of notebook pages (issue: light notebook pages)."""

from __future__ import annotations

import re

import pytest

from browsing import first_visit_files, first_visit_gzipped
from helpers import notebook_pages

HTML_BUDGET = 60 * 1024
FIRST_VISIT_BUDGET = 120 * 1024
CODE = (".html", ".css", ".js")


def test_notebook_pages_stay_under_the_html_budget(site_dir):
    sizes = {page: (site_dir / page).stat().st_size for page in notebook_pages(site_dir)}
    assert sizes and all(size <= HTML_BUDGET for size in sizes.values()), sizes


def test_the_html_budget_holds_for_the_full_course(full_course_site):
    """Every page carries the whole navigation: at 15 sections the largest chapter-1 page, cloned
    into every section, must still be within the budget."""
    pages = [p for p in full_course_site.rglob("*.html") if re.match(r"\d\d\.\d\d_", p.name)]
    assert len(pages) == 30
    too_big = {p.relative_to(full_course_site).as_posix(): p.stat().st_size for p in pages if p.stat().st_size > HTML_BUDGET}
    assert too_big == {}


def test_notebook_css_is_one_shared_file(site_dir):
    for page in notebook_pages(site_dir):
        html = (site_dir / page).read_text(encoding="utf-8")
        assert "assets/stylesheets/notebook.css" in html
        assert "<style" not in html.split("<article", 1)[1]
    assert (site_dir / "assets/stylesheets/notebook.css").stat().st_size > 1000


@pytest.mark.parametrize("page", ["01_basic_overview/01.02_autofuse_introduction.html", "en/01_basic_overview/01.03_enable_autofusion.html"])
def test_first_visit_of_a_notebook_page_stays_under_budget(browser, http_base, site_dir, page):
    files = first_visit_files(browser, http_base, site_dir, page, CODE)
    assert any(f.name == "notebook.css" for f in files) and any(f.suffix == ".js" for f in files)
    assert first_visit_gzipped(browser, http_base, site_dir, page, CODE) <= FIRST_VISIT_BUDGET

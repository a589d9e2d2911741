"""Byte budgets of pages.

A page is its content (the article) and a frame around it: header, navigation, table of
contents, footer.  The frame carries the whole course's navigation, so it grows with the course;
it must never dominate a page.  Budgets:

- FRAME_BUDGET: the frame of every page, at the full plan (15 sections); measured on a generated
  course (chapter 1 cloned into every section) and on the real site.  Beyond 15 sections it grows
  by about 0.25 KB per section (22.7 KB at 15, 30.3 KB at 45, measured with tools/benchmark.py's
  generated courses): the budget then is 24 KB + 0.3 KB per section beyond 15.
- PAGE_BUDGET: a whole page's HTML; hands-on sections with exercises, cells' outputs and code
  are long (1.3 is 85 KB, 21 KB gzipped); a longer one should be split.
- FIRST_VISIT_BUDGET: everything a first visit fetches, gzipped.
"""

from __future__ import annotations

import re

import pytest

from browsing import first_visit_files, first_visit_gzipped
from helpers import notebook_pages, pages_of, soup

FRAME_BUDGET = 24 * 1024
PAGE_BUDGET = 100 * 1024
FIRST_VISIT_BUDGET = 120 * 1024
CODE = (".html", ".css", ".js")


def frame_size(path) -> int:
    """The page's bytes outside its article."""
    page = path.read_bytes()
    return len(page) - len(str(soup(path).select_one("article")).encode("utf-8"))


def test_notebook_pages_stay_under_the_page_budget(site_dir):
    sizes = {page: (site_dir / page).stat().st_size for page in notebook_pages(site_dir)}
    assert sizes and all(size <= PAGE_BUDGET for size in sizes.values()), sizes


def test_every_frame_stays_under_its_budget(site_dir):
    frames = {page: frame_size(site_dir / page) for page in pages_of(site_dir)}
    assert {page: size for page, size in frames.items() if size > FRAME_BUDGET} == {}


def test_the_frame_budget_holds_for_the_full_course(full_course_site):
    """At the full plan's size (15 sections in both languages) no page's frame outgrows the budget."""
    pages = [p for p in full_course_site.rglob("*.html") if re.match(r"\d\d\.\d\d_", p.name)]
    assert len(pages) == 30
    too_big = {p.relative_to(full_course_site).as_posix(): frame_size(p) for p in pages if frame_size(p) > FRAME_BUDGET}
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

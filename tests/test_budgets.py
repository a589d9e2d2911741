"""Byte budgets of pages.

A page is its content (the article) and a frame around it: header, navigation, table of
contents, footer.  The frame carries the whole course's navigation, so it grows with the course;
it must never dominate a page.  Budgets:

- FRAME_BUDGET: the frame of every page, at the full plan (15 sections); measured on a generated
  course (chapter 1 cloned into every section) and on the real site.  Beyond 15 sections it grows
  by about 0.25 KB per section (22.7 KB at 15, 30.3 KB at 45, measured with tools/benchmark.py's
  generated courses): the budget then is FRAME_BUDGET + 0.3 KB per section beyond 15.
- PAGE_BUDGET: a whole page's HTML; hands-on sections with exercises, cells' outputs and code
  are long (1.3, the read-once demonstration and ten exercises with their explanations); a longer
  one should be split.
- FIRST_VISIT_BUDGET: everything a browser fetches on a first visit of any page, gzipped, until
  the network is idle: the page, stylesheets, scripts, figures in view, the favicon.  Search costs
  nothing until it is used; then a language's index has its own budget, LANGUAGE_INDEX_BUDGET.
  The real site's pages are measured in Chromium; the full plan's are weighed from the files each
  page names (an upper bound: every image counts), and only a page that bound puts over the budget
  is measured in Chromium.  The real site's measurement checks the bound covers what a browser
  fetches.
- ELEMENT_BUDGET: the elements of a page, which the browser styles and lays out on every visit
  (Lighthouse calls a page of more than 1,400 "excessive").  The longest pages are 3.7, 3.6, 2.2
  and 1.3 of the third edition: 3.7 has 1,877 elements in English, 1,040 of them the highlighted
  tokens of the flag checker, which reads every value as GE validates it (issue 31); 3.6 has 1,813
  (the precision workflow on every route, with the analyzer's real output), 2.2 has 1,781 (the
  teaching model of the first fusion, moved there from 2.1, which it put over both budgets) and
  1.3 has 1,749.  Twelve of 1.3's are the boxes of its six tables, which Material's script added
  as the page started until the build did: the page as shown has no more elements for it.
  Syntax-highlighted code, the inline code's break points and the quizzes make most of them.
  Off-screen notebook cells are not drawn until they come near the screen (site.css), so a page
  costs less than its count says, but every element still costs parsing and memory.

Each budget is the largest size measured when it was last set (December 2026, on the page named)
plus about 10 % of room.  When a change needs more than the room: measure what a reader pays for
it (the first visit of the pages it touches: test_first_visit_of_every_page_stays_under_budget
counts every file the browser fetches), make room first where the pages can spare it (a figure's
size, a long output cut, a long section split in two), and only then set the measured size to the
new one, in the commit that needs it, saying why.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from browsing import base_url, first_visits_files, gzipped_size, serve
from helpers import notebook_pages, pages_of, soup

FRAME_SIZE = 23_800  # 1.2 in Chinese, the real site (23,723 bytes); 23.1 KB at the full plan
FRAME_BUDGET = FRAME_SIZE + 2_400
PAGE_SIZE = 105_200  # 1.3 in English (105,121 bytes)
PAGE_BUDGET = PAGE_SIZE + 10_500
FIRST_VISIT_SIZE = 128_200  # 3.6 in Chinese, measured in Chromium (128,145 bytes gzipped)
FIRST_VISIT_BUDGET = FIRST_VISIT_SIZE + 12_800
LANGUAGE_INDEX_SIZE = 92_000  # the Chinese index, gzipped (91,881 bytes)
LANGUAGE_INDEX_BUDGET = LANGUAGE_INDEX_SIZE + 9_200
ELEMENT_COUNT = 1_877  # 3.7 in English, third edition (1.3 in Chinese was the largest before, 1,741)
ELEMENT_BUDGET = ELEMENT_COUNT + 190


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


def test_every_page_stays_under_the_element_budget(site_dir):
    counts = {page: len(soup(site_dir / page).find_all(True)) for page in pages_of(site_dir)}
    assert counts and {page: n for page, n in counts.items() if n > ELEMENT_BUDGET} == {}


def test_notebook_css_is_one_shared_file(site_dir):
    for page in notebook_pages(site_dir):
        html = (site_dir / page).read_text(encoding="utf-8")
        assert "assets/stylesheets/notebook.css" in html
        assert "<style" not in html.split("<article", 1)[1]
    assert (site_dir / "assets/stylesheets/notebook.css").stat().st_size > 1000


# What Material's bundle fetches by itself on every page (the index file, which holds no documents).
FETCHED_BY_THE_BUNDLE = ("search/search_index.json",)


def first_visits(browser, site, pages: list[str]) -> dict[str, list[str]]:
    """Each page: every site file a fresh browser fetched until the network was idle."""
    server = serve(site)
    try:
        visited = first_visits_files(browser, base_url(server), site, pages)
        return {page: [f.relative_to(site).as_posix() for f in files] for page, files in visited.items()}
    finally:
        server.shutdown()


def linked_files(site: Path, page: str) -> list[str]:
    """The site files a first visit of `page` can fetch, read from the page alone: itself, its
    stylesheets, scripts and icons, every image (in view or not) and what the bundle fetches."""
    document = soup(site / page)
    addresses = [tag.get("href") for tag in document.select('link[rel~="stylesheet"], link[rel~="icon"]')]
    addresses += [tag.get("src") for tag in document.select("script[src], img[src]")]
    files = [page]
    for address in addresses:
        parts = urlsplit(address or "")
        if not parts.scheme and not parts.netloc and parts.path:
            files.append(posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path))))
    return list(dict.fromkeys(files + list(FETCHED_BY_THE_BUNDLE)))


def weight(site: Path, files: list[str]) -> int:
    return sum(gzipped_size(site / f) for f in files)


def check_first_visits(site: Path, visits: dict[str, list[str]]) -> None:
    over = {page: weight(site, files) for page, files in visits.items() if weight(site, files) > FIRST_VISIT_BUDGET}
    assert over == {}, f"over {FIRST_VISIT_BUDGET} bytes gzipped: {over}"
    for page, files in visits.items():
        # Everything counts: the stylesheets, scripts, figures, the favicon...
        assert page in files and any(f.endswith(".css") for f in files) and any(f.endswith(".js") for f in files)
        # ...and search costs nothing until it is used: Material's index file holds no documents.
        assert [f for f in files if f.startswith("search/") or "/workers/" in f] == ["search/search_index.json"], page


def test_first_visit_of_every_page_stays_under_budget(browser, site_dir):
    """Measured in the browser; and what it fetched is within what the page names (linked_files),
    so that the full plan's pages can be weighed from their files (the next test)."""
    visits = first_visits(browser, site_dir, pages_of(site_dir))
    check_first_visits(site_dir, visits)
    unnamed = {page: sorted(set(files) - set(linked_files(site_dir, page))) for page, files in visits.items()}
    assert {page: files for page, files in unnamed.items() if files} == {}


def test_at_the_full_plan_every_first_visit_stays_under_budget(browser, full_course_site):
    """15 sections in 2 languages (chapter 1 cloned into every planned section).  Each page is
    weighed with everything it names, every image counted as if in view; a page that this bound
    puts over the budget is measured in the browser, which fetches only the images in view."""
    visits = {page: linked_files(full_course_site, page) for page in pages_of(full_course_site)}
    assert len(visits) >= 34
    over_bound = [page for page, files in visits.items() if weight(full_course_site, files) > FIRST_VISIT_BUDGET]
    if over_bound:
        visits |= first_visits(browser, full_course_site, over_bound)
    check_first_visits(full_course_site, visits)
    for index in (full_course_site / "search").glob("search_index.*.js"):
        assert gzipped_size(index) <= LANGUAGE_INDEX_BUDGET, index.name

"""Every page in Chromium, over http:// and from file://: nothing requested
from outside the site, no console error, the language switcher leads to the
twin page, axe-core finds no serious or critical violation in either colour
scheme, and search finds terms in the page's language only."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from browsing import search_results, wait_for_search_ready
from helpers import axe_violations, pages_of, twin_of

MODES = ["http", "file"]
SCHEMES = ("default", "slate")  # Material's names of the light and the dark scheme


@pytest.fixture(params=MODES)
def edge_base(request, edge_http_base, edge_file_base):
    return edge_http_base if request.param == "http" else edge_file_base


@dataclass
class Visited:
    """What one visit of a page found: what went wrong loading it (outside requests, console
    errors, a switcher leading elsewhere) and, when judged, axe's serious findings per scheme."""

    problems: list[str] = field(default_factory=list)
    axe: dict[str, list] = field(default_factory=dict)


def sweep(site: Path, base: str, tab, judge_axe: bool = False, switch_to_the_twin: bool = False) -> dict[str, Visited]:
    """Each page, visited once for everything in one tab (conftest.OneTab; the sweep is the slow
    part): with `judge_axe`, axe judges it in the scheme it opens in, then in the other one the
    reader switches to with the header's toggle; then, on the first page of each language and
    folder depth, search starts (errors of the search worker's start-up come late) and, with
    `switch_to_the_twin`, its language switcher is followed."""
    found = {}
    searched = set()
    for page in pages_of(site):
        record = tab.visit(base + page)
        visited = found[page] = Visited()
        if judge_axe:
            # The scheme the page opens in (the one the reader left the last page in) first: one
            # switch a page, not two.
            shown = record.page.evaluate("document.body.getAttribute('data-md-color-scheme')")
            for scheme in sorted(SCHEMES, key=lambda scheme: scheme != shown):
                visited.axe[scheme] = serious_violations(record.page, scheme)
        # The worker and the language's index a page starts search with are found by their address
        # from the page: one page of each language and folder depth tries each address (search's
        # own tests search from pages of both languages, test_search.py).
        if (where := search_start_of(page)) not in searched:
            searched.add(where)
            wait_for_search_ready(record.page)
            record.page.keyboard.press("Escape")  # leaves the search box
        visited.problems += [f"{page}: the title {title!r} was not shown as text" for title in titles_shown_as_text(record.page)]
        if record.outside_requests:
            visited.problems.append(f"{page}: requested {record.outside_requests}")
        if record.console_errors:
            visited.problems.append(f"{page}: console errors {record.console_errors}")
        if switch_to_the_twin:
            other = "zh" if page.startswith("en/") else "en"
            landed = follow_switcher_link(record, other)
            if landed != base + twin_of(page):
                visited.problems.append(f"{page}: the switcher to {other} led to {landed}, not {base + twin_of(page)}")
    return found


def search_start_of(page: str) -> tuple[str, int]:
    """What the addresses of a page's search worker and index depend on: its language and depth."""
    return ("en" if page.startswith("en/") else "zh"), page.count("/")


# Every titled element of the article pointed at (a mouseover, as tooltips.js listens for it) and
# left: the titles its tooltip did not show exactly, as text.  One round trip a page; the mouse
# itself hovers every title of a site built from hostile titles in test_titles_stay_text.py.
TITLES_AS_TEXT = """() => {
  const wrong = [];
  for (const host of Array.from(document.querySelectorAll("article [title]"))) {
    const title = host.getAttribute("title");
    if (!title) continue;
    host.dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
    const tip = document.getElementById("course-tooltip");
    if (!tip || !tip.isConnected || tip.textContent !== title || tip.firstChild.children.length) wrong.push(title);
    host.dispatchEvent(new MouseEvent("mouseout", {bubbles: true, relatedTarget: document.body}));
    if (host.getAttribute("title") !== title) wrong.push(title + " (not given back)");
  }
  return wrong;
}"""


def titles_shown_as_text(tab) -> list[str]:
    return tab.evaluate(TITLES_AS_TEXT)


# A frame for the transitions a change starts, then each one still running is finished (jumps to
# where it ends, as waiting for it would leave the page), until none runs.  An endless animation
# makes finish() throw: no page of the site has one, and judging it would need a rule of its own.
TRANSITIONS_ENDED = """async () => {
  for (;;) {
    await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
    const running = document.getAnimations().filter(a => a.playState === "running");
    if (!running.length) return;
    running.forEach(a => a.finish());
  }
}"""


def serious_violations(tab, scheme: str) -> list[dict]:
    """axe's serious and critical findings once the page shows `scheme`, switched to as a reader does."""
    if tab.evaluate("document.body.getAttribute('data-md-color-scheme')") != scheme:
        tab.locator("form.md-header__option label:visible").click()
        tab.wait_for_function("s => document.body.getAttribute('data-md-color-scheme') === s", arg=scheme)
    # The pointer, left over the toggle or wherever the last page had it, rests in a corner of the
    # page, and the colours' transitions and tooltips fading out are brought to their end: a page is
    # judged as a reader reads it once they end (half-faded text is no reader's page).
    tab.mouse.move(0, tab.viewport_size["height"] - 1)
    tab.evaluate(TRANSITIONS_ENDED)
    return [v for v in axe_violations(tab) if v["impact"] in ("serious", "critical")]


@pytest.fixture(scope="module")
def swept_over_http(site_dir, http_base, one_tab) -> dict[str, Visited]:
    with one_tab(http_base, color_scheme="light") as tab:
        return sweep(site_dir, http_base, tab, judge_axe=True, switch_to_the_twin=True)


def test_every_page_loads_cleanly_and_its_switcher_leads_to_its_twin_over_http(swept_over_http):
    assert [problem for visited in swept_over_http.values() for problem in visited.problems] == []


def test_every_page_loads_cleanly_and_its_switcher_leads_to_its_twin_from_files(site_dir, file_base, one_tab):
    with one_tab(file_base) as tab:
        found = sweep(site_dir, file_base, tab, switch_to_the_twin=True)
    assert [problem for visited in found.values() for problem in visited.problems] == []


def test_no_serious_axe_violation_on_any_page_in_either_colour_scheme(swept_over_http):
    found = {f"{page} ({scheme})": serious for page, visited in swept_over_http.items()
             for scheme, serious in visited.axe.items() if serious}
    assert found == {}
    assert all(set(visited.axe) == set(SCHEMES) for visited in swept_over_http.values())
    assert len(swept_over_http) >= 30


def test_every_edge_page_loads_cleanly(edge_site_dir, edge_base, one_tab):
    with one_tab(edge_base) as tab:
        found = sweep(edge_site_dir, edge_base, tab)
    assert [problem for visited in found.values() for problem in visited.problems] == []


def follow_switcher_link(record, language: str) -> str:
    """Where the switcher's link to `language` leads when clicked (its click handlers run), without
    opening the menu first: the menu's hover and keyboard paths are tested on their own
    (test_switcher_on_an_untranslated_notebook, test_language_switch.py), and waiting for its
    animation on every page of two sweeps cost half a second a page."""
    page = record.page
    with page.expect_navigation(wait_until="commit"):
        page.locator(f'.md-header__option .md-select__link[hreflang="{language}"]').dispatch_event("click")
    return page.url


def switch_language(record, language: str) -> str:
    page = record.page
    page.locator(".md-header__option .md-select").hover()
    # Where the switcher leads is known once the browser commits to the new page; its loading
    # is every page's own test.
    with page.expect_navigation(wait_until="commit"):
        page.locator(f'.md-select__link[hreflang="{language}"]').click()
    return page.url


def test_switcher_on_an_untranslated_notebook(edge_base, visit):
    record = visit(edge_base + "en/ch/only_zh.html", edge_base)
    assert switch_language(record, "zh") == edge_base + "ch/only_zh.html"


def search(record, term: str) -> list[str]:
    """Type `term` into the search box; return the result links."""
    return search_results(record.page, term)


@pytest.fixture(params=MODES)
def base(request, http_base, file_base):
    return http_base if request.param == "http" else file_base


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

"""The language switch keeps the reader's place (issue 20, item 4; 2026-12-reader-experience.md,
m1): the twin page opens at the same section, found by the heading's number in the page, not by
its text (which differs by language), and Back returns to where the reader was.  A notebook page
and a Markdown page, at 1280 and 390 px, over http:// and file://, from each language."""

from __future__ import annotations

from urllib.parse import unquote

import pytest

from browsing import wait_for_frames

PAGES = ["02_fusion_principles/02.03_fusion_strategy.html", "index.html"]
FOLDER = {"zh": "", "en": "en/"}
OTHER = {"zh": "en", "en": "zh"}
HEADINGS = "[...document.querySelectorAll('article :is(h1, h2, h3, h4, h5, h6)[id]')]"


def heading_ids(tab) -> list[str]:
    return tab.evaluate(f"{HEADINGS}.map(h => h.id)")


def heading_top(tab, number: int) -> float:
    return tab.evaluate(f"n => {HEADINGS}[n].getBoundingClientRect().top", number)


def header_bottom(tab) -> float:
    return tab.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")


def switch_language(tab, language: str) -> None:
    """As a reader does with the keyboard: open the language menu in the header, move to the
    language and press Enter.  (Playwright's click would first scroll the page to bring the
    link "into view", and move the reader's place.)"""
    tab.locator(".md-header .md-select button").first.focus()
    tab.locator(f'.md-header .md-select a[hreflang="{language}"]').focus()
    with tab.expect_navigation(wait_until="load"):
        tab.keyboard.press("Enter")


@pytest.fixture(params=["http", "file"])
def base(request, http_base, file_base) -> str:
    return http_base if request.param == "http" else file_base


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_language_switch_lands_on_the_same_section_and_back_returns(browser, base, language, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    tab = context.new_page()
    for page in PAGES:
        url = base + FOLDER[language] + page
        tab.goto(url, wait_until="load")
        ids = heading_ids(tab)
        assert len(ids) >= 5, (page, ids)
        number = len(ids) // 2  # a section in the middle of the page
        tab.evaluate(f"n => {HEADINGS}[n].scrollIntoView()", number)
        wait_for_frames(tab)
        left_at = tab.evaluate("window.scrollY")
        assert left_at > 0
        tab.evaluate("document.addEventListener('click', () => { window.name = String(scrollY) }, true)")

        switch_language(tab, OTHER[language])
        assert tab.evaluate("window.name") == str(left_at)  # the place the reader left, unmoved
        wait_for_frames(tab)
        twin_ids = heading_ids(tab)
        assert tab.url.split("#")[0] == base + FOLDER[OTHER[language]] + page
        assert "section=" not in tab.url
        assert "#" in tab.url and unquote(tab.url.split("#")[1]) == twin_ids[number], (tab.url, number, twin_ids)
        top = heading_top(tab, number)
        assert header_bottom(tab) - 2 <= top <= tab.evaluate("innerHeight") / 2, (page, top)

        tab.go_back(wait_until="load")
        assert tab.url == url
        # Where the reader was: Chromium restores the scroll position, give or take a few lines.
        tab.wait_for_function("([y, quarter]) => Math.abs(window.scrollY - y) <= quarter",
                              arg=[left_at, tab.evaluate("innerHeight / 4")], timeout=10_000)
    context.close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_language_menu_says_which_language_the_page_is_in(browser, http_base, language, width):
    """Review N7: the menu listed 中文 / English alike on both sites.  The reader's language is the
    current page for screen readers (aria-current) and bold on screen, not by colour alone."""
    context = browser.new_context(viewport={"width": width, "height": 800})
    tab = context.new_page()
    tab.goto(http_base + FOLDER[language] + PAGES[0], wait_until="load")
    tab.locator(".md-header .md-select button").first.focus()  # the menu opens
    entries = tab.locator(".md-header .md-select a[hreflang]")
    shown = {entries.nth(i).get_attribute("hreflang"): entries.nth(i).evaluate(
        "a => [a.getAttribute('aria-current'), getComputedStyle(a).fontWeight, a.getClientRects().length > 0]")
        for i in range(entries.count())}
    context.close()
    assert shown[language] == ["page", "700", True]
    assert shown[OTHER[language]][:2] == [None, "400"] and shown[OTHER[language]][2]

"""The glossary as a reader meets it in Chromium: a tap on a term shows its definition on a touch
screen and a second tap opens its entry; a mouse click opens it at once; the glossary page's
index leads to a letter, and each entry has an anchor of its own."""

from __future__ import annotations

import pytest

PAGE = "01_basic_overview/01.02_autofuse_introduction.html"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def shown_tooltips(tab) -> list[str]:
    tips = tab.locator(".md-tooltip2")
    return [tips.nth(i).inner_text() for i in range(tips.count()) if tips.nth(i).is_visible()]


@pytest.mark.parametrize("page", [PAGE, "en/" + PAGE])
def test_a_tap_shows_the_definition_and_a_second_tap_opens_the_entry(http_base, visit, page):
    record = visit(http_base + page, http_base, **PHONE)
    tab = record.page
    term = tab.locator("a.glossary-term").first
    definition, href = term.get_attribute("title"), term.get_attribute("href")
    term.scroll_into_view_if_needed()
    term.tap()
    tab.wait_for_timeout(500)  # Material shows a tooltip after a short delay
    assert tab.url == http_base + page, "the first tap must not follow the link"
    assert definition in shown_tooltips(tab)
    with tab.expect_navigation():
        term.tap()
    assert tab.url.endswith(href.rsplit("/", 1)[-1])
    assert record.console_errors == [] and record.outside_requests == []


def test_a_mouse_click_opens_the_entry_at_once(http_base, visit):
    tab = visit(http_base + PAGE, http_base, **DESKTOP).page
    term = tab.locator("a.glossary-term").first
    href = term.get_attribute("href")
    with tab.expect_navigation():
        term.click()
    assert tab.url.endswith(href.rsplit("/", 1)[-1])


@pytest.mark.parametrize("page", ["glossary.html", "en/glossary.html"])
def test_the_glossary_index_leads_to_each_letter_and_each_entry_has_an_anchor(http_base, visit, page):
    tab = visit(http_base + page, http_base, **PHONE).page
    letters = tab.locator("nav.glossary__index a")
    assert letters.count() >= 10
    for i in range(letters.count()):
        target = letters.nth(i).get_attribute("href")
        assert tab.locator(f"h2{target}").count() == 1, target
    anchors = tab.locator("dl.glossary dt .headerlink")
    assert anchors.count() == tab.locator("dl.glossary dt").count()
    last = letters.nth(letters.count() - 1)
    last.tap()
    tab.wait_for_timeout(300)
    heading = tab.locator(f"h2{last.get_attribute('href')}")
    assert heading.is_visible() and heading.bounding_box()["y"] < 844

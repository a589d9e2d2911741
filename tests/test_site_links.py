"""Links the site writes itself (the catalog, the end of a chapter, the progress data) are
percent-encoded: a `#` or a space in a file name is part of the address, not its fragment
(2026-12-security-reliability.md, W3).  Over http:// and file://, in both languages."""

from __future__ import annotations

import pytest

import browsing
from helpers import build_small_site

FILES = {
    "index.md": "# 首页\n\n<!-- course-catalog -->\n",
    "index.en.md": "# Home\n\n<!-- course-catalog -->\n",
    "ch/a#b.md": "# 甲页\n", "ch/a#b.en.md": "# Page A\n",
    "ch/end.md": "# 练习\n", "ch/end.en.md": "# Practice\n",
    "ch2/x y#z.md": "# 乙页\n", "ch2/x y#z.en.md": "# Page X\n",
}
COURSE = ("[{chapter: ch, title: {zh: 第一章, en: One}, sections: [{file: 'a#b.md', title: {zh: 甲页, en: Page A}},"
          " {file: end.md, title: {zh: 练习, en: Practice}}]},"
          " {chapter: ch2, title: {zh: 第二章, en: Two}, sections: [{file: 'x y#z.md', title: {zh: 乙页, en: Page X}}]}]")
FOLDER = {"zh": "", "en": "en/"}
TITLES = {"zh": ("甲页", "第二章", "乙页"), "en": ("Page A", "Two", "Page X")}


@pytest.fixture(scope="module")
def odd_names_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("odd_names")
    result = build_small_site(root, FILES, COURSE)
    assert result.returncode == 0, result.stderr[-3000:]
    server = browsing.serve(root / "site")
    yield root / "site", browsing.base_url(server)
    server.shutdown()


@pytest.mark.parametrize("mode", ["http", "file"])
@pytest.mark.parametrize("language", ["zh", "en"])
def test_catalog_and_chapter_end_links_reach_pages_with_a_hash_in_their_name(browser, odd_names_site, mode, language):
    site, http_base = odd_names_site
    base = http_base if mode == "http" else site.as_uri() + "/"
    section, next_chapter, next_title = TITLES[language]
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(base + FOLDER[language] + "index.html", wait_until="load")
    tab.locator(".course-catalog a", has_text=section).click()
    tab.wait_for_load_state("load")
    assert tab.locator("article h1").first.inner_text().strip().rstrip("¶") == section, tab.url
    tab.goto(base + FOLDER[language] + "ch/end.html", wait_until="load")
    tab.locator(".chapter-end__next a", has_text=next_chapter).click()
    tab.wait_for_load_state("load")
    assert tab.locator("article h1").first.inner_text().strip().rstrip("¶") == next_title, tab.url
    context.close()

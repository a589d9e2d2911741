"""Where the reader left off (issue 32, item 3; review N11): a returning reader finds, on the home
pages and the 404 page, the last section they opened, in the page's language, and it opens at
the heading they were under.  Kept across a browser restart (the same profile opened again),
online and from the file system; each copy of the site keeps its own."""

from __future__ import annotations

import shutil
from urllib.parse import unquote

import pytest

import browsing
from helpers import axe_violations, course_settings, site_path_prefix

SECTION = "01_basic_overview/01.03_enable_autofusion.html"
FOLDER = {"zh": "", "en": "en/"}
LABEL = {"zh": "继续学习：", "en": "Continue: "}
AT = {"zh": "上次读到：", "en": "You were at: "}
HEADINGS = "[...document.querySelectorAll('article :is(h1, h2, h3, h4, h5, h6)[id]')]"
DESKTOP = {"width": 1280, "height": 800}


def title(language: str) -> str:
    section = next(s for c in course_settings()["chapters"] for s in c["sections"]
                   if s["file"] == SECTION.split("/")[-1].replace(".html", ".ipynb"))
    return section["title"][language]


class Profile:
    """A browser profile on disk: each `open()` is the browser started again on it."""

    def __init__(self, browser_type, folder) -> None:
        self.browser_type, self.folder, self.context = browser_type, folder, None

    def open(self, **options):
        self.close()
        self.context = self.browser_type.launch_persistent_context(
            str(self.folder), executable_path=browsing.find_chromium(), args=browsing.CHROMIUM_ARGS,
            viewport=DESKTOP, **options)
        return self.context.pages[0] if self.context.pages else self.context.new_page()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


@pytest.fixture
def profile(browser, tmp_path):
    # The session's Playwright (one per process: a second sync_playwright() in a test refuses to start).
    kept = Profile(browser.browser_type, tmp_path / "profile")
    yield kept
    kept.close()


def read_to_the_middle(tab, url: str) -> tuple[int, str]:
    """Open a section and read down to a heading in its middle: its number and its words."""
    tab.goto(url, wait_until="load")
    number = tab.evaluate(f"{HEADINGS}.length") // 2
    tab.evaluate(f"n => {HEADINGS}[n].scrollIntoView()", number)
    tab.mouse.wheel(0, 120)  # as a reader scrolls on, a little past it
    tab.wait_for_timeout(900)  # the page keeps the place once the scrolling has settled
    words = tab.evaluate(f"n => {HEADINGS}[n].firstChild.textContent.trim()", number)
    return number, words


def slot(tab) -> dict:
    return tab.evaluate("""() => { const s = [...document.querySelectorAll('[data-continue]')].find(e => e.getClientRects().length);
      if (!s) return null;
      const primary = [...document.querySelectorAll('a.md-button--primary')].filter(a => a.getClientRects().length);
      return {text: s.querySelector('a').innerText.trim(), href: s.querySelector('a').href,
              at: s.querySelector('[data-continue-at]').getClientRects().length ? s.querySelector('[data-continue-at]').innerText.trim() : null,
              primary: primary.map(a => a.innerText.trim())}; }""")


@pytest.fixture(params=["http", "file"])
def base(request, http_base, site_dir, tmp_path) -> str:
    """Online, and an unzipped copy of the site on disk."""
    if request.param == "http":
        return http_base
    shutil.copytree(site_dir, tmp_path / "autofuse-course")
    return (tmp_path / "autofuse-course").as_uri() + "/"


def test_nothing_is_offered_before_the_reader_opens_a_section(base, visit):
    tab = visit(base + "index.html", base).page
    assert slot(tab) is None
    assert tab.locator("article a.md-button--primary:visible").count() == 1  # the continue slot stays hidden


def test_the_home_page_offers_where_the_reader_left_off_after_a_restart(profile, base):
    tab = profile.open()
    number, words = read_to_the_middle(tab, base + SECTION)
    assert number >= 4 and words
    tab.goto(base + "glossary.html", wait_until="load")  # not a section: the place stays 1.3's
    tab = profile.open()  # the browser closed and started again on the same profile

    tab.goto(base + "index.html", wait_until="load")
    shown = slot(tab)
    assert shown["text"] == LABEL["zh"] + title("zh")
    assert shown["at"] == AT["zh"] + words
    assert shown["primary"] == [shown["text"]]  # the page's one call to action; the start button gives way
    # In the other language: the same section's title in that language; the heading was read in Chinese.
    tab.goto(base + "en/index.html", wait_until="load")
    english = slot(tab)
    assert english["text"] == LABEL["en"] + title("en") and english["at"] is None
    assert english["href"].split("?")[0] == base + "en/" + SECTION
    # Followed, it opens the section at that heading.
    tab.goto(base + "index.html", wait_until="load")
    with tab.expect_navigation(wait_until="load"):
        tab.locator("[data-continue] a").click()
    browsing.wait_for_frames(tab)
    assert tab.url.split("#")[0] == base + SECTION
    assert tab.evaluate(f"{HEADINGS}.map(h => h.id)")[number] == unquote(tab.url.split("#")[1])
    top = tab.evaluate(f"n => {HEADINGS}[n].getBoundingClientRect().top", number)
    assert 0 <= top <= DESKTOP["height"] / 2


def test_each_copy_of_the_site_keeps_its_own_place(profile, site_dir, tmp_path):
    """Two offline packages side by side share the file system's storage: each keeps its own."""
    first, second = tmp_path / "one" / "autofuse-course", tmp_path / "two" / "autofuse-course"
    shutil.copytree(site_dir, first)
    shutil.copytree(site_dir, second)
    tab = profile.open()
    read_to_the_middle(tab, first.as_uri() + "/" + SECTION)
    tab.goto(second.as_uri() + "/index.html", wait_until="load")
    assert slot(tab) is None
    tab.goto(first.as_uri() + "/index.html", wait_until="load")
    assert slot(tab)["text"] == LABEL["zh"] + title("zh")


@pytest.fixture(scope="module")
def pages_base(site_dir):
    server = browsing.serve_like_pages(site_dir, site_path_prefix())
    yield browsing.base_url(server) + site_path_prefix().lstrip("/")
    server.shutdown()


def test_the_404_page_offers_it_in_its_language_and_outside_the_site_takes_the_readers(profile, pages_base):
    """Under the site's root the address says the language (review N12: `no/such/page.html`
    showed English to an English browser); outside it, the language the reader last read in."""
    tab = profile.open(locale="zh-CN")
    read_to_the_middle(tab, pages_base + "en/" + SECTION)
    tab.goto(pages_base + "no/such/page.html", wait_until="load")
    assert tab.evaluate("document.documentElement.lang") == "zh"
    shown = slot(tab)
    assert shown["text"] == LABEL["zh"] + title("zh") and shown["at"] is None  # read in English
    assert shown["href"].split("?")[0] == pages_base + SECTION
    outside = pages_base.removesuffix(site_path_prefix().lstrip("/")) + "elsewhere/page.html"
    tab.goto(outside, wait_until="load")
    assert tab.evaluate("document.documentElement.lang") == "en"  # not the browser's zh-CN
    shown = slot(tab)
    assert shown["text"] == LABEL["en"] + title("en") and shown["at"].startswith(AT["en"])
    with tab.expect_navigation(wait_until="load"):
        tab.locator("[data-continue]:visible a").click()
    assert tab.url.split("#")[0] == pages_base + "en/" + SECTION


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_offer_passes_axe_in_both_schemes(http_base, visit, scheme):
    """The slot as shown, and the start button it demotes (the header's red on the dark page was
    2.2:1 as a plain button)."""
    tab = visit(http_base + SECTION, http_base, color_scheme=scheme).page
    read_to_the_middle(tab, http_base + SECTION)
    tab.goto(http_base + "index.html", wait_until="load")
    assert slot(tab) is not None
    assert [v for v in axe_violations(tab) if v["impact"] in ("serious", "critical")] == []


def test_a_malformed_address_after_the_hash_is_no_heading_and_no_error(base, visit):
    """Review L5: `#%E0%A4%A` (a cut percent-escape) threw a URIError in place.js, on load and on
    each hashchange; now it names no heading, and the page stays as it was."""
    record = visit(base + SECTION + "#%E0%A4%A", base)
    record.page.evaluate("location.hash = '%E0%A4%A%E0'")  # a hashchange too
    record.page.mouse.wheel(0, 120)
    record.page.wait_for_timeout(900)  # the page keeps the place once the scrolling has settled
    assert record.console_errors == []
    assert record.page.evaluate("location.hash") == "#%E0%A4%A%E0"

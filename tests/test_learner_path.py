"""A learner's path through the course, in Chromium (issue 12): the whole course in the
navigation, the chapter above each title, the contents on phones, code every character of which
can be read (its characters never under the copy button: test_reading_on_phones.py), figures that open full screen and follow the colour scheme, Chinese typography,
the footer, the chapter archives, and the 404 page in the reader's language."""

from __future__ import annotations

import re
import zipfile
from urllib.parse import parse_qs, unquote, urlsplit

import nbformat
import pytest
from bs4 import BeautifulSoup

from browsing import base_url, serve_like_pages, wait_for_frames
from helpers import course_settings, axe_violations, load_config, site_path_prefix, soup

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
INTRO = "01_basic_overview/01.02_autofuse_introduction.html"
ENABLE = "01_basic_overview/01.03_enable_autofusion.html"


def course_plan():
    return course_settings()["chapters"]


def planned(language: str) -> list[tuple[str, bool]]:
    return [(s["title"][language], bool(s.get("file"))) for c in course_plan() for s in c["sections"]]


# -- where am I, what is next ----------------------------------------------------------------


@pytest.mark.parametrize("page, language", [(INTRO, "zh"), ("en/" + INTRO, "en")])
def test_the_navigation_shows_the_whole_course_and_coming_soon_sections_are_not_links(http_base, visit, page, language):
    tab = visit(http_base + page, http_base, viewport=DESKTOP).page
    nav = tab.locator(".md-sidebar--primary")
    for title, published in planned(language):
        item = nav.locator(".md-nav__item", has_text=title).last
        assert item.is_visible(), title
        if published:
            assert item.locator(f"a.md-nav__link:has-text('{title}')").count() == 1, title
        else:
            assert item.locator("a").count() == 0, f"{title} is coming soon but is a link"
            assert "md-nav__item--coming-soon" in item.get_attribute("class")
            label = item.locator(".md-nav__coming-soon")
            assert label.is_visible() and label.inner_text().strip()


@pytest.mark.parametrize("page, language", [(INTRO, "zh"), ("en/" + INTRO, "en")])
def test_the_phone_drawer_shows_the_chapter_title_whole(http_base, visit, page, language):
    tab = visit(http_base + page, http_base, viewport=PHONE).page
    tab.locator("label.md-header__button[for=__drawer]").click()
    chapter = course_plan()[0]["title"][language]
    title = tab.locator(".md-nav--primary .md-nav__title", has_text=chapter).first
    title.wait_for(state="visible")
    title.evaluate("t => Promise.all(document.getAnimations().map(a => a.finished))")  # the drawer slides in
    wait_for_frames(tab)
    assert title.evaluate("e => e.scrollWidth <= e.clientWidth && getComputedStyle(e).textOverflow !== 'ellipsis'")
    box = title.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


@pytest.mark.parametrize("page, language", [(ENABLE, "zh"), ("en/" + ENABLE, "en")])
def test_the_chapter_is_shown_above_the_title_which_is_the_plans(http_base, visit, page, language):
    tab = visit(http_base + page, http_base, viewport=PHONE).page
    label = tab.locator("article .page-title__chapter")
    h1 = tab.locator("article h1")
    assert label.inner_text() == course_plan()[0]["title"][language]
    assert h1.inner_text().rstrip("¶").strip() == course_plan()[0]["sections"][2]["title"][language]
    assert label.bounding_box()["y"] + label.bounding_box()["height"] <= h1.bounding_box()["y"] + 1
    assert tab.title().startswith(course_plan()[0]["sections"][2]["title"][language])


def test_the_contents_are_on_phones_and_lead_to_their_section(http_base, visit):
    tab = visit(http_base + ENABLE, http_base, viewport=PHONE).page
    contents = tab.locator("article details.page-contents")
    assert contents.is_visible()
    contents.locator("summary").click()
    links = contents.locator("a")
    assert links.count() >= 4
    target = links.nth(2).get_attribute("href")
    links.nth(2).click()
    tab.wait_for_function("id => decodeURIComponent(location.hash) === id", arg=target)
    heading = tab.locator(f"[id='{unquote(target[1:])}']")
    assert heading.bounding_box()["y"] < PHONE["height"] / 2
    desktop = visit(http_base + ENABLE, http_base, viewport=DESKTOP).page
    assert not desktop.locator("article details.page-contents").is_visible()
    assert desktop.locator(".md-sidebar--secondary .md-nav__link").first.is_visible()


# -- reading: code ---------------------------------------------------------------------------

def test_a_code_block_that_scrolls_shows_it(http_base, visit):
    # On a tablet: a phone wraps every line instead (test_reading_on_phones.py).
    tab = visit(http_base + ENABLE, http_base, viewport={"width": 768, "height": 1024}).page
    style = tab.evaluate("""() => {
        const wide = [...document.querySelectorAll('article pre > code')]
            .find(c => c.textContent.includes('AUTOFUSE_FLAGS') && c.scrollWidth > c.clientWidth);
        if (!wide) return null;
        const s = getComputedStyle(wide);
        return [s.backgroundImage, s.backgroundAttachment, s.scrollbarWidth, s.overflowX]; }""")
    assert style is not None, "no AUTOFUSE_FLAGS block scrolls at 768 px"
    assert "radial-gradient" in style[0] and "local" in style[1] and style[2] != "none" and style[3] == "auto"


@pytest.mark.parametrize("page", [ENABLE, "en/" + ENABLE])
def test_the_copy_button_copies_a_notebook_code_cell(http_base, visit, page):
    record = visit(http_base + page, http_base, viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    tab = record.page
    cell = tab.locator("article .jp-CodeCell pre").first
    expected = cell.locator("code").inner_text().strip()
    cell.hover()
    cell.locator(".md-code__button").click()
    tab.wait_for_function("() => navigator.clipboard.readText().then(t => t.length > 0)")
    assert tab.evaluate("navigator.clipboard.readText()").strip() == expected
    assert record.console_errors == []


# -- reading: figures ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["http", "file"])  # file://: the full-screen view is the site's own script
@pytest.mark.parametrize("page, caption", [(INTRO, "图 1"), ("en/" + INTRO, "Figure 1")])
def test_a_figure_opens_enlarged_and_closes_with_escape(http_base, file_base, visit, page, caption, mode):
    base = http_base if mode == "http" else file_base
    record = visit(base + page, base, viewport=DESKTOP)
    tab = record.page
    figure = tab.locator("article figure.course-figure").first
    assert figure.locator("figcaption").inner_text().startswith(caption)
    link = figure.locator("a.course-figure__open")
    link.scroll_into_view_if_needed()
    inline_width = figure.locator("img:visible").first.bounding_box()["width"]
    link.click()
    shown = tab.locator("dialog.figure-view[open] img")
    shown.wait_for(state="visible")
    tab.wait_for_function("() => { const i = document.querySelector('dialog.figure-view[open] img');"
                          " return i && i.complete && i.getBoundingClientRect().width > 0; }")
    wait_for_frames(tab)
    assert shown.bounding_box()["width"] > inline_width * 1.1
    tab.keyboard.press("Escape")
    tab.wait_for_selector("dialog.figure-view[open]", state="detached")
    assert tab.evaluate("document.activeElement.classList.contains('course-figure__open')")
    assert record.console_errors == [] and record.outside_requests == []


def test_figures_follow_the_colour_scheme_toggle_not_only_the_system(http_base, visit):
    tab = visit(http_base + INTRO, http_base, viewport=PHONE, color_scheme="light").page
    figure = tab.locator("article figure.course-figure").first
    figure.scroll_into_view_if_needed()
    assert figure.locator("img:visible").get_attribute("src").endswith(".svg")
    assert not figure.locator("img:visible").get_attribute("src").endswith(".dark.svg")
    # The browser's own parts (scrollbars, form controls) follow the scheme too: light needs no
    # color-scheme meta (adding one restyled the whole page once it had loaded, issue 19), dark
    # gets one.  palette.js sets it when the browser is first idle: after that, here.
    scheme_meta = "() => document.querySelector('meta[name=color-scheme]')?.content ?? null"
    assert tab.evaluate(f"new Promise(done => requestIdleCallback(() => done(({scheme_meta})())))") is None
    tab.locator("form.md-header__option label:visible").click()  # the reader picks dark
    tab.wait_for_function("() => document.body.getAttribute('data-md-color-scheme') === 'slate'")
    assert tab.evaluate(scheme_meta) == "dark"
    dark = figure.locator("img:visible")
    assert dark.get_attribute("src").endswith(".dark.svg")
    dark.evaluate("i => i.complete || new Promise(r => i.addEventListener('load', r))")
    assert dark.evaluate("i => i.naturalWidth") > 0
    figure.locator("a.course-figure__open").click()
    tab.wait_for_selector("dialog.figure-view[open] img", state="visible")
    assert tab.locator("dialog.figure-view[open] img").get_attribute("src").endswith(".dark.svg")


# -- reading: Chinese typography -------------------------------------------------------------


def test_chinese_typography(http_base, visit):
    tab = visit(http_base + ENABLE, http_base, viewport=DESKTOP).page
    body = tab.locator("article .jp-RenderedMarkdown > p").nth(1).evaluate("p => { const s = getComputedStyle(p); return [parseFloat(s.fontSize), parseFloat(s.lineHeight)]; }")
    assert body[0] >= 16 and 1.7 <= body[1] / body[0] <= 1.8
    table = tab.locator("article table td").first.evaluate("td => parseFloat(getComputedStyle(td).fontSize)")
    assert table >= 15
    h1 = tab.locator("article h1").evaluate("h => { const s = getComputedStyle(h); return [parseInt(s.fontWeight), s.color, getComputedStyle(document.querySelector('.md-typeset')).color]; }")
    assert h1[0] >= 600 and h1[1] == h1[2]  # the text's own colour, not Material's 54 % grey
    legend = tab.locator("article .quiz-question legend").first
    assert int(legend.evaluate("l => getComputedStyle(l).fontWeight")) == 400
    assert int(legend.locator(".quiz-number").evaluate("n => getComputedStyle(n).fontWeight")) >= 700


# Where each line of an inline code element ends: the character before every line break.
LINE_BREAKS = """code => {
  const text = code.textContent, ends = [];
  let lastTop = null, index = 0;
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++, index++) {
      const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      if (lastTop !== null && top > lastTop + 2) ends.push(text[index - 1]);
      lastTop = top;
    }
  }
  return ends;
}"""


@pytest.mark.parametrize("page", [ENABLE, "en/" + ENABLE])
def test_option_names_break_only_between_their_parts(http_base, visit, page):
    tab = visit(http_base + page, http_base, viewport=PHONE).page
    breaks = []
    for code in tab.locator("article :is(p, li, td) > code").all():
        if len(code.inner_text()) >= 16:
            breaks += code.evaluate(LINE_BREAKS)
    assert breaks, "no long identifier wraps at 390 px: the test sees nothing"
    assert set(breaks) <= set("_=;,/ "), breaks


def test_phone_margins_are_the_same_on_notebook_and_markdown_pages(http_base, visit):
    lefts = []
    for page in ("index.html", ENABLE):
        tab = visit(http_base + page, http_base, viewport=PHONE).page
        lefts.append(tab.locator("article h1").bounding_box()["x"])
    assert lefts[0] == lefts[1] == 16


@pytest.mark.parametrize("page", ["index.html", "en/" + ENABLE])
def test_the_footer_keeps_off_the_screen_edge(http_base, visit, page):
    """The footer is one partial on every page: a Markdown and a notebook page, both languages."""
    tab = visit(http_base + page, http_base, viewport=PHONE).page
    left = tab.locator(".course-footer").bounding_box()["x"]
    assert left >= 12, left


def test_back_to_top_stays_out_of_the_text_being_read(http_base, visit):
    tab = visit(http_base + "01_basic_overview/01.04_chapter_practice.html", http_base, viewport=PHONE).page
    tab.mouse.wheel(0, 3000)
    wait_for_frames(tab, 5)
    tab.mouse.wheel(0, -400)
    button = tab.locator(".md-top")
    button.wait_for(state="visible")
    wait_for_frames(tab, 20)
    box = button.bounding_box()
    assert box["y"] > PHONE["height"] * 0.75 and box["x"] > PHONE["width"] * 0.75
    assert button.evaluate("b => b.textContent.trim().length > 0")  # its name, for screen readers


# -- around each page ------------------------------------------------------------------------


@pytest.mark.parametrize("page", [INTRO, "en/" + INTRO, "index.html", "en/glossary.html"])
def test_the_footer_says_what_the_course_targets_and_opens_an_issue_for_this_page(site_dir, http_base, visit, page):
    tab = visit(http_base + page, http_base, viewport=PHONE).page
    footer = tab.locator(".md-footer-meta .course-footer")
    footer.scroll_into_view_if_needed()
    assert "9.0.0" in footer.inner_text()
    report = urlsplit(footer.locator("a.course-footer__report").get_attribute("href"))
    query = parse_qs(report.query)
    assert report.path.endswith("/issues/new")
    title = tab.title().split(" - ")[0]
    assert title in query["title"][0]
    assert load_config()["site_url"] + page in query["body"][0]
    date = footer.locator("time")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", date.get_attribute("datetime"))
    assert footer.locator(f"a[href='{load_config()['extra']['repository']}']").count() == 1


@pytest.mark.parametrize("page, language", [(INTRO, "zh"), ("en/" + INTRO, "en")])
def test_the_download_gives_the_notebook_and_what_its_cat_cell_reads(site_dir, http_base, visit, tmp_path, page, language):
    tab = visit(http_base + page, http_base, viewport=PHONE).page
    box = tab.locator("article details.run-it")
    box.locator("summary").click()
    link = box.locator("a.run-it__download")
    with tab.expect_download() as download:
        link.click()
    archive_path = tmp_path / "chapter.zip"
    download.value.save_as(archive_path)
    name = box.locator("code").first.inner_text()
    home = urlsplit(box.locator("a:not(.run-it__download)").get_attribute("href"))
    assert home.path.endswith("index.html") and home.fragment == course_settings()["environments"][language]
    with zipfile.ZipFile(archive_path) as archive:
        names = set(archive.namelist())
        notebook_name = f"01_basic_overview/{name}"
        notebook = nbformat.reads(archive.read(notebook_name).decode("utf-8"), as_version=4)
        nbformat.validate(notebook)
        cats = [m for cell in notebook.cells for m in re.findall(r"!cat\s+\./(\S+)", cell.source)]
        assert cats and all(f"01_basic_overview/{path}" in names for path in cats)
    assert (site_dir / "autofuse-course-offline.zip").is_file()
    with zipfile.ZipFile(site_dir / "autofuse-course-offline.zip") as package:
        assert f"autofuse-course/downloads/autofuse-01_basic_overview-{language}.zip" in package.namelist()


# -- the 404 page ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pages_base(site_dir):
    server = serve_like_pages(site_dir, site_path_prefix())
    yield base_url(server) + site_path_prefix().lstrip("/")
    server.shutdown()


@pytest.mark.parametrize("address, locale, language", [
    ("01_basic_overview/no-such-page.html", "en-US", "zh"),  # a Chinese address, whatever the browser
    ("en/01_basic_overview/no-such-page.html", "zh-CN", "en"),  # an English address
    ("no/such/page.html", "en-US", "zh"),  # review N12: not under en/, so the Chinese site's address
    ("../elsewhere.html", "en-GB", "en"),  # outside the site: the browser's language
    ("../elsewhere.html", "zh-CN", "zh"),
])
def test_the_404_page_speaks_the_readers_language(pages_base, visit, address, locale, language):
    host = pages_base.removesuffix(site_path_prefix().lstrip("/"))  # an address outside the site is the host's
    record = visit(pages_base + address, host if address.startswith("../") else pages_base, viewport=PHONE, locale=locale)
    tab = record.page
    assert tab.evaluate("document.documentElement.lang") == language
    section = tab.locator(f"section.course-404[lang={language}]")
    assert section.is_visible()
    assert tab.locator("section.course-404:visible").count() == 1
    home = section.locator("a.md-button--primary:visible")  # the continue slot stays hidden: nothing was read yet
    home.click()
    tab.wait_for_load_state("load")
    assert tab.url == pages_base + ("en/index.html" if language == "en" else "index.html")
    assert tab.evaluate("document.documentElement.lang") == language
    assert record.outside_requests == []


@pytest.mark.parametrize("address", [
    "en/nope.html", "01_basic_overview/", "%E4%B8%AD%E6%96%87/x/y/", "%ZZ", "en/%ZZ/deeper/page.html",
])
def test_the_404_page_at_any_address_makes_no_failing_request_and_no_error(pages_base, visit, address):
    """The review's U7: at a nested address the browser fetched the stylesheets and the icon
    relative to the wrong folder before the page's <base> was written (failing requests and
    console errors), and a malformed address (%ZZ) threw."""
    record = visit(pages_base + address, pages_base, viewport=PHONE, locale="en-US")
    assert record.failed_requests == []
    # Chromium logs the page's own 404 status as a console error for some addresses; every other
    # failing request is in failed_requests.
    assert [e for e in record.console_errors if not e.startswith("Failed to load resource")] == []
    assert record.page.locator("section.course-404:visible").count() == 1
    assert record.page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"


@pytest.mark.parametrize("language, term", [("zh", "融合"), ("en", "fusion")])
def test_the_404_page_searches_in_its_language(pages_base, visit, language, term):
    address = "en/missing/page.html" if language == "en" else "01_basic_overview/missing.html"
    tab = visit(pages_base + address, pages_base, viewport=DESKTOP).page
    section = tab.locator(f"section.course-404[lang={language}]")
    section.locator("input[name=q]").fill(term)
    section.locator("form button").click()
    tab.wait_for_selector(".md-search-result__item", state="attached", timeout=30_000)
    results = tab.eval_on_selector_all(".md-search-result__item > a", "links => links.map(a => a.href)")
    assert results and all(href.startswith(pages_base + "en/") == (language == "en") for href in results)


def test_the_404_page_works_inside_the_offline_package(site_dir, tmp_path, visit):
    with zipfile.ZipFile(site_dir / "autofuse-course-offline.zip") as package:
        package.extractall(tmp_path)
    base = (tmp_path / "autofuse-course").as_uri() + "/"
    record = visit(base + "404.html", base, viewport=DESKTOP, locale="en-US")
    tab = record.page
    assert record.outside_requests == [] and record.console_errors == []
    assert tab.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"  # styled
    tab.locator("section.course-404:visible a.md-button--primary:visible").click()
    tab.wait_for_load_state("load")
    assert tab.url == base + "en/index.html"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("address", ["missing.html", "en/missing.html"])
def test_the_404_page_has_no_serious_axe_violation(pages_base, visit, scheme, address):
    tab = visit(pages_base + address, pages_base, viewport=DESKTOP, color_scheme=scheme).page
    assert [v for v in axe_violations(tab) if v["impact"] in ("serious", "critical")] == []


def test_there_is_one_404_page_and_its_links_are_relative_to_its_base(site_dir):
    page = soup(site_dir / "404.html")
    # The head's first element, before any address the browser could fetch; "./" in the package.
    assert page.head.find(True).name == "base" and page.head.find(True)["href"] == site_path_prefix()
    with zipfile.ZipFile(site_dir / "autofuse-course-offline.zip") as package:
        packaged = BeautifulSoup(package.read("autofuse-course/404.html").decode("utf-8"), "html.parser")
    assert packaged.head.find(True).name == "base" and packaged.head.find(True)["href"] == "./"
    assert not (site_dir / "en" / "404.html").exists()
    assert [s["lang"] for s in page.select("section.course-404")] == ["zh", "en"]


@pytest.mark.parametrize("page, title, label", [("ch/twin.html", "即将发布", "即将推出"), ("en/ch/twin.html", "Coming soon", "Coming soon")])
def test_a_section_not_published_yet_is_greyed_in_the_navigation_and_not_a_link(edge_http_base, visit, page, title, label):
    """The real course has every section published now; the edge site keeps one planned only."""
    tab = visit(edge_http_base + page, edge_http_base, viewport=DESKTOP).page
    item = tab.locator(".md-sidebar--primary .md-nav__item--coming-soon")
    assert item.count() == 1 and item.is_visible()
    assert item.locator("a").count() == 0
    assert item.locator(".md-ellipsis").inner_text().strip() == title
    assert item.locator(".md-nav__coming-soon").inner_text().strip() == label
    colours = item.evaluate("i => [getComputedStyle(i.querySelector('.md-nav__link')).color,"
                            " getComputedStyle(document.querySelector('.md-sidebar--primary a.md-nav__link:not(.md-nav__link--active)')).color]")
    assert colours[0] != colours[1], "a planned section looks like a published one"

"""A title is text wherever it comes from (the second security review's CRIT-1): a site built from
content whose every kind of title holds markup that would run script (a Markdown link title in a
page, a notebook and an answer file; raw HTML titles; an image's alt), opened in Chromium, every
titled element of every page hovered with the mouse and focused: no script runs, and each
tooltip shows the title as written.  The real site's pages get the same check, in one round
trip a page, in test_site_browser.py's sweep (titles_shown_as_text)."""

from __future__ import annotations

import json

import pytest

import browsing
from helpers import build_small_site, markdown_cell, notebook_json

# Sets a mark on the page if it ever runs: every title below holds it.
RUNS = "<img src=x onerror=document.documentElement.setAttribute('data-hostile',1)>"
TITLE = RUNS.replace("'", "&#39;")  # in a Markdown title, as an author could write it
PAGE = f"""\
# 9.1 练习页

一个[链接](../index.md "{RUNS}")，一个 <span title="{TITLE}">悬停的词</span>，<abbr title="{TITLE}">缩写</abbr>。

![图]({'images/f.svg'} "{RUNS}")

<img src="images/f.svg" alt="{TITLE}"> <span aria-label="{TITLE}">有标签的词</span>，<a title="{TITLE}">原样的链接</a>。

1. （判断题）带标题的[链接](../index.md "{RUNS}")。

<!-- solutions: answer/09.01_answer.txt -->
"""
ANSWERS = f'1. √\n解析：答案里[带标题的链接](../index.md "{RUNS}")。\n'
NOTEBOOK = notebook_json(markdown_cell("t", f'# 9.2 笔记本\n\n笔记本里[带标题的链接](../index.md "{RUNS}")和'
                                            f'<span title="{TITLE}">悬停</span>。\n\n## 第二节\n\n文字。'))
FIGURE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>'
# The review's N13, placed absolutely rather than fixed (which the build refuses): a link over the
# whole window.  What the content paints stays in its column (site.css, .md-content).
COVER = ('<a href="https://127.0.0.1:9/N13" style="position:absolute;top:0;left:0;width:100vw;height:100vh;'
         'z-index:99999;background:#fff">Session expired, log in</a>')
# The review's N58: an invisible link as large as a screen, in an inline SVG the allow list passes.
INVISIBLE_LINK = ('<svg width="4000" height="4000"><a href="https://127.0.0.1:9/N58">'
                  '<rect width="4000" height="4000" fill-opacity="0"/></a></svg>')
COVERED = {"en/index.html": "N13", "index.html": "N58"}
COURSE = ("[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.md, title: {zh: 9.1 练习页, en: 9.1 Practice}},"
          " {file: y.ipynb, title: {zh: 9.2 笔记本, en: 9.2 Notebook}}]}]")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile_titles")
    files = {"index.md": f'# 首页\n\n[首页的链接](ch/x.md "{RUNS}")\n\n{INVISIBLE_LINK}\n', "index.en.md": f"# Home\n\n{COVER}\n",
             "ch/x.md": PAGE, "ch/answer/09.01_answer.txt": ANSWERS, "ch/y.ipynb": NOTEBOOK, "ch/images/f.svg": FIGURE}
    result = build_small_site(folder, files, COURSE)
    assert result.returncode == 0, result.stderr
    server = browsing.serve(folder / "site")
    yield folder / "site", browsing.base_url(server)
    server.shutdown()


def hover_and_focus_every_title(tab) -> list[str]:
    """Every titled element of the article hovered with the mouse, then focused: what went wrong
    (a tooltip that is not the title as text)."""
    tab.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")
    problems = []
    for host in tab.query_selector_all("article [title]"):
        title = host.get_attribute("title")
        if host.is_visible():
            host.scroll_into_view_if_needed()
            host.hover()
            shown = tab.evaluate("() => { const t = document.getElementById('course-tooltip'); "
                                 "return t && t.isConnected ? [t.textContent, t.children.length, "
                                 "t.firstChild.children.length] : null }")
            if shown != [title, 1, 0]:
                problems.append(f"hovered {title!r}: tooltip {shown!r}")
            tab.mouse.move(0, 0)
        host.evaluate("element => element.focus()")
        host.evaluate("element => element.blur()")
    return problems


def test_every_title_of_a_hostile_site_is_shown_as_text_on_hover_and_focus(hostile_site, one_tab):
    site, base = hostile_site
    pages = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html") if path.name != "404.html")
    pages.remove("en/index.html")  # its content covers its column: nothing there can be pointed at
    tab = one_tab(base, viewport={"width": 1280, "height": 900})
    hovered, problems = 0, []
    dialogs = []
    tab.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    for page in pages:
        record = tab.visit(base + page)
        hosts = record.page.locator("article [title]").count()
        hovered += hosts
        problems += [f"{page}: {p}" for p in hover_and_focus_every_title(record.page)]
        record.page.wait_for_timeout(200)  # an image that fails to load fires its handler late
        if record.page.evaluate("document.documentElement.hasAttribute('data-hostile')"):
            problems.append(f"{page}: a title's markup ran")
        problems += [f"{page}: {error}" for error in record.console_errors]
    assert problems == [] and dialogs == []
    assert hovered >= 12, f"only {hovered} titled elements: the hostile content did not reach the pages"


def test_the_hostile_titles_are_in_the_pages_as_written(hostile_site):
    """The check above sees what it checks: each kind of title reached its page, markup and all."""
    site, _ = hostile_site
    from bs4 import BeautifulSoup

    found = {}
    for page in ("index.html", "ch/x.html", "ch/y.html"):
        document = BeautifulSoup((site / page).read_text(encoding="utf-8"), "html.parser")
        found[page] = sorted({element.name for element in document.select("article [title]")
                              if element["title"] == RUNS})
    assert found == {"index.html": ["a"], "ch/x.html": ["a", "abbr", "img", "span"], "ch/y.html": ["a", "span"]}, json.dumps(found)
    page = BeautifulSoup((site / "ch/x.html").read_text(encoding="utf-8"), "html.parser")
    assert [e.name for e in page.select("article [alt], article [aria-label]") if RUNS in (e.get("alt"), e.get("aria-label"))] == ["img", "span"]
    quiz = BeautifulSoup((site / "ch/x.html").read_text(encoding="utf-8"), "html.parser")
    assert [a["title"] for a in quiz.select(".quiz-solution a[title], .quiz a[title]")].count(RUNS) >= 2


# What a reader points at: the header, the navigation, and beside the content column, level with
# the first element of the article wider than the column (scrolled into view), each still itself,
# not the content; and every SVG of the article drawn within the column.
REACHED_OUTSIDE_THE_COLUMN = """() => {
  const column = document.querySelector(".md-content").getBoundingClientRect();
  const wide = [...document.querySelectorAll("article *")].find(e => e.getBoundingClientRect().right > column.right + 40);
  if (wide) wide.scrollIntoView();
  const header = document.querySelector(".md-header").getBoundingClientRect();
  const nav = document.querySelector(".md-sidebar--primary").getBoundingClientRect();
  const at = (x, y) => document.elementFromPoint(x, y);
  const beside = wide ? at(column.right + 20, Math.max(wide.getBoundingClientRect().top, header.bottom) + 20) : null;
  return {header: at(header.left + header.width / 2, header.top + header.height / 2).closest(".md-header") !== null,
          navigation: at(nav.left + 20, nav.top + 40).closest(".md-sidebar") !== null,
          "beside the column": beside === null || beside.closest("article") === null,
          "figures in the column": [...document.querySelectorAll("article svg")].every(
            svg => svg.getBoundingClientRect().right <= document.querySelector("article").getBoundingClientRect().right + 1)};
}"""


@pytest.mark.parametrize("page", COVERED)
def test_a_box_of_the_content_cannot_cover_the_header_or_what_is_beside_it(hostile_site, visit, page):
    """N13's box placed over the window: what the content paints stays in its column (site.css,
    .md-content's `contain: paint`).  N58's invisible link 4000 px square: Material draws an SVG of
    the article no wider than the article (`max-width: 100%`), so it is a link of the content as
    any other, and the clip would hold it too."""
    site, base = hostile_site
    tab = visit(base + page, base, viewport={"width": 1280, "height": 900}).page
    covered = tab.evaluate(REACHED_OUTSIDE_THE_COLUMN)
    assert covered == {"header": True, "navigation": True, "beside the column": True, "figures in the column": True}, \
        "the content's box covers the header, the navigation or what is beside its column"

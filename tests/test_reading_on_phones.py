"""Reading on a phone (issue 20), in Chromium at 390 px and at 1280 px, both languages: every
table's text on screen or reachable with a visible cue, no word broken in a cell; figures whose
smallest text can be read; the run box where there is code to run; the home page's online
environments and start button; "report an error" on GitHub and GitCode."""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import pytest

import browsing
from helpers import course_settings, EDGE_SITE, build_site, load_config, notebook_pages, pages_of

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SIZES = {"390": PHONE, "1280": DESKTOP}
LANGUAGE_PAGES = {"zh": "", "en": "en/"}

# What each table of a page shows: whether it reads as rows, scrolls, shows the edge cue and the
# hint; the words (Latin words, identifiers, option names) that are off screen or broken across
# lines; each row cell's label against its column's header.
TABLES = r"""() => {
  const viewport = document.documentElement.clientWidth;
  const lines = rects => {
    let count = 0, bottom = -Infinity;
    for (const r of [...rects].filter(r => r.width > 0).sort((a, b) => a.top - b.top)) {
      if (r.top >= bottom - 2) { count++; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom);
    }
    return count;
  };
  const shown = element => !!element && element.getClientRects().length > 0 && getComputedStyle(element).display !== 'none';
  return [...document.querySelectorAll('article table')].map((table, index) => {
    const scroller = table.closest('.md-typeset__scrollwrap');
    const wrapper = scroller || table;
    const hint = wrapper.previousElementSibling;
    const headers = [...table.rows[0].cells].map(th => th.textContent.replace(/\s+/g, ' ').trim());
    const info = {
      index, columns: Math.max(...[...table.rows].map(r => r.cells.length)),
      rows: getComputedStyle(table).display === 'block' && table.dataset.narrow === 'rows',
      scrolls: !!scroller && getComputedStyle(scroller).overflowX !== 'visible' && scroller.scrollWidth > scroller.clientWidth + 1,
      cue: !!scroller && getComputedStyle(scroller).backgroundImage.includes('radial-gradient'),
      hint: !!hint && hint.classList.contains('table-hint') && shown(hint),
      offscreen: [], broken: [], labels: [], words: 0,
    };
    for (const cell of table.querySelectorAll('th, td')) {
      const head = cell.closest('thead');
      if (head && getComputedStyle(head).position === 'absolute') continue;  // for screen readers only
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const nodes = []; let text = '';
      while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
      const at = offset => { let k = nodes.length - 1; while (k > 0 && nodes[k][1] > offset) k--; return [nodes[k][0], offset - nodes[k][1]]; };
      const range = document.createRange();
      for (const m of text.matchAll(/[A-Za-z0-9_.\-]+/g)) {
        info.words++;
        const [startNode, start] = at(m.index), [endNode, end] = at(m.index + m[0].length - 1);
        range.setStart(startNode, start); range.setEnd(endNode, end + 1);
        if (lines(range.getClientRects()) > 1) info.broken.push(m[0]);
        if ([...range.getClientRects()].some(r => r.width && (r.left < -0.5 || r.right > viewport + 0.5))) info.offscreen.push(m[0]);
      }
      const box = cell.getBoundingClientRect();
      if (text.trim() && (box.left < -0.5 || box.right > viewport + 0.5)) info.offscreen.push('[cell] ' + text.trim().slice(0, 20));
      if (info.rows && cell.tagName === 'TD' && cell.parentElement !== table.rows[0]) {
        const label = getComputedStyle(cell, '::before').content;
        const header = headers[[...cell.parentElement.cells].indexOf(cell)];
        if (label !== JSON.stringify(header)) info.labels.push([label, header]);
      }
    }
    return info;
  });
}"""


def table_problems(page: str, tables: list[dict]) -> list[str]:
    problems = []
    for table in tables:
        where = f"{page} table {table['index'] + 1}"
        if table["broken"]:
            problems.append(f"{where}: words broken across lines {table['broken'][:5]}")
        if table["labels"]:
            problems.append(f"{where}: cells not labelled with their header {table['labels'][:3]}")
        if table["offscreen"]:
            # Off screen is allowed only in a grid that scrolls, shows the edge cue and, from
            # three columns, the hint.
            reachable = table["scrolls"] and table["cue"] and (table["hint"] or table["columns"] < 3)
            if not reachable:
                problems.append(f"{where}: off screen with no cue to scroll {table['offscreen'][:5]} "
                                f"(scrolls {table['scrolls']}, cue {table['cue']}, hint {table['hint']})")
    return problems


# The comments of each code block that start on screen but run past its right edge (cut), at
# the start of its horizontal scroll.
CUT_COMMENTS = """() => {
  const cut = [];
  document.querySelectorAll('article pre > code').forEach(code => {
    code.scrollLeft = 0;
    const box = code.getBoundingClientRect();
    for (const comment of code.querySelectorAll('.c, .ch, .cm, .cp, .cpf, .c1, .cs')) {
      const rects = [...comment.getClientRects()];
      if (!rects.length || rects[0].left >= box.right - 20) continue;  // starts past the edge: reached by scrolling
      if (rects.some(r => r.right > box.right + 0.5)) cut.push(comment.textContent.slice(0, 40));
    }
  });
  return cut;
}"""


# For each code block with a copy button: every character that can be seen (inside the code's
# own visible box), at the start and at the end of its horizontal scroll, and whether it lies
# under the button.
CHARACTERS_UNDER_THE_BUTTON = """() => {
  const found = [];
  for (const pre of document.querySelectorAll('article pre')) {
    const nav = pre.querySelector('.md-code__nav');
    const code = pre.querySelector(':scope > code');
    if (!nav || !code) continue;
    for (const left of [0, code.scrollWidth]) {
      code.scrollLeft = left;
      const button = nav.getBoundingClientRect();
      const box = code.getBoundingClientRect();
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i++) {
          if (!node.data[i].trim()) continue;
          const range = document.createRange();
          range.setStart(node, i); range.setEnd(node, i + 1);
          for (const r of range.getClientRects()) {
            const x1 = Math.max(r.left, box.left), x2 = Math.min(r.right, box.right);
            const y1 = Math.max(r.top, box.top), y2 = Math.min(r.bottom, box.bottom);
            if (x2 <= x1 || y2 <= y1) continue;  // clipped: not drawn
            if (x1 < button.right && x2 > button.left && y1 < button.bottom && y2 > button.top)
              found.push(pre.id + ': ' + JSON.stringify(node.data[i]) + ' at scroll ' + code.scrollLeft);
          }
        }
      }
    }
    code.scrollLeft = 0;
  }
  return found;
}"""


# Each code block's width as the page is read, before Material's DOMContentLoaded listener (an
# init script's listener is the first) adds the copy buttons.
CODE_WIDTHS_AT_START = """document.addEventListener('DOMContentLoaded', () => {
  window.courseCodeWidths = [...document.querySelectorAll('pre > code')].map(code => code.clientWidth);
});"""

# Every table taken out of the page or put into it from DOMContentLoaded on (an init script's
# listener is the first, before Material's, which boxed each table by taking it out and back in).
TABLES_MOVED_AT_START = """document.addEventListener('DOMContentLoaded', () => {
  window.courseTablesMoved = [];
  const holdsTable = node => node.nodeType === 1 && (node.matches('table') || !!node.querySelector('table'));
  const name = node => node.nodeName.toLowerCase() + (node.className ? '.' + node.className : '');
  window.courseNoteTablesMoved = records => records.forEach(record => {
    record.removedNodes.forEach(node => holdsTable(node) && window.courseTablesMoved.push('out: ' + name(node)));
    record.addedNodes.forEach(node => holdsTable(node) && window.courseTablesMoved.push('in: ' + name(node)));
  });
  window.courseTableWatch = new MutationObserver(window.courseNoteTablesMoved);
  window.courseTableWatch.observe(document.body, {childList: true, subtree: true});
});"""
TABLES_MOVED = """() => {
  window.courseNoteTablesMoved(window.courseTableWatch.takeRecords());
  // and each table Material would have boxed (none without a class is left), boxed as it boxes
  const unboxed = [...document.querySelectorAll('article table')]
    .filter(t => !t.className || (t.classList.contains('course-table')
      && !t.parentElement.matches('.md-typeset__scrollwrap > .md-typeset__table')))
    .map(t => 'unboxed: ' + (t.className ? 'table.' + t.className : 'table'));
  return window.courseTablesMoved.concat(unboxed);
}"""

# Code blocks whose copy button did not arrive in room kept for it: the code narrowed when the
# button came (its text re-flowed: comments wrap on a phone), or it keeps room for a button that
# never came.
COPY_BUTTON_ROOM = """() => {
  const problems = [];
  [...document.querySelectorAll('pre > code')].forEach((code, i) => {
    const pre = code.parentElement, before = window.courseCodeWidths[i];
    if (pre.querySelector(':scope > .md-code__nav')) {
      if (code.clientWidth !== before) problems.push(pre.id + ': ' + before + ' px wide before its copy button, ' + code.clientWidth + ' px after');
    } else if (parseFloat(getComputedStyle(code).marginRight) > 0) {
      problems.push(pre.id + ': room kept for a copy button that did not come');
    }
  });
  return problems;
}"""


# A notebook page's overflow: how far the page or the notebook scrolls sideways, and how many
# tables (or their scrolling wrappers) are cut at the notebook's right edge.
NOTEBOOK_OVERFLOW = """() => {
  const notebook = document.querySelector(".jp-Notebook");
  const right = notebook.getBoundingClientRect().right;
  const tables = [...notebook.querySelectorAll("table")].map(t => (t.closest(".md-typeset__scrollwrap") || t));
  const page = document.scrollingElement;
  const scrolls = getComputedStyle(notebook).overflowX !== "visible" && notebook.scrollWidth > notebook.clientWidth;
  return {scroll: Math.max(page.scrollWidth - page.clientWidth, scrolls ? notebook.scrollWidth - notebook.clientWidth : 0),
          cut: tables.filter(t => t.getBoundingClientRect().right > right + 0.5).length};
}"""


# On a phone (null on a wide screen): each code block that scrolls sideways, and each line of a
# block that wrapped and goes on at the edge or where a line of the block begins (it would read as
# a line of its own); and how many lines wrapped.
CODE_WRAPPING = r"""() => {
  if (window.innerWidth >= 600) return null;
  const found = {scrolls: [], flush: [], wrapped: 0};
  document.querySelectorAll('article pre > code').forEach((code, index) => {
    if (code.scrollWidth > code.clientWidth + 1) found.scrolls.push(code.textContent.slice(0, 50));
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT), range = document.createRange();
    let starts = [], continued = [], previous = null, lineStart = true, blank = true;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const c = node.data[i];
        if (c === '\n') { lineStart = true; blank = true; continue; }
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rect = [...range.getClientRects()].find(r => r.width > 0);
        if (!rect) continue;
        if (!lineStart && previous && rect.top >= previous.bottom - 2) continued.push([rect.left, node.data.slice(i, i + 20)]);
        else if (c.trim() && blank) starts.push(rect.left);
        if (c.trim()) blank = false;
        lineStart = false; previous = rect;
      }
    }
    const edge = code.getBoundingClientRect().left + parseFloat(getComputedStyle(code).paddingLeft);
    const width = parseFloat(getComputedStyle(code).fontSize) * 0.6;  // a character of monospace
    found.wrapped += continued.length;
    for (const [left, text] of continued)
      if (left < edge + width || starts.some(start => Math.abs(left - start) < 1.5 * width)) found.flush.push(text);
  });
  return found;
}"""


# -- every page at each size: one visit each ---------------------------------------------------
#
# Several checks read every page at the same size; each page is loaded once per size for all of
# them (a page load is most of what they cost), and each check stays its own test below.


@dataclass
class OnScreen:
    """What one page shows at one size."""

    tables: list[dict]
    scrolls_sideways: bool
    comments: int
    cut_comments: list[str]
    copy_button_room: list[str]
    tables_moved: list[str]  # tables taken out of the page or put in as it started, or left unboxed
    code_wrapping: dict | None  # on a phone: code blocks that scroll, wrapped lines flush with the block's own
    under_copy_button: list[str] | None = None  # notebook pages
    notebook_overflow: dict | None = None  # notebook pages with a table
    run_box: dict | None = None  # notebook pages


def look_at(tab, is_notebook: bool) -> OnScreen:
    # Material adds the copy buttons as the page starts (tab's context: CODE_WIDTHS_AT_START)
    tab.wait_for_function("() => !document.querySelector('article pre > code')"
                          " || document.querySelector('article pre .md-code__nav')")
    browsing.wait_for_frames(tab)
    seen = OnScreen(tables=tab.evaluate(TABLES),
                    scrolls_sideways=tab.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth"),
                    comments=tab.locator("article pre > code .c1").count(), cut_comments=tab.evaluate(CUT_COMMENTS),
                    copy_button_room=tab.evaluate(COPY_BUTTON_ROOM), tables_moved=tab.evaluate(TABLES_MOVED),
                    code_wrapping=tab.evaluate(CODE_WRAPPING))
    if not is_notebook:
        return seen
    seen.under_copy_button = tab.evaluate(CHARACTERS_UNDER_THE_BUTTON)
    if tab.locator("article table").count():
        seen.notebook_overflow = tab.evaluate(NOTEBOOK_OVERFLOW)
    # Last: opening the run box moves what is below it.
    code = tab.locator("article .jp-CodeCell .jp-InputArea-editor pre").count()
    box = tab.locator("article details.run-it")
    seen.run_box = {"code": code, "boxes": box.count()}
    if code and box.count() == 1:
        box.locator("summary").click()
        shell = box.locator("p", has=tab.locator("code", has_text="!cat"))
        seen.run_box.update(shell=shell.is_visible() and "Unix" in shell.inner_text(), text=box.inner_text())
    return seen


def look_at_every_page(browser, site, base: str, size: str) -> dict[str, OnScreen]:
    context = browser.new_context(**SIZES[size])
    context.add_init_script(CODE_WIDTHS_AT_START)
    context.add_init_script(TABLES_MOVED_AT_START)
    tab = context.new_page()
    notebooks = set(notebook_pages(site))
    seen = {}
    for page in pages_of(site):
        tab.goto(base + page, wait_until="load")
        seen[page] = look_at(tab, page in notebooks)
    context.close()
    return seen


@pytest.fixture(scope="module")
def on_screen(browser, site_dir, http_base, edge_site_dir, edge_http_base):
    """on_screen(size, edge=False): every page of the real (or the edge) site at that size,
    looked at once for this module."""
    looked = {}

    def at(size: str, edge: bool = False) -> dict[str, OnScreen]:
        if (size, edge) not in looked:
            site, base = (edge_site_dir, edge_http_base) if edge else (site_dir, http_base)
            looked[size, edge] = look_at_every_page(browser, site, base, size)
        return looked[size, edge]

    return at


@pytest.mark.parametrize("size", SIZES)
def test_every_table_of_every_page_can_be_read_whole(on_screen, size):
    """Markdown and notebook tables of the real site and the edge site (whose wide table with a
    merged cell keeps its grid)."""
    problems, seen = [], {"rows": 0, "grid": 0, "scrolling grid": 0, "words": 0}
    for edge in (False, True):
        for page, shown in on_screen(size, edge).items():
            problems += table_problems(page, shown.tables)
            if shown.scrolls_sideways:
                problems.append(f"{page}: the page scrolls sideways")
            for table in shown.tables:
                seen["rows" if table["rows"] else "grid"] += 1
                seen["scrolling grid"] += table["scrolls"] and not table["rows"] and bool(table["offscreen"])
                seen["words"] += table["words"]
    assert problems == []
    if size == "390":  # labelled rows, and the grid that cannot be rows with its cue and hint
        assert seen["rows"] >= 40 and seen["scrolling grid"] >= 2, seen
    else:  # a grid everywhere on a wide screen
        assert seen["rows"] == 0 and seen["grid"] >= 40, seen
    assert seen["words"] > 1000, seen


@pytest.mark.parametrize("size", SIZES)
def test_no_code_character_is_ever_under_the_copy_button(on_screen, size):
    problems = {page: shown.under_copy_button[:5] for page, shown in on_screen(size).items() if shown.under_copy_button}
    assert problems == {}
    assert sum(shown.under_copy_button is not None for shown in on_screen(size).values()) >= 20  # every notebook page


@pytest.mark.parametrize("size", SIZES)
def test_the_copy_button_arrives_in_room_kept_for_it(on_screen, size):
    """The copy button's column is kept from the first paint on: when Material adds the button,
    no code block narrows (its lines, its wrapped comments would move under the reader's eyes,
    and its restyle and re-layout lengthened the page's start, issue 19), and no block without a
    button keeps the room."""
    problems = {page: shown.copy_button_room[:5] for page, shown in on_screen(size).items() if shown.copy_button_room}
    assert problems == {}


@pytest.mark.parametrize("size", SIZES)
def test_no_table_is_moved_as_the_page_starts(on_screen, size):
    """The build boxes the tables as Material's script would (material.box_tables): the script
    takes none out of the page and puts none back as the page starts (each move made the
    browser restyle and lay out the content again in the page's start, issue 19), and each table
    is in its box, Markdown and notebook pages, the real site and the edge site."""
    moved, tables = {}, 0
    for edge in (False, True):
        for page, shown in on_screen(size, edge).items():
            tables += len(shown.tables)
            if shown.tables_moved:
                moved[page] = shown.tables_moved[:4]
    assert moved == {}
    assert tables >= 40


@pytest.mark.parametrize("size", SIZES)
def test_tables_in_notebooks_keep_to_the_text_column(on_screen, size):
    """A table may scroll inside its own wrapper; neither the page nor the notebook scrolls
    sideways, and no table's edge is cut: every notebook page with a table, both languages."""
    measured = {page: shown.notebook_overflow for page, shown in on_screen(size).items() if shown.notebook_overflow}
    assert measured
    assert {page: overflow for page, overflow in measured.items() if overflow != {"scroll": 0, "cut": 0}} == {}


# Each table wider than the box it scrolls in, or whose box scrolls: its number, width and room.
TABLES_CUT = """() => [...document.querySelectorAll('article table')].map((table, index) => {
  const box = table.closest('.md-typeset__scrollwrap') || table.parentElement;
  return {table: index + 1, width: table.getBoundingClientRect().width, room: box.clientWidth,
          scrolls: box.scrollWidth > box.clientWidth};
}).filter(t => t.width > t.room + 0.5 || t.scrolls)"""
# A tablet (736 px of text), the narrowest text column above it (960 px, where the table of
# contents joins the page: 686 px) and a laptop beside both sidebars (688 px).
WIDE_SCREENS = (768, 960, 1280)


@pytest.mark.parametrize("language", LANGUAGE_PAGES)
def test_every_table_fits_its_column_whole_from_a_tablet_up(browser, site_dir, http_base, language):
    """No table is cut or scrolls sideways at 768, 960 or 1280 px: not by its border (2 px past
    the column), not 3.2's AUTOFUSE_DFX_FLAGS table (57 px past it, its last column cut at
    "GE, Induc")."""
    tab = browser.new_page()
    pages = [p for p in pages_of(site_dir) if p.startswith("en/") == (language == "en")
             and "<table" in (site_dir / p).read_text(encoding="utf-8")]
    cut, measured = {}, 0
    for page in pages:
        tab.goto(http_base + page, wait_until="load")
        measured += tab.locator("article table").count() * len(WIDE_SCREENS)
        for width in WIDE_SCREENS:
            tab.set_viewport_size({"width": width, "height": 900})
            if found := tab.evaluate(TABLES_CUT):
                cut[f"{page} at {width} px"] = found
    tab.close()
    assert cut == {}
    assert "03_practice_and_debugging/03.02_advanced_enabling.html" in [p.removeprefix("en/") for p in pages]
    assert measured >= 20 * len(WIDE_SCREENS)


# -- figures ---------------------------------------------------------------------------------

READABLE_PX = 11
# In the figure's own document, at its own size: the smallest text as drawn (each text's computed
# font size through the figure's stylesheet, times its scale on screen), and the figure's width.
SMALLEST_TEXT = """() => {
  const root = document.documentElement;
  const sizes = [...document.querySelectorAll('text, tspan')].filter(t => t.textContent.trim())
    .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  return [Math.min(...sizes), root.getBoundingClientRect().width];
}"""
VIEW = "dialog.figure-view"


def figure_pages(site) -> list[str]:
    return [p for p in pages_of(site) if "course-figure__open" in (site / p).read_text(encoding="utf-8")]


def open_figure(tab, index: int, touch: bool) -> dict:
    link = tab.locator("article a.course-figure__open").nth(index)
    link.scroll_into_view_if_needed()
    link.tap() if touch else link.click()
    tab.wait_for_function(f"() => {{ const i = document.querySelector('{VIEW}[open] img');"
                          " return i && i.complete && i.naturalWidth > 0; }")
    return tab.evaluate(f"""() => {{
      const view = document.querySelector('{VIEW}'), img = view.querySelector('img'), pan = img.parentElement;
      const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none';
      const before = pan.scrollLeft; pan.scrollLeft = 60; const panned = pan.scrollLeft - before; pan.scrollLeft = 0;
      const figure = document.querySelectorAll('article a.course-figure__open')[{index}].closest('figure');
      return {{src: img.currentSrc, width: img.getBoundingClientRect().width, pans: pan.scrollWidth > pan.clientWidth + 1,
              panned, hint: shown(view.querySelector('.figure-view__hint')),
              caption: view.querySelector('.figure-view__caption').textContent,
              figcaption: figure.querySelector('figcaption') ? figure.querySelector('figcaption').textContent : '',
              focus: document.activeElement.className}};
    }}""")


def close_figure(tab, how: str, touch: bool) -> None:
    if how == "backdrop":  # above the figure, under the header band: the view's backdrop
        (tab.touchscreen.tap if touch else tab.mouse.click)(12, 12)
    elif how == "back":
        tab.go_back()
    elif how == "escape":
        tab.keyboard.press("Escape")
    else:
        tab.locator(f"{VIEW} .figure-view__close").click()
    tab.wait_for_function(f"() => !document.querySelector('{VIEW}[open]')")


@pytest.fixture(scope="module")
def smallest_text(browser):
    """smallest_text(src) -> (the smallest text's size, the figure's own width), both in the
    figure's own units: measured once per figure for the module, whatever the screen."""
    context = browser.new_context()
    tab, measured = context.new_page(), {}

    def measure(src: str) -> tuple[float, float]:
        if src not in measured:
            tab.goto(src)
            measured[src] = tuple(tab.evaluate(SMALLEST_TEXT))
        return measured[src]

    yield measure
    context.close()


@pytest.mark.parametrize("size, language", [("390", "zh"), ("390", "en"), ("1280", "zh"), ("1280", "en")])
def test_every_figure_opens_where_its_smallest_text_can_be_read(browser, site_dir, http_base, smallest_text, size, language):
    """Each figure's smallest text, measured in the figure as drawn, is 11 CSS px or more in the
    full-screen view; a figure wider than the screen pans, with a hint; the caption is shown;
    the backdrop, the back button, Escape and the close button each close it, on the same page
    at the same place, with the focus back on the figure."""
    touch = size == "390"
    context = browser.new_context(**SIZES[size])
    tab = context.new_page()
    closings = ["backdrop", "back", "escape", "button"]
    pages = [p for p in figure_pages(site_dir) if p.startswith("en/") == (language == "en")]
    problems, opened = [], 0
    for page in pages:
        tab.goto(http_base + page, wait_until="load")
        for index in range(tab.locator("article a.course-figure__open").count()):
            shown = open_figure(tab, index, touch)
            where = f"{page} figure {index + 1}"
            smallest, own_width = smallest_text(shown["src"])
            # Back to the reader's tab: a tab behind another draws no frames, so every wait on
            # the page (Playwright polls on animation frames) would crawl.
            tab.bring_to_front()
            rendered = smallest * shown["width"] / own_width
            if rendered < READABLE_PX - 0.05:
                problems.append(f"{where}: smallest text {rendered:.1f} px at {shown['width']:.0f} px wide")
            if shown["pans"] != shown["hint"] or (shown["pans"] and shown["panned"] <= 0):
                problems.append(f"{where}: pans {shown['pans']} (moved {shown['panned']}), hint {shown['hint']}")
            if shown["caption"] != shown["figcaption"] or not shown["caption"]:
                problems.append(f"{where}: caption {shown['caption']!r}, the figure's {shown['figcaption']!r}")
            if "figure-view__close" not in shown["focus"]:
                problems.append(f"{where}: the focus is on {shown['focus']!r}, not the close button")
            y = tab.evaluate("scrollY")
            how = closings[opened % len(closings)]
            close_figure(tab, how, touch)
            after = tab.evaluate("[location.href, scrollY, document.activeElement.classList.contains('course-figure__open')]")
            if after[0] != http_base + page or abs(after[1] - y) > 2 or not after[2]:
                problems.append(f"{where}: closed by {how}, the reader is at {after} (was {page} at y={y})")
            opened += 1
    context.close()
    assert problems == []
    assert opened >= 12, opened  # every figure of the language's pages


# -- running a notebook, the home page ---------------------------------------------------------

# What the home page and each run box both say of running a section online (review M3).
NO_ONE_CLICK = {"zh": "还没有一键在线运行的链接", "en": "no one-click online links yet"}


@pytest.mark.parametrize("size", SIZES)
def test_the_run_box_shows_on_pages_with_code_to_run_and_says_what_needs_a_unix_shell(on_screen, size):
    """Code to run: a code cell that shows code (an answer cell shows the solutions instead)."""
    with_box, without, problems = [], [], []
    for page, shown in on_screen(size).items():
        box = shown.run_box
        if box is None:
            continue
        if box["boxes"] != (1 if box["code"] else 0):
            problems.append(f"{page}: {box['code']} code cells to run, {box['boxes']} run boxes")
        elif box["code"]:
            if not box["shell"]:
                problems.append(f"{page}: the run box does not say which cells need a Unix shell (!cat)")
            # it agrees with the home page it links: no one-click online run yet
            if NO_ONE_CLICK["en" if page.startswith("en/") else "zh"] not in box["text"]:
                problems.append(f"{page}: the run box does not say {NO_ONE_CLICK}")
            with_box.append(page)
        else:
            without.append(page)
    assert problems == []
    assert with_box and without  # both kinds, in both languages
    assert any(p.startswith("en/") for p in with_box) and any(p.startswith("en/") for p in without)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGE_PAGES)
def test_the_home_page_links_each_online_environment_and_starts_on_the_first_screen(browser, site_dir, http_base, size, language):
    context = browser.new_context(**SIZES[size])
    tab = context.new_page()
    tab.goto(http_base + LANGUAGE_PAGES[language] + "index.html", wait_until="load")
    heading = course_settings()["environments"][language]
    section = tab.locator(f"article h2[id='{heading}'] ~ *")
    rows = tab.locator(f"article h2[id='{heading}'] + p + .md-typeset__scrollwrap tbody tr")
    assert rows.count() == 2
    for index in range(rows.count()):  # each environment named is a link the reader can follow
        link = rows.nth(index).locator("td").first.locator("a[href^='https://gitcode.com/']")
        guide = section.locator("a[href^='https://gitcode.com/']")
        assert link.count() == 1 or guide.count() >= 2, rows.nth(index).inner_text()
    # ...and the page says plainly that this course has no one-click online run yet
    text = tab.locator("article").inner_text()
    assert NO_ONE_CLICK[language] in text
    start = tab.locator("article a.md-button--primary:visible").first  # the continue slot stays hidden
    box = start.bounding_box()
    assert box["y"] + box["height"] <= SIZES[size]["viewport"]["height"], box  # no scrolling to start
    # the offline package's link says how big it is (review m14)
    megabytes = f"{(site_dir / 'autofuse-course-offline.zip').stat().st_size / 1_000_000:.1f} MB"
    package = tab.locator("article a[href$='autofuse-course-offline.zip']")
    assert megabytes in package.evaluate("a => a.parentElement.innerText"), megabytes
    assert package.evaluate("a => a.nextElementSibling.innerText").strip(" （）()") == megabytes
    context.close()


# -- the catalog and the end of the course (review m17) -----------------------------------------

LAST_PRACTICE = "03_practice_and_debugging/03.07_chapter_practice.html"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGE_PAGES)
def test_each_section_says_what_it_covers_and_the_course_ends_with_a_result_and_a_way_on(browser, http_base, size, language):
    context = browser.new_context(**SIZES[size])
    tab = context.new_page()
    tab.goto(http_base + LANGUAGE_PAGES[language] + "index.html", wait_until="load")
    width = SIZES[size]["viewport"]["width"]
    sections = tab.locator(".course-catalog li.course-catalog__section")
    plan = [s for chapter in course_settings()["chapters"] for s in chapter["sections"]]
    assert sections.count() == len(plan)
    for index, section in enumerate(plan):  # the plan's line, on screen, under the section's title
        row = sections.nth(index)
        blurb = row.locator(".course-catalog__blurb")
        assert blurb.inner_text() == section["summary"][language]
        title, line = row.locator("a").first.bounding_box(), blurb.bounding_box()
        assert line["y"] >= title["y"] + title["height"] - 1 and line["x"] + line["width"] <= width, section["file"]
    intros = [s["summary"][language] for s in plan if s["file"].endswith("_chapter_intro.ipynb")]
    assert len(intros) == 3 and len(set(intros)) == 3  # the three 章节介绍 read differently
    # The last chapter's end: the reader's result on the whole course, once there is one, and where next.
    tab.goto(http_base + LANGUAGE_PAGES[language] + LAST_PRACTICE, wait_until="load")
    end = tab.locator("section.chapter-end")
    total = end.locator("[data-progress-total]")
    assert total.is_hidden()
    question = tab.locator("form.quiz fieldset.quiz-question[data-quiz-kind='single']").first
    question.locator(f"input[value='{question.get_attribute('data-quiz-key')}']").click()
    assert total.is_visible()
    assert total.inner_text().startswith({"zh": "全部练习：已答 1 / ", "en": "All exercises: 1 of "}[language])
    further = end.locator("ul.chapter-end__further a")
    urls = [link["url"] for link in course_settings()["further_reading"]]
    assert further.evaluate_all("links => links.map(a => a.href)") == urls
    assert all(box["x"] + box["width"] <= width for box in (a.bounding_box() for a in further.all()))
    context.close()


# -- feedback ------------------------------------------------------------------------------------

MIRROR = "https://gitcode.com/autofuse-course/autofuse-course"


@pytest.fixture(scope="module")
def mirrored_site(tmp_path_factory):
    """The edge site built as the Pages workflow builds it when a GitCode mirror is configured
    (REPORT_ALSO_URL, read by extra.report_also in mkdocs.yml)."""
    site = tmp_path_factory.mktemp("mirrored_site")
    saved = os.environ.get("REPORT_ALSO_URL")
    os.environ["REPORT_ALSO_URL"] = MIRROR
    try:
        build_site(EDGE_SITE / "mkdocs.yml", site, tmp_path_factory.mktemp("mirrored_cache"))
    finally:
        os.environ.pop("REPORT_ALSO_URL") if saved is None else os.environ.__setitem__("REPORT_ALSO_URL", saved)
    server = browsing.serve(site)
    yield browsing.base_url(server)
    server.shutdown()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGE_PAGES)
def test_report_an_error_offers_github_and_gitcode_with_the_page_filled_in(browser, mirrored_site, size, language):
    context = browser.new_context(**SIZES[size])
    tab = context.new_page()
    page = LANGUAGE_PAGES[language] + "ch/twin.html"
    tab.goto(mirrored_site + page, wait_until="load")
    links = tab.locator(".course-footer__reports a.course-footer__report")
    assert links.all_inner_texts() == ["GitHub", "GitCode"]
    title = tab.locator("article h1").inner_text().replace("¶", "").strip()
    for index, (host, path) in enumerate([("github.com", "/issues/new"), ("gitcode.com", "/issues/create")]):
        link = links.nth(index)
        link.scroll_into_view_if_needed()
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["viewport"]["width"]
        url = urlsplit(link.get_attribute("href"))
        query = parse_qs(url.query)
        assert url.hostname == host and url.path.endswith(path)
        assert title in query["title"][0] and title in query["body"][0]
        assert load_config()["site_url"] + page in query["body"][0]
    context.close()


# -- the quiz's details ------------------------------------------------------------------------

PRACTICE = "01_basic_overview/01.04_chapter_practice.html"


def answer_every_question(tab) -> None:
    """As a reader would, with the keys the page carries: a click on each right option (and the
    check button of a multiple choice), the answer typed into each short-answer field."""
    for fieldset in tab.locator("form.quiz fieldset.quiz-question").all():
        kind, key = fieldset.get_attribute("data-quiz-kind"), fieldset.get_attribute("data-quiz-key")
        if kind == "short-answer":
            fieldset.locator("input.quiz-input").fill(fieldset.get_attribute("data-quiz-answer"))
            fieldset.locator("button.quiz-check").click()
        elif kind == "multiple":
            for letter in key:
                fieldset.locator(f"input[value='{letter}']").check()
            fieldset.locator("button.quiz-check").click()
        else:
            fieldset.locator(f"input[value='{key}']").click()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGE_PAGES)
def test_the_quiz_says_the_true_false_answer_plainly_offers_try_again_after_an_answer_and_ticks_only_the_navigation(
        browser, http_base, size, language):
    context = browser.new_context(**SIZES[size])
    tab = context.new_page()
    tab.goto(http_base + LANGUAGE_PAGES[language] + PRACTICE, wait_until="load")
    retry = tab.locator("form.quiz .quiz-retry")
    assert not retry.is_visible()  # nothing answered: nothing to try again
    first = tab.locator("form.quiz fieldset[data-quiz-kind='true-false']").first
    wrong = "N" if first.get_attribute("data-quiz-key") == "Y" else "Y"
    first.locator(f"input[value='{wrong}']").click()
    status = first.locator(".quiz-status").inner_text()
    right_label = first.locator(f"input[value='{first.get_attribute('data-quiz-key')}'] + .quiz-option-text").inner_text()
    assert status.endswith(right_label), status
    if language == "zh":  # a verdict and an answer, not two verdicts
        assert "正确答案：错误" not in status and "正确答案：正确" not in status, status
    assert retry.is_visible()
    answer_every_question(tab)
    tab.reload(wait_until="load")
    tab.wait_for_function("() => document.querySelector('.md-nav--primary .quiz-tick')")
    ticked = tab.eval_on_selector_all("a:has(.quiz-tick)", "links => links.map(a => a.closest('.md-nav--primary') !== null)")
    assert ticked and all(ticked), ticked  # the navigation's links only: not the language menu
    assert tab.locator(".md-header .quiz-tick").count() == 0
    context.close()


@pytest.mark.parametrize("language", LANGUAGE_PAGES)
def test_the_table_of_contents_of_a_chapter_practice_ends_with_the_chapter_end(browser, http_base, language):
    """Its sidebar at 1280 px and its folded contents at 390 px (review m9)."""
    for size, contents in (("1280", ".md-sidebar--secondary nav.md-nav--secondary"), ("390", "details.page-contents nav")):
        context = browser.new_context(**SIZES[size])
        tab = context.new_page()
        tab.goto(http_base + LANGUAGE_PAGES[language] + PRACTICE, wait_until="load")
        links = tab.locator(f"{contents} a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
        assert links and links[-1] == "#chapter-end", (size, links)
        assert links.count("#chapter-end") == 1
        context.close()


# -- code on phones ---------------------------------------------------------------------------




@pytest.mark.parametrize("size", ["390"])
def test_no_comment_in_code_is_cut_at_the_edge_of_a_phone(on_screen, size):
    """Review m11: comments wrap on a phone, every page, both languages (code lines still scroll,
    the copy-button test checks their shadow)."""
    problems = {page: shown.cut_comments[:3] for page, shown in on_screen(size).items() if shown.cut_comments}
    assert problems == {}
    assert sum(shown.comments for shown in on_screen(size).values()) > 50


@pytest.mark.parametrize("size", ["390"])
def test_no_line_of_code_is_cut_on_a_phone_and_a_wrapped_one_never_reads_as_its_own(on_screen, size):
    """Every code block of every page shows all of its lines at 390 px, 1.3's
    `export AUTOFUSE_FLAGS="--enable_autofuse=true"` among them (it scrolled, cut before its
    value); the part of a line that wraps goes on further in, where no line of its block begins."""
    scrolls = {page: shown.code_wrapping["scrolls"][:3] for page, shown in on_screen(size).items() if shown.code_wrapping["scrolls"]}
    flush = {page: shown.code_wrapping["flush"][:3] for page, shown in on_screen(size).items() if shown.code_wrapping["flush"]}
    assert scrolls == {} and flush == {}
    assert on_screen(size)["01_basic_overview/01.03_enable_autofusion.html"].code_wrapping["wrapped"] >= 20


# -- search previews ---------------------------------------------------------------------------

# Each line of each result's preview that begins with closing punctuation (review m12).
LINES_OPENING_WITH_PUNCTUATION = r"""() => {
  const found = [];
  for (const teaser of document.querySelectorAll('.md-search-result__teaser, .md-search-result__article p')) {
    const walker = document.createTreeWalker(teaser, NodeFilter.SHOW_TEXT);
    let previous = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        if (!node.data[i].trim() || node.data[i] === '\u200b') continue;
        const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (previous && rect.top >= previous.bottom - 2 && /[，。、；：！？）》」』]/.test(node.data[i]))
          found.push(node.data.slice(Math.max(0, i - 8), i + 8));
        previous = rect;
      }
    }
  }
  return found;
}"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language, query", [("zh", "融合"), ("zh", "算子")])  # English has no 。，
def test_no_line_of_a_search_preview_begins_with_punctuation(browser, http_base, size, language, query):
    context = browser.new_context(viewport=SIZES[size]["viewport"])  # the width of a phone; typed with keys
    tab = context.new_page()
    tab.goto(http_base + LANGUAGE_PAGES[language] + "index.html", wait_until="load")
    assert browsing.search_results(tab, query)
    assert tab.evaluate(LINES_OPENING_WITH_PUNCTUATION) == []
    context.close()


# -- the navigation on a phone -----------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGE_PAGES)
def test_the_phone_drawer_shows_each_chapter_title_whole(browser, http_base, language):
    """Review N10: the drawer's header read "Chapter 2: How AutoFuse fus".  Opened on a page of
    each chapter, every title on view in the drawer is whole: each line of it inside its box."""
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    chapters = course_settings()["chapters"]
    problems = []
    for chapter in chapters:
        first = chapter["sections"][0]["file"].replace(".ipynb", ".html")
        tab.goto(http_base + LANGUAGE_PAGES[language] + f"{chapter['chapter']}/{first}", wait_until="load")
        tab.locator(".md-header label[for='__drawer']").click()
        title = tab.locator(".md-nav--primary .md-nav__title:visible", has_text=chapter["title"][language])
        title.wait_for()
        lines = title.evaluate("""t => { const range = document.createRange(); range.selectNodeContents(t);
          const box = t.getBoundingClientRect();
          return [...range.getClientRects()].filter(r => r.width).map(r => [r.left >= box.left - 0.5 && r.right <= box.right + 0.5, t.scrollWidth <= t.clientWidth]); }""")
        if not lines or not all(inside and fits for inside, fits in lines):
            problems.append((chapter["title"][language], lines))
    context.close()
    assert problems == []

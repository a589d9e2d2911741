"""Tables on phones: a table becomes labelled rows on narrow screens.

A four-column option table is 500-580 px wide; a phone's column is 358 px.  Scrolled sideways,
its option names leave the screen before its purposes come in, so no option and its purpose are
ever seen together.  So every body cell of a table with a header row carries its column's header
(`data-label`), and the table is marked (`data-narrow="rows"`): below 600 px the stylesheet shows
each row as a block and each cell under its header's name (site.css, "Tables on phones").  Two
columns are enough: with option names kept whole (below), the course's two-column tables were
390-440 px wide on a 390 px phone.

A table that keeps its grid (no header row, or merged cells, whose labels would not line up)
scrolls sideways in its box, with the same edge shadow as code blocks; one of three columns or
more also gets a one-line hint above it, shown on narrow screens only.

In a cell, a word with a hyphen (`cann-learning-hub`, `comma-separated`) is kept whole: browsers
break after any hyphen, which in a narrow cell left `cann-` on one line and `learning-hub` on
the next.  Code in cells keeps its option names whole too (code_breaks.py).  What may break is a
list of alternatives, `true`/`false`: after the slash between two pieces of code (browsers
never break after a slash before a letter), which lets an option table's column of values
narrow to its longest value, and the table fit the text column on a tablet, on a laptop beside
both sidebars (686 px) and on A4 paper (site.css, "Print").
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

from .code_breaks import NO_BREAK

NARROW = "data-narrow"  # the table's layout on narrow screens
HINT_CLASS = "table-hint"
HINT_COLUMNS = 3  # a grid of this many columns or more gets the hint
LABEL = "data-label"  # a body cell's column header
_HYPHENATED = re.compile(r"[A-Za-z0-9][\w.]*(?:-[\w.]+)+")


def _text(cell: Tag) -> str:
    """The header as shown: its text, white space collapsed (no space added around its code)."""
    return " ".join(cell.get_text().split())


def header_row(table: Tag) -> list[Tag] | None:
    """The header cells of the table's first row, when that row is all header cells."""
    first = table.find("tr")
    if first is None:
        return None
    cells = first.find_all(["th", "td"], recursive=False)
    if not cells or any(cell.name != "th" for cell in cells):
        return None
    return cells


def columns(table: Tag) -> int:
    return max((len(row.find_all(["th", "td"], recursive=False)) for row in table.find_all("tr")), default=0)


def label_rows(tree: BeautifulSoup, hint: str) -> int:
    """Mark every table with a header row for labelled rows; how many were marked.  A table
    with merged cells (colspan, rowspan) keeps its grid: its labels would not line up.  `hint`:
    the words over a grid of HINT_COLUMNS columns or more."""
    marked = 0
    for table in tree.find_all("table"):
        headers = header_row(table)
        merged = table.find(["th", "td"], attrs={"colspan": True}) or table.find(["th", "td"], attrs={"rowspan": True})
        if headers is None or len(headers) < 2 or merged:
            if columns(table) >= HINT_COLUMNS:
                note = tree.new_tag("p", attrs={"class": HINT_CLASS, "data-search-exclude": ""})
                note.string = hint
                table.insert_before(note)
            continue
        labels = [_text(cell) for cell in headers]
        body = [row for row in table.find_all("tr") if row.find_parent("table") is table][1:]
        for row in body:
            for label, cell in zip(labels, row.find_all(["td", "th"], recursive=False)):
                if label:
                    cell[LABEL] = label
        table[NARROW] = "rows"
        marked += 1
    return marked


def break_between_alternatives(tree: BeautifulSoup) -> None:
    """A `<wbr>` after each slash that stands between two pieces of code in a table cell."""
    for cell in tree.find_all(["td", "th"]):
        for code in cell.find_all("code"):
            slash = code.next_sibling
            if type(slash) is NavigableString and str(slash) == "/" and getattr(slash.next_sibling, "name", None) == "code":
                slash.insert_after(tree.new_tag("wbr"))


def keep_hyphenated_words(tree: BeautifulSoup) -> None:
    """Every word with a hyphen in a table cell's text (not its code: code_breaks.py) in a
    `<span class="nb">`, which does not break."""
    for cell in tree.find_all(["td", "th"]):
        for text in list(cell.find_all(string=_HYPHENATED)):
            if type(text) is not NavigableString or text.find_parent(["code", "pre"]) is not None:
                continue
            nodes, at = [], 0
            for match in _HYPHENATED.finditer(str(text)):
                if match.start() > at:
                    nodes.append(NavigableString(text[at:match.start()]))
                span = tree.new_tag("span", attrs={"class": NO_BREAK})
                span.string = match.group(0)
                nodes.append(span)
                at = match.end()
            if at < len(text):
                nodes.append(NavigableString(text[at:]))
            text.replace_with(*nodes)

"""What search indexes of a page: the text a reader reads, and nothing else.

Material's search plugin indexes each page's HTML as the pipeline leaves it: the text of every
element, with only paragraphs, code and lists kept as markup, skipping what is marked
`data-search-exclude` (material_search.exclude_from_search).  The pipeline's `search_text` step prepares
the page for it:

- interface text is left out: buttons ("Check answer", "Try again"), live status regions,
  elements hidden until a script shows them, <noscript> notes and aria-hidden labels;
- a cell's output is indexed up to OUTPUT_LIMIT characters: a log of a few megabytes is not
  read to its end either, and would make the index as heavy;
- neighbouring blocks, table cells and lines are kept apart: the parser joins the text of
  adjacent elements as written, so `<td>1.1 Introduction</td><td>Coming soon</td>` would be
  indexed as "IntroductionComing", which no query finds.  A space is added where the markup has
  none; between blocks and cells a browser does not render it.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Comment, NavigableString, Tag

from ..adapters import material_search

INTERFACE = 'button, noscript, [aria-live], [role="status"], [role="alert"], [hidden], [aria-hidden="true"]'
OUTPUT_LIMIT = 2000  # characters of each cell output that search indexes
# Elements a browser lays out as blocks, cells or line breaks: text on either side is apart.
SEPARATED = (
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li",
    "main", "nav", "ol", "p", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
)


def is_interface(element: Tag) -> bool:
    """INTERFACE, tested in Python: soupsieve took a tenth of a warm build over every element."""
    get = element.attrs.get
    return (element.name in ("button", "noscript") or "aria-live" in element.attrs or "hidden" in element.attrs
            or get("role") in ("status", "alert") or get("aria-hidden") == "true")


def leave_out_interface(tree: BeautifulSoup) -> None:
    """Interface text out; and what another part of the build marked (the quiz's folded
    solutions) marked again so that all of it stays out (material_search.exclude_from_search)."""
    elements = tree.find_all(True)
    marked = [element for element in elements if material_search.SEARCH_EXCLUDE in element.attrs]
    interface = [element for element in elements if is_interface(element)]
    for element in marked:
        del element[material_search.SEARCH_EXCLUDE]
    for element in marked + interface:
        if not any(parent.has_attr(material_search.SEARCH_EXCLUDE) for parent in element.parents):
            material_search.exclude_from_search(element)


def limit_outputs(tree: BeautifulSoup, outputs: list[Tag], limit: int = OUTPUT_LIMIT) -> None:
    """Index the first `limit` characters of each output (up to a line's end where there is
    one); the rest stays on the page, unindexed."""
    for output in outputs:
        seen = 0
        for text in [t for t in output.find_all(string=True) if not isinstance(t, Comment)]:
            if seen >= limit:
                _exclude_text(tree, text)
                continue
            seen += len(text)
            if seen > limit:
                cut = len(text) - (seen - limit)
                line_end = text.rfind("\n", 0, cut)
                cut = line_end + 1 if line_end > 0 else cut
                kept, rest = NavigableString(text[:cut]), NavigableString(text[cut:])
                text.replace_with(kept)
                kept.insert_after(rest)
                _exclude_text(tree, rest)


def separate_blocks(tree: BeautifulSoup) -> None:
    for element in tree.find_all(SEPARATED):
        if element.find_parent("pre") is not None:
            continue  # whitespace shows there
        before, after = element.previous_sibling, element.next_sibling
        if element.name != "br" and _runs_into(before, at_end=True):
            element.insert_before(" ")
        if _runs_into(after, at_end=False):
            element.insert_after(" ")


def _runs_into(neighbour, *, at_end: bool) -> bool:
    """Whether text of `neighbour` would join the element's own without a space."""
    if neighbour is None:
        return False
    if isinstance(neighbour, NavigableString):
        if isinstance(neighbour, Comment) or not neighbour:
            return False
        return not (neighbour[-1] if at_end else neighbour[0]).isspace()
    return True


def _exclude_text(tree: BeautifulSoup, text: NavigableString) -> None:
    wrapper = tree.new_tag("span")
    text.wrap(wrapper)
    material_search.exclude_from_search(wrapper)


"""Author text (Markdown) to HTML: question text, options and explanations.

CommonMark through markdown-it: code spans, emphasis, links, and in question text and
explanations also lists and fenced code blocks.  Every piece of raw HTML is escaped,
so `<script>` or `<img onerror=…>` shows as text.  The one HTML form accepted is
`<code>…</code>`, which the upstream course writes where Markdown would use
backticks; it becomes an ordinary code span.  Images are off: a quiz must not
load anything from elsewhere.
"""

from __future__ import annotations

import html
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

_OPEN = "<code>"
_CLOSE = "</code>"
# Question text follows its type marker, and an explanation its label, on the same line: in the
# notebook its first line can never start a block ("2024. …" is not a list there, "> 0" no quote).
# Parsing it behind this character keeps it so; the character is removed again before rendering.
_LEAD_IN = "）"


def _html_code_span(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith(_OPEN, state.pos):
        return False
    end = state.src.find(_CLOSE, state.pos + len(_OPEN))
    if end < 0:
        return False
    if not silent:
        token = state.push("code_inline", "code", 0)
        token.markup = _OPEN
        # The content was written as HTML, so its entities (&lt;) mean characters.
        token.content = html.unescape(state.src[state.pos + len(_OPEN) : end])
    state.pos = end + len(_CLOSE)
    return True


def _build() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.disable("image")
    md.inline.ruler.before("html_inline", "html_code_span", _html_code_span)
    return md


_MARKDOWN = _build()


@lru_cache(maxsize=1024)
def render_inline(text: str) -> str:
    """Render one piece of inline Markdown (an option); a newline stays a soft line break."""
    return _MARKDOWN.renderInline(text).strip()


@lru_cache(maxsize=1024)
def render_lead(text: str) -> tuple[str, str]:
    """Render block Markdown that continues a line of the page (a question after its marker,
    an explanation after its label).

    Returns the inline HTML of its first paragraph, which goes on that line, and the HTML of
    the blocks after it, one per line ("" when there are none).  When the text does not start
    with a paragraph, the first part is "".
    """
    env: dict = {}
    tokens = _MARKDOWN.parse(_LEAD_IN + text, env)
    lead_in = next(token for token in tokens if token.type == "inline").children[0]
    lead_in.content = lead_in.content.removeprefix(_LEAD_IN)
    lead = ""
    if tokens[0].type == "paragraph_open":
        lead = _MARKDOWN.renderer.renderInline(tokens[1].children, _MARKDOWN.options, env).strip()
        tokens = tokens[3:]
    return lead, _MARKDOWN.renderer.render(tokens, _MARKDOWN.options, env).strip()

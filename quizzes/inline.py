"""Inline Markdown to HTML for question, option and explanation text.

Code spans, emphasis and links are rendered; every piece of raw HTML is escaped,
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
    """Render one piece of inline Markdown; a newline stays a soft line break."""
    return _MARKDOWN.renderInline(text).strip()

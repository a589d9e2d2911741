"""Author text (Markdown) to HTML: question text, options and explanations.

What Jupyter renders in a Markdown cell is what the site renders here, through markdown-it
(CommonMark, with tables and strikethrough as in Jupyter): code spans, emphasis, links, images,
and in question text and explanations also lists, quotes, tables and fenced code blocks.  An HTML
comment is an author's note, hidden as in Jupyter.  `<code>…</code>`, which the upstream course
writes where Markdown would use backticks, becomes an ordinary code span.

What the site cannot render as Jupyter does stops the build (`unsupported` names it): math
(`$…$`, `$$…$$`: the site loads no MathJax), any other raw HTML, and images from outside the
site.  The renderer still escapes raw HTML it is given, so nothing an author writes becomes
markup the validator did not see.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

_OPEN = "<code>"
_CLOSE = "</code>"
# Question text follows its type marker, and an explanation its label, on the same line: in the
# notebook its first line can never start a block ("2024. …" is not a list there, "> 0" no quote).
# Parsing it behind this character keeps it so; the character is removed again before rendering.
_LEAD_IN = "）"
_COMMENT = re.compile(r"^\s*<!--.*?-->\s*$", re.DOTALL)
_MATH = re.compile(r"\$\$|\$[^$]*[^$\s\\][^$]*\$")


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


def _raw_html(renderer, tokens, index, options, env) -> str:
    """A comment is dropped; any other raw HTML is shown as text (the validator refuses it)."""
    token = tokens[index]
    if _COMMENT.match(token.content):
        return ""
    text = html.escape(token.content)
    return f"<p>{text.strip()}</p>\n" if token.type == "html_block" else text


def _build() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": True, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.inline.ruler.before("html_inline", "html_code_span", _html_code_span)
    md.add_render_rule("html_inline", _raw_html)
    md.add_render_rule("html_block", _raw_html)
    return md


_MARKDOWN = _build()
# For `unsupported`: the same parser, with escaped characters (`\$`) kept apart from the text,
# and following every link, so that one the renderer refuses (javascript:) is found and named.
_CHECKING = _build().disable("text_join")
_CHECKING.validateLink = lambda url: True
_REFUSED_SCHEMES = ("javascript", "vbscript", "file", "data")


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


def unsupported(text: str, inline: bool = False) -> str | None:
    """The first construct of `text` the site would not show as Jupyter does, named for the
    author; None when there is none.  `inline`: an option, one paragraph of inline Markdown."""
    tokens = _CHECKING.parseInline(text) if inline else _CHECKING.parse(text)
    for token in tokens:
        if token.type == "html_block" and not _COMMENT.match(token.content):
            return f"raw HTML ({_first_line(token.content)})"
        for child in [token] if token.type == "html_block" else token.children or []:
            if child.type == "html_inline" and not _COMMENT.match(child.content):
                return f"raw HTML ({child.content})"
            address = child.attrGet("href") if child.type == "link_open" else child.attrGet("src") if child.type == "image" else None
            if address is not None and urlsplit(address.strip()).scheme.lower() in _REFUSED_SCHEMES:
                # markdown-it refuses it: the reader would see the Markdown as text (review U5).
                return f"a link to a {urlsplit(address.strip()).scheme.lower()}: address ({address})"
            if child.type == "image":
                source = child.attrGet("src") or ""
                parts = urlsplit(source)
                if parts.scheme or parts.netloc or source.startswith("/"):
                    return f"an image from outside the site ({source})"
        if token.type == "inline":
            math = _MATH.search(_text_outside_code(token.children or []))
            if math:
                return f"math ({math.group(0)})"
        if token.type in ("fence", "code_block") and token.info.strip().lower() in ("math", "latex"):
            return f"a {token.info.strip()} block"
    return None


def _text_outside_code(children) -> str:
    parts = []
    for child in children:
        if child.type == "text":
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n")
        elif child.type in ("code_inline", "text_special"):
            parts.append("\0")  # code, or an escaped character (`\$`): not math
    return "".join(parts)


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0][:60]

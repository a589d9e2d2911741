r"""Author text (Markdown) to HTML: question text, options and explanations.

What Jupyter renders in a Markdown cell is what the site renders here, through markdown-it
(CommonMark, with tables and strikethrough as in Jupyter): code spans, emphasis, links, images,
and in question text and explanations also lists, quotes, tables and fenced code blocks.  An HTML
comment is an author's note, hidden as in Jupyter.  `<code>…</code>`, which the upstream course
writes where Markdown would use backticks, becomes an ordinary code span.

Math is found where Jupyter finds it in a Markdown cell (`$…$`, `$$…$$`, not in code; `\$` is a
dollar sign; markdown-it's dollarmath plugin) and kept from Markdown, whose emphasis would eat its
`*` and `_`.  In question text and options, which are a notebook's Markdown cell, it is a formula,
written as MathML (formulas.py), as in the notebook's other cells.  An explanation is an answer
file's text, which Jupyter prints as it is (`!cat`): there math is shown as written, and `$` is a
dollar sign (upstream writes `"$BUFFER_NUM:$BUFFER_SIZE"`).  What the site cannot render as
Jupyter does stops the build (`unsupported` names it): any other raw HTML, images from outside the
site, and a formula formulas.py cannot write.  The renderer still escapes raw HTML it is given, so
nothing an author writes becomes markup the validator did not see.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from mdit_py_plugins.dollarmath import dollarmath_plugin

from .formulas import FormulaError, mathml

_OPEN = "<code>"
_CLOSE = "</code>"
# Question text follows its type marker, and an explanation its label, on the same line: in the
# notebook its first line can never start a block ("2024. …" is not a list there, "> 0" no quote).
# Parsing it behind this character keeps it so; the character is removed again before rendering.
_LEAD_IN = "）"
_COMMENT = re.compile(r"^\s*<!--.*?-->\s*$", re.DOTALL)
_MATH = ("math_inline", "math_inline_double", "math_block")


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


def _formula(renderer, tokens, index, options, env) -> str:
    """A formula as MathML; one that cannot be written (unsupported has named it) as written."""
    token = tokens[index]
    try:
        return mathml(token.content, display=token.type != "math_inline")
    except FormulaError:
        return _as_written(renderer, tokens, index, options, env)


def _as_written(renderer, tokens, index, options, env) -> str:
    """`$x_1*y$`, `$$…$$` as the author wrote it (an answer file's text: Jupyter prints it)."""
    token = tokens[index]
    text = html.escape(f"{token.markup}{token.content}{token.markup}")
    return f"<p>{text}</p>\n" if token.type == "math_block" else text


def _raw_html(renderer, tokens, index, options, env) -> str:
    """A comment is dropped; any other raw HTML is shown as text (the validator refuses it)."""
    token = tokens[index]
    if _COMMENT.match(token.content):
        return ""
    text = html.escape(token.content)
    return f"<p>{text.strip()}</p>\n" if token.type == "html_block" else text


def _build(formulas: bool = True) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": True, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.inline.ruler.before("html_inline", "html_code_span", _html_code_span)
    # Jupyter's rules: a space inside the dollars and a digit beside them are allowed, `$$…$$`
    # inside a paragraph too, a blank line ends it, and no `(label)` follows.
    md.use(dollarmath_plugin, allow_labels=False, allow_space=True, allow_digits=True, allow_blank_lines=False,
           double_inline=True)
    for kind in _MATH:
        md.add_render_rule(kind, _formula if formulas else _as_written)
    md.add_render_rule("html_inline", _raw_html)
    md.add_render_rule("html_block", _raw_html)
    return md


_MARKDOWN = _build()
_AS_WRITTEN = _build(formulas=False)
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
def render_lead(text: str, formulas: bool = True) -> tuple[str, str]:
    """Render block Markdown that continues a line of the page (a question after its marker,
    an explanation after its label, with `formulas=False`: math as written).

    Returns the inline HTML of its first paragraph, which goes on that line, and the HTML of
    the blocks after it, one per line ("" when there are none).  When the text does not start
    with a paragraph, the first part is "".
    """
    markdown = _MARKDOWN if formulas else _AS_WRITTEN
    env: dict = {}
    tokens = markdown.parse(_LEAD_IN + text, env)
    lead_in = next(token for token in tokens if token.type == "inline").children[0]
    lead_in.content = lead_in.content.removeprefix(_LEAD_IN)
    lead = ""
    if tokens[0].type == "paragraph_open":
        lead = markdown.renderer.renderInline(tokens[1].children, markdown.options, env).strip()
        tokens = tokens[3:]
    return lead, markdown.renderer.render(tokens, markdown.options, env).strip()


def unsupported(text: str, inline: bool = False, formulas: bool = True) -> str | None:
    """The first construct of `text` the site would not show as Jupyter does, named for the
    author; None when there is none.  `inline`: an option, one paragraph of inline Markdown;
    `formulas`: its math is written as formulas (not in an explanation)."""
    tokens = _CHECKING.parseInline(text) if inline else _CHECKING.parse(text)
    for token in tokens:
        for formula in [token] if token.type in _MATH else [c for c in token.children or [] if c.type in _MATH]:
            if formulas:
                try:
                    mathml(formula.content, display=formula.type != "math_inline")
                except FormulaError as error:
                    shown = " ".join(f"{formula.markup}{formula.content}{formula.markup}".split())
                    return f"a formula it cannot write ({shown[:60]}: {error})"
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
        if token.type in ("fence", "code_block") and token.info.strip().lower() in ("math", "latex"):
            return f"a {token.info.strip()} block"
    return None


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0][:60]

"""bleach: its HTML5 parser and allow-list filter, as the content check (sanitise.py) uses them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

WRITTEN_AGAINST = {"bleach": "6.4.0"}


# ---------------------------------------------------------------------------
# bleach 6.4.0
#
# The content check (sanitise.py) lets bleach judge markup, but never takes its output: what
# bleach would drop or change is recorded, and the build stops naming it.  Markup is parsed as
# a browser parses it (html5lib, with scripting on, so <noscript> is raw text as in Chromium);
# an SVG file is an XML tree (an ElementTree element) walked the same way.  bleach's filter then
# applies its allow list of elements, its URL rule (`attr_val_is_uri` attributes only with the
# given protocols), its rule that SVG references (`fill="url(…)"`) and the `href` of
# <use>/<linearGradient>/… stay inside the document.  `judge` decides every attribute
# first (the site's own allow list, by namespaced name); bleach's filter's own per-attribute
# callable therefore accepts everything judge let through.


@dataclass(frozen=True)
class Refusal:
    element: str  # as parsed: "script", "svg:animate" (an element outside HTML names its namespace)
    attribute: str | None = None  # None: the element itself is refused
    value: str | None = None
    reason: str | None = None  # the site's own; None for bleach's URL and reference rules
    unknown: bool = False  # an element HTML does not have (`<tilingdata>`: text in angle brackets)


def refusals_in_html(html: str, *, tags: Mapping[str, frozenset], protocols, judge, css_problem,
                     deepest: int | None = None) -> list[Refusal]:
    """`tags`: the elements allowed in each of "html", "svg" and "math" (inline SVG and MathML);
    `deepest`: how deep elements may nest, as the browser builds the tree (a refusal names the
    first element deeper)."""
    from bleach import html5lib_shim

    parser = html5lib_shim.BleachHTMLParser(tags=None, strip=False, consume_entities=True,
                                            namespaceHTMLElements=False)
    return _judge_stream(html5lib_shim.getTreeWalker("etree")(parser.parseFragment(html)),
                         tags, protocols, judge, css_problem, deepest)


def document_tags_in(html: str) -> list[str]:
    """The names of the start tags of <html>, <head> and <body> in `html`, as html5lib's tokenizer
    reads them (bleach's copy): parsing a fragment merges these into elements outside it, so the
    tree refusals_in_html walks never shows them or their attributes."""
    from bleach._vendor.html5lib import _tokenizer, constants

    start = constants.tokenTypes["StartTag"]
    return [token["name"] for token in _tokenizer.HTMLTokenizer(html)
            if token["type"] == start and token["name"] in ("html", "head", "body")]


def refusals_in_svg(root, *, tags: Mapping[str, frozenset], protocols, judge, css_problem) -> list[Refusal]:
    """`root`: an xml.etree element, an SVG file as parsed by defusedxml; `tags`: the elements
    allowed in each of "svg" and "xhtml" (HTML in the file, in its own namespace)."""
    from bleach import html5lib_shim

    return _judge_stream(html5lib_shim.getTreeWalker("etree")(root), tags, protocols, judge, css_problem)


def _judge_stream(stream, tags: Mapping[str, frozenset], protocols, judge, css_problem,
                  deepest: int | None = None) -> list[Refusal]:
    from bleach import html5lib_shim

    by_namespace = {{"html": None, "xhtml": html5lib_shim.namespaces["html"], "svg": html5lib_shim.namespaces["svg"],
                     "math": html5lib_shim.namespaces["mathml"]}[key]: names for key, names in tags.items()}
    refusals: list[Refusal] = []
    if deepest is not None:
        stream = _depth_watched(stream, deepest, refusals)
    for _ in _recorder()(stream, refusals, by_namespace, judge, css_problem,
                         allowed_tags=frozenset().union(*tags.values()), allowed_protocols=protocols,
                         attributes=lambda tag, name, value: True, strip_html_comments=False,
                         css_sanitizer=_KeepCss()):
        pass
    return list(dict.fromkeys(refusals))


def _depth_watched(stream, deepest: int, refusals: list[Refusal]):
    """The stream as it is, noting in `refusals` the first element nested deeper than `deepest`."""
    depth, noted = 0, False
    for token in stream:
        if token["type"] == "StartTag":
            depth += 1
            if depth > deepest and not noted:
                refusals.append(Refusal(_element_name(token), None, None, f"elements nested more than {deepest} deep"))
                noted = True
        elif token["type"] == "EndTag":
            depth -= 1
        yield token


class _KeepCss:
    """bleach would rewrite style attributes; judge has checked them already."""

    def sanitize_css(self, style):
        return style


def _element_name(token) -> str:
    """The element's name; one in a namespace the content may not use names it too."""
    from bleach import html5lib_shim

    namespace = token.get("namespace")
    known = (None, html5lib_shim.namespaces["html"], html5lib_shim.namespaces["svg"], html5lib_shim.namespaces["mathml"])
    return token["name"] if namespace in known else f"{{{namespace}}}{token['name']}"


def _is_unknown(token) -> bool:
    """An element in HTML's namespace that HTML does not define: a browser (and Jupyter) reads
    `TilingData<T>` in prose as the start of an element <t>, and hides it."""
    from bleach import html5lib_shim

    return token.get("namespace") in (None, html5lib_shim.namespaces["html"]) and token["name"] not in html5lib_shim.HTML_TAGS


def _attribute_name(namespace, name) -> str:
    from bleach import html5lib_shim

    if namespace not in html5lib_shim.prefixes or name == html5lib_shim.prefixes[namespace]:  # xmlns
        return name
    return f"{html5lib_shim.prefixes[namespace]}:{name}"


_RECORDER = None


def _recorder():
    global _RECORDER
    if _RECORDER is not None:
        return _RECORDER
    import html as html_text

    from bleach.sanitizer import BleachSanitizerFilter

    class Recorder(BleachSanitizerFilter):
        def __init__(self, source, refusals, namespaces, judge, css_problem, **options):
            super().__init__(source, **options)
            self.refusals, self.namespaces, self.judge, self.css_problem = refusals, namespaces, judge, css_problem
            self.style_text: list[str] | None = None  # inside an allowed <style>: its text so far

        def sanitize_token(self, token):
            kind = token["type"]
            if kind in ("StartTag", "EmptyTag") and token["name"] not in self.namespaces.get(token.get("namespace"), ()):
                return self.disallowed_token(token)  # not allowed in its namespace (or the namespace is not)
            if self.style_text is not None and kind in ("Characters", "SpaceCharacters"):
                self.style_text.append(token["data"])
            elif kind == "StartTag" and token["name"] == "style" and token["name"] in self.allowed_tags:
                self.style_text = []
            elif kind == "EndTag" and token["name"] == "style" and self.style_text is not None:
                css = "".join(self.style_text)
                problem = self.css_problem(css)
                if problem:
                    self.refusals.append(Refusal("style", None, css.strip(), problem))
                self.style_text = None
            return super().sanitize_token(token)

        def disallowed_token(self, token):
            if token["type"] in ("StartTag", "EmptyTag"):
                # named with its address, if it has one: which <script> of the page
                address = next((f'{name}="{value}"' for (_, name), value in (token.get("data") or {}).items()
                                if name in ("src", "href", "data", "action")), None)
                self.refusals.append(Refusal(_element_name(token), None, address, unknown=_is_unknown(token)))
            return super().disallowed_token(token)

        def allow_token(self, token):
            if token["type"] not in ("StartTag", "EmptyTag") or not token.get("data"):
                return super().allow_token(token)
            element = _element_name(token)
            kept = {}
            for (namespace, name), value in token["data"].items():
                shown = _attribute_name(namespace, name)
                reason = self.judge(element, shown, value)
                if reason:
                    self.refusals.append(Refusal(element, shown, value, reason))
                else:
                    kept[(namespace, name)] = value
            checked = super().allow_token(dict(token, data=dict(kept)))["data"]
            for key, value in kept.items():
                if key not in checked or html_text.unescape(checked[key]).strip() != html_text.unescape(value).strip():
                    self.refusals.append(Refusal(element, _attribute_name(*key), value))
            return dict(token, data=checked)

    _RECORDER = Recorder
    return Recorder

"""Nothing in a page's content or a figure may run script or load anything from outside the site.

Content is what authors write: a Markdown page's HTML, the cells of a notebook (nbconvert keeps
their raw HTML as written), and every SVG file under docs/ (published as a figure, as its dark
version, in the offline package and in the chapter archives).  It is checked against an allow
list: the elements and attributes below, addresses that are relative, `#…`, http(s) or mailto
(bleach judges the markup as a browser parses it: bleach.refusals_in_html).  Whatever would
need anything else stops the build, one line per problem, all of a page's (or a file's) at
once: nothing is rewritten, so what an author sees in Jupyter is what the site shows, or the
build says why not.  Images and stylesheets load from the site only: the site must work where
public hosts are slow or blocked, and offline.

The site's own markup (Material's, the quizzes, the figures' wrappers) is added after this check
(pipeline.py), and nbconvert's own scripts and styles are taken out before it (adapters).
"""

from __future__ import annotations

import hashlib
import re
from importlib.metadata import version
from pathlib import Path
from urllib.parse import urlsplit

import defusedxml.ElementTree
import tinycss2

from ..adapters import bleach
from ..errors import SiteError

# Elements of Markdown, notebook cells and pymdown extensions; SVG drawing; MathML presentation
# (formulas rendered by the site).  Nothing that runs, embeds, submits or animates.
HTML_TAGS = frozenset("""
a abbr b bdi bdo blockquote br caption cite code col colgroup dd del details dfn div dl dt em figcaption
figure h1 h2 h3 h4 h5 h6 hr i img input ins kbd label li mark ol p picture pre q rp rt ruby s samp small source span
strong style sub summary sup table tbody td tfoot th thead time tr u ul var wbr
""".split())
SVG_TAGS = frozenset("""
svg g defs symbol use title desc path rect circle ellipse line polyline polygon text tspan textPath marker
linearGradient radialGradient stop clipPath mask pattern a image style
""".split())
MATHML_TAGS = frozenset("""
math semantics annotation mrow mi mo mn ms mtext mspace msup msub msubsup mfrac msqrt mroot mstyle mtable mtr
mtd mover munder munderover mpadded mphantom menclose merror
""".split())
# Inline SVG in a page: no <style> (browsers parse its text as markup there, Python's parser as text).
PAGE_TAGS = {"html": HTML_TAGS, "svg": SVG_TAGS - {"style"}, "math": MATHML_TAGS}
# An SVG file is shown as an image (no script runs, nothing loads) or opened on its own: what
# draw.io and Mermaid export besides shapes, none of which runs or loads.  <switch> picks the
# first child a browser can draw; <foreignObject> holds a label's HTML, judged by the HTML allow
# list as a page's is, with a <style> of its own (it styles the figure only); filters draw
# shadows (not feImage, which loads an image).
SVG_FILE_TAGS = {
    "svg": SVG_TAGS | frozenset("""
switch foreignObject filter feDropShadow feGaussianBlur feOffset feFlood feComposite feMerge feMergeNode feBlend
feColorMatrix feMorphology
""".split()),
    "xhtml": HTML_TAGS | {"style"},
}

# How upstream shades and sizes table cells (`<td bgcolor="#f5f5f5" width="30%">`): presentational.
CELL_LAYOUT = ("valign", "bgcolor", "width", "height", "nowrap")
GLOBAL_ATTRIBUTES = frozenset("""
class id title lang dir role hidden translate tabindex style xml:lang xml:space xmlns xmlns:xlink
""".split())
HTML_ATTRIBUTES = {
    "a": {"href", "name", "rel", "target", "download", "hreflang", "type"},
    "img": {"src", "alt", "width", "height", "loading", "decoding", "srcset", "sizes", "align"},
    "td": {"colspan", "rowspan", "headers", "align", *CELL_LAYOUT},
    "th": {"colspan", "rowspan", "headers", "scope", "align", "abbr", *CELL_LAYOUT},
    "col": {"span", "width"}, "colgroup": {"span", "width"}, "ol": {"start", "type", "reversed"}, "li": {"value"},
    "input": {"type", "checked", "disabled", "name"}, "label": {"for"}, "details": {"open"},
    "blockquote": {"cite"}, "q": {"cite"}, "del": {"cite", "datetime"}, "ins": {"cite", "datetime"},
    "time": {"datetime"}, "style": {"media"},
    # <picture><source srcset media> as upstream writes a figure with a dark or narrow variant: the
    # addresses are the site's files (LOADED), like an <img>'s.
    "source": {"srcset", "media", "type", "sizes", "width", "height"},
    # Layout upstream cann-learning-hub writes around figures and tables (<div align="center">,
    # <table align="left" border="1" cellpadding="8">, <div markdown="1">): presentational, it loads
    # and runs nothing.
    "div": {"align", "markdown"}, "p": {"align"},
    "table": {"align", "border", "cellpadding", "cellspacing", "width", "bgcolor"},
    # Upstream's shaded rows and sized cells (<tr bgcolor="#f5f5f5">, as Jupyter shows them).
    "tr": {"align", "valign", "bgcolor"},
}
# The last two lines: what draw.io and Mermaid exports write besides shapes (<switch>'s conditions,
# draw.io's content=, the diagram's source as inert text) and the filters' parameters.
SVG_ATTRIBUTES = frozenset("""
viewBox width height x y x1 x2 y1 y2 cx cy r rx ry fx fy d points pathLength transform fill fill-opacity
fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset stroke-opacity
stroke-miterlimit opacity font-family font-size font-weight font-style text-anchor dominant-baseline
alignment-baseline baseline-shift letter-spacing word-spacing text-decoration dx dy rotate textLength
lengthAdjust marker-start marker-mid marker-end markerWidth markerHeight markerUnits refX refY orient
preserveAspectRatio gradientUnits gradientTransform spreadMethod offset stop-color stop-opacity clip-path
clipPathUnits clip-rule mask maskUnits maskContentUnits patternUnits patternContentUnits patternTransform href
xlink:href xlink:title version visibility display vector-effect paint-order shape-rendering text-rendering
overflow focusable color startOffset method spacing side aria-hidden
pointer-events requiredFeatures requiredExtensions systemLanguage content filter filterUnits primitiveUnits
stdDeviation flood-color flood-opacity in in2 result mode operator values k1 k2 k3 k4 radius type
""".split())
MATHML_ATTRIBUTES = frozenset("""
display mathvariant encoding stretchy fence separator lspace rspace width height depth columnalign rowalign
columnspacing rowspacing columnlines rowlines frame accent accentunder linethickness scriptlevel displaystyle
notation minsize maxsize movablelimits form voffset symmetric largeop mathsize
""".split())
PROTOCOLS = frozenset({"http", "https", "mailto"})  # on links; anything loaded comes from the site

# Attributes whose address the browser loads while showing the page (a link's is followed only
# when clicked): each must be a file of the site.
LOADED = {"img": ("src", "srcset"), "source": ("srcset",), "image": ("href", "xlink:href"),
          "use": ("href", "xlink:href")}

WHY_NOT = {
    "script": "it would run script",
    "noscript": "its content is markup only when script is off",
    "style": "inside SVG or MathML on a page, a browser reads its text as markup",  # an HTML <style> may stay
    "foreignObject": "it would put HTML inside SVG",
    **{name: "an SVG animation can change a link or a handler" for name in
       ("animate", "set", "animateMotion", "animateTransform", "animateColor", "discard")},
    **{name: "it would load or redirect to something else" for name in
       ("iframe", "frame", "frameset", "object", "embed", "applet", "portal", "base", "meta", "link", "video",
        "audio", "track", "feImage")},
    **{name: "it would send or change what the reader types" for name in ("form", "button", "select", "textarea")},
}
EXPECTED = ("content the site can show as written: Markdown (text, lists, tables, code, links, images from the "
            "site's files); raw HTML only from the allow list of overrides/course_site/course/sanitise.py, with no "
            "script, handler, javascript:/data: address or outside image or stylesheet")
EXPECTED_SVG = ("a figure as AUTHORING.md section 6 says: SVG shapes and text, styles without outside "
                "addresses, no script, handler, animation, foreignObject or outside reference")


def check_page(html: str, where: str) -> list[str]:
    """Every problem of one page's content (its HTML as the pipeline has it before anything of the
    site is added), one line each: '<where>: <element>: <why>'."""
    refusals = bleach.refusals_in_html(html, tags=PAGE_TAGS, protocols=PROTOCOLS, judge=judge_attribute,
                                         css_problem=css_problem)
    return [f"{where}: {describe(refusal)}" for refusal in refusals]


def _code_fingerprint() -> str:
    """The allow list and the judging code: a change to either judges every page again."""
    digest = hashlib.sha256(version("bleach").encode("utf-8"))
    for module in (Path(__file__), Path(bleach.__file__)):
        digest.update(module.read_bytes())
    return digest.hexdigest()


class JudgedPages:
    """check_page for a build, remembering the content it passed: the same content passes again
    without being parsed (judging was a tenth of a warm build).  Remembered in memory (serve's
    rebuilds) and, given a folder, on disk (the next build), keyed by the content and the judging
    code.  Content with problems is judged every time, so its messages always name its page."""

    def __init__(self, folder: Path | None = None, fingerprint: str | None = None) -> None:
        self.folder, self.passed = folder, set()
        self.fingerprint = fingerprint or _code_fingerprint()

    def problems(self, html: str, where: str) -> list[str]:
        key = hashlib.sha256(f"{self.fingerprint}\0{html}".encode("utf-8")).hexdigest()
        if key in self.passed or (self.folder and (self.folder / key).is_file()):
            return []
        found = check_page(html, where)
        if not found:
            self.passed.add(key)
            if self.folder:
                self.folder.mkdir(parents=True, exist_ok=True)
                (self.folder / key).write_text("", encoding="utf-8")
        return found


def check_svg(text: str, where: str) -> list[str]:
    """Every problem of one SVG file, one line each, as check_page.  The file is read as XML, as a
    browser reads it when it is opened on its own: no entity declarations (they can hide markup)
    and no processing instruction but the XML declaration (<?xml-stylesheet?> loads a stylesheet)."""
    problems = [f"{where}: <?{name}?>: a processing instruction would load a stylesheet or change the file"
                for name in re.findall(r"<\?([^\s?>]+)", text) if name.lower() != "xml"]
    try:
        root = defusedxml.ElementTree.fromstring(text)
    except defusedxml.DefusedXmlException as error:
        return problems + [f"{where}: the file declares entities or loads a DTD ({type(error).__name__})"]
    except defusedxml.ElementTree.ParseError as error:
        return problems + [f"{where}: not well-formed XML: {error}"]
    refusals = bleach.refusals_in_svg(root, tags=SVG_FILE_TAGS, protocols=PROTOCOLS, judge=judge_attribute,
                                        css_problem=css_problem)
    return problems + [f"{where}: {describe(refusal)}" for refusal in refusals]


def stop_on(problems: list[str], expected: str = EXPECTED) -> None:
    if problems:
        raise SiteError("\n".join(dict.fromkeys(problems)), expected=expected)


def describe(refusal: bleach.Refusal) -> str:
    if refusal.attribute is None and refusal.reason is None:  # the element itself, with its address if any
        why = WHY_NOT.get(refusal.element, UNKNOWN if refusal.unknown else "not an element of the allow list")
        address = f' {_short(refusal.value)}' if refusal.value else ""
        return f"<{refusal.element}{address}>: {why}"
    if refusal.attribute is None:  # a <style> element's text
        return f"<{refusal.element}>{_short(refusal.value)}</{refusal.element}>: {refusal.reason}"
    shown = f'<{refusal.element} {refusal.attribute}="{_short(refusal.value)}">'
    return f"{shown}: {refusal.reason or ADDRESS}"


UNKNOWN = ("not an element of HTML: text in angle brackets, such as a C++ template in prose (TilingData<T>), is read "
           "as markup and hidden, in Jupyter too; put it in backticks (`TilingData<T>`)")
ADDRESS = ("the address is not allowed (expected a relative address, #…, http, https or mailto; "
           "in SVG, a reference inside the file)")


def judge_attribute(element: str, attribute: str, value: str) -> str | None:
    """Why `attribute` may not be on `element`, or None when it may."""
    name = attribute.lower()
    if name.startswith("on"):
        return "an event handler runs script"
    if not _allowed(element, attribute):
        return f"{attribute} is not an attribute of the allow list" + (
            " (it would load from or send to another address)" if name in ("background", "ping", "lowsrc", "dynsrc",
                                                                          "srcdoc", "formaction", "action") else "")
    if name == "style":
        return css_problem(value)
    if attribute in LOADED.get(element, ()):
        for url in _urls(value, srcset=name == "srcset"):
            if is_outside(url):
                return f"loads {url} from outside the site (expected a file of the site, e.g. ./images/<name>.svg)"
            if urlsplit(url).scheme:
                return f"loads a {urlsplit(url).scheme}: address (expected a file of the site)"
    if element == "input" and name == "type" and value.lower() not in ("checkbox", "radio"):
        return "only check boxes and radio buttons (task lists, tabs)"
    return None


def _allowed(element: str, attribute: str) -> bool:
    if attribute in GLOBAL_ATTRIBUTES or attribute.startswith(("aria-", "data-")):
        return True
    if element in MATHML_TAGS:
        return attribute in MATHML_ATTRIBUTES
    if element in SVG_FILE_TAGS["svg"] and element not in HTML_TAGS or element == "svg":
        return attribute in SVG_ATTRIBUTES
    if element in ("a", "style", "title"):  # HTML and SVG share these names
        return attribute in HTML_ATTRIBUTES.get(element, ()) or attribute in SVG_ATTRIBUTES
    return attribute in HTML_ATTRIBUTES.get(element, ())


def css_problem(css: str) -> str | None:
    """Why a stylesheet or style attribute may not stay: an @import or a url() that is not a file
    of the site (another host, or any scheme: http, data:, javascript:)."""
    for url in css_addresses(css):
        if is_outside(url) or urlsplit(url).scheme:
            return f"CSS loads {url} (expected no address, or a file of the site)"
    return None


def css_addresses(css: str) -> list[str]:
    """Every address in `css`: url(…), url("…"), image-set("…") and @import's."""
    found: list[str] = []

    def walk(nodes):
        for node in nodes or ():
            kind = getattr(node, "type", None)
            if kind == "url":
                found.append(node.value)
            elif kind == "function":
                if node.lower_name in ("url", "src", "image-set", "-webkit-image-set", "image"):
                    found.extend(arg.value for arg in node.arguments if getattr(arg, "type", None) == "string")
                walk(node.arguments)
            elif kind == "at-rule":
                if node.lower_at_keyword == "import":
                    found.extend(arg.value for arg in node.prelude if getattr(arg, "type", None) == "string")
                walk(node.prelude)
                walk(node.content)
            elif kind in ("qualified-rule",):
                walk(node.prelude)
                walk(node.content)
            elif kind == "declaration":
                walk(node.value)
            elif kind in ("() block", "[] block", "{} block"):
                walk(node.content)

    walk(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True))
    # A style attribute is a declaration list; parsed as a stylesheet it would be one bad rule.
    walk(tinycss2.parse_blocks_contents(css, skip_comments=True, skip_whitespace=True))
    return list(dict.fromkeys(found))


def _urls(value: str, srcset: bool) -> list[str]:
    if not srcset:
        return [value.strip()]
    # "a.png 1x, b.png 2x"
    return [part.strip().split()[0] for part in value.split(",") if part.strip()]


def is_outside(url: str) -> bool:
    parts = urlsplit(url.strip())
    return bool(parts.netloc) or parts.scheme.lower() in ("http", "https", "ftp") or url.strip().startswith("//")


def _short(value: str | None, limit: int = 80) -> str:
    text = " ".join((value or "").split())
    text = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m[0]):02x}", text)  # a hidden \x01 shows
    return text if len(text) <= limit else text[: limit - 1] + "…"

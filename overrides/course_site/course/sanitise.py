"""Nothing in a page's content or a figure may run script or load anything from outside the site.

Content is what authors write: a Markdown page's HTML, the cells of a notebook (nbconvert keeps
their raw HTML as written), and every SVG file under docs/ (published as a figure, as its dark
version, in the offline package and in the chapter archives).  It is checked against an allow
list: the elements and attributes below, addresses that are relative, `#…`, http(s) or mailto
(bleach judges the markup as a browser parses it: bleach.refusals_in_html; addresses are read as
a browser reads them: addresses.py).  Whatever would
need anything else stops the build, one line per problem, all of a page's (or a file's) at
once: nothing is rewritten, so what an author sees in Jupyter is what the site shows, or the
build says why not.  Images and stylesheets load from the site only: the site must work where
public hosts are slow or blocked, and offline.

Content keeps out of the site's machinery: no `data-*` attribute (Material's and the site's
scripts act on them: `data-clipboard-text` makes a click copy another text), no id or name that
those scripts look up (`__config` would hand Material's settings to the page), no stylesheet (a
page's `<style>` applies to the whole site) and no fixed or sticky box; site.css contains what
the content paints to the article.

The site's own markup (Material's, the quizzes, the figures' wrappers) is added after this check
(pipeline.py), and nbconvert's own scripts and styles are taken out before it (adapters).
"""

from __future__ import annotations

import hashlib
import re
from importlib.metadata import version
from pathlib import Path
from collections.abc import Callable
from functools import partial

import defusedxml.ElementTree
import tinycss2

from .. import addresses
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
# A page has no stylesheet of its own: a <style> there restyles the whole site (and inside SVG, a
# browser parses its text as markup, Python's parser as text).  An SVG figure file keeps its own.
PAGE_TAGS = {"html": HTML_TAGS - {"style"}, "svg": SVG_TAGS - {"style"}, "math": MATHML_TAGS}
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
# Ids and names that Material's or the site's scripts look up by name (getElementById: the first in
# the page wins, and content comes before the site's own): Material's all start with "__"
# (__config, __palette_0, __search, __code_0 ...); the quizzes' solutions, the tooltip, the 404 data, the continue link.
SITE_NAMES = ("__", "quiz-solution", "course-tooltip", "course-404-data", "course-continue")
NAMING = ("id", "name", "for")
# The anchor pymdownx.highlight writes before each line of a fenced code block (anchor_linenums in
# mkdocs.yml): no script looks it up, and every Markdown page with a code block has them.
LINE_ANCHOR = re.compile(r"__codelineno-\d+-\d+")
# Attributes holding an address (bleach's attr_val_is_uri, of the elements allowed).
ADDRESSES = frozenset({"href", "xlink:href", "src", "srcset", "cite"})
# data-* attributes no script reads: what nbconvert's template writes around each cell (before the
# content is judged), and the mark the home page leaves for the offline package's size (offline_package.py).
INERT_DATA = frozenset({"data-mime-type", "data-jp-theme-light", "data-jp-theme-name", "data-type", "data-offline-size"})
# How deep a page's content may nest elements (the course's deepest is about 15; a browser, the
# minifier and the link check all walk the tree, and 20,000 nested <div>s crashed the minifier).
DEEPEST = 128
# Boxes placed against the window, not the content: they would cover the site's header and pages.
PLACED = ("fixed", "sticky")
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
    "style": "a stylesheet in a page applies to the whole site (its header, navigation and every other part); style the "
             "element itself with a style attribute",
    "foreignObject": "it would put HTML inside SVG",
    **{name: "an SVG animation can change a link or a handler" for name in
       ("animate", "set", "animateMotion", "animateTransform", "animateColor", "discard")},
    **{name: "it would load or redirect to something else" for name in
       ("iframe", "frame", "frameset", "object", "embed", "applet", "portal", "base", "meta", "link", "video",
        "audio", "track", "feImage")},
    **{name: "it would send or change what the reader types" for name in ("form", "button", "select", "textarea")},
    **{name: "a page's content is inside the site's own <body>: a browser gives a second one's attributes "
             "(onload=…) to the site's" for name in ("html", "head", "body")},
}
EXPECTED = ("content the site can show as written: Markdown (text, lists, tables, code, links, images from the "
            "site's files); raw HTML only from the allow list of overrides/course_site/course/sanitise.py, with no "
            "script, handler, javascript:/data: address or outside image or stylesheet")
EXPECTED_SVG = ("a figure as AUTHORING.md section 6 says: SVG shapes and text (draw.io's labels in foreignObject "
                "too), styles without outside addresses, no script, handler, animation or outside reference")


def check_page(html: str, where: str, page: str = "index.html") -> list[str]:
    """Every problem of one page's content (its HTML as the pipeline has it before anything of the
    site is added), one line each: '<where>: <element>: <why>'.  `page`: where it is published
    (site-relative), which its relative addresses start from."""
    if nesting(html) > DEEPEST:  # html5lib's tree building takes time growing with depth squared
        return [f"{where}: " + describe(bleach.Refusal("div", None, None, f"elements nested more than {DEEPEST} deep"))]
    refusals = [bleach.Refusal(name) for name in sorted(set(bleach.document_tags_in(html)))]  # N01, N02, N68, N69
    refusals += bleach.refusals_in_html(html, tags=PAGE_TAGS, protocols=PROTOCOLS,
                                          judge=partial(judge_attribute, page=page, in_page=True),
                                          css_problem=partial(css_problem, page=page), deepest=DEEPEST)
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
    rebuilds) and, given a folder, on disk (the next build), each verdict a file named by `name`
    (site/caches.py keyed: an HMAC under the machine's secret) of the judging code, the page and
    its content, so that no one can name a verdict from public files.  Content with problems is
    judged every time, so its messages always name its page."""

    def __init__(self, folder: Path | None = None, fingerprint: str | None = None,
                 name: Callable[..., str] | None = None) -> None:
        if folder is not None and name is None:
            raise ValueError("verdicts kept on disk are named with the machine's secret (site/caches.py keyed)")
        self.folder, self.passed = folder, set()
        self.fingerprint = fingerprint or _code_fingerprint()
        self.name = name or (lambda *parts: hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest())

    def problems(self, html: str, where: str, page: str = "index.html") -> list[str]:
        key = self.name(self.fingerprint, page, html)
        if key in self.passed or (self.folder and (self.folder / key).is_file()):
            return []
        found = check_page(html, where, page)
        if not found:
            self.passed.add(key)
            if self.folder:
                self.folder.mkdir(parents=True, exist_ok=True)
                (self.folder / key).write_text("", encoding="utf-8")
        return found


def check_svg(text: str, where: str, path: str = "image.svg") -> list[str]:
    """Every problem of one SVG file (at the site-relative `path`), one line each, as check_page.  The file is read as XML, as a
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
    refusals = bleach.refusals_in_svg(root, tags=SVG_FILE_TAGS, protocols=PROTOCOLS, judge=partial(judge_attribute, page=path),
                                        css_problem=partial(css_problem, page=path))
    return problems + [f"{where}: {describe(refusal)}" for refusal in refusals]


def stop_on(problems: list[str], expected: str = EXPECTED) -> None:
    if problems:
        raise SiteError("\n".join(dict.fromkeys(problems)), expected=expected)


def describe(refusal: bleach.Refusal) -> str:
    if refusal.attribute is None and refusal.value is None and refusal.reason:  # the page's shape
        return f"<{refusal.element}>: {refusal.reason} (expected at most {DEEPEST}: a page is for reading)"
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


def judge_attribute(element: str, attribute: str, value: str, page: str = "index.html", in_page: bool = False) -> str | None:
    """Why `attribute` may not be on `element`, or None when it may.  `page`: where the content is
    published; `in_page`: in a page's HTML (not an SVG file of its own)."""
    name = attribute.lower()
    if name.startswith("on"):
        return "an event handler runs script"
    # An SVG file is shown as an image or on its own, where no script of the site reads it:
    # draw.io writes data-cell-id on every shape.
    if name.startswith("data-") and not in_page:
        return None
    if name.startswith("data-") and name not in INERT_DATA:
        return ("a data-* attribute drives the site's and Material's scripts (data-clipboard-text makes a click copy "
                "another text); only the site's build writes them")
    if not _allowed(element, attribute):
        return f"{attribute} is not an attribute of the allow list" + (
            " (it would load from or send to another address)" if name in ("background", "ping", "lowsrc", "dynsrc",
                                                                          "srcdoc", "formaction", "action") else "")
    if name in NAMING and value.strip().startswith(SITE_NAMES) and not (element == "a" and LINE_ANCHOR.fullmatch(value)):
        return (f"the site's and Material's scripts look up {name}s starting with "
                f"{', '.join(repr(n) for n in SITE_NAMES)} (the page's would be taken for theirs)")
    if name == "style":
        return css_problem(value, page) or (_placed(value) if in_page else None)
    if attribute in LOADED.get(element, ()):
        for url in _urls(value, srcset=name == "srcset"):
            address = addresses.read(url, page)
            if address.scheme and address.scheme not in ("http", "https", "ftp"):
                return f"loads a {address.scheme}: address (expected a file of the site)"
            if not address.relative or address.outside:
                return f"loads {_visible(url)} from outside the site (expected a file of the site, e.g. ./images/<name>.svg)"
    elif name in ADDRESSES:
        address = addresses.read(value, page)
        if not address.scheme and not address.relative:
            return ("the address starts from the root of a host or names another host without a scheme, which breaks "
                    "in the offline copy (expected a relative address, or https://…)")
        if address.relative and address.outside:
            return "the address leads above the site's folder (expected a file of the site)"
    if name == "rel" and "opener" in value.lower().split():
        return "rel=opener hands the page that opens a link a hold on this one (expected noopener, or no rel)"
    if element == "input" and name == "type" and value.lower() not in ("checkbox", "radio"):
        return "only check boxes and radio buttons (task lists, tabs)"
    return None


def _allowed(element: str, attribute: str) -> bool:
    if attribute in GLOBAL_ATTRIBUTES or attribute in INERT_DATA or attribute.startswith("aria-"):
        return True
    if element in MATHML_TAGS:
        return attribute in MATHML_ATTRIBUTES
    if element in SVG_FILE_TAGS["svg"] and element not in HTML_TAGS or element == "svg":
        return attribute in SVG_ATTRIBUTES
    if element in ("a", "style", "title"):  # HTML and SVG share these names
        return attribute in HTML_ATTRIBUTES.get(element, ()) or attribute in SVG_ATTRIBUTES
    return attribute in HTML_ATTRIBUTES.get(element, ())


def css_problem(css: str, page: str = "index.html") -> str | None:
    """Why a stylesheet or style attribute may not stay: an @import or a url() that is not a file
    of the site (another host, or any scheme: http, data:, javascript:)."""
    for url in css_addresses(css):
        if not addresses.is_site_file(url, page):
            return f"CSS loads {_visible(url)} (expected no address, or a file of the site)"
    return None


def _placed(style: str) -> str | None:
    """Why a style attribute may not place its element: against the window, over the site."""
    for declaration in tinycss2.parse_blocks_contents(style, skip_comments=True, skip_whitespace=True):
        if getattr(declaration, "type", None) == "declaration" and declaration.lower_name == "position":
            value = tinycss2.serialize(declaration.value).strip().lower()
            if value in PLACED:
                return (f"position: {value} places the element against the window, over the site's header and pages "
                        "(expected the element where the content puts it)")
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


_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[^<>\"']|\"[^\"]*\"|'[^']*')*?(/?)>")
# Elements that nest nothing (void), or that a browser closes by itself when the next one starts.
_NOT_COUNTED = frozenset("""area base br col embed hr img input link meta source track wbr p li dt dd tr td th
thead tbody tfoot option optgroup rb rt rtc rp colgroup caption""".split())


def nesting(html: str) -> int:
    """How deep `html` nests its elements, from its tags alone: fast, where parsing a deep nest
    as a browser does takes time growing with its square.  An element left open counts (a browser
    nests what follows in it); those a browser closes by itself (<p>, <li>, <td>...) do not, so
    a browser's tree is at most about four times as deep (a list or a table in each)."""
    depth = deepest = 0
    for match in _TAG.finditer(html):
        if match[2].lower() in _NOT_COUNTED or match[3]:
            continue
        if match[1]:
            depth = max(depth - 1, 0)
        else:
            depth += 1
            deepest = max(deepest, depth)
    return deepest


def _visible(url: str, limit: int = 120) -> str:
    """An address with what a browser skips in it (tabs, newlines, control characters) shown."""
    text = url if len(url) <= limit else url[: limit - 1] + "…"
    return re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m[0]):02x}", text)


def _short(value: str | None, limit: int = 80) -> str:
    text = " ".join((value or "").split())
    text = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m[0]):02x}", text)  # a hidden \x01 shows
    return text if len(text) <= limit else text[: limit - 1] + "…"

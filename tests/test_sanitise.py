"""The content allow list (overrides/course_site/course/sanitise.py), input -> the lines the build stops
with.  The markup the site's own tools make must pass; anything that would run script or load
from outside names its element.  The review inputs (shared/reviews/2026-12-security-reliability.md)
are named by id."""

from __future__ import annotations

import hashlib
from functools import partial

import pytest

from helpers import DOCS  # noqa: F401  (puts overrides/ on the path)

from course_site.course import inventory, sanitise
from course_site.site import caches, published

WHERE = "docs/ch/p.md"
PAGE = "ch/p.html"  # where it is published: its relative addresses start there

# What Markdown, pymdown extensions, nbconvert and a formula renderer make: no problem.
OWN_MARKUP = [
    '<p>正文 <a href="#x">锚点</a> <a href="../ch/x.html">页</a> <a href="https://gitcode.com/cann">外链</a></p>',
    '<p><img src="images/a.svg" alt="图" width="600"></p><p><img alt="x" src="./images/b.en.svg" srcset="./images/b.svg 2x"></p>',
    '<table><thead><tr><th align="left">a</th></tr></thead><tbody><tr><td style="text-align: left">1</td></tr></tbody></table>',
    '<div class="admonition note"><p class="admonition-title">注意</p><p>x</p></div>'
    '<details class="tip" open><summary>s</summary><p>y</p></details>',
    '<ul class="task-list"><li class="task-list-item"><label class="task-list-control">'
    '<input type="checkbox" disabled checked><span class="task-list-indicator"></span></label> a</li></ul>',
    '<div class="highlight"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> 1</code></pre></div>',
    '<div class="jp-Cell jp-MarkdownCell" id="cell-id=intro"><div class="jp-RenderedMarkdown">'
    '<h1 id="x">1.2 标题<a class="anchor-link" href="#x">¶</a></h1></div></div>',
    '<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics>'
    '<mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation>'
    '</semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base">'
    '<span class="strut" style="height:0.8141em;"></span><span class="mord mathnormal">x</span></span></span></span>',
    '<span class="twemoji"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h2"/></svg></span>',
    '<div style="color: #1f2328; margin: 0 1em; position: relative">x</div>',
    '<abbr title="Graph Engine">GE</abbr><kbd>Ctrl</kbd><sup id="fnref:1"><a href="#fn:1">1</a></sup><!-- a note -->',
    '<a href="mailto:x@example.com">信</a><a href="01.03_enable_autofusion.ipynb#%E5%BC%80%E5%90%AF">下一节</a>',
    # As upstream writes a figure with a dark variant (2 of its 121 notebooks were refused for it).
    '<picture><source media="(prefers-color-scheme: dark)" srcset="images/a.dark.png"><img src="images/a.png" alt="图"></picture>',
]


@pytest.mark.parametrize("html", OWN_MARKUP)
def test_the_sites_own_markup_passes(html):
    assert sanitise.check_page(html, WHERE, PAGE) == []


@pytest.mark.parametrize("html, lines", [
    # S1 md_script
    ('<script>alert("md-script")</script><div><script src="https://example.com/x.js"></script></div>',
     ["<script>: it would run script", '<script src="https://example.com/x.js">: it would run script']),
    # S2 nb_svg_animate_js / md_svg_animate_js, and the <set> variant
    ('<svg><a><animate attributeName="href" values="javascript:alert(11)"/><text>点我</text></a></svg>',
     ["<animate>: an SVG animation can change a link or a handler"]),
    ('<svg><set attributeName="onmouseover" to="alert(13)"/></svg>',
     ["<set>: an SVG animation can change a link or a handler"]),
    ('<svg><foreignObject><p>x</p></foreignObject></svg>', ["<foreignObject>: it would put HTML inside SVG"]),
    # S6 md_css_external / nb_css_external
    ('<div style="background:url(https://example.com/bg.png)">x</div>',
     ['<div style="background:url(https://example.com/bg.png)">: CSS loads https://example.com/bg.png '
      "(expected no address, or a file of the site)"]),
    ('<style>@import url("https://example.com/x.css");</style>', ["<style>: " + sanitise.WHY_NOT["style"]]),
    ('<p style="background-image: u\\72l(http://example.com/e.png)">x</p>',
     ['<p style="background-image: u\\72l(http://example.com/e.png)">: CSS loads http://example.com/e.png '
      "(expected no address, or a file of the site)"]),
    ('<table background="https://example.com/tbl.png"><tr><td>1</td></tr></table>',
     ['<table background="https://example.com/tbl.png">: background is not an attribute of the allow list '
      "(it would load from or send to another address)"]),
    ('<a href="#" ping="https://example.com/ping">p</a>',
     ['<a ping="https://example.com/ping">: ping is not an attribute of the allow list '
      "(it would load from or send to another address)"]),
    ('<img src="a.png" lowsrc="https://example.com/l.png" alt="">',
     ['<img lowsrc="https://example.com/l.png">: lowsrc is not an attribute of the allow list '
      "(it would load from or send to another address)"]),
    ('<picture><source srcset="https://example.com/b.png" media="x"><img src="a.png" alt=""></picture>',
     ['<source srcset="https://example.com/b.png">: loads https://example.com/b.png from outside the site '
      "(expected a file of the site, e.g. ./images/<name>.svg)"]),
    ('<img src="a.png" srcset="a.png 1x, https://example.com/b.png 2x" alt="">',
     ['<img srcset="a.png 1x, https://example.com/b.png 2x">: loads https://example.com/b.png from outside the '
      "site (expected a file of the site, e.g. ./images/<name>.svg)"]),
    # handlers and script addresses, including a control character before javascript:
    ('<img src="x.svg" onerror="alert(1)" alt="">', ['<img onerror="alert(1)">: an event handler runs script']),
    ('<a href="&#x01;javascript:alert(3)">m</a>',
     ['<a href="\\x01javascript:alert(3)">: ' + sanitise.ADDRESS]),
    ('<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">d</a>',
     ['<a href="data:text/html,<script>alert(1)</script>">: ' + sanitise.ADDRESS]),
    ('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="">',
     ['<img src="data:image/svg+xml;base64,PHN2Zz4=">: loads a data: address (expected a file of the site)']),
    ('<svg><use href="https://example.com/s.svg#i"/></svg>',
     ['<use href="https://example.com/s.svg#i">: loads https://example.com/s.svg#i from outside the site '
      "(expected a file of the site, e.g. ./images/<name>.svg)"]),
    # where Python's parser and a browser's disagree, the browser's reading is judged
    ('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
     ["<noscript>: its content is markup only when script is off", '<img onerror="alert(1)">: an event handler runs script']),
    ('<svg><style><img src=x onerror=alert(1)></style></svg>',
     ["<style>: " + sanitise.WHY_NOT["style"], '<img onerror="alert(1)">: an event handler runs script']),
    ('<form action="https://example.com/"><input type="text" name="q"><button>go</button></form>',
     ['<form action="https://example.com/">: it would send or change what the reader types',
      '<input type="text">: only check boxes and radio buttons (task lists, tabs)',
      "<button>: it would send or change what the reader types"]),
])
def test_content_that_would_run_script_or_load_from_outside_is_named(html, lines):
    assert sanitise.check_page(html, WHERE, PAGE) == [f"{WHERE}: {line}" for line in lines]


OUTSIDE = "from outside the site (expected a file of the site, e.g. ./images/<name>.svg)"
CSS = "(expected no address, or a file of the site)"
DATA = sanitise.judge_attribute("p", "data-x", "", in_page=True)
NAMES = sanitise.judge_attribute("div", "id", "__x")


BODY = "a page's content is inside the site's own <body>: a browser gives a second one's attributes (onload=…) to the site's"


@pytest.mark.parametrize("html, lines", [
    # L2: a second <body> or <html> hands its attributes to the page's own; the fragment's parser
    # never showed them to the allow list, only the minifier happened to drop them.
    ("""<p>N01</p><body onload="alert('N01')">""", ["<body>: " + BODY]),
    ("""<html onclick="alert('N02')"><p>N02</p>""", ["<html>: " + BODY]),
    ('<BODY style="background:url(//127.0.0.1:9/N68.png)">N68', ["<body>: " + BODY]),
    ('<p>N69</p><html dir="rtl" lang="ar"><head></head>', ["<head>: " + BODY, "<html>: " + BODY]),
    ("<pre><code>&lt;body onload=x&gt;</code></pre><!-- <body> -->", []),  # text and comments are no tags
    # Addresses as a browser reads them (HIGH-1): a backslash is a slash in an http(s) page.
    ("""<div style="background:url('/\\\\127.0.0.1:9/N05.png')">N05</div>""",
     ["""<div style="background:url('/\\\\127.0.0.1:9/N05.png')">: CSS loads /\\127.0.0.1:9/N05.png """ + CSS]),
    ('<img src="images/a.svg" srcset="\\\\127.0.0.1:9/N07.png 2x" alt="N07">',
     ['<img srcset="\\\\127.0.0.1:9/N07.png 2x">: loads \\\\127.0.0.1:9/N07.png ' + OUTSIDE]),
    ('<svg width="10" height="10"><image href="\\\\127.0.0.1:9/N08.png" width="10" height="10"/></svg>',
     ['<image href="\\\\127.0.0.1:9/N08.png">: loads \\\\127.0.0.1:9/N08.png ' + OUTSIDE]),
    ('<img src="/&#9;/127.0.0.1:9/N52.png" alt="">', ['<img src="/ /127.0.0.1:9/N52.png">: loads /\\x09/127.0.0.1:9/N52.png ' + OUTSIDE]),
    ('<img src="../../../etc/x.png" alt="">', ['<img src="../../../etc/x.png">: loads ../../../etc/x.png ' + OUTSIDE]),
    ('<p style="background-image: image-set(\'/\\\\127.0.0.1:9/N17.png\' 1x)">N17</p>',
     ["""<p style="background-image: image-set('/\\\\127.0.0.1:9/N17.png' 1x)">: CSS loads /\\127.0.0.1:9/N17.png """ + CSS]),
    # dot segments written percent-encoded are dot segments to a browser (WHATWG URL), and
    # a protocol-relative address names another host
    ('<img src="%2e%2e/%2e%2e/%2e%2e/etc/x.png" alt="">', ['<img src="%2e%2e/%2e%2e/%2e%2e/etc/x.png">: loads %2e%2e/%2e%2e/%2e%2e/etc/x.png ' + OUTSIDE]),
    ('<a href="%2e%2e/%2E%2E/%2e%2e/x">x</a>', ['<a href="%2e%2e/%2E%2E/%2e%2e/x">: the address leads above the site\'s folder (expected a file of the site)']),
    ('<img src="//127.0.0.1:9/x.png" alt="">', ['<img src="//127.0.0.1:9/x.png">: loads //127.0.0.1:9/x.png ' + OUTSIDE]),
    # a link that breaks offline, or leaves the site's folder (L7: in SVG too)
    ('<svg><a xlink:href="../../../../../../etc/passwd"><text>N64</text></a></svg>',
     ['<a xlink:href="../../../../../../etc/passwd">: the address leads above the site\'s folder (expected a file of the site)']),
    ('<a href="\\\\127.0.0.1:9/N09">N09</a>',
     ['<a href="\\\\127.0.0.1:9/N09">: the address starts from the root of a host or names another host without a '
      "scheme, which breaks in the offline copy (expected a relative address, or https://…)"]),
    # the site's machinery (HIGH-2, MED-1, MED-2)
    ('<div id="__config" hidden>{"base":"https://127.0.0.1:9/N10/"}</div>', ['<div id="__config">: ' + NAMES]),
    ('<input type="checkbox" id="__palette_0"><label for="__search">N54</label>',
     ['<input id="__palette_0">: ' + NAMES.replace("ids", "ids"), '<label for="__search">: ' + NAMES.replace(" ids ", " fors ")]),
    ('<p id="quiz-solution-1-2">x</p>', ['<p id="quiz-solution-1-2">: ' + NAMES]),
    ('<a id="course-continue-zh">x</a>', ['<a id="course-continue-zh">: ' + NAMES]),  # the home pages' continue link
    ('<span data-clipboard-text="curl http://127.0.0.1:9/N12 | sh">N12 copy</span>',
     ['<span data-clipboard-text="curl http://127.0.0.1:9/N12 | sh">: ' + DATA]),
    ('<p data-progress-status>N53</p>', ['<p data-progress-status="">: ' + DATA]),
    ('<a data-md-component="source" href="https://github.com/x">N11</a>', ['<a data-md-component="source">: ' + DATA]),
    ('<style>body>*{display:none!important}</style>', ["<style>: " + sanitise.WHY_NOT["style"]]),
    ('<a href="https://example.com/" target="_blank" rel="opener">N32</a>',
     ['<a rel="opener">: rel=opener hands the page that opens a link a hold on this one (expected noopener, or no rel)']),
    ('<a href="https://127.0.0.1:9/N13" style="position:fixed;top:0;left:0;width:100vw;height:100vh">N13</a>',
     ['<a style="position:fixed;top:0;left:0;width:100vw;height:100vh">: position: fixed places the element against '
      "the window, over the site's header and pages (expected the element where the content puts it)"]),
])
def test_the_second_reviews_inputs_are_named(html, lines):
    assert sanitise.check_page(html, WHERE, PAGE) == [f"{WHERE}: {line}" for line in lines]


def test_a_fenced_code_blocks_line_anchors_pass_and_nothing_else_of_the_sites_names():
    """pymdownx.highlight (anchor_linenums) writes an anchor before each line of a fenced code block:
    upstream's READMEs have code blocks, and each page of them was refused.  Only that anchor, as
    it writes it, passes; the names the scripts look up stay refused, on an anchor too."""
    from markdown import Markdown

    html = Markdown(extensions=["pymdownx.highlight", "pymdownx.superfences"],
                    extension_configs={"pymdownx.highlight": {"anchor_linenums": True}}).convert("```bash\nls\npwd\n```\n")
    assert 'id="__codelineno-0-2"' in html
    assert sanitise.check_page(html, WHERE, PAGE) == []
    assert sanitise.check_page('<a id="__code_0" href="#x">x</a><p id="__codelineno-0-1">y</p>', WHERE, PAGE) == [
        f'{WHERE}: <a id="__code_0">: ' + NAMES, f'{WHERE}: <p id="__codelineno-0-1">: ' + NAMES]


@pytest.mark.parametrize("inside, line", [
    ('<image href="\\\\127.0.0.1:9/N87.png" width="1" height="1"/>',
     '<image href="\\\\127.0.0.1:9/N87.png">: loads \\\\127.0.0.1:9/N87.png ' + OUTSIDE),
    ('<style>@import "/\\\\127.0.0.1:9/N88.css";</style>',
     '<style>@import "/\\\\127.0.0.1:9/N88.css";</style>: CSS loads /\\127.0.0.1:9/N88.css ' + CSS),
    ('<style>rect{fill:url("/\\\\127.0.0.1:9/N94.svg#p")}</style>',
     '<style>rect{fill:url("/\\\\127.0.0.1:9/N94.svg#p")}</style>: CSS loads /\\127.0.0.1:9/N94.svg#p ' + CSS),
    # N97: a link of a figure file that names another host without a scheme
    ('<a href="\\\\127.0.0.1:9/N97"><text>N97</text></a>',
     '<a href="\\\\127.0.0.1:9/N97">: the address starts from the root of a host or names another host without a '
     "scheme, which breaks in the offline copy (expected a relative address, or https://…)"),
])
def test_a_figure_with_a_backslash_address_is_named(inside, line):
    assert sanitise.check_svg(FIGURE.format(inside), "docs/ch/images/f.svg", "ch/images/f.svg") == [
        f"docs/ch/images/f.svg: {line}"]


FIGURE = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">{}</svg>'


def test_the_course_figures_pass():
    figures = sorted(DOCS.rglob("*.svg"))
    assert figures
    assert [line for svg in figures for line in sanitise.check_svg(svg.read_text(encoding="utf-8"), svg.name)] == []


@pytest.mark.parametrize("inside, lines", [
    ("<script>alert(document.domain)</script>", ["<script>: it would run script"]),  # S3 svg_script
    ('<rect width="1" height="1" onload="alert(7)"/>', ['<rect onload="alert(7)">: an event handler runs script']),  # S3 svg_onload
    ('<image href="http://example.com/track.png"/>',  # S3 svg_external_image
     ['<image href="http://example.com/track.png">: loads http://example.com/track.png from outside the site '
      "(expected a file of the site, e.g. ./images/<name>.svg)"]),
    ('<image xlink:href="https://example.com/t.png"/>',
     ['<image xlink:href="https://example.com/t.png">: loads https://example.com/t.png from outside the site '
      "(expected a file of the site, e.g. ./images/<name>.svg)"]),
    ('<a xlink:href="javascript:alert(1)"><text>t</text></a>', ['<a xlink:href="javascript:alert(1)">: ' + sanitise.ADDRESS]),
    ('<a><animate attributeName="href" values="javascript:alert(1)"/></a>',
     ["<animate>: an SVG animation can change a link or a handler"]),
    # A label's HTML (draw.io, Mermaid) is judged as a page's is.
    ("<foreignObject><div xmlns='http://www.w3.org/1999/xhtml' onclick='alert(1)'><script>alert(2)</script>"
     "<iframe src='https://example.com/'/><img src='https://example.com/t.png'/><a href='javascript:alert(3)'>a</a>"
     "<style>@import url(https://example.com/x.css);</style><form><button>b</button></form></div></foreignObject>",
     ['<div onclick="alert(1)">: an event handler runs script', "<script>: it would run script",
      '<iframe src="https://example.com/">: it would load or redirect to something else',
      '<img src="https://example.com/t.png">: loads https://example.com/t.png from outside the site '
      "(expected a file of the site, e.g. ./images/<name>.svg)",
      '<a href="javascript:alert(3)">: ' + sanitise.ADDRESS,
      "<style>@import url(https://example.com/x.css);</style>: CSS loads https://example.com/x.css "
      "(expected no address, or a file of the site)",
      "<form>: it would send or change what the reader types", "<button>: it would send or change what the reader types"]),
    # ...and its shadows: a filter may not load an image.
    ('<filter id="s"><feImage href="https://example.com/i.png"/><feDropShadow dx="1"/></filter>',
     ['<feImage href="https://example.com/i.png">: it would load or redirect to something else']),
    # MathML inside a label: not a label's HTML.
    ("<foreignObject><math xmlns='http://www.w3.org/1998/Math/MathML'><mi>x</mi></math></foreignObject>",
     ["<math>: not an element of the allow list", "<mi>: not an element of the allow list"]),
    ("<style>@import url(https://example.com/f.css); text { fill: #1f2328 }</style>",
     ["<style>@import url(https://example.com/f.css); text { fill: #1f2328 }</style>: CSS loads "
      "https://example.com/f.css (expected no address, or a file of the site)"]),
    ('<rect fill="url(https://example.com/p.svg#g)" width="1" height="1"/>',
     ['<rect fill="url(https://example.com/p.svg#g)">: ' + sanitise.ADDRESS]),
])
def test_a_figure_that_would_run_script_or_load_from_outside_is_named(inside, lines):
    assert sanitise.check_svg(FIGURE.format(inside), "docs/ch/images/f.svg") == [
        f"docs/ch/images/f.svg: {line}" for line in lines]


def test_a_figure_is_read_as_xml():
    """An entity hides markup from an HTML reading; a stylesheet instruction loads from outside."""
    text = ('<?xml version="1.0"?><?xml-stylesheet href="https://example.com/x.css"?>'
            '<!DOCTYPE svg [<!ENTITY e "<script>alert(1)</script>">]>' + FIGURE.format("<text>&e;</text>"))
    assert sanitise.check_svg(text, "f.svg") == [
        "f.svg: <?xml-stylesheet?>: a processing instruction would load a stylesheet or change the file",
        "f.svg: the file declares entities or loads a DTD (EntitiesForbidden)",
    ]
    assert sanitise.check_svg("<svg><g></svg>", "f.svg") == [
        "f.svg: not well-formed XML: mismatched tag: line 1, column 10"]


def test_symlinks_are_found_without_following_them(tmp_path):
    (tmp_path / "ch" / "images").mkdir(parents=True)
    (tmp_path / "ch" / "images" / "config.txt").symlink_to("../../../.git/config")
    (tmp_path / "linked").symlink_to(tmp_path / "ch", target_is_directory=True)
    (tmp_path / "ch" / "real.txt").write_text("x", encoding="utf-8")
    assert inventory.symlinks_under(tmp_path) == ("ch/images/config.txt", "linked")


@pytest.mark.parametrize("text, named", [
    ('"source": ["!cat ./answer/01.02_answer.txt"]', {"answer/01.02_answer.txt"}),
    ("![图 1](images/a.svg)\\n*图 1：…*", {"images/a.svg"}),
    ("pd.read_csv('data/example_op_summary.csv')", {"pd.read_csv", "data/example_op_summary.csv"}),
])
def test_the_paths_a_notebook_names(text, named):
    assert published.named_in(text) >= named


def test_content_passed_once_is_not_judged_again_but_content_with_problems_always_is(tmp_path, monkeypatch):
    judged = []
    real = sanitise.check_page
    monkeypatch.setattr(sanitise, "check_page", lambda html, where, page: judged.append(where) or real(html, where, page))
    folder = tmp_path / "judged"
    named = partial(caches.keyed, b"k" * 32)
    first = sanitise.JudgedPages(folder, fingerprint="code-1", name=named)
    bad = '<p onclick="steal()">x</p>'
    assert first.problems("<p>fine</p>", "docs/a.md") == []
    assert first.problems("<p>fine</p>", "docs/a.md") == []
    assert first.problems(bad, "docs/b.md") and first.problems(bad, "docs/b.md")
    assert judged == ["docs/a.md", "docs/b.md", "docs/b.md"]
    # The next build finds what passed on disk; new judging code judges everything again.
    assert sanitise.JudgedPages(folder, fingerprint="code-1", name=named).problems("<p>fine</p>", "docs/a.md") == []
    assert judged == ["docs/a.md", "docs/b.md", "docs/b.md"]
    assert sanitise.JudgedPages(folder, fingerprint="code-2", name=named).problems("<p>fine</p>", "docs/a.md") == []
    assert judged[-1] == "docs/a.md" and len(judged) == 4
    assert sanitise.JudgedPages(folder, fingerprint="code-2", name=named).problems(bad, "docs/c.md")[0].startswith("docs/c.md: ")


def test_a_verdict_cannot_be_named_from_public_inputs(tmp_path):
    """CRIT-2: a file named by the hash of the judging code and the page (all public) passed the
    page.  A verdict is named by an HMAC under the machine's key, and no file of another key counts."""
    folder = tmp_path / "judged"
    folder.mkdir()
    bad = "<p>x</p><script>alert('N86')</script>"
    fingerprint = sanitise._code_fingerprint()
    for public in (hashlib.sha256(f"{fingerprint}\0{bad}".encode("utf-8")).hexdigest(),
                   hashlib.sha256("\0".join((fingerprint, "index.html", bad)).encode("utf-8")).hexdigest(),
                   caches.keyed(b"another machine's key, 32 bytes!", fingerprint, "index.html", bad)):
        (folder / public).write_text("", encoding="utf-8")
    judge = sanitise.JudgedPages(folder, name=partial(caches.keyed, b"this machine's own key, 32 bytes"))
    assert judge.problems(bad, "docs/glossary.md") == ["docs/glossary.md: <script>: it would run script"]
    with pytest.raises(ValueError):
        sanitise.JudgedPages(folder)  # on disk, never without the key


def test_file_names_that_show_otherwise_or_collide_by_case_are_named(tmp_path):
    """L4: F3 (two pages differing only in case) and F5 (a right-to-left mark in a name) built."""
    from course_site.course.course_check import file_name_problems

    docs = tmp_path / "docs"
    (docs / "ch").mkdir(parents=True)
    for name in ("ch/01.06_case.md", "ch/01.06_CASE.md", "ch/01.07_\u202egnp.exe.md", "ch/fine.md"):
        (docs / name).write_text("# x\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    found = sorted(str(problem) for problem in file_name_problems(inventory.of_config_file(tmp_path / "mkdocs.yml")))
    assert len(found) == 2
    assert "the name differs from docs/ch/01.06_CASE.md only in letter case" in found[0] or \
        "the name differs from docs/ch/01.06_case.md only in letter case" in found[0]
    assert "holds U+202E, which shows the name as something else" in found[1]


def test_a_glossary_use_that_is_not_text_is_named_not_a_traceback(tmp_path):
    """L1 (G2b): an alias to nested lists as `uses` crashed with `unhashable type: 'list'`."""
    from course_site.course.glossary import read_glossary
    from course_site.course.inventory import CourseInventory
    from course_site.errors import SiteError

    (tmp_path / "glossary.yml").write_text(
        "terms:\n  - id: ai\n    zh: {term: 甲, definition: 一, uses: [[a, b]]}\n"
        "    en: {term: A, definition: one}\n", encoding="utf-8")
    files = CourseInventory(tmp_path.resolve(), (), ("glossary.yml",), (), frozenset(["glossary.yml"]))
    with pytest.raises(SiteError) as raised:
        read_glossary(files, "glossary.yml", ("zh", "en"))
    assert "entry ai (zh): uses is not text" in str(raised.value)


def test_a_data_attribute_in_an_svg_file_is_inert_in_a_page_it_is_refused():
    """draw.io writes data-cell-id on every shape of an exported figure: shown as an image or on
    its own, no script of the site reads it; in a page, Material's and the site's scripts would."""
    figure = '<svg xmlns="http://www.w3.org/2000/svg"><g data-cell-id="e1"><rect width="1" height="1"/></g></svg>'
    assert sanitise.check_svg(figure, "docs/ch/images/a.svg") == []
    assert sanitise.check_page('<p><svg><g data-cell-id="e1"></g></svg></p>', "docs/ch/a.md") == [
        f'docs/ch/a.md: <g data-cell-id="e1">: {DATA}']

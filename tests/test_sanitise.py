"""The content allow list (overrides/course_site/course/sanitise.py), input -> the lines the build stops
with.  The markup the site's own tools make must pass; anything that would run script or load
from outside names its element.  The review inputs (shared/reviews/2026-12-security-reliability.md)
are named by id."""

from __future__ import annotations

import pytest

from helpers import DOCS  # noqa: F401  (puts overrides/ on the path)

from course_site.course import inventory, sanitise
from course_site.site import published

WHERE = "docs/p.md"

# What Markdown, pymdown extensions, nbconvert and a formula renderer make: no problem.
OWN_MARKUP = [
    '<p>正文 <a href="#x">锚点</a> <a href="../ch/x.html">页</a> <a href="https://gitcode.com/cann">外链</a></p>',
    '<p><img src="images/a.svg" alt="图" width="600"></p><p><img alt="x" src="./images/b.en.svg" srcset="./images/b.svg 2x"></p>',
    '<table><thead><tr><th align="left">a</th></tr></thead><tbody><tr><td style="text-align: left">1</td></tr></tbody></table>',
    '<div class="admonition note"><p class="admonition-title">注意</p><p>x</p></div>'
    '<details class="tip" open><summary>s</summary><p>y</p></details>',
    '<ul class="task-list"><li class="task-list-item"><label class="task-list-control">'
    '<input type="checkbox" disabled checked><span class="task-list-indicator"></span></label> a</li></ul>',
    '<div class="tabbed-set" data-tabs="1:2"><input checked id="__tabbed_1_1" name="__tabbed_1" type="radio">'
    '<label for="__tabbed_1_1">A</label></div>',
    '<div class="highlight"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> 1</code></pre></div>',
    '<div class="jp-Cell jp-MarkdownCell" id="cell-id=intro"><div class="jp-RenderedMarkdown" data-mime-type="text/markdown">'
    '<h1 id="x">1.2 标题<a class="anchor-link" href="#x">¶</a></h1></div></div>',
    '<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics>'
    '<mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation>'
    '</semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base">'
    '<span class="strut" style="height:0.8141em;"></span><span class="mord mathnormal">x</span></span></span></span>',
    '<span class="twemoji"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h2"/></svg></span>',
    '<style>.course-note { color: #1f2328 }</style><div style="color: #1f2328; margin: 0 1em">x</div>',
    '<abbr title="Graph Engine">GE</abbr><kbd>Ctrl</kbd><sup id="fnref:1"><a href="#fn:1">1</a></sup><!-- a note -->',
    '<a href="mailto:x@example.com">信</a><a href="01.03_enable_autofusion.ipynb#%E5%BC%80%E5%90%AF">下一节</a>',
    # As upstream writes a figure with a dark variant (2 of its 121 notebooks were refused for it).
    '<picture><source media="(prefers-color-scheme: dark)" srcset="images/a.dark.png"><img src="images/a.png" alt="图"></picture>',
]


@pytest.mark.parametrize("html", OWN_MARKUP)
def test_the_sites_own_markup_passes(html):
    assert sanitise.check_page(html, WHERE) == []


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
    ('<style>@import url("https://example.com/x.css");</style>',
     ['<style>@import url("https://example.com/x.css");</style>: CSS loads https://example.com/x.css '
      "(expected no address, or a file of the site)"]),
    ('<style>@import "//example.com/y.css";</style>',
     ['<style>@import "//example.com/y.css";</style>: CSS loads //example.com/y.css '
      "(expected no address, or a file of the site)"]),
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
     ["<style>: inside SVG or MathML on a page, a browser reads its text as markup",
      '<img onerror="alert(1)">: an event handler runs script']),
    ('<form action="https://example.com/"><input type="text" name="q"><button>go</button></form>',
     ['<form action="https://example.com/">: it would send or change what the reader types',
      '<input type="text">: only check boxes and radio buttons (task lists, tabs)',
      "<button>: it would send or change what the reader types"]),
])
def test_content_that_would_run_script_or_load_from_outside_is_named(html, lines):
    assert sanitise.check_page(html, WHERE) == [f"{WHERE}: {line}" for line in lines]


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
    monkeypatch.setattr(sanitise, "check_page", lambda html, where: judged.append(where) or real(html, where))
    folder = tmp_path / "judged"
    first = sanitise.JudgedPages(folder, fingerprint="code-1")
    bad = '<p onclick="steal()">x</p>'
    assert first.problems("<p>fine</p>", "docs/a.md") == []
    assert first.problems("<p>fine</p>", "docs/a.md") == []
    assert first.problems(bad, "docs/b.md") and first.problems(bad, "docs/b.md")
    assert judged == ["docs/a.md", "docs/b.md", "docs/b.md"]
    # The next build finds what passed on disk; new judging code judges everything again.
    assert sanitise.JudgedPages(folder, fingerprint="code-1").problems("<p>fine</p>", "docs/a.md") == []
    assert judged == ["docs/a.md", "docs/b.md", "docs/b.md"]
    assert sanitise.JudgedPages(folder, fingerprint="code-2").problems("<p>fine</p>", "docs/a.md") == []
    assert judged[-1] == "docs/a.md" and len(judged) == 4
    assert sanitise.JudgedPages(folder, fingerprint="code-2").problems(bad, "docs/c.md")[0].startswith("docs/c.md: ")

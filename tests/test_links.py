"""Every local href and src in the built site resolves to a file, every #anchor
exists, and no page loads anything from outside the site."""

from __future__ import annotations

from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup

from helpers import ONE_PAGE_COURSE, build_small_site, load_config, markdown_cell, notebook_json, site_path_prefix

from course_site.site.site_links import broken_links  # the build's own check: one rule set


@lru_cache(maxsize=None)
def parsed(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_real_site_links_resolve(site_dir):
    assert broken_links(site_dir, site_path_prefix()) == []


def test_edge_site_links_resolve(edge_site_dir):
    assert broken_links(edge_site_dir, site_path_prefix()) == []


@pytest.mark.parametrize("which", ["real", "edge"])
def test_every_link_without_an_address_is_a_named_placeholder(which, site_dir, edge_site_dir):
    """An <a> with no href is a placeholder (HTML), such as the continue link place.js fills; a
    crawler takes one with no name for a link that leads nowhere (Lighthouse's crawlable-anchors
    marked both home pages down to SEO 0.92 for the unnamed continue link)."""
    site = site_dir if which == "real" else edge_site_dir
    unnamed = [f"{page.relative_to(site).as_posix()}: {tag}" for page in sorted(site.rglob("*.html"))
               for tag in unnamed_placeholders(page.read_text(encoding="utf-8"))]
    assert unnamed == []


def unnamed_placeholders(page: str) -> list[str]:
    """The <a> start tags of a page with no href, id, name or role (a streaming parser: the print
    pages hold the whole course, and a tree of each page costs ten times as much)."""
    found = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag, attrs):
            given = {name for name, value in attrs if value or name == "href"}  # href="" is the link check's
            if tag == "a" and not given & {"href", "id", "name", "role"}:
                found.append(self.get_starttag_text()[:80])

    reader = Reader(convert_charrefs=True)
    reader.feed(page)
    reader.close()
    return found


def test_link_check_catches_a_broken_link_and_anchor(tmp_path):
    (tmp_path / "a.html").write_text(
        '<a href="b.html#here">ok</a><a href="b.html#gone">bad anchor</a><a href="c.html">missing</a>'
        '<script src="https://cdn.example/x.js"></script><img src="/abs.png">',
        encoding="utf-8",
    )
    (tmp_path / "b.html").write_text('<h2 id="here">x</h2>', encoding="utf-8")
    problems = broken_links(tmp_path)
    assert len(problems) == 4, problems
    assert any("no #gone" in p for p in problems)
    assert any("c.html: no such file" in p for p in problems)
    assert any("from outside the site" in p for p in problems)
    assert any("not relative" in p for p in problems)


@pytest.mark.parametrize("language_home", ["index.html", "en/index.html"])
def test_home_links_the_offline_package(site_dir, language_home):
    home = parsed(site_dir / language_home)
    link = home.find("a", attrs={"download": True})
    assert link is not None and link["href"].endswith("autofuse-course-offline.zip")
    assert (site_dir / "autofuse-course-offline.zip").stat().st_size > 10_000


@pytest.mark.parametrize("page", ["ch/quiz_page.html", "en/ch/quiz_page.html", "ch/twin.html", "en/ch/twin.html"])
def test_links_and_images_in_quizzes_lead_to_pages_and_figures_of_the_language(edge_site_dir, page):
    """Questions, options and explanations link notebooks and Markdown pages by their source files, as
    Jupyter needs: on the site they lead to the page in the reader's language, on Markdown pages too
    (where MkDocs rewrites the page's own links but not those of the quiz put into it)."""
    quiz = parsed(edge_site_dir / page).select("form.quiz, .quiz-solutions")
    hrefs = {a["href"] for part in quiz for a in part.find_all("a", href=True) if not a["href"].startswith("#")}
    images = {img["src"] for part in quiz for img in part.find_all("img")}
    assert hrefs and images == {"./images/figure.svg"}
    assert all(urlsplit(href).path.endswith(".html") for href in hrefs), hrefs
    language = "en" if page.startswith("en/") else "zh"
    shown = (edge_site_dir / page).parent / "images" / "figure.svg"
    assert ("Figure" if language == "en" else "示意图") in shown.read_text(encoding="utf-8")


def test_the_link_check_sees_links_in_quizzes_and_folded_solutions(tmp_path):
    (tmp_path / "a.html").write_text(
        '<form class="quiz"><fieldset><legend><a href="gone.ipynb">x</a></legend>'
        '<label><input type="radio"> <span><img src="./images/x.en.svg"></span></label></fieldset></form>'
        '<div class="quiz-solutions"><details><summary>1</summary><p><a href="b.html#nowhere">b</a></p></details></div>',
        encoding="utf-8",
    )
    (tmp_path / "b.html").write_text("<p>b</p>", encoding="utf-8")
    problems = broken_links(tmp_path)
    assert problems == [
        "a.html: <a> gone.ipynb: no such file on the site",
        "a.html: <img> ./images/x.en.svg: no such file on the site",
        "a.html: <a> b.html#nowhere: b.html has no #nowhere",
    ]


def test_a_broken_link_or_anchor_in_a_notebook_stops_the_build_naming_page_and_link(tmp_path):
    """The review's U4: links in notebook cells (which MkDocs never sees) and missing anchors
    passed the strict build; an author running tools/serve.sh saw nothing.  A link to a file the
    course lacks stops the build before any page is made (the course check); an anchor no page
    has, once the pages are made (the site's link check)."""
    files = notebook_json(markdown_cell("t", "# 页\n\n[缺失的一节](missing.ipynb)、![图](images/missing.svg)"))
    result = build_small_site(tmp_path / "files", {"index.md": "# 首页\n", "ch/x.ipynb": files}, course=ONE_PAGE_COURSE)
    assert result.returncode != 0
    for line in (
        "docs/ch/x.ipynb: links missing.ipynb: docs/ch/ has no missing.ipynb\n"
        "  expected: missing.ipynb in docs/ch/, or no link",  # not "the link to x.ipynb": the page itself
        "docs/ch/x.ipynb: links images/missing.svg: docs/ch/images/ has no missing.svg\n"
        "  expected: missing.svg in docs/ch/images/, or no link",
    ):
        assert line in result.stderr, result.stderr[-3000:]
    anchors = notebook_json(markdown_cell("t", "# 页\n\n[没有的标题](#nowhere)"))
    result = build_small_site(
        tmp_path / "anchors", {"index.md": "# 首页\n\n[锚点](ch/x.ipynb#no-such-heading)\n", "ch/x.ipynb": anchors},
        course=ONE_PAGE_COURSE,
    )
    assert result.returncode != 0
    for line in (
        "ch/x.html: <a> #nowhere: ch/x.html has no #nowhere",
        "index.html: <a> ch/x.html#no-such-heading: ch/x.html has no #no-such-heading",
    ):
        assert line in result.stderr, result.stderr[-3000:]


def test_the_offline_package_has_no_broken_link(site_dir, tmp_path):
    """Unzipped, every link resolves inside the package; the home page's download link, which the
    package cannot satisfy, leads to the published package instead."""
    import zipfile

    with zipfile.ZipFile(site_dir / "autofuse-course-offline.zip") as package:
        package.extractall(tmp_path)
    unpacked = tmp_path / "autofuse-course"
    assert broken_links(unpacked, site_path_prefix()) == []
    site_url = load_config()["site_url"]
    for home in ("index.html", "en/index.html"):
        link = parsed(unpacked / home).find("a", attrs={"download": True})
        assert link["href"] == site_url.rstrip("/") + "/autofuse-course-offline.zip"

"""Every local href and src in the built site resolves to a file, every #anchor
exists, and no page loads anything from outside the site."""

from __future__ import annotations

import posixpath
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from bs4 import BeautifulSoup

from helpers import load_config, site_path_prefix

LINKING = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src"}


@lru_cache(maxsize=None)
def parsed(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def anchors_of(path: Path) -> set[str]:
    page = parsed(path)
    return {e["id"] for e in page.find_all(id=True)} | {e["name"] for e in page.find_all("a", attrs={"name": True})}


def broken_links(site: Path, prefix: str = "/autofuse-course/") -> list[str]:
    problems = []
    for page in sorted(site.rglob("*.html")):
        here = page.relative_to(site).as_posix()
        # The host serves 404.html at any depth, so its links are absolute on purpose.
        is_404 = here == "404.html"
        for tag, attribute in LINKING.items():
            for element in parsed(page).find_all(tag, attrs={attribute: True}):
                url = element[attribute]
                parts = urlsplit(url)
                if parts.scheme in ("http", "https", "mailto"):
                    # Links to other sites and metadata links (canonical, hreflang) load nothing.
                    is_metadata = tag == "link" and {"alternate", "canonical"} & set(element.get("rel", []))
                    if tag != "a" and not is_metadata:
                        problems.append(f"{here}: <{tag}> loads {url} from outside the site")
                    continue
                if is_404 and url.startswith(prefix):
                    url = posixpath.relpath(url, prefix.rstrip("/") or "/")
                    parts = urlsplit(url)
                elif parts.scheme or parts.netloc or url.startswith("/"):
                    problems.append(f"{here}: <{tag}> {url} is not relative (breaks under file://)")
                    continue
                target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
                if target.is_dir():
                    target = target / "index.html"
                if not target.is_file():
                    problems.append(f"{here}: <{tag}> {url} -> missing {target}")
                elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in anchors_of(target):
                    problems.append(f"{here}: <{tag}> {url} -> no #{unquote(parts.fragment)} in {target.name}")
    return problems


def test_real_site_links_resolve(site_dir):
    assert broken_links(site_dir, site_path_prefix()) == []


def test_edge_site_links_resolve(edge_site_dir):
    assert broken_links(edge_site_dir, site_path_prefix()) == []


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
    assert any("missing" in p and "c.html" in p for p in problems)
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
    assert [p.split(" -> ")[0] for p in problems] == [
        "a.html: <a> gone.ipynb", "a.html: <a> b.html#nowhere", "a.html: <img> ./images/x.en.svg",
    ], problems


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

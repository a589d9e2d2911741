"""Heading anchors and the table of contents of notebook pages, which have one title.

mkdocs-jupyter's slugify keeps ASCII only, so a Chinese heading got `id=""` while the table of
contents linked to `#_1`.  Notebook headings get the same slugify as Markdown pages (the `toc`
extension's, from mkdocs.yml), a permalink, and a table of contents made from them.
"""

from __future__ import annotations

from collections.abc import Callable

from bs4 import BeautifulSoup, Tag
from markdown.extensions.toc import nest_toc_tokens, unique  # what Markdown pages get, for notebooks too


def anchor_headings(headings: list[Tag], tree: BeautifulSoup, slugify: Callable[[str, str], str],
                    toc_depth: int, permalink_title: str) -> list[dict]:
    """Give each heading a unique id and a permalink; return MkDocs TOC tokens, nested by level."""
    seen: set[str] = set()
    flat = []
    for heading in headings:
        name = heading.get_text(" ", strip=True)
        slug = unique(slugify(name, "-") or "section", seen)
        heading["id"] = slug
        permalink = tree.new_tag("a", attrs={"class": "headerlink", "href": f"#{slug}", "title": permalink_title})
        permalink.string = "¶"
        heading.append(permalink)
        level = int(heading.name[1])
        if level <= toc_depth:
            flat.append({"level": level, "id": slug, "name": name, "html": name, "data-toc-label": "", "children": []})
    return nest_toc_tokens(flat)


def one_title(headings: list[Tag]) -> None:
    """A page has one title: each first-level heading after the first is shown one level down
    (upstream's notebooks end with `# 课后练习` under their title, as Jupyter shows them both)."""
    titles = [heading for heading in headings if heading.name == "h1"]
    for heading in titles[1:]:
        heading.name = "h2"


def heading_text(heading: Tag) -> str:
    """A heading's words as a reader sees them: without its permalink, runs of space as one."""
    copy = BeautifulSoup(str(heading), "html.parser")
    for permalink in copy.select("a.headerlink"):
        permalink.decompose()
    return " ".join(copy.get_text(" ").split())


def localise_permalinks(tree: BeautifulSoup, title: str) -> None:
    """Markdown pages get Python-Markdown's English "Permanent link"; every page speaks its language."""
    for link in tree.select("a.headerlink[title]"):
        link["title"] = title

"""The top of a page: the chapter above the title, and the page's contents for phones.

- A section of a chapter shows the chapter's name (from the course plan) above its title, as
  course sites do.  The title is the page's own first heading, as its author wrote it; the plan's
  title (the navigation's, the browser tab's) may say it otherwise ("1.5 章节练习" for a notebook
  titled "章节练习").  A notebook's later first-level headings are shown one level down
  (headings.one_title), so that the page has one title.
- Under the title, a folded list of the page's headings ("On this page"): Material shows the
  table of contents in a sidebar on wide screens and only deep in the drawer on phones; the
  stylesheet shows this list on narrow screens only.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from bs4 import BeautifulSoup
from markdown.extensions.toc import nest_toc_tokens

from .headings import heading_text

CHAPTER_CLASS = "page-title__chapter"
CONTENTS_CLASS = "page-contents"


def add_chapter(tree: BeautifulSoup, chapter_title: str, where: str, *, plan_title: str | None = None,
                language: str | None = None) -> str | None:
    """Group the page's H1 with the chapter's name above it.  `plan_title`: the plan's title of a
    notebook, which must have a title of its own; `language`: the label's, when it is not the
    content's (an untranslated page).  Returns the page's problem, if any (a notebook without a
    title), which the build reports with every other page's."""
    h1 = tree.find("h1")
    if h1 is None:
        if plan_title is None:
            return None
        return f"{where}: {NO_TITLE}: write `# {plan_title}` at its top"
    group = tree.new_tag("hgroup", attrs={"class": "page-title"})
    label = tree.new_tag("p", attrs={"class": CHAPTER_CLASS, "data-search-exclude": ""})
    if language:
        label["lang"] = language
    label.string = chapter_title
    h1.insert_before(group)
    group.append(label)
    group.append(h1.extract())
    return None


NO_TITLE = "the page has no title (a first-level heading, `# …`)"


def contents_list(tree: BeautifulSoup, strings: Mapping[str, str], toc_depth: int = 3) -> str | None:
    """The folded list of the page's headings (levels 2 to `toc_depth` with an id), or None when
    the page has fewer than two sections."""
    headings = [h for h in tree.find_all([f"h{n}" for n in range(2, toc_depth + 1)]) if h.get("id")]
    if sum(1 for h in headings if h.name == "h2") < 2:
        return None
    tokens = nest_toc_tokens([{"level": int(h.name[1]), "id": h["id"], "name": heading_text(h), "children": []} for h in headings])
    label = html.escape(strings["page_contents"])
    return (f'<details class="{CONTENTS_CLASS}" data-search-exclude><summary>{label}</summary>'
            f'<nav aria-label="{label}">{_list(tokens)}</nav></details>')


def _list(tokens: list[dict]) -> str:
    items = "".join(
        f'<li><a href="#{html.escape(t["id"])}">{html.escape(t["name"])}</a>'
        f'{_list(t["children"]) if t["children"] else ""}</li>'
        for t in tokens
    )
    return f"<ul>{items}</ul>"


def under_title(tree: BeautifulSoup):
    """Where a block goes under the page's title: after the title (with its chapter), the notes
    right under it (a translation behind its original) and the blocks already put there; None
    when the page has no title."""
    anchor = tree.select_one("hgroup.page-title") or tree.find("h1")
    if anchor is None:
        return None
    following = anchor.find_next_sibling()
    while following is not None and (following.get("role") == "note"
                                     or following.name == "details" and following.get("data-search-exclude") is not None):
        anchor, following = following, following.find_next_sibling()
    return anchor


def put_under_title(tree: BeautifulSoup, html: str) -> None:
    fragment = BeautifulSoup(html, "html.parser")
    anchor = under_title(tree)
    if anchor is not None:
        anchor.insert_after(fragment)
    else:
        tree.insert(0, fragment)


def add_contents(tree: BeautifulSoup, strings: Mapping[str, str], toc_depth: int = 3) -> None:
    """Put the folded contents list under the page's title (or first, without one)."""
    listing = contents_list(tree, strings, toc_depth)
    if listing is not None:
        put_under_title(tree, listing)

"""Notices at the top of a page that is not what the reader might expect.

A page shown in a language it was not written in (no translation yet) says so, in the reader's
language, and links the original.  A translation whose original changed since it was last
brought up to date says so too, with the date and the parts that changed, each under its
heading on the page (the pipeline's `outdated` step finds them).
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass

from bs4 import BeautifulSoup, Comment, NavigableString, Tag

from ..adapters import nbconvert
from .headings import heading_text
from ..strings import fill


def untranslated_notice(tree: BeautifulSoup, *, language: str, written_in: str, original_name: str,
                        original_href: str, strings: Mapping) -> BeautifulSoup:
    """Wrap the content in its own language and put the notice, in the reader's, above it."""
    notice = (
        f'<div class="admonition note untranslated-notice" lang="{language}">'
        f'<p>{html.escape(fill(strings["untranslated_notice"], original=original_name))} '
        f'<a href="{html.escape(original_href)}" hreflang="{written_in}">{html.escape(strings["read_original"])}</a></p></div>'
    )
    wrapped = BeautifulSoup(f'{notice}<div lang="{written_in}"></div>', "html.parser")
    body = wrapped.find("div", attrs={"lang": written_in})
    for child in list(tree.contents):
        body.append(child.extract())
    return wrapped


# ---------------------------------------------------------------------------
# A translation behind its original (translation_status.py says which, and what changed)

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


@dataclass(frozen=True)
class NoticeItem:
    heading: Tag | None  # where on the page the changed parts are
    labels: tuple[str, ...]  # HTML, one per part


LABELS = {
    ("cell", "changed"): "outdated_cell_changed",
    ("cell", "added"): "outdated_cell_added",
    ("cell", "removed"): "outdated_cell_removed",
    ("order", "changed"): "outdated_order",
    ("answers", "changed"): "outdated_answers",
    ("figure", "changed"): "outdated_figure",
}  # strings-table keys; a Markdown page's own change ('page') is the notice itself, no line of its own


def changed_parts(tree: BeautifulSoup, parts, strings: Mapping) -> list[NoticeItem]:
    """The parts (translation_status.Part) as the notice lists them: grouped under their headings,
    in the page's order; parts found nowhere on the page come last, without a heading."""
    items: list[NoticeItem] = []
    for part in parts:
        key = LABELS.get((part.kind, part.how))
        if key is None:
            continue
        heading = _heading_of(tree, part)
        label = part_label(strings[key], part.name)
        same = next((n for n, item in enumerate(items) if item.heading is heading), None)
        if same is None:
            items.append(NoticeItem(heading, (label,)))
        else:
            items[same] = NoticeItem(heading, items[same].labels + (label,))
    order = {id(heading): n for n, heading in enumerate(tree.find_all(HEADINGS))}
    return sorted(items, key=lambda item: order.get(id(item.heading), len(order)))


def _heading_of(tree: BeautifulSoup, part) -> Tag | None:
    """Where a part is: its figure, or the first of its cells still on the page."""
    element = None
    if part.kind == "figure":
        element = tree.find("img", src=lambda src: bool(src) and posixpath.basename(src.split("?")[0]) == part.name)
    for cell_id in part.near if element is None else ():
        element = nbconvert.find_cell(tree, cell_id)
        if element is not None:
            break
    return heading_over(element) if element is not None else None


def heading_over(element: Tag) -> Tag | None:
    """The heading an element's start falls under: its own first heading when its text starts
    with one, else the last heading before it."""
    if element.name in HEADINGS:
        return element
    first = next((s for s in element.descendants if _is_text(s)), None)
    if first is not None:
        heading = first.find_parent(HEADINGS)
        if heading is not None and any(parent is element for parent in heading.parents):
            return heading
    return element.find_previous(HEADINGS)


def _is_text(node) -> bool:
    return isinstance(node, NavigableString) and not isinstance(node, Comment) and bool(node.strip())


def outdated_notice(tree: BeautifulSoup, *, language: str, original_language: str, original_name: str,
                    original_href: str, changed_on: str | None, items: list[NoticeItem],
                    strings: Mapping) -> BeautifulSoup:
    """Put the notice under the page's title (at the top when the page starts otherwise)."""
    if changed_on:
        text = fill(html.escape(strings["outdated_notice"]), original=html.escape(original_name),
                    date=f'<time datetime="{html.escape(changed_on)}">{html.escape(changed_on)}</time>')
    else:
        text = fill(html.escape(strings["outdated_notice_undated"]), original=html.escape(original_name))
    link = html.escape(fill(strings["open_original"], original=original_name))
    parts = ""
    if items:
        entries = []
        for item in items:
            where = ""
            if item.heading is not None and item.heading.get("id"):
                where = f'<a href="#{html.escape(item.heading["id"])}">{html.escape(heading_text(item.heading))}</a>: '
            entries.append(f"<li>{where}{'; '.join(item.labels)}</li>")
        parts = f'<p>{html.escape(strings["outdated_parts"])}</p><ul>{"".join(entries)}</ul>'
    notice = BeautifulSoup(
        f'<div class="admonition warning outdated-notice" role="note" lang="{language}" data-search-exclude="">'
        f'<p class="admonition-title">{html.escape(strings["outdated_title"])}</p>'
        f'<p>{text} <a href="{html.escape(original_href)}" hreflang="{original_language}">{link}</a></p>'
        f"{parts}</div>",
        "html.parser",
    )
    first = next((s for s in tree.find_all(string=True) if _is_text(s)), None)
    title = first.find_parent("h1") if first is not None else None
    if title is not None:  # the page starts with its title
        title.insert_after(notice)
    else:
        tree.insert(0, notice)
    return tree


def part_label(template: str, name: str | None) -> str:
    """A strings-table label with its {name} as code."""
    return fill(html.escape(template), name=f"<code>{html.escape(name or '')}</code>")

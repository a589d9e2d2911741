"""Where the reader left off: the section they last opened, and the place in it, offered on the
home pages and the 404 page ("continue: 1.3 Enabling AutoFuse").

The browser side is assets/javascripts/place.js: each section's page (a section of a chapter in
the plan; not the home page, the glossary or a print page) keeps, as the reader reads, its
address without the language's folder, the number of the heading the reader is under and that
heading's words, in the browser's storage under the site's scope, as Material keeps its own
settings (`<the site's path>.__place`), so that two copies of the site, or of the offline
package, keep their own.  A page with a slot (render_slot) fills it from there: a link to the
same section in the slot's own language, opening at the same heading (`?section=n`, as the
language switch does), named by the section's title in that language, with the heading's words
when the reader read it in that language.  Without JavaScript, or before the reader has opened
a section, the slot stays hidden.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping

from bs4 import BeautifulSoup

from ..course.plan import CoursePlan
from ..languages import Languages
from .progress import CATALOG_ID, page_url

SLOT = "data-continue"


def place_of(plan: CoursePlan, languages: Languages, src_uri: str) -> str | None:
    """The address, without the language's folder, a chapter's section keeps as the reader's
    place; None for any other page."""
    source = languages.original(src_uri)
    return page_url(source, languages.default, languages) if plan.chapter_of(source) is not None else None


def render_slot(plan: CoursePlan, language: str, languages: Languages, strings: Mapping) -> str:
    """The hidden "continue" slot: the sections a place may name, with their titles in `language`."""
    titles = {page_url(section.source, languages.default, languages): section.title[language]
              for chapter in plan.chapters for section in chapter.sections if section.source}
    return (
        f'<p class="course-continue" {SLOT} data-search-exclude data-folder="{html.escape(languages.folder(language))}" '
        f'data-pages="{html.escape(json.dumps(titles, ensure_ascii=False, separators=(",", ":")))}" lang="{language}" hidden>'
        # Until place.js gives it an address the link is a placeholder, named so that a crawler
        # (Lighthouse's crawlable-anchors) does not take it for a link that leads nowhere.
        f'<a class="md-button md-button--primary course-continue__link" id="course-continue-{language}">'
        f'{html.escape(strings["continue_label"])}'
        '<span data-continue-title></span></a> '
        f'<span class="course-continue__at" data-continue-at hidden>{html.escape(strings["continue_at"])}'
        "<span data-continue-heading></span></span></p>"
    )


def insert_slot(tree, slot: str) -> None:
    """Before the home page's call to action (the paragraph of its first primary button), where a
    returning reader looks first; without one, at the top of the catalog."""
    button = tree.select_one("a.md-button--primary")
    where = button.find_parent("p") if button is not None else None
    made = BeautifulSoup(slot, "html.parser")
    if where is not None:
        where.insert_before(made)
    elif (catalog := tree.select_one(f"#{CATALOG_ID}")) is not None:
        catalog.insert(0, made)

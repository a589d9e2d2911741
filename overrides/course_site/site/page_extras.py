"""What main.html needs from a page beyond MkDocs' own fields: `page.course`, a PageExtras."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .footer import Footer


@dataclass
class PageExtras:
    """What main.html needs from a page, beyond MkDocs' own fields (as `page.course`)."""

    notebook_stylesheet: str | None = None
    quiz_stylesheet: str | None = None
    figures: bool = False  # the page has figures: figures.js opens them full screen
    words: Mapping = field(default_factory=dict)  # the language's strings table, for the scripts' words
    alternates: list = field(default_factory=list)
    language: str | None = None  # the language of the site the page is part of
    footer: Footer = field(default_factory=Footer)
    place: str | None = None  # a chapter's section: its address as the reader's place (page/reading_place.py)
    print_edition: bool = False  # a print page (print_pages.py): its button opens the browser's print

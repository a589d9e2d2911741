"""The "run this notebook" box on each notebook page with code to run: its chapter's archive in
the page's language (archives.py) and how to open it."""

from __future__ import annotations

import html
from collections.abc import Mapping

from bs4 import BeautifulSoup

from .page_top import put_under_title
from ..strings import fill

BOX_CLASS = "run-it"


def run_box(*, notebook: str, archive_href: str, environments_href: str | None, strings: Mapping[str, object]) -> str:
    """The folded "run this notebook" box: the download and how to open it."""
    def text(key: str, **links: str) -> str:
        return fill(html.escape(str(strings[key])), **links)

    name = f"<code>{html.escape(notebook)}</code>"
    environments = (
        f'<a href="{html.escape(environments_href)}">{html.escape(str(strings["run_environments"]))}</a>'
        if environments_href else html.escape(str(strings["run_environments"]))
    )
    return (
        f'<details class="{BOX_CLASS}" data-search-exclude><summary>{html.escape(str(strings["run_summary"]))}</summary>'
        f'<p><a class="{BOX_CLASS}__download" href="{html.escape(archive_href)}" download>'
        f'{html.escape(str(strings["run_download"]))}</a></p>'
        f'<p>{text("run_contents", notebook=name)}</p>'
        f'<p>{text("run_steps", notebook=name, environments=environments)}</p>'
        f'<p>{text("run_shell", cat="<code>!cat</code>")}</p></details>'
    )


def add_run_box(tree: BeautifulSoup, box: str) -> None:
    """Under the page's title, its notes and its contents list."""
    put_under_title(tree, box)

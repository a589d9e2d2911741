"""Relative links in notebook pages, rewritten the way MkDocs rewrites them in Markdown pages.

Notebook cells are rendered by nbconvert, so MkDocs never sees their links: `x.ipynb` and
`x.md` become `x.html`, and a language's own file (`a.en.svg`, `x.en.ipynb`, as each notebook
links it for Jupyter) becomes the plain name, which static-i18n publishes in that language's
folder.  Quiz questions and explanations are part of the page by then, so their links too.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

LINKING = (("a", "href"), ("img", "src"), ("source", "src"))


def rewrite_relative_links(tree: BeautifulSoup, languages: tuple[str, ...]) -> None:
    for tag, attribute in LINKING:
        for element in tree.find_all(tag, attrs={attribute: True}):
            element[attribute] = site_url_for(element[attribute], languages)


def site_url_for(url: str, languages: tuple[str, ...]) -> str:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith(("/", "#")) or not parts.path:
        return url
    path = parts.path
    if languages:
        path = re.sub(r"\.(%s)(\.[^./]+)$" % "|".join(map(re.escape, languages)), r"\2", path)
    path = re.sub(r"\.(ipynb|md)$", ".html", path)
    return path + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")

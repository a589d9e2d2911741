"""Nothing in a page's content may run script or load anything from outside the site.

Notebook cells reach the page through nbconvert, which keeps raw HTML as written; Markdown pages
keep it too.  Event handlers, `javascript:` URLs and elements made to embed other documents are
taken out; an element that would load a file from elsewhere stops the build, naming the page and
the address, because the site must work where public hosts are slow or blocked, and offline.
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

from .errors import SiteError

log = logging.getLogger("mkdocs.plugins.course_site")

EMBEDDING = ("iframe", "frame", "object", "embed", "applet", "base", "meta", "link", "portal")
LOADING = {"img": ("src", "srcset"), "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",),
           "track": ("src",), "input": ("src",), "image": ("href", "xlink:href")}
URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "data")


def sanitise(tree: BeautifulSoup, where: str) -> None:
    for element in tree.find_all(EMBEDDING):
        raise SiteError(f"a <{element.name}> element in the content would load or redirect to something else",
                        where=where, expected="plain Markdown: text, links, images from images/, code")
    for tag, attributes in LOADING.items():
        for element in tree.find_all(tag):
            for attribute in attributes:
                for url in _urls(element.get(attribute)):
                    if _is_outside(url):
                        raise SiteError(f"<{tag}> loads {url} from outside the site", where=where,
                                        expected="a file of the site, e.g. ./images/<name>.svg next to the page")
    removed = 0
    for element in tree.find_all(True):
        for attribute in list(element.attrs):
            value = element.attrs[attribute]
            if attribute.lower().startswith("on") or attribute.lower() == "srcdoc":
                del element.attrs[attribute]
                removed += 1
            elif attribute.lower() in URL_ATTRIBUTES and isinstance(value, str) and _is_script_url(value):
                del element.attrs[attribute]
                removed += 1
    if removed:
        log.info(f"{where}: removed {removed} script attribute(s) from the content")


def _urls(value) -> list[str]:
    if not value:
        return []
    if isinstance(value, list):
        value = " ".join(value)
    # srcset: "a.png 1x, b.png 2x"
    return [part.strip().split(" ")[0] for part in value.split(",") if part.strip()]


def _is_outside(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.netloc) or parts.scheme.lower() in ("http", "https", "ftp") or url.startswith("//")


def _is_script_url(url: str) -> bool:
    return "".join(url.split()).lower().startswith(("javascript:", "vbscript:", "data:text/html"))

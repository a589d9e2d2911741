"""Every link in the built site leads somewhere: each local href and src names a published file,
each #anchor exists on its page, and nothing loads from outside the site.

MkDocs checks the links of Markdown pages only (and their anchors only at `validation.anchors:
warn`); notebook cells and quizzes reach the page as HTML it never sees.  So the whole site is
checked once, after the last language pass, with the standard library's HTML tokenizer (no tree:
only ids and links are needed, and this runs on every build).  The tests use the same function.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

# The attribute of each element that makes the browser follow or fetch a URL.
LINKING = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src"}
NOT_FOUND = "404.html"


class _PageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, list[str]]] = []  # (tag, url, rel)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        attribute = LINKING.get(tag)
        if attribute and attribute in values:
            self.links.append((tag, values[attribute], values.get("rel", "").split()))


@lru_cache(maxsize=None)
def _read(path: Path) -> _PageReader:
    reader = _PageReader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader


def broken_links(site: Path, prefix: str = "/") -> list[str]:
    """One line per problem, every page of `site`; `prefix` is the site's path on its host (the
    404 page, served at any depth, links absolutely under it)."""
    _read.cache_clear()  # pages of an earlier build (mkdocs serve) may have the same paths
    problems = []
    for page in sorted(site.rglob("*.html")):
        here = page.relative_to(site).as_posix()
        for tag, url, rel in _read(page).links:
            problem = _problem(site, page, here, tag, url, rel, prefix)
            if problem:
                problems.append(f"{here}: {problem}")
    return problems


def _problem(site: Path, page: Path, here: str, tag: str, url: str, rel: list[str], prefix: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme in ("http", "https", "mailto"):
        # Links to other sites, and metadata links (canonical, hreflang), load nothing.
        if tag != "a" and not {"alternate", "canonical"} & set(rel):
            return f"<{tag}> loads {url} from outside the site"
        return None
    if here == NOT_FOUND and url.startswith(prefix):
        url = posixpath.relpath(url, prefix.rstrip("/") or "/")
        parts = urlsplit(url)
    elif parts.scheme or parts.netloc or url.startswith("/"):
        return f"<{tag}> {url} is not relative (breaks under file://)"
    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    if target.is_dir():
        target = target / "index.html"
    if not target.is_file():
        return f"<{tag}> {url}: no such file on the site"
    if parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in _read(target).ids:
        return f"<{tag}> {url}: {target.relative_to(site).as_posix()} has no #{unquote(parts.fragment)}"
    return None

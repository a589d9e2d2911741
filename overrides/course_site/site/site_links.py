"""Every link in the built site leads somewhere: each local href and src names a published file,
each #anchor exists on its page, and nothing loads from outside the site.

MkDocs checks the links of Markdown pages only (and their anchors only at `validation.anchors:
warn`); notebook cells and quizzes reach the page as HTML it never sees.  So the whole site is
checked once, after the last language pass, with the standard library's HTML tokenizer (no tree:
only ids and links are needed, and this runs on every build).  The tests use the same function.

A page is read once per build, not once per use: `read_links` gives what both this check and
published.used_by_page need, and `LinkReadings` keeps each reading by the hash of the page's
bytes, so a page the build wrote as it was read (on_post_page) is not read again here, and an
unchanged page is not read again by the next build (its links are still checked, every one).
"""

from __future__ import annotations

import hashlib
import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

from .. import addresses
from .page_cache import PageCache

# The attribute of each element that makes the browser follow or fetch a URL.
LINKING = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src"}
# Any element's attributes that name a file of the site (published.used_by_page).
ADDRESSES = ("href", "src", "data-dark-href", "srcset")
NOT_FOUND = "404.html"


@dataclass(frozen=True)
class PageLinks:
    ids: frozenset[str]
    links: tuple[tuple[str, str, tuple[str, ...]], ...]  # (tag, url, rel) of LINKING
    addresses: tuple[tuple[str, str], ...]  # (attribute, value) of ADDRESSES, on any element


class _PageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, tuple[str, ...]]] = []
        self.addresses: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        attribute = LINKING.get(tag)
        if attribute and attribute in values:
            self.links.append((tag, values[attribute], tuple(values.get("rel", "").split())))
        self.addresses += [(name, value) for name, value in attrs if name in ADDRESSES and value]


def read_links(html: str) -> PageLinks:
    reader = _PageReader()
    reader.feed(html)
    reader.close()
    return PageLinks(frozenset(reader.ids), tuple(reader.links), tuple(reader.addresses))


class LinkReadings:
    """Each page's reading, by the hash of its bytes; `kept`: readings of earlier builds (and the
    pages as written, by the template's page: `written`)."""

    def __init__(self, kept: PageCache | None = None) -> None:
        self.kept = kept if kept is not None else PageCache(None, "")

    def of_text(self, html: str) -> PageLinks:
        return self._reading(_digest(html), html)

    def of_file(self, path: Path) -> PageLinks:
        return self.of_text(path.read_bytes().decode("utf-8"))

    def written(self, html: str, write: Callable[[str], str]) -> tuple[str, PageLinks]:
        """The page as written (`write(html)`, the same every time for the same page) and its
        reading, kept by the hash of `html`."""
        key = self.kept.key("written", _digest(html))
        found = self.kept.get(key)
        if found is None:
            text = write(html)
            found = {"text": text, "digest": _digest(text)}
            self.kept.put(key, found)
        return found["text"], self._reading(found["digest"], found["text"])

    def _reading(self, digest: str, html: str) -> PageLinks:
        key = self.kept.key(digest)
        found = self.kept.get(key)
        if found is not None:
            return PageLinks(frozenset(found["ids"]), tuple((tag, url, tuple(rel)) for tag, url, rel in found["links"]),
                             tuple((name, value) for name, value in found["addresses"]))
        reading = read_links(html)
        self.kept.put(key, {"ids": sorted(reading.ids), "links": reading.links, "addresses": reading.addresses})
        return reading


def _digest(html: str) -> str:
    """As MkDocs writes a page (utils.write_file)."""
    return hashlib.sha256(html.encode("utf-8", errors="xmlcharrefreplace")).hexdigest()


def broken_links(site: Path, prefix: str = "/", readings: LinkReadings | None = None) -> list[str]:
    """One line per problem, every page of `site`; `prefix` is the site's path on its host (the
    404 page, served at any depth, links absolutely under it); `readings`: the pages read so far."""
    readings = readings or LinkReadings()
    files = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}
    folders = {posixpath.dirname(name) for name in files}
    folders |= {parent for folder in folders for parent in _parents(folder)}
    pages: dict[str, PageLinks] = {}

    def read(name: str) -> PageLinks:
        if name not in pages:
            pages[name] = readings.of_file(site / name)
        return pages[name]

    where = _Site(files, folders, prefix, read)
    problems = []
    judged: dict[tuple, str | None] = {}  # the same link from the same folder (the navigation's) is judged once
    for here in sorted(name for name in files if name.endswith(".html")):
        for tag, url, rel in read(here).links:
            own = here == NOT_FOUND or not url or url[0] in "#?"  # its target is the page itself, or the 404's
            key = (posixpath.dirname(here), here if own else "", tag, url, rel)
            if key not in judged:
                judged[key] = _problem(where, here, tag, url, rel)
            if judged[key]:
                problems.append(f"{here}: {judged[key]}")
    return problems


def _parents(folder: str):
    while folder:
        folder = posixpath.dirname(folder)
        yield folder


@dataclass(frozen=True)
class _Site:
    files: set[str]  # site-relative, every file of the site
    folders: set[str]  # site-relative, every folder ('' is the site's own)
    prefix: str
    read: object  # site-relative name -> PageLinks


def _problem(site: _Site, here: str, tag: str, url: str, rel: tuple[str, ...]) -> str | None:
    address = addresses.read(url, here)  # as the browser reads it (a backslash, a tab, //host)
    if address.scheme in ("http", "https", "mailto"):
        # Links to other sites, and metadata links (canonical, hreflang), load nothing.
        if tag != "a" and not {"alternate", "canonical"} & set(rel):
            return f"<{tag}> loads {url} from outside the site"
        return None
    if here == NOT_FOUND and url.startswith(site.prefix):
        url = posixpath.relpath(url, site.prefix.rstrip("/") or "/")
        address = addresses.read(url, here)
    elif address.scheme or not address.relative:
        return f"<{tag}> {url} is not relative (breaks under file://)"
    if address.outside:
        return f"<{tag}> {url} leads above the site's folder"
    path, _, fragment = addresses.split_reference(url)
    target = unquote(address.path).rstrip("/") if path else here
    if target in site.folders:
        target = posixpath.join(target, "index.html") if target else "index.html"
    if target not in site.files:
        return f"<{tag}> {url}: no such file on the site"
    if fragment and target.endswith(".html") and unquote(fragment) not in site.read(target).ids:
        return f"<{tag}> {url}: {target} has no #{unquote(fragment)}"
    return None

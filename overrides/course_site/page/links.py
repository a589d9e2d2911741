"""Relative links in notebook pages, rewritten the way MkDocs rewrites them in Markdown pages.

Notebook cells are rendered by nbconvert, so MkDocs never sees their links: `x.ipynb` and
`x.md` become `x.html`, and a language's own file (`a.en.svg`, `x.en.ipynb`, as each notebook
links it for Jupyter) becomes the plain name, which static-i18n publishes in that language's
folder.  Quiz questions and explanations are part of the page by then, so their links too.

Links the site writes itself (the catalog, the end of a chapter, the progress data, downloads)
are made from file paths: `site_href` percent-encodes them, so that a `#`, `?`, `%` or space in
a file name is part of the address and not its fragment or query.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import quote, unquote, urlsplit

from bs4 import BeautifulSoup

from .. import addresses
from ..course.source_links import source_address

LINKING = (("a", "href"), ("img", "src"), ("source", "src"))


def rewrite_relative_links(tree: BeautifulSoup, languages: tuple[str, ...]) -> None:
    for tag, attribute in LINKING:
        for element in tree.find_all(tag, attrs={attribute: True}):
            element[attribute] = site_url_for(element[attribute], languages)


def site_url_for(url: str, languages: tuple[str, ...]) -> str:
    path, query, fragment = addresses.split_reference(url)
    if not addresses.is_relative(url) or not path:
        return url
    if languages:
        path = re.sub(r"\.(%s)(\.[^./]+)$" % "|".join(map(re.escape, languages)), r"\2", path)
    path = re.sub(r"\.(ipynb|md)$", ".html", path)
    return path + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")


# Where a file may be linked from a page: its address, or a `srcset` list of addresses.
ASSETS = (("img", "src"), ("img", "srcset"), ("source", "src"), ("source", "srcset"), ("a", "href"),
          ("video", "src"), ("video", "poster"), ("audio", "src"))
_PAGE = re.compile(r"\.html?$")


def link_untranslated_files(tree: BeautifulSoup, page_url: str, language: str, languages, exists) -> None:
    """On a page of another language than the default (`en/ch/x.html`), a file that has no
    version in that language (`ch/images/a.svg` without `a.en.svg`) is published once, at the
    default language's address (static-i18n falls back to it): link that one.  `exists(path)`:
    whether docs/<path> is a file."""
    if language == languages.default:
        return
    folder = posixpath.dirname(page_url)

    def published(url: str) -> str:
        path, query, fragment = addresses.split_reference(url)
        if not addresses.is_relative(url) or not path:
            return url
        site_path = posixpath.normpath(posixpath.join(folder, unquote(path)))
        prefix = languages.folder(language)
        if not site_path.startswith(prefix) or _PAGE.search(site_path):
            return url
        source = site_path[len(prefix):]
        if exists(languages.translation(source, language)) or not exists(languages.original(source)):
            return url
        path = posixpath.relpath(languages.original(source), folder or ".")
        path = quote(path)
        return path + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")

    for tag, attribute in ASSETS:
        for element in tree.find_all(tag, attrs={attribute: True}):
            value = element[attribute]
            if attribute == "srcset":
                candidates = [c.strip().split(None, 1) for c in value.split(",") if c.strip()]
                element[attribute] = ", ".join(" ".join([published(c[0]), *c[1:]]) for c in candidates)
            else:
                element[attribute] = published(value)


def unlink_unpublished(tree: BeautifulSoup, page_url: str, languages, unpublished, note: str,
                       note_language: str | None = None) -> None:
    """A link to a planned section that is not published (its notebook left out) is its text,
    followed by `note` ("not published yet"): the page stands without the section.  Links are
    read as published (`x.html`, after rewrite_relative_links); `unpublished(source)`: whether
    the default-language page `source` is such a section; `note_language`: the note's, when it is
    not the content's (an untranslated page)."""
    folder = posixpath.dirname(page_url)
    for link in tree.find_all("a", href=True):
        parts = urlsplit(link["href"])
        if parts.scheme or parts.netloc or link["href"].startswith(("/", "#")) or not _PAGE.search(parts.path):
            continue
        site_path = languages.without_folder(posixpath.normpath(posixpath.join(folder, unquote(parts.path))))
        stem = site_path[: -len(".html")]
        if not any(unpublished(stem + suffix) for suffix in (".ipynb", ".md")):
            continue
        text = tree.new_tag("span", attrs={"class": UNPUBLISHED_CLASS})
        text.extend(list(link.contents))
        label = tree.new_tag("span", attrs={"class": f"{UNPUBLISHED_CLASS}__note",
                                            **({"lang": note_language} if note_language else {})})
        label.string = note
        link.replace_with(text)
        text.insert_after(label)
        text.insert_after(" ")


UNPUBLISHED_CLASS = "course-unpublished"


def link_to_source(tree: BeautifulSoup, page_source: str, course_folder: str, source: str | None) -> None:
    """A notebook's links (`<a href>`) that leave docs/, led to the course's source."""
    for link in tree.find_all("a", href=True):
        address = source_address(link["href"], page_source, course_folder, source)
        if address:
            link["href"] = address


def site_href(target: str, here: str) -> str:
    """The address of the site file `target` (a site-relative path, as on disk) from the page at
    `here` (its URL, percent-encoded as MkDocs writes it): relative, percent-encoded."""
    return quote(posixpath.relpath(target, posixpath.dirname(unquote(here)) or "."), safe="/")

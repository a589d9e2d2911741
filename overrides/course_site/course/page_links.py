"""What each page's Markdown names, read before any page is built: its titles, and the addresses
of its links and images, as Jupyter renders a notebook's Markdown cells (CommonMark with tables,
markdown-it; raw HTML read by the standard library's parser) and MkDocs a Markdown page.

From them the course check knows, for the whole course at once, what the build will find page by
page: a notebook without a title, a link to a file the course does not have (with the name it
likely meant), a link out of docs/ (unless its course names the repository it comes from, where
the link then leads) or to a page outside the plan, and which figures the site
publishes (a page shows them: their checks apply; a figure no page shows stays in its chapter's
folder).  A link to a section the plan leaves out is no problem: the page shows it as text
(page/links.py).  Anchors are not predicted: the build's link check (site/site_links.py) reads
every built page.
"""

from __future__ import annotations

import difflib
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

from markdown_it import MarkdownIt
from mkdocs.utils import meta

from ..errors import SiteError
from ..languages import Languages
from .inventory import PAGE_SUFFIXES, CourseInventory
from .plan import CoursePlan

_MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])
# Attributes whose value the browser follows or fetches, on any element.
_ADDRESSES = ("href", "src", "srcset", "poster")


@dataclass(frozen=True)
class PageMarkdown:
    titles: tuple[str, ...]  # first-level headings, in order
    addresses: tuple[str, ...]  # of Markdown's links and images, as written
    html_addresses: tuple[str, ...] = ()  # of raw HTML's (a Markdown page's are relative to where it is built)


def read_markdown(texts: Iterable[str]) -> PageMarkdown:
    """The titles and addresses of a page's Markdown (a notebook's cells, one text each)."""
    titles, addresses, html_addresses = [], [], []
    for text in texts:
        tokens = _MARKDOWN.parse(text)
        for index, token in enumerate(tokens):
            if token.type == "heading_open" and token.tag == "h1":
                titles.append(tokens[index + 1].content.strip())
            for child in [token, *(token.children or [])]:
                if child.type == "link_open":
                    addresses.append(str(child.attrs.get("href", "")))
                elif child.type == "image":
                    addresses.append(str(child.attrs.get("src", "")))
                elif child.type in ("html_inline", "html_block"):
                    reader = _HTMLAddresses()
                    reader.feed(child.content)
                    titles += reader.titles
                    html_addresses += reader.addresses
    return PageMarkdown(tuple(titles), tuple(a for a in addresses if a), tuple(a for a in html_addresses if a))


class _HTMLAddresses(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.addresses: list[str] = []
        self.titles: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in _ADDRESSES and value:
                self.addresses += ([part.split()[0] for part in value.split(",") if part.strip()]
                                   if name == "srcset" else [value])
        self._in_title = tag == "h1"
        if self._in_title:
            self.titles.append("")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.titles[-1] += data

    def handle_endtag(self, tag: str) -> None:
        self._in_title = self._in_title and tag != "h1"


def page_markdown(inventory: CourseInventory, source: str) -> PageMarkdown:
    """A page of docs/ read: a notebook's Markdown cells, or a Markdown page without its front matter."""
    if source.endswith(".ipynb"):
        cells = inventory.notebook(source).cells
        return read_markdown(cell.source for cell in cells if cell.cell_type == "markdown")
    text, _ = meta.get_data(inventory.text(source).removeprefix("\ufeff"))
    return read_markdown([text])


def target_of(source: str, address: str) -> str | None:
    """The docs-relative path a relative address of the page `source` leads to (`..` kept when it
    leaves docs/), or None for an address of another site, an anchor on the page or an absolute path."""
    parts = urlsplit(address)
    if parts.scheme or parts.netloc or address.startswith(("/", "#")) or not parts.path:
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), unquote(parts.path)))


@dataclass(frozen=True)
class PageReadings:
    """Every published page's Markdown, by its source (every language)."""

    pages: dict[str, PageMarkdown]

    def used_files(self, languages: Languages) -> set[str]:
        """The files of docs/ a page links or shows, in every language's version the site can
        show there (`a.svg` for an English page that names `a.en.svg` without one, and the reverse)."""
        used = set()
        for source, page in self.pages.items():
            for address in page.addresses + page.html_addresses:
                target = target_of(source, address)
                if target is not None:
                    used |= {target, languages.original(target),
                             *(languages.translation(languages.original(target), code) for code in languages.codes)}
        return used


def read_pages(inventory: CourseInventory) -> PageReadings:
    """Every published page of the course read (one that cannot be is left to the notebook check,
    which names why)."""
    pages = {}
    for source in inventory.pages():
        try:
            pages[source] = page_markdown(inventory, source)
        except Exception:  # noqa: BLE001 - the notebook check names what is wrong with the file
            continue
    return PageReadings(pages)


def title_problems(readings: PageReadings, plan: CoursePlan, languages: Languages, docs: str) -> list[SiteError]:
    """A notebook of a chapter must have a title (a first-level heading): the page shows it."""
    return [SiteError("the page has no title (a first-level heading, `# …`)", where=f"{docs}/{source}",
                      expected=f"# {plan.title(languages.original(source), languages.of(source)) or '…'} at its top")
            for source, page in readings.pages.items()
            if source.endswith(".ipynb") and not page.titles and plan.chapter_of(languages.original(source))]


def link_problems(readings: PageReadings, inventory: CourseInventory, plan: CoursePlan,
                  languages: Languages) -> list[SiteError]:
    """Each link or image of a page that the built page would have broken: to a file the course
    does not have, out of docs/, or to a page that is neither the plan's nor a section it leaves out."""
    docs = inventory.docs_dir.name
    problems = []
    pages = plan.sources()
    for source, page in readings.pages.items():
        # A notebook's raw HTML is linked as its Markdown is (page/links.py); a Markdown page's is
        # left as written, relative to where the page is built, and may name what the build writes.
        written = page.addresses + page.html_addresses if source.endswith(".ipynb") else page.addresses
        for address in dict.fromkeys(written):
            target = target_of(source, address)
            if target is None:
                continue
            course = plan.course_of(languages.original(source))
            if target.startswith("../") and course is not None and course.source:
                continue  # it leads to the course's own repository (course/source_links.py)
            problem = _link_problem(source, target, inventory, pages, plan, languages)
            if problem:
                problems.append(SiteError(f"links {address}: {problem[0]}", where=f"{docs}/{source}", expected=problem[1]))
    return problems


def _link_problem(source: str, target: str, inventory: CourseInventory, pages: set[str], plan: CoursePlan,
                  languages: Languages) -> tuple[str, str] | None:
    original = languages.original(target)
    if target.startswith("../") or target == "..":
        return "the address leaves docs/", "an address of a file in the course's folder, or a full https:// address"
    if original.endswith(PAGE_SUFFIXES):
        if original in pages or plan.not_published(original) is not None:
            return None
        if inventory.has(original):
            return f"{original} is not a page of the site", "a page in the course plan (course.yml), or no link"
    if inventory.has(target) or inventory.has(original) or inventory.under(target):
        return None
    folder = posixpath.dirname(target)
    near = difflib.get_close_matches(posixpath.basename(target),
                                     [posixpath.basename(name) for name in inventory.under(folder)
                                      if posixpath.dirname(name) == folder and name != source], n=1, cutoff=0.6)
    here = f"{inventory.docs_dir.name}/{folder}/" if folder != "." else f"{inventory.docs_dir.name}/"
    return (f"{here} has no {posixpath.basename(target)}",
            f"{posixpath.basename(target)} in {here}, or the link to {near[0]}" if near else
            f"{posixpath.basename(target)} in {here}, or no link")

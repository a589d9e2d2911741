"""Material's search: what it indexes of a page, its language files, its index files and its worker."""

from __future__ import annotations

import copy
import hashlib
import json
import os
from pathlib import Path

from bs4 import BeautifulSoup, Comment, NavigableString, Tag
from mkdocs.structure.files import File, Files

WRITTEN_AGAINST = {"mkdocs-material": "9.8.2"}


# Material's search plugin (9.8.2) skips an element marked `data-search-exclude` when it indexes a
# page, but its parser compares elements by tag name only: the exclusion ends at the first closing
# tag of the same name inside the marked element, and the rest of it is indexed.


SEARCH_EXCLUDE = "data-search-exclude"


def exclude_from_search(element: Tag) -> None:
    """Keep `element`'s text out of the search index.  An element holding another of its own tag
    is not marked itself: its child elements are (each by the same rule), and its own text is
    wrapped in marked <span>s."""
    if element.find(element.name) is None:
        element[SEARCH_EXCLUDE] = ""
        return
    for child in list(element.children):
        if isinstance(child, Tag):
            exclude_from_search(child)
        elif isinstance(child, NavigableString) and not isinstance(child, Comment) and child.strip():
            wrapper = child.wrap(BeautifulSoup("", "html.parser").new_tag("span"))
            exclude_from_search(wrapper)


# Material's search worker (9.8.2) loads lunr's language support for the index's languages: for
# any language but English, or more than one, the stemmer support, lunr.<lang> for each language
# but English, lunr.multi for more than one, and a segmenter for Japanese, Hindi and Thai; nothing
# for English alone (the site's setting: mkdocs.yml).  The site publishes only what it loads.
_LUNR = "assets/javascripts/lunr/"
_SEGMENTERS = {"ja": "tinyseg.js", "jp": "tinyseg.js", "hi": "wordcut.js", "th": "wordcut.js"}


def search_languages(config) -> list[str]:
    search = config.plugins.get("material/search") or config.plugins.get("search")
    return list(search.config.lang or []) if search is not None else []


def unused_theme_files(files: Files, search_languages: list[str], favicon: str) -> list[File]:
    """Material's assets the site never loads: other languages' search support, and the default
    favicon when the site has its own."""
    unused = unused_search_files(files, search_languages)
    default_favicon = "assets/images/favicon.png"
    if favicon != default_favicon:
        unused += [f for f in files if f.src_uri == default_favicon]
    return unused


def unused_search_files(files: Files, search_languages: list[str]) -> list[File]:
    scripts = set()
    for language in search_languages:
        if language in _SEGMENTERS:
            scripts.add(f"{_LUNR}{_SEGMENTERS[language]}")
        if language != "en":
            scripts.add(f"{_LUNR}min/lunr.{language}.min.js")
    if len(search_languages) > 1:
        scripts.add(f"{_LUNR}min/lunr.multi.min.js")
    if scripts:
        scripts.add(f"{_LUNR}min/lunr.stemmer.support.min.js")
    return [f for f in files if f.src_uri.startswith(_LUNR) and f.src_uri not in scripts]


# Material 9.8.2's search, on the page: its bundle reads search/search_index.json (from file://,
# the offline plugin's copy search/search_index.js, `var __index = <the JSON>`) when a page loads,
# starts its worker (assets/javascripts/workers/search.<hash>.min.js) and sends it the index in a
# message.  The site keeps only the configuration in those two files and writes each language's
# documents apart (search_index.py); overrides/assets/javascripts/search.js hands them to the
# worker, which it starts when the reader first uses search (it knows the worker's messages).
# Material 9.8.2's search worker cuts Chinese: it replaces each run of Han characters in a query with
# the indexed words it finds in the run (integrations/search/query/segment), but never tries a
# word that ends the run, so 融合策略 was searched as 融合 alone and 昇腾 as 昇.  search.js cuts the
# reader's Chinese into the index's words itself and writes U+3007 (〇) after each: a Han
# character, so the worker tries the whole word, and a separator of the index (mkdocs.yml), so
# it is in no indexed word and drops out of the query.  It also knows that Material's search box
# reads the query on keyup only.  A new Material: recheck both in the worker and the bundle.
# Material 9.8.2's search plugin indexes every page of every build: it reads the page's HTML
# into sections (its Parser) and cuts their Chinese with jieba (SearchIndex.add_entry_from_context),
# the largest single cost of a warm build or a serve rebuild.  What it adds for a page is a function
# of the page's URL, title, front matter (search, tags, title), table of contents (ids and
# anchors) and HTML alone, with jieba's own dictionary; so the build keeps each page's entries by
# those, in memory and in a file beside the notebook cache, for the next build, and the search
# index is the one Material would write.  With a dictionary of the site's own (search.jieba_dict or
# jieba_dict_user in mkdocs.yml) nothing is kept: Material indexes every page itself.
_search_entries: SearchEntries | None = None


class SearchEntries:
    """Each page's entries by its key, kept as JSON in `path`; `name(key)`: the key under the
    machine's secret (site/caches.py keyed), since an entry reaches the search results as HTML."""

    def __init__(self, path: Path, made_by: str, known: dict[str, list[dict]] | None = None,
                 name=lambda key: key) -> None:
        self.path, self.made_by, self.name = path, made_by, name
        self.known: dict[str, list[dict]] = known if known is not None else {}
        self.used: set[str] = set()
        if known is not None:  # the last build's, in this process (mkdocs serve)
            return
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            if kept["made_by"] == name(made_by):  # made by the same Material, jieba and code, on this machine
                self.known = kept["entries"]
        except (FileNotFoundError, ValueError, KeyError, TypeError):
            pass

    def save(self) -> None:
        """Keep the entries of this build's pages, nothing else (the file does not grow with edits)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(self.path.name + f".{os.getpid()}")
        kept = {"made_by": self.name(self.made_by), "entries": {key: self.known[key] for key in self.used}}
        partial.write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")
        partial.replace(self.path)


def _search_key(page) -> str:
    def anchors(toc) -> list:
        return [(item.id, item.url, anchors(item.children)) for item in toc]

    meta = {name: page.meta.get(name) for name in ("search", "tags", "title")}
    what = repr((page.url, page.title, meta, anchors(page.toc))) + "\0" + page.content
    return hashlib.sha256(what.encode("utf-8", errors="surrogatepass")).hexdigest()


def keep_search_entries(config, path: Path, made_by: str, name=lambda key: key) -> SearchEntries | None:
    """From now on, Material's search indexes each page once (see above); None: as it does."""
    global _search_entries
    from material.plugins.search.plugin import SearchIndex

    search = config.plugins.get("material/search") or config.plugins.get("search")
    own_dictionary = search is not None and (search.config.get("jieba_dict") or search.config.get("jieba_dict_user"))
    last = _search_entries
    known = last.known if last is not None and (last.path, last.made_by) == (path, made_by) else None
    _search_entries = None if search is None or own_dictionary else SearchEntries(path, made_by, known, name)
    original = SearchIndex.__dict__.get("_course_indexed_by_material", SearchIndex.add_entry_from_context)
    SearchIndex._course_indexed_by_material = original

    def add_entry_from_context(index, page):
        kept = _search_entries
        if kept is None:
            return original(index, page)
        key = kept.name(_search_key(page))
        if key not in kept.known:
            before = len(index.entries)
            original(index, page)
            kept.known[key] = copy.deepcopy(index.entries[before:])
        else:
            index.entries.extend(copy.deepcopy(kept.known[key]))
        kept.used.add(key)

    SearchIndex.add_entry_from_context = add_entry_from_context
    return _search_entries


SEARCH_INDEX = "search/search_index.json"
SEARCH_INDEX_SCRIPT = "search/search_index.js"
_OFFLINE_SCRIPT_PREFIX = "var __index = "


def read_search_index(site: Path) -> dict | None:
    path = site / SEARCH_INDEX
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def write_search_index(site: Path, index: dict) -> None:
    """Material's own index files, with `index` in them (the script only when the offline plugin
    wrote one)."""
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    (site / SEARCH_INDEX).write_text(data, encoding="utf-8")
    script = site / SEARCH_INDEX_SCRIPT
    if script.is_file():
        script.write_text(_OFFLINE_SCRIPT_PREFIX + data, encoding="utf-8")


def search_worker() -> str:
    """The site path of Material's search worker, whose name changes with every release."""
    import material

    workers = Path(material.__file__).parent / "templates" / "assets" / "javascripts" / "workers"
    found = sorted(workers.glob("search.*.min.js"))
    if len(found) != 1:
        raise RuntimeError(f"expected one Material search worker in {workers}, found {found}: see adapters/material_search.py")
    return f"assets/javascripts/workers/{found[0].name}"

"""Search (issue 8): every word a reader reads on a page is found from the pages of its language,
and only their pages; the index holds what a reader reads and nothing else; each language's index
is fetched when the reader first searches, never on a page load.

The browser tests draw their queries from the pages themselves: words sampled from the visible
text of each page's article, without what the site keeps out of search on purpose (interface
words, folded solutions, the tail of long outputs), searched from a page of the same language.
search.js's pure functions (a word's forms, the rewritten query, the Chinese cut) are tested under
node, from the tables of fixtures/search/ (tests/js/search.test.js, run by test_javascript.py)."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import jieba
import pytest

from browsing import search_results, wait_for_search_ready
from helpers import DEFAULT_LANGUAGE, LANGUAGES, build_small_site, pages_of, search_documents, search_index, soup

SAMPLE = 12  # words per page
IDENTIFIERS = 6  # identifier-like words per page (AUTOFUSE_FLAGS, set_env.sh, --enable_autofuse), at most
# A word as a reader would type it: letters, digits, Chinese, with _ . - inside, or leading dashes.
WORD = re.compile(r"-{0,2}[^\W_](?:[\w.\-]*[^\W_])?")
HAN = re.compile(r"[\u3400-\u9fff]")
IDENTIFIER = re.compile(r"^-|[_.]|[a-z][A-Z]")
# Words that are no form of a longer word ("noted" is not "not" + ed) for the inflection pairs.
FUNCTION_WORDS = set("all and any are but can did for had has her him his how its may nor not now off one our out own "
                     "per she the this too two via was who why yet you".split())
READING_TEXT = """() => {
  const article = document.querySelector("article");
  for (const element of article.querySelectorAll("[data-search-exclude], button, noscript, .headerlink")) element.remove();
  return article.innerText;
}"""


def folder(language: str) -> str:
    return "" if language == DEFAULT_LANGUAGE else f"{language}/"


def language_of_page(page: str) -> str:
    return next((code for code in LANGUAGES[1:] if page.startswith(f"{code}/")), DEFAULT_LANGUAGE)


def words_of(text: str) -> list[str]:
    """The words of a page's text: jieba's for Chinese, whole identifiers for code."""
    words = []
    for match in WORD.findall(text):
        if HAN.search(match):
            words += [w for w in jieba.lcut(match) if WORD.fullmatch(w)]
        else:
            words.append(match)
    return [w for w in words if len(w) > 1 or HAN.match(w)]


_READ: dict[str, str] = {}  # url -> its reading text: pages are read once per run
_READER: dict = {}  # browser -> the one tab that reads them (the text needs no fresh context)


def reading_text(browser, base: str, page: str) -> str:
    if base + page not in _READ:
        if browser not in _READER:
            _READER[browser] = browser.new_context().new_page()
        tab = _READER[browser]
        tab.goto(base + page, wait_until="load")
        _READ[base + page] = tab.evaluate(READING_TEXT)
    return _READ[base + page]


def reading_words(browser, base: str, page: str) -> list[str]:
    return words_of(reading_text(browser, base, page))


def queries_for(page: str, words: list[str]) -> list[str]:
    """A sample of the page's words, in the case as written, upper case or lower case in turn, and
    its identifiers."""
    chooser = random.Random(page)
    distinct = sorted(set(words))
    sample = chooser.sample(distinct, min(SAMPLE, len(distinct)))
    identifiers = [w for w in distinct if IDENTIFIER.search(w)]
    sample += chooser.sample(identifiers, min(IDENTIFIERS, len(identifiers)))
    cased = []
    for number, word in enumerate(dict.fromkeys(sample)):
        cased.append((word, word.upper(), word.lower())[number % 3] if not HAN.search(word) else word)
    return cased


# Records every result Material's search worker sends the page: all of them, where Material's list
# shows ten and adds more only as it is scrolled.  It wraps the Worker constructor before the site's
# search script does (which then creates the real worker through it).
RECORD_RESULTS = """(() => {
  const Real = window.Worker;
  window.__results = [];
  window.Worker = function (url, options) {
    const worker = new Real(url, options);
    worker.addEventListener("message", event => {
      if (event.data && event.data.type === 3)
        window.__results.push(event.data.data.items.flat().map(item => item.location));
    });
    return worker;
  };
  // The site's search script puts its own Worker in place (overrides/assets/javascripts/search.js):
  // the search workers it makes are kept, to be asked directly (Searcher.results_of).
  window.__searchWorkers = [];
  let current = window.Worker;
  Object.defineProperty(window, "Worker", {
    configurable: true,
    get() { return current; },
    set(made) {
      current = function (url, options) {
        const worker = new made(url, options);
        window.__searchWorkers.push(worker);
        return worker;
      };
      current.prototype = made.prototype;
    },
  });
})()"""

# Asks the page's search worker (the site's, which rewrites each query as typed text is
# rewritten) every query in turn, as Material does on each keyup, and returns each one's results.
ASK_WORKER = """async queries => {
  const worker = window.__searchWorkers[window.__searchWorkers.length - 1];
  const answers = [];
  for (const query of queries) {
    const seen = window.__results.length;
    worker.postMessage({ type: 2, data: query });
    while (window.__results.length === seen) await new Promise(resolve => setTimeout(resolve, 2));
    answers.push(window.__results[window.__results.length - 1]);
  }
  return answers;
}"""


class Searcher:
    """One tab per language, on that language's home page, where every query is typed."""

    def __init__(self, browser, base: str):
        self.base = base
        self.context = browser.new_context()
        self.context.add_init_script(RECORD_RESULTS)
        self.tabs = {}
        self.answers: dict[tuple[str, str], list[str]] = {}

    def tab(self, language: str):
        if language not in self.tabs:
            tab = self.context.new_page()
            tab.goto(self.base + folder(language) + "index.html", wait_until="load")
            wait_for_search_ready(tab)
            self.tabs[language] = tab
        return self.tabs[language]

    def results_of(self, language: str, queries: list[str]) -> None:
        """Ask the language's search worker every query at once (no typing: what Material does
        after a keyup); `typed_as_well` shows the answers are those of typing."""
        asked = [query for query in dict.fromkeys(queries) if (language, query) not in self.answers]
        for query, locations in zip(asked, self.tab(language).evaluate(ASK_WORKER, asked)):
            self.answers[(language, query)] = sorted({self.base + location.split("#")[0] for location in locations})

    def typed_as_well(self, language: str, query: str) -> list[str]:
        """`query`'s results typed into the search box, against those the worker gave when asked."""
        asked = self.answers.pop((language, query), None)
        typed = self.results(language, query)
        return [] if asked is None or asked == typed else [f"{query!r}: typed finds {typed[:3]}, asked {asked[:3]}"]

    def results(self, language: str, query: str) -> list[str]:
        """The pages `query` finds, typed into the search box of the language's home page."""
        if (language, query) not in self.answers:
            tab = self.tab(language)
            seen = tab.evaluate("__results.length")
            box = tab.locator("input.md-search__input")
            box.fill(query)
            box.press("End")  # Material reads the query on keyup
            tab.wait_for_function("n => __results.length > n", arg=seen)
            locations = tab.evaluate("__results[__results.length - 1]")
            self.answers[(language, query)] = sorted({self.base + location.split("#")[0] for location in locations})
        return self.answers[(language, query)]

    def problems(self, page: str, query: str) -> list[str]:
        """What is wrong with the results of `query` for `page` (searched from its language)."""
        language = language_of_page(page)
        results = self.results(language, query)
        problems = []
        if self.base + page not in results:
            problems.append(f"{page}: {query!r} does not find the page (found {results[:5]})")
        strays = [r for r in results if language_of_page(r[len(self.base):]) != language]
        if strays:
            problems.append(f"{page}: {query!r} finds pages in another language: {strays[:3]}")
        return problems

    def close(self):
        self.context.close()


@pytest.fixture(params=["real", "edge"])
def served(request, site_dir, http_base, edge_site_dir, edge_http_base):
    """(site folder, its http:// address): the real site, and the edge-case site (untranslated
    pages, cells run at build time)."""
    return (site_dir, http_base) if request.param == "real" else (edge_site_dir, edge_http_base)


def test_every_word_of_a_page_is_found_from_its_language_only(browser, served):
    site, base = served
    searcher = Searcher(browser, base)
    asked = {page: queries_for(page, reading_words(browser, base, page)) for page in pages_of(site)}
    problems = []
    for language in LANGUAGES:
        queries = [query for page, some in asked.items() if language_of_page(page) == language for query in some]
        searcher.results_of(language, queries)
        for query in queries[:: max(1, len(queries) // 5)]:  # a few typed too: the same answers
            problems += searcher.typed_as_well(language, query)
    for page, queries in asked.items():
        for query in queries:
            problems += searcher.problems(page, query)
    searcher.close()
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def inflection_pairs(words_by_page: dict[str, list[str]], limit: int = 30) -> list[tuple[str, str]]:
    """(page, word): a word of the site in another form of one on the page, absent from the page.

    Both forms are words of the same language's pages (so both are real English); the forms are
    the regular ones: plural or third person, past, -ing, in either direction."""
    def forms(word: str) -> set[str]:
        found = {word + "s", word + "es", word + "ed", word + "ing"}
        if word.endswith("e"):
            found |= {word + "d", word[:-1] + "ing"}
        if re.search(r"[^aeiou]y$", word):
            found |= {word[:-1] + "ies", word[:-1] + "ied"}
        for suffix, bases in (("ies", [word[:-3] + "y"]), ("es", [word[:-2]]), ("s", [word[:-1]]),
                              ("ed", [word[:-2], word[:-1]]), ("ing", [word[:-3], word[:-3] + "e"])):
            if word.endswith(suffix):
                found.update(bases)
        return found

    pairs = []
    for language in LANGUAGES:
        pages = {page: {w.lower() for w in words if w.isascii() and w.isalpha() and len(w) >= 3}
                 for page, words in words_by_page.items() if language_of_page(page) == language}
        vocabulary = set().union(*pages.values()) if pages else set()
        found = []
        for page, words in sorted(pages.items()):
            for word in sorted(words - FUNCTION_WORDS):
                for other in sorted(forms(word) & vocabulary - FUNCTION_WORDS):
                    if len(other) >= 3 and not any(w.startswith(other) for w in words):
                        found.append((page, other))
        pairs += random.Random(language).sample(found, min(limit, len(found)))
    return pairs


def test_other_forms_of_an_english_word_find_the_page(browser, site_dir, http_base):
    """enable -> enabled, kernel -> kernels, applies -> apply: a reader types a form the page
    does not use."""
    words = {page: reading_words(browser, http_base, page) for page in pages_of(site_dir)}
    pairs = inflection_pairs(words)
    assert len(pairs) >= 20, pairs
    searcher = Searcher(browser, http_base)
    problems = [problem for page, word in pairs for problem in searcher.problems(page, word)]
    searcher.close()
    assert problems == [], "\n".join(problems)


# -- words the search cuts: Chinese without spaces, identifiers ------------------------------


def pages_in_order(links: list[str], base: str) -> list[str]:
    """The pages of a result list (site-relative), in the order the reader sees them first."""
    return list(dict.fromkeys(link[len(base):].split("#")[0].split("?")[0] for link in links))


def whole_first_problems(browser, base: str, site: Path, language: str, query: str, ranked: list[str]) -> list[str]:
    """What is wrong with the ranking of `query`: every page of the language whose text holds
    the typed word whole must be found, and come before every page found without it."""
    whole = query.lstrip("-").lower()
    holding = {page for page in pages_of(site) if language_of_page(page) == language
               and whole in reading_text(browser, base, page).lower()}
    problems = [f"{query!r} does not find {page}, which holds it" for page in sorted(holding - set(ranked))]
    without = [number for number, page in enumerate(ranked) if page not in holding]
    late = [page for number, page in enumerate(ranked) if page in holding and without and number > without[0]]
    if late:
        problems.append(f"{query!r} ranks {ranked[without[0]]} (without it) above {late}, which hold it: {ranked}")
    return problems


def phrases_of(text: str, chooser: random.Random, count: int) -> list[str]:
    """Runs of two or three Chinese words as written on the page, with no space between them."""
    found = []
    for run in re.findall(r"[\u3400-\u9fff]{4,}", text):
        words = jieba.lcut(run)
        for start in range(len(words) - 1):
            size = chooser.choice((2, 3))
            window = words[start:start + size]
            if len(window) >= 2 and all(len(w) >= 2 for w in window):
                found.append("".join(window))
    found = sorted(set(found))
    return chooser.sample(found, min(count, len(found)))


class RankingSearcher:
    """A tab per language on its home page: the pages a query finds, in the order shown, and the
    terms Material's worker searched for it (each result's matched terms, all results together)."""

    def __init__(self, browser, base: str):
        self.base = base
        self.context = browser.new_context()
        self.context.add_init_script(RECORD_TERMS)
        self.tabs = {}

    def search(self, language: str, query: str) -> tuple[list[str], set[str]]:
        if language not in self.tabs:
            tab = self.context.new_page()
            tab.goto(self.base + folder(language) + "index.html", wait_until="load")
            self.tabs[language] = tab
        tab = self.tabs[language]
        ranked = pages_in_order(search_results(tab, query), self.base)
        return ranked, set(tab.evaluate("__terms[__terms.length - 1]"))

    def close(self):
        self.context.close()


# The terms Material's worker matched, per query (all results'), recorded as RECORD_RESULTS does.
RECORD_TERMS = """(() => {
  const Real = window.Worker;
  window.__terms = [];
  window.Worker = function (url, options) {
    const worker = new Real(url, options);
    worker.addEventListener("message", event => {
      if (event.data && event.data.type === 3)
        window.__terms.push([...new Set(event.data.data.items.flat().flatMap(item => Object.keys(item.terms || {})))]);
    });
    return worker;
  };
})()"""


def test_every_word_of_chinese_typed_without_spaces_counts(browser, site_dir, http_base):
    """融合策略 searches 融合 and 策略 (Material's worker alone searched 融合), and ranks the pages
    that hold 融合策略 first; the phrases are runs of words on the pages."""
    language = "zh"
    pages = [page for page in pages_of(site_dir) if language_of_page(page) == language]
    chooser = random.Random("phrases")
    phrases = {}
    for page in pages:
        for phrase in phrases_of(reading_text(browser, http_base, page), chooser, 1):
            phrases.setdefault(phrase, page)
    # The review's examples, where a page has them (2026-12-security-reliability.md, W2).
    for phrase in ("融合策略", "编译失败", "昇腾"):
        page = next((p for p in pages if phrase in reading_text(browser, http_base, p)), None)
        if page:
            phrases.setdefault(phrase, page)
    assert len(phrases) >= 10, phrases
    searcher = RankingSearcher(browser, http_base)
    problems = []
    for phrase, page in phrases.items():
        ranked, terms = searcher.search(language, phrase)
        unsearched = [c for c in phrase if not any(c in term for term in terms)]
        if unsearched:
            problems.append(f"{phrase!r} searched only {sorted(terms)}")
        problems += whole_first_problems(browser, http_base, site_dir, language, phrase, ranked)
    searcher.close()
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems[:30])


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_identifier_ranks_the_pages_holding_it_whole_first(browser, site_dir, http_base, language):
    """op_summary is searched as op and summary, but a page with op_summary comes before a page
    with "options" and a summary; the identifiers are those of the pages that the search cuts."""
    separator = re.compile(search_index(site_dir, language)["config"]["separator"])
    pages = [page for page in pages_of(site_dir) if language_of_page(page) == language]
    identifiers = sorted({word.lstrip("-") for page in pages for word in reading_words(browser, http_base, page)
                          if not HAN.search(word) and len([p for p in separator.split(word.lstrip("-")) if p]) > 1})
    chosen = random.Random(language).sample(identifiers, min(8, len(identifiers)))
    if "op_summary" in identifiers and "op_summary" not in chosen:
        chosen.append("op_summary")  # the review's example (2026-12-reader-experience.md, M2)
    assert len(chosen) >= 6, identifiers
    searcher = RankingSearcher(browser, http_base)
    problems = []
    for identifier in chosen:
        ranked, _ = searcher.search(language, identifier)
        problems += whole_first_problems(browser, http_base, site_dir, language, identifier, ranked)
    searcher.close()
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems)


# Text put into the search box without a key press: each as Chromium's own input would (CDP).
def insert_as_voice(tab, cdp, box, text):
    cdp.send("Input.insertText", {"text": text})


def insert_by_input_method(tab, cdp, box, text):
    cdp.send("Input.imeSetComposition", {"text": "pinyin", "selectionStart": 6, "selectionEnd": 6})
    cdp.send("Input.insertText", {"text": text})  # commits the composition


def drop(tab, cdp, box, text):
    area = box.bounding_box()
    point = {"x": area["x"] + area["width"] / 2, "y": area["y"] + area["height"] / 2}
    data = {"items": [{"mimeType": "text/plain", "data": text}], "dragOperationsMask": 1}
    for kind in ("dragEnter", "dragOver", "drop"):
        cdp.send("Input.dispatchDragEvent", {"type": kind, **point, "data": data})


def paste_from_menu(tab, cdp, box, text):
    tab.evaluate("text => navigator.clipboard.writeText(text)", text)
    # The editing command alone, as the context menu's "Paste" runs it: no key is let go.
    cdp.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", "commands": ["paste"], "key": "", "windowsVirtualKeyCode": 0})


@pytest.mark.parametrize("arrives", [insert_as_voice, insert_by_input_method, drop, paste_from_menu],
                         ids=["voice", "input-method", "drop", "paste"])
@pytest.mark.parametrize("mode, language", [("http", "zh"), ("file", "en")])  # each way in each language
def test_text_that_arrives_without_a_key_press_starts_a_search(browser, http_base, file_base, mode, language, arrives):
    base = http_base if mode == "http" else file_base
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    tab = context.new_page()
    tab.goto(base + folder(language) + "01_basic_overview/01.02_autofuse_introduction.html", wait_until="load")
    title = tab.evaluate("document.querySelector('article h1').firstChild.textContent.trim()")
    wait_for_search_ready(tab)
    box = tab.locator("input.md-search__input")
    arrives(tab, context.new_cdp_session(tab), box, title)
    assert box.input_value() == title
    tab.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=15_000)
    found = tab.eval_on_selector_all(".md-search-result__item > a", "links => links.map(a => a.href)")
    context.close()
    assert any("01.02_autofuse_introduction.html" in link for link in found), (language, title, found[:5])


# -- what is fetched, and when ---------------------------------------------------------------


def requests_of(browser, url: str, use_search: bool) -> list[str]:
    """What a page requests: until Material has read its index file (the last thing it fetches
    on its own), then, with `use_search`, until the reader's first search is ready."""
    context = browser.new_context()
    tab = context.new_page()
    requested: list[str] = []
    tab.on("request", lambda request: requested.append(request.url))
    with tab.expect_request_finished(lambda request: "/search/search_index.js" in request.url
                                     or "/search/search_index.json" in request.url):
        tab.goto(url, wait_until="load")
    if use_search:
        wait_for_search_ready(tab)
    context.close()
    return requested


def search_files(requested: list[str]) -> list[str]:
    return sorted({url.split("?")[0].rsplit("/", 1)[-1] for url in requested
                   if "/search/search_index" in url or "/workers/search." in url})


@pytest.mark.parametrize("mode", ["http", "file"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_of_the_page_language_alone_is_fetched_when_search_is_first_used(
        browser, http_base, file_base, site_dir, mode, language):
    base = http_base if mode == "http" else file_base
    url = base + folder(language) + "01_basic_overview/01.02_autofuse_introduction.html"
    stub = "search_index.json" if mode == "http" else "search_index.js"
    assert search_files(requests_of(browser, url, use_search=False)) == [stub]
    worker = next((site_dir / "assets" / "javascripts" / "workers").glob("search.*.js")).name
    assert search_files(requests_of(browser, url, use_search=True)) == sorted(
        [stub, f"search_index.{language}.js", worker])


# -- what the index holds --------------------------------------------------------------------


def test_material_index_files_hold_the_configuration_only(site_dir):
    material = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert material["docs"] == [] and material["config"]["pipeline"] == []
    script = (site_dir / "search" / "search_index.js").read_text(encoding="utf-8")
    assert json.loads(script.removeprefix("var __index = ")) == material


def test_each_language_index_holds_that_language_pages_and_every_one_of_them(site_dir):
    for language in LANGUAGES:
        index = search_index(site_dir, language)
        locations = {doc["location"].split("#")[0] for doc in index["docs"]}
        assert {language_of_page(location) for location in locations} == {language}
        pages = {page for page in pages_of(site_dir) if language_of_page(page) == language}
        assert locations == pages


def indexed_text(doc: dict) -> str:
    """A document's text as words: without markup, escapes and jieba's zero-width spaces."""
    text = html.unescape(re.sub(r"<[^>]+>", "", doc["text"])).replace("\u200b", "")
    return " ".join(text.split())


def interface_texts(site: Path) -> set[str]:
    texts = set()
    for page in pages_of(site):
        for element in soup(site / page).select("article button, article [aria-live], article [hidden]"):
            text = " ".join(element.get_text(" ").split())
            if text:
                texts.add(text)
    return texts


def test_the_index_holds_no_interface_words(site_dir):
    texts = interface_texts(site_dir)
    assert texts, "the site has no buttons?"
    index = " ".join(indexed_text(doc) for doc in search_documents(site_dir))
    assert [text for text in sorted(texts) if text in index] == []


def test_what_a_page_keeps_out_of_search_is_not_in_the_index(site_dir):
    """Folded solutions, notices for maintainers, interface words: nothing of what a page marks
    `data-search-exclude` reaches the index, however deeply it is nested."""
    problems = []
    documents = search_documents(site_dir)
    for page in pages_of(site_dir):
        text = " ".join(indexed_text(doc) for doc in documents if doc["location"].split("#")[0] == page)
        for element in soup(site_dir / page).select("article [data-search-exclude]"):
            words = " ".join(element.get_text().split())
            if len(words) >= 40 and words in text:
                problems.append(f"{page}: {words[:60]!r}")
    assert problems == [], problems[:20]


def test_table_cells_are_indexed_apart(site_dir):
    """The catalog: "1.1 Chapter introduction" and "Coming soon" are two cells, not one word."""
    problems = []
    for page in pages_of(site_dir):
        text = " ".join(indexed_text(doc) for doc in search_documents(site_dir) if doc["location"].split("#")[0] == page)
        for cell in soup(site_dir / page).select("article td, article th"):
            if cell.find_parent(attrs={"data-search-exclude": True}) is not None:
                continue
            words = " ".join(cell.get_text().split())
            if words and not re.search(r"(^|[^\w])" + re.escape(words) + r"($|[^\w])", text):
                problems.append(f"{page}: {words!r}")
    assert problems == []


def test_a_long_output_adds_only_its_start_to_the_index(tmp_path):
    """A cell that prints as much as a cell the site runs may (19,000 characters): the page shows
    all of it, the index its first lines."""
    notebook = {
        "cells": [
            {"cell_type": "markdown", "id": "t", "metadata": {}, "source": "# 长输出"},
            {"cell_type": "code", "id": "log", "metadata": {"tags": ["run-at-build"]}, "outputs": [],
             "execution_count": None,
             "source": "for i in range(190):\n    print(f'line {i:05d} ' + 'x' * 89)"},
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    result = build_small_site(
        tmp_path, {"index.md": "# 首页\n", "index.en.md": "# Home\n", "ch/x.ipynb": json.dumps(notebook),
                   "ch/x.en.ipynb": json.dumps(notebook)},
        course="[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.ipynb, title: {zh: 长输出, en: 长输出}}]}]",
    )
    assert result.returncode == 0, result.stderr[-3000:]
    site = tmp_path / "site"
    assert "line 00189" in (site / "ch" / "x.html").read_text(encoding="utf-8")
    index = json.dumps(search_documents(site, ("zh",)), ensure_ascii=False)
    assert "line 00000" in index and "line 00189" not in index
    assert len(index.encode("utf-8")) < 5_000


# -- site data refused -----------------------------------------------------------------------

# As when a reader blocks cookies for the site: reading either storage throws.
REFUSE_SITE_DATA = """for (const name of ["localStorage", "sessionStorage"])
  Object.defineProperty(window, name, { configurable: true,
    get() { throw new DOMException("Access is denied for this document.", "SecurityError"); } });"""


@pytest.mark.parametrize("mode", ["http", "file"])
def test_search_navigation_and_colour_scheme_work_when_site_data_is_refused(browser, http_base, file_base, mode):
    base = http_base if mode == "http" else file_base
    context = browser.new_context()
    context.add_init_script(REFUSE_SITE_DATA)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(base + "en/glossary.html", wait_until="load")
    assert tab.evaluate("() => { try { localStorage.length; return false } catch (e) { return true } }")
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    before = tab.evaluate(scheme)
    tab.locator("form.md-header__option label:not([hidden])").click()
    tab.wait_for_function(f"before => {scheme} !== before", arg=before)
    results = search_results(tab, "AutoFuse")
    assert results and all(href.startswith(base + "en/") for href in results)
    tab.keyboard.press("Escape")  # close search
    tab.locator("a.md-footer__link--prev").click()
    tab.wait_for_load_state("load")
    assert tab.url != base + "en/glossary.html"
    assert search_results(tab, "fusion")
    context.close()
    assert errors == []


# -- garbage in site data --------------------------------------------------------------------

# What another version, an extension or a hand edit may leave under Material's keys: not JSON,
# JSON of another shape, a palette option or colour this site does not have.
GARBAGE = [
    {"__palette": "{garbage", "__tabs": "{garbage"},
    {"__palette": '{"index": "dark", "color": 7}', "__tabs": "7"},
    {"__palette": "[1]", "__tabs": '{"a": 1}'},
    {"__palette": '{"index": 9, "color": {"scheme": "slate"}}', "__tabs": "[1, 2]"},
    {"__palette": '{"index": 0, "color": {"media": "(prefers-color-scheme)", "scheme": "slate"}}', "__tabs": "null"},
]


# Each way of serving once, each language once: the keys are the site's (one scope for both
# languages), and file:// keeps its data apart from http://.
@pytest.mark.parametrize("mode, language", [("http", "zh"), ("file", "en")])
def test_garbage_under_material_keys_resets_the_preference_and_breaks_nothing(browser, http_base, file_base, mode, language):
    base = http_base if mode == "http" else file_base
    url = base + folder(language) + "01_basic_overview/01.02_autofuse_introduction.html"
    context = browser.new_context()
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(url, wait_until="load")
    scope = tab.evaluate("__md_scope.pathname")
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    for garbage in GARBAGE:
        tab.evaluate("([scope, garbage]) => { for (const [key, value] of Object.entries(garbage))"
                     " localStorage.setItem(scope + '.' + key, value); }", [scope, garbage])
        tab.reload(wait_until="load")
        # The preference is reset: the scheme of the reader's system (light here), and the toggle works.
        assert tab.evaluate(scheme) == "default", garbage
        tab.locator("form.md-header__option label:not([hidden])").click()
        tab.wait_for_function(f"() => {scheme} === 'slate'")
        assert json.loads(tab.evaluate("k => localStorage.getItem(k)", scope + ".__palette"))["color"]["scheme"] == "slate"
        assert search_results(tab, "AutoFuse"), garbage
        tab.keyboard.press("Escape")
        assert errors == [], (garbage, errors)
    context.close()

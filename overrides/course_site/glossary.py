"""The course glossary (docs/glossary.yml): its page in each language, and a link on the first use
of each term on every other page, with the definition as its tooltip.

A use is one of the forms the entry lists under `uses`, matched whole (a Latin form is not part of
a longer word or identifier), case-sensitively, in running text: not in code, headings, links,
quiz forms or notices.  The longest use wins wherever uses overlap, on every occurrence: "Auto
Tiling" is one use of its own entry, never "Auto" and a use of "Tiling", even after its first use
was linked.

The page lists the entries in the reader's order: Chinese by the pinyin of each term (Latin terms
by their letters), other languages alphabetically; an index of initials leads to each letter, and
each entry has its own anchor (#term-<id>).
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml
from bs4 import BeautifulSoup, NavigableString, Tag

from .errors import SiteError
from .strings import fill

SOURCE = "glossary.yml"  # in docs/
PAGE = "glossary.md"
MARKER = "glossary"  # <!-- glossary --> on the glossary page
ANCHOR_PREFIX = "term-"
# Where a term is not linked: code, headings, links, the quiz, the notices and the home page's
# catalog (a list of links, where a term's underline would read as one more section to open).
SKIPPED = {"a", "code", "pre", "kbd", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "button", "label", "legend"}
SKIPPED_CLASSES = {"quiz", "quiz-solutions", "untranslated-notice", "glossary", "headerlink", "cell-output",
                   "course-catalog"}
FIELDS = {"term", "uses", "definition", "avoid"}
LETTER_PREFIX = "letter-"


@dataclass(frozen=True)
class Entry:
    id: str
    term: str
    uses: tuple[str, ...]
    definition: str


@dataclass(frozen=True)
class Glossary:
    entries: Mapping[str, tuple[Entry, ...]]  # by language, in the file's order

    def render(self, language: str, others: Mapping[str, str], labels: Mapping[str, str]) -> str:
        """The glossary page's list, in the reader's order: an index of initials, then per letter
        each term with its anchor, its definition and its name in the other languages."""
        by_id = {code: {e.id: e for e in entries} for code, entries in self.entries.items()}
        groups: dict[str, list[Entry]] = {}
        for entry in sorted(self.entries[language], key=lambda e: sort_key(language, e.term)):
            groups.setdefault(initial(language, entry.term), []).append(entry)
        index = " ".join(f'<a href="#{LETTER_PREFIX}{letter}">{letter}</a>' for letter in groups)
        parts = [f'<nav class="glossary__index" aria-label="{html.escape(labels["glossary_index"])}">{index}</nav>']
        for letter, entries in groups.items():
            parts.append(f'<h2 class="glossary__letter" id="{LETTER_PREFIX}{letter}">{letter}</h2>')
            parts.append('<dl class="glossary">')
            for entry in entries:
                anchor = f"{ANCHOR_PREFIX}{html.escape(entry.id)}"
                permalink = html.escape(fill(labels["glossary_permalink"], term=entry.term))
                parts.append(
                    f'<dt id="{anchor}">{html.escape(entry.term)}'
                    f' <a class="headerlink" href="#{anchor}" title="{permalink}" aria-label="{permalink}">¶</a></dt>'
                )
                also = "; ".join(
                    f'<span lang="{code}">{html.escape(by_id[code][entry.id].term)}</span>'
                    for code in others if code != language and by_id[code][entry.id].term != entry.term
                )
                parts.append(f"<dd><p>{definition_html(entry.definition)}</p>"
                             + (f'<p class="glossary__other">{labels["glossary_other_languages"]}{also}</p>' if also else "")
                             + "</dd>")
            parts.append("</dl>")
        return "\n".join(parts)


# What a definition (plain text, also the links' tooltip) names as code: an option with its value
# (--key=value, and a flag string of several) and a path.  Shown as code on the glossary page, it
# no longer breaks after its "--" on a phone.
_CODE_IN_DEFINITION = re.compile(r"--\w+(?:=[^\s，。；;、）)]*)?(?:;--\w+(?:=[^\s，。；;、）)]*)?)*|\{\w+\}/[\w{}./-]*")


def definition_html(definition: str) -> str:
    parts, last = [], 0
    for match in _CODE_IN_DEFINITION.finditer(definition):
        code = match.group(0).rstrip(".,")  # the sentence's full stop or comma is not the value's
        parts += [html.escape(definition[last:match.start()]), f"<code>{html.escape(code)}</code>"]
        last = match.start() + len(code)
    return "".join(parts) + html.escape(definition[last:])


@functools.cache
def pinyin():
    """pypinyin's `lazy_pinyin`, imported when a Chinese glossary is first sorted: its dictionaries
    take a second to load, which every build without a glossary (most test builds) would pay."""
    from pypinyin import lazy_pinyin, load_phrases_dict

    # Words of the glossary whose reading pypinyin's dictionary gets wrong (重 of 重计算 is chóng, "again").
    load_phrases_dict({"重计算": [["chóng"], ["jì"], ["suàn"]]})
    return lazy_pinyin


def sort_key(language: str, term: str) -> tuple[str, str]:
    """Chinese terms by pinyin (a Latin term by its own letters), others by their letters,
    ignoring case and accents; the term itself breaks ties."""
    if language.split("-")[0] == "zh":
        text = " ".join(part.strip() for part in pinyin()(term) if part.strip())
    else:
        text = term
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    # Words only: brackets and punctuation ("GE（Graph Engine）", "生产者 / 消费者") do not sort.
    return " ".join(re.findall(r"\w+", folded)), term


def initial(language: str, term: str) -> str:
    """The letter an entry is listed under: A–Z, or # for a term that starts otherwise."""
    first = sort_key(language, term)[0][:1].upper()
    return first if "A" <= first <= "Z" else "#"


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML keeps the last of two equal keys without a word: a definition written twice in one
    entry would silently lose the first (the review's D2)."""

    def construct_mapping(self, node, deep=False):
        seen: dict = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} appears twice in one mapping (lines {seen[key] + 1} and "
                    f"{key_node.start_mark.line + 1})", key_node.start_mark)
            seen[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep=deep)


def read_glossary(docs_dir: Path, languages: tuple[str, ...]) -> Glossary | None:
    """The glossary, checked whole: every problem of the file is named at once."""
    path = docs_dir / SOURCE
    if not path.is_file():
        return None
    where = f"{docs_dir.name}/{SOURCE}"
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)
    except yaml.YAMLError as error:
        raise SiteError(f"not valid YAML: {error}", where=where) from None
    terms = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(terms, list):
        raise SiteError("no `terms:` list", where=where, expected="terms: [{id: …, zh: {term: …, definition: …}, …}]")
    problems: list[str] = []
    entries: dict[str, list[Entry]] = {code: [] for code in languages}
    first_with_id: dict[str, int] = {}
    for number, item in enumerate(terms, start=1):
        term_id = item.get("id") if isinstance(item, dict) else None
        if not term_id:
            problems.append(f"entry {number} has no id")
            continue
        if term_id in first_with_id:
            problems.append(f"the id {term_id!r} is used by entries {first_with_id[term_id]} and {number}")
            continue
        first_with_id[term_id] = number
        for code in languages:
            entry = item.get(code)
            if not isinstance(entry, dict) or not entry.get("term") or not entry.get("definition"):
                problems.append(f"entry {term_id} has no {code} term and definition (expected {code}: {{term: …, definition: …}})")
                continue
            unknown = set(entry) - FIELDS
            if unknown:
                problems.append(f"entry {term_id} ({code}) has unknown fields {sorted(unknown)} (expected only {sorted(FIELDS)})")
            entries[code].append(Entry(term_id, entry["term"], tuple(entry.get("uses") or ()), entry["definition"]))
    problems.extend(_repeated_terms(entries))
    if len(problems) == 1:
        raise SiteError(problems[0], where=where)
    if problems:
        raise SiteError(f"{len(problems)} problems:\n  " + "\n  ".join(problems), where=where)
    return Glossary({code: tuple(found) for code, found in entries.items()})


def _repeated_terms(entries: dict[str, list[Entry]]) -> list[str]:
    """Two entries with one heading cannot be told apart on the glossary page."""
    problems = []
    for code, found in entries.items():
        owners: dict[str, list[str]] = {}
        for entry in found:
            owners.setdefault(entry.term, []).append(entry.id)
        problems.extend(f"the {code} term {term!r} is the heading of entries {' and '.join(ids)}"
                        for term, ids in owners.items() if len(ids) > 1)
    return problems


def use_pattern(use: str) -> re.Pattern:
    body = re.escape(use)
    if re.match(r"\w", use[0], re.ASCII):
        body = r"(?<![\w-])" + body
    if re.match(r"\w", use[-1], re.ASCII):
        body += r"(?![\w-])"
    return re.compile(body)


def link_first_uses(tree: BeautifulSoup, entries: tuple[Entry, ...], glossary_href: str) -> int:
    """Wrap the first use of each term on the page in a link to its entry; how many were linked."""
    owners = uses_by_text(entries)
    if not owners:
        return 0
    # One pattern for every use, longest first: at each place the longest use matches, so a
    # shorter term inside a longer one is never found, whether or not the longer one is linked.
    pattern = re.compile("|".join(use_pattern(use).pattern for use in sorted(owners, key=len, reverse=True)))
    linked: set[str] = set()
    for node in list(_prose_nodes(tree)):
        if len(linked) == len(entries):
            break
        _link_in_node(node, pattern, owners, linked, glossary_href)
    return len(linked)


def uses_by_text(entries: tuple[Entry, ...]) -> dict[str, Entry]:
    owners: dict[str, Entry] = {}
    for entry in entries:
        for use in entry.uses:
            if use in owners and owners[use].id != entry.id:
                raise SiteError(f"the use {use!r} is listed by two entries, {owners[use].id} and {entry.id}",
                                where=f"docs/{SOURCE}", expected="each use in one entry only")
            owners[use] = entry
    return owners


def _prose_nodes(tree: BeautifulSoup):
    for node in tree.find_all(string=True):
        if type(node) is not NavigableString or not node.strip():
            continue
        if any(_skipped(parent) for parent in node.parents):
            continue
        yield node


def _skipped(element: Tag) -> bool:
    return element.name in SKIPPED or bool(SKIPPED_CLASSES.intersection(element.get("class") or ()))


def _link_in_node(node: NavigableString, pattern: re.Pattern, owners: Mapping[str, Entry], linked: set[str],
                  glossary_href: str) -> None:
    """Link the first use in the text of a term not linked yet, and go on with the text after it."""
    text = str(node)
    match = next((m for m in pattern.finditer(text) if owners[m.group(0)].id not in linked), None)
    if match is None:
        return
    entry = owners[match.group(0)]
    linked.add(entry.id)
    link = Tag(name="a", attrs={
        "class": "glossary-term", "href": f"{glossary_href}#{ANCHOR_PREFIX}{entry.id}", "title": entry.definition,
    })
    link.string = match.group(0)
    before, after = NavigableString(text[: match.start()]), NavigableString(text[match.end():])
    node.replace_with(before)
    before.insert_after(link)
    link.insert_after(after)
    _link_in_node(after, pattern, owners, linked, glossary_href)

"""The course glossary (docs/glossary.yml): its page in each language, and a link on the first use
of each term on every other page, with the definition as its tooltip.

A use is one of the forms the entry lists under `uses`, matched whole (a Latin form is not part of
a longer word or identifier), case-sensitively, in running text: not in code, headings, links,
quiz forms or notices.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml
from bs4 import BeautifulSoup, NavigableString, Tag

from .errors import SiteError

SOURCE = "glossary.yml"  # in docs/
PAGE = "glossary.md"
MARKER = "glossary"  # <!-- glossary --> on the glossary page
ANCHOR_PREFIX = "term-"
# Where a term is not linked: code, headings, links, the quiz and the notices.
SKIPPED = {"a", "code", "pre", "kbd", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "button", "label", "legend"}
SKIPPED_CLASSES = {"quiz", "quiz-solutions", "untranslated-notice", "glossary", "headerlink", "cell-output"}
FIELDS = {"term", "uses", "definition", "avoid"}


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
        """The glossary page's list: each term, its definition, and its name in the other languages."""
        parts = ['<dl class="glossary">']
        by_id = {code: {e.id: e for e in entries} for code, entries in self.entries.items()}
        for entry in self.entries[language]:
            parts.append(f'<dt id="{ANCHOR_PREFIX}{html.escape(entry.id)}">{html.escape(entry.term)}</dt>')
            also = "; ".join(
                f'<span lang="{code}">{html.escape(by_id[code][entry.id].term)}</span>'
                for code in others if code != language and by_id[code][entry.id].term != entry.term
            )
            parts.append(f"<dd><p>{html.escape(entry.definition)}</p>"
                         + (f'<p class="glossary__other">{labels["glossary_other_languages"]}{also}</p>' if also else "")
                         + "</dd>")
        parts.append("</dl>")
        return "\n".join(parts)


def read_glossary(docs_dir: Path, languages: tuple[str, ...]) -> Glossary | None:
    path = docs_dir / SOURCE
    if not path.is_file():
        return None
    where = f"{docs_dir.name}/{SOURCE}"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise SiteError(f"not valid YAML: {error}", where=where) from None
    terms = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(terms, list):
        raise SiteError("no `terms:` list", where=where, expected="terms: [{id: …, zh: {term: …, definition: …}, …}]")
    entries: dict[str, list[Entry]] = {code: [] for code in languages}
    seen = set()
    for item in terms:
        term_id = item.get("id") if isinstance(item, dict) else None
        if not term_id or term_id in seen:
            raise SiteError(f"an entry has no id, or its id is used twice: {item!r}", where=where)
        seen.add(term_id)
        for code in languages:
            entry = item.get(code)
            if not isinstance(entry, dict) or not entry.get("term") or not entry.get("definition"):
                raise SiteError(f"entry {term_id} has no {code} term and definition", where=where,
                                expected=f"{code}: {{term: …, definition: …}}")
            unknown = set(entry) - FIELDS
            if unknown:
                raise SiteError(f"entry {term_id} ({code}) has unknown fields {sorted(unknown)}", where=where,
                                expected=f"only {sorted(FIELDS)}")
            entries[code].append(Entry(term_id, entry["term"], tuple(entry.get("uses") or ()), entry["definition"]))
    return Glossary({code: tuple(found) for code, found in entries.items()})


def use_pattern(use: str) -> re.Pattern:
    body = re.escape(use)
    if re.match(r"\w", use[0], re.ASCII):
        body = r"(?<![\w-])" + body
    if re.match(r"\w", use[-1], re.ASCII):
        body += r"(?![\w-])"
    return re.compile(body)


def link_first_uses(tree: BeautifulSoup, entries: tuple[Entry, ...], glossary_href: str) -> None:
    """Wrap the first use of each term on the page in a link to its entry."""
    pending = [
        (entry, pattern)
        for entry in entries
        for pattern in sorted((use_pattern(u) for u in entry.uses), key=lambda p: -len(p.pattern))
    ]
    linked: set[str] = set()
    for node in list(_prose_nodes(tree)):
        remaining = [(e, p) for e, p in pending if e.id not in linked]
        if not remaining:
            return
        _link_in_node(node, remaining, linked, glossary_href)


def _prose_nodes(tree: BeautifulSoup):
    for node in tree.find_all(string=True):
        if type(node) is not NavigableString or not node.strip():
            continue
        if any(_skipped(parent) for parent in node.parents):
            continue
        yield node


def _skipped(element: Tag) -> bool:
    return element.name in SKIPPED or bool(SKIPPED_CLASSES.intersection(element.get("class") or ()))


def _link_in_node(node: NavigableString, pending, linked: set[str], glossary_href: str) -> None:
    """Find the earliest use in the text, link it, and go on with the text after it."""
    text = str(node)
    best = None
    for entry, pattern in pending:
        if entry.id in linked:
            continue
        match = pattern.search(text)
        # The earliest use; at the same place the longer term ("GE 路线" before "GE").
        if match and (best is None or (match.start(), -len(match.group(0))) < (best[1].start(), -len(best[1].group(0)))):
            best = (entry, match)
    if best is None:
        return
    entry, match = best
    linked.add(entry.id)
    link = Tag(name="a", attrs={
        "class": "glossary-term", "href": f"{glossary_href}#{ANCHOR_PREFIX}{entry.id}", "title": entry.definition,
    })
    link.string = match.group(0)
    before, after = NavigableString(text[: match.start()]), NavigableString(text[match.end():])
    node.replace_with(before)
    before.insert_after(link)
    link.insert_after(after)
    _link_in_node(after, pending, linked, glossary_href)

"""The course glossary (docs/glossary.yml), read and checked whole: each entry's term, the forms
a page may use it in (`uses`) and its definition, in every language; and the reader's order of
the entries (Chinese by the pinyin of each term, Latin terms by their letters, other languages
alphabetically).  Its page and the links on pages: glossary_terms.py.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

import yaml

from ..errors import SiteError
from .inventory import CourseInventory

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


def read_glossary(inventory: CourseInventory, source: str, languages: tuple[str, ...]) -> Glossary | None:
    """The glossary at the docs-relative `source`, checked whole: every problem of the file is
    named at once; None when the course has no such file."""
    if not inventory.has(source):
        raise SiteError(f"the glossary {source} does not exist", where=f"{inventory.docs_dir.name}/{source}",
                        expected="the glossary file the course's course.yml names, in the course's folder")
    where = f"{inventory.docs_dir.name}/{source}"
    try:
        data = yaml.load(inventory.text(source), Loader=_UniqueKeyLoader)
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
            wrong = [name for name in ("term", "definition") if not isinstance(entry[name], str)]
            wrong += [name for name in ("uses", "avoid") if name in entry and not (
                isinstance(entry[name], list) and all(isinstance(use, str) for use in entry[name]))]
            if wrong:
                problems.append(f"entry {term_id} ({code}): {', '.join(wrong)} is not text (expected term and "
                                "definition as text, uses and avoid as lists of text)")
                continue
            entries[code].append(Entry(term_id, entry["term"], tuple(entry.get("uses") or ()), entry["definition"]))
    problems.extend(_repeated_terms(entries))
    problems.extend(_uses_listed_twice(entries))
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


def uses_by_text(entries: tuple[Entry, ...]) -> dict[str, Entry]:
    """Each use with its entry (read_glossary has checked that no use is listed by two)."""
    return {use: entry for entry in entries for use in entry.uses}


def _uses_listed_twice(entries: dict[str, list[Entry]]) -> list[str]:
    problems = []
    for code, found in entries.items():
        owners: dict[str, str] = {}
        for entry in found:
            for use in entry.uses:
                if use in owners and owners[use] != entry.id:
                    problems.append(f"the {code} use {use!r} is listed by two entries, {owners[use]} and {entry.id} "
                                    "(expected each use in one entry only)")
                owners[use] = entry.id
    return problems

"""The glossary on the site: its page in each language, and a link on the first use of each term on
every other page, with the definition as its tooltip (the glossary itself: glossary.py).

A use is one of the forms the entry lists under `uses`, matched whole (a Latin form is not part of
a longer word or identifier), case-sensitively, in running text: not in code, headings, links,
quiz forms or notices.  The longest use wins wherever uses overlap, on every occurrence: "Auto
Tiling" is one use of its own entry, never "Auto" and a use of "Tiling", even after its first use
was linked.

The page lists the entries in the reader's order (glossary.sort_key); an index of initials leads
to each letter, and each entry has its own anchor (#term-<id>).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from bs4 import BeautifulSoup, NavigableString, Tag

from ..course.glossary import Entry, Glossary, initial, sort_key, uses_by_text
from ..strings import fill

MARKER = "glossary"  # <!-- glossary --> on the glossary page
ANCHOR_PREFIX = "term-"
# Where a term is not linked: code, headings, links, the quiz, the notices and the home page's
# catalog (a list of links, where a term's underline would read as one more section to open).
SKIPPED = {"a", "code", "pre", "kbd", "math", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "button", "label", "legend"}
SKIPPED_CLASSES = {"quiz", "quiz-solutions", "untranslated-notice", "glossary", "headerlink", "cell-output",
                   "course-catalog"}
LETTER_PREFIX = "letter-"


def render_page(glossary: Glossary, language: str, others: Mapping[str, str], labels: Mapping[str, str]) -> str:
    """The glossary page's list, in the reader's order: an index of initials, then per letter
    each term with its anchor, its definition and its name in the other languages."""
    by_id = {code: {e.id: e for e in entries} for code, entries in glossary.entries.items()}
    groups: dict[str, list[Entry]] = {}
    for entry in sorted(glossary.entries[language], key=lambda e: sort_key(language, e.term)):
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

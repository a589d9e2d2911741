"""The JupyterLab stylesheet, once for the whole site instead of inlined in every notebook page.

mkdocs-jupyter inlines about 575 KB of JupyterLab CSS into each notebook page.  The pipeline
takes those <style> blocks out of every page and notes the classes and ids the notebook pages
use; after the last language pass the stylesheet is written once, to NOTEBOOK_CSS, keeping only
the rules that can match something on a notebook page and the custom properties those rules use.
main.html links it from notebook pages only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import tinycss2

from .page_cache import PageCache

NOTEBOOK_CSS = "assets/stylesheets/notebook.css"


@dataclass
class StyleCollector:
    """What every notebook page of one build contributes: its stylesheets and what it uses."""

    sheets: dict[str, None] = field(default_factory=dict)  # insertion-ordered set
    classes: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)

    def add_page(self, sheets: list[str], classes: set[str], ids: set[str]) -> None:
        for css in sheets:
            self.sheets.setdefault(css, None)
        self.classes |= classes
        self.ids |= ids

    def write(self, site_dir: Path, made_before: PageCache | None = None) -> None:
        """`made_before`: stylesheets pruned by earlier builds, by what they were pruned from
        (pruning is a few tenths of a second, and the same for every build while no notebook
        page's classes change)."""
        if not self.sheets:
            return
        css, classes, ids = "\n".join(self.sheets), sorted(self.classes), sorted(self.ids)
        key = made_before.key(css, classes, ids) if made_before else None
        found = made_before.get(key) if made_before else None
        if found is not None:
            pruned = found
        else:
            pruned = prune_stylesheet(css, self.classes, self.ids)
            if made_before:
                made_before.put(key, pruned)
        path = site_dir / NOTEBOOK_CSS
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(pruned, encoding="utf-8")


_NEGATIONS = re.compile(r":(?:not|where|has)\([^()]*\)")
_CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
_ID = re.compile(r"#(-?[_a-zA-Z][\w-]*)")
_VAR_USE = re.compile(r"var\(\s*(--[\w-]+)")


def selector_can_match(selector: str, classes: set[str], ids: set[str]) -> bool:
    """False when the selector needs a class or id that no notebook page has."""
    required = _NEGATIONS.sub("", selector)
    return all(name in classes for name in _CLASS.findall(required)) and all(
        name in ids for name in _ID.findall(required)
    )


def split_selector_list(prelude: str) -> list[str]:
    """Split 'a, b:is(c, d)' at top-level commas only."""
    parts, depth, current = [], 0, []
    for char in prelude:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def _kept_rules(rules, classes, ids) -> list:
    kept = []
    for rule in rules:
        if rule.type == "qualified-rule":
            selectors = split_selector_list(tinycss2.serialize(rule.prelude))
            matching = [s for s in selectors if selector_can_match(s, classes, ids)]
            if matching:
                kept.append([", ".join(matching), tinycss2.serialize(rule.content)])
        elif rule.type == "at-rule" and rule.lower_at_keyword in ("media", "supports"):
            inner = tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True)
            children = _kept_rules(inner, classes, ids)
            if children:
                kept.append([f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}", children])
        elif rule.type == "at-rule" and rule.lower_at_keyword in ("keyframes", "font-face", "charset"):
            continue  # notebook pages use no animation or web font
    return kept


def _drop_unused_properties(rules, used: set[str]) -> None:
    for rule in rules:
        if isinstance(rule[1], list):
            _drop_unused_properties(rule[1], used)
            continue
        declarations = tinycss2.parse_declaration_list(rule[1], skip_comments=True, skip_whitespace=True)
        kept = [
            d for d in declarations
            if d.type == "declaration" and (not d.name.startswith("--") or d.name in used)
        ]
        rule[1] = ";".join(f"{d.name}:{tinycss2.serialize(d.value).strip()}" + (" !important" if d.important else "") for d in kept)


def _serialize(rules) -> str:
    out = []
    for head, body in rules:
        inner = _serialize(body) if isinstance(body, list) else body
        if inner:
            out.append(f"{head}{{{inner}}}")
    return "\n".join(out)


def prune_stylesheet(css: str, classes: set[str], ids: set[str]) -> str:
    rules = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    kept = _kept_rules(rules, classes, ids)
    # Custom properties refer to each other: keep removing unreferenced ones
    # until the set stops shrinking.
    while True:
        text = _serialize(kept)
        used = set(_VAR_USE.findall(text))
        before = len(text)
        _drop_unused_properties(kept, used)
        if len(_serialize(kept)) == before:
            return _serialize(kept) + "\n"

"""Move the notebook CSS out of every notebook page into one shared stylesheet.

mkdocs-jupyter inlines about 575 KB of JupyterLab CSS into each notebook page.
Here the ``<style>`` blocks are taken out of the page, and after the build
they are written once to ``assets/stylesheets/notebook.css``, keeping only
the rules whose classes occur on some notebook page of the site and the
custom properties those rules use.  ``main.html`` links the file from
notebook pages only.
"""

from __future__ import annotations

import re
from pathlib import Path

import tinycss2
from bs4 import BeautifulSoup
from mkdocs.plugins import event_priority

from language_pass import is_first_pass

STYLESHEET = "assets/stylesheets/notebook.css"

_style_blocks: dict[str, None] = {}  # insertion-ordered set
_used_classes: set[str] = set()
_used_ids: set[str] = set()


def is_notebook_page(page) -> bool:
    return page.file.src_uri.endswith(".ipynb")


def on_pre_build(config) -> None:
    if is_first_pass(config):
        _style_blocks.clear()
        _used_classes.clear()
        _used_ids.clear()


@event_priority(50)  # before the other hooks look at the notebook HTML
def on_page_content(html: str, page, config, files) -> str | None:
    if not is_notebook_page(page):
        return None
    soup = BeautifulSoup(html, "html.parser")
    for style in soup.find_all("style"):
        css = style.get_text()
        if not css.lstrip().startswith("["):  # mkdocs-jupyter also emits a Python list repr
            _style_blocks.setdefault(css, None)
        style.decompose()
    return str(soup)


def on_post_page(output: str, page, config) -> str | None:
    if is_notebook_page(page):
        soup = BeautifulSoup(output, "html.parser")
        for element in soup.find_all(True):
            _used_classes.update(element.get("class") or [])
            if element.get("id"):
                _used_ids.add(element["id"])
    return None


def on_post_build(config) -> None:
    if not _style_blocks:
        return
    css = prune_stylesheet("\n".join(_style_blocks), _used_classes, _used_ids)
    path = Path(config.site_dir) / STYLESHEET
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(css, encoding="utf-8")


# --- pruning ---------------------------------------------------------------

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

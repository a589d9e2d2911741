"""The one 404 page, in every language of the site (overrides/404.html).

GitHub Pages serves `/404.html` for any missing address, so the page cannot know its language
when it is built: it carries each language's words, home page, search and "continue" slot
(page/reading_place.py), and a script picks one (overrides/partials/not-found-script.html).
This module gathers what the template needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from ..languages import Languages
from ..course.plan import CoursePlan
from ..page.reading_place import render_slot

NOT_FOUND = "404.html"  # the theme's template, and the page GitHub Pages serves


def not_found_context(*, site_url: str, languages: Languages, strings: Mapping[str, Mapping[str, object]],
                      site_names: Mapping[str, str], plan: CoursePlan, palette_script: str) -> dict:
    root = urlsplit(site_url).path or "/"
    entries = []
    for code in languages.codes:
        words = strings[code]
        home = languages.folder(code) + "index.html"
        entries.append({
            "code": code,
            "folder": languages.folder(code),
            "home": home,
            "site_name": site_names[code],
            "title": f'{words["not_found_title"]} · {site_names[code]}',
            "heading": words["not_found_title"],
            "text": words["not_found_text"],
            "home_label": words["not_found_home"],
            "search_label": words["not_found_search"],
            "search_button": words["not_found_search_button"],
            "others_label": words["other_languages"],
            "continue": render_slot(plan, code, languages, words),
            "others": [{"code": other, "name": languages.names[other], "home": languages.folder(other) + "index.html"}
                       for other in languages.codes if other != code],
        })
    return {
        "root": root,
        "languages": entries,
        "palette_script": palette_script,
        "script": {
            "root": root,
            "default": languages.default,
            "languages": [{"code": e["code"], "folder": e["folder"], "title": e["title"]} for e in entries],
        },
    }

"""The search index: one file per language, fetched when the reader first searches.

Material's search plugin writes one index for the whole site, which static-i18n fills with every
language's pages; a page used to fetch all of it as soon as it loaded.  After the build (the last
thing before the offline package), this module:

- splits it by language, a document going to the language whose folder its location is in (an
  untranslated page shown under `en/` is part of the English site, and found from it), and writes
  each part as `search/search_index.<language>.js`: a script, so that it loads from file:// too,
  which files it under `__courseSearchIndex[<language>]`;
- leaves only the configuration in Material's own index files, which Material's script still
  reads on every page (material_search.write_search_index);
- takes out the word breaks (U+200B) that Chinese segmentation puts next to Chinese punctuation:
  the previews of results are this text, and a line of a preview began with "，".  Punctuation
  separates words for search anyway (the `separator` in mkdocs.yml).

overrides/assets/javascripts/search.js loads the page language's file the first time the reader
uses search and hands its documents to Material's search worker.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..adapters import material_search
from ..languages import Languages

LANGUAGE_INDEX = "search/search_index.{language}.js"
GLOBAL = "__courseSearchIndex"
# A word break before closing or after opening Chinese punctuation (CJK symbols and punctuation,
# full-width forms).
_BREAK_AT_PUNCTUATION = re.compile("\u200b+(?=[\u3001\u3002\u3009\u300b\u300d\u300f\u3011\uff01\uff09\uff0c\uff1a\uff1b\uff1f])"
                                   "|(?<=[\u3008\u300a\u300c\u300e\u3010\uff08])\u200b+")


def without_breaks_at_punctuation(doc: dict) -> dict:
    return {**doc, "text": _BREAK_AT_PUNCTUATION.sub("", doc.get("text", ""))} if "text" in doc else doc


def split(index: dict, languages: Languages) -> dict[str, dict]:
    """Material's index, one per language, each with the same configuration."""
    docs: dict[str, list] = {code: [] for code in languages.codes}
    for doc in index["docs"]:
        docs[languages.of_url(doc["location"])].append(without_breaks_at_punctuation(doc))
    return {code: {"config": index["config"], "docs": docs[code]} for code in languages.codes}


def language_script(language: str, index: dict) -> str:
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    return f"({GLOBAL}=self.{GLOBAL}||{{}})[{json.dumps(language)}]={data};\n"


def write(site: Path, languages: Languages) -> list[Path]:
    """Write each language's index; return their paths (none when search is off)."""
    index = material_search.read_search_index(site)
    if index is None:
        return []
    written = []
    for language, part in split(index, languages).items():
        path = site / LANGUAGE_INDEX.format(language=language)
        path.write_text(language_script(language, part), encoding="utf-8")
        written.append(path)
    material_search.write_search_index(site, {"config": index["config"], "docs": []})
    return written

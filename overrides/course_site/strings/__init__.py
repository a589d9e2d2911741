"""The words of the site, one table per language: `zh.py`, `en.py`.

A table is a module with a `STRINGS` dict; every table has the same keys (the build checks it).
Its `quiz` entry holds the quiz engine's words and grammar for that language: the type markers,
true/false words and labels authors write, and what readers are shown (quizzes/language.py
lists its keys and checks them).
Adding a language to the site means adding it to the i18n plugin's list in mkdocs.yml, adding
its table here, and writing its content: nothing else.  A site may also carry tables of its
own in a `strings/` folder next to its mkdocs.yml (the three-language test site does); those
come first.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..errors import SiteError

BUILT_IN = Path(__file__).resolve().parent
# A placeholder is a name in braces; any other brace is text ("{key: value}" stays as written).
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def fill(template: str, **values: object) -> str:
    """`template` with each {name} replaced by its value.  A name the caller does not give stops
    the build with a SiteError naming it (str.format raised a bare KeyError)."""
    unknown = sorted(set(PLACEHOLDER.findall(template)) - values.keys())
    if unknown:
        raise SiteError(f"the string {template!r} names {', '.join('{' + n + '}' for n in unknown)}",
                        where="a strings table (overrides/course_site/strings/)",
                        expected=f"only {', '.join('{' + n + '}' for n in sorted(values)) or 'no placeholder'} here")
    return PLACEHOLDER.sub(lambda match: str(values[match[1]]), template)


def table_path(language: str, folders: Iterable[Path]) -> Path | None:
    for folder in [*folders, BUILT_IN]:
        path = folder / f"{language}.py"
        if path.is_file():
            return path
    return None


def load_table(language: str, folders: Iterable[Path] = ()) -> Mapping[str, object]:
    path = table_path(language, folders)
    if path is None:
        raise SiteError(
            f"there is no strings table for the language '{language}'",
            expected=f"overrides/course_site/strings/{language}.py with a STRINGS dict, like zh.py",
        )
    spec = importlib.util.spec_from_file_location(f"course_site_strings_{language}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.STRINGS


def load_tables(languages: Iterable[str], folders: Iterable[Path] = ()) -> dict[str, Mapping[str, object]]:
    folders = list(folders)
    tables = {language: load_table(language, folders) for language in languages}
    reference_language, reference = next(iter(tables.items()))
    for language, table in tables.items():
        missing = sorted(set(reference) - set(table))
        extra = sorted(set(table) - set(reference))
        if missing or extra:
            raise SiteError(
                f"the strings table of '{language}' does not have the keys of '{reference_language}'",
                where=str(table_path(language, folders)),
                expected=f"the same keys in every table (missing: {missing}, unknown: {extra})",
            )
    return tables

"""mkdocs-static-i18n: the language passes it runs, and the settings it keeps per language."""

from __future__ import annotations

from markupsafe import Markup

from dataclasses import dataclass

from mkdocs.structure.files import File

from ..languages import Languages

WRITTEN_AGAINST = {"mkdocs-static-i18n": "1.3.1"}


# ---------------------------------------------------------------------------
# mkdocs-static-i18n 1.3.1
#
# It builds the whole site once per language: the default language's build (the "outer" pass)
# runs the other languages' builds from its own on_post_build (priority -100), with every
# plugin event again, and sets `building` while they run.


@dataclass(frozen=True)
class LanguagePass:
    language: str  # the language whose pages this pass builds
    starts_build: bool  # the outer pass: a new `mkdocs build` (or serve rebuild) begins
    is_last: bool  # no pass follows in this build


def site_languages(config) -> Languages:
    """The one list of languages: the i18n plugin's `languages`, default first."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        language = config.theme.get("language", "en")
        return Languages(language, (language,), {language: language})
    default = i18n.default_language
    codes = (default, *(code for code in i18n.build_languages if code != default))
    return Languages(default, codes, {code: i18n.get_language_config(code).name for code in codes})


def language_pass(config) -> LanguagePass:
    """Call from on_config at a priority below -100 (after static-i18n has chosen the pass language)."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return LanguagePass(config.theme.get("language", "en"), True, True)
    # The passes run in `build_languages` order, default first (it is listed first in mkdocs.yml).
    return LanguagePass(i18n.current_language, not i18n.building, i18n.current_language == i18n.build_languages[-1])


def is_inner_pass(config) -> bool:
    i18n = config.plugins.get("i18n")
    return bool(i18n and i18n.building)


def written_in(file: File, languages: Languages) -> str:
    """The language a page's source is in; static-i18n records it on the file as `locale`."""
    return getattr(file, "locale", None) or languages.of(file.src_uri)


def site_names(config, languages: Languages) -> dict[str, str]:
    """Each language's site name: its `site_name` in the i18n plugin's list, else mkdocs.yml's."""
    i18n = config.plugins.get("i18n")
    names = {}
    for code in languages.codes:
        language_config = i18n.get_language_config(code) if i18n is not None else None
        name = (language_config and language_config.site_name) or config.site_name
        # The text itself: config.site_name may be held escaped for Material's templates (material.py).
        names[code] = name.unescape() if isinstance(name, Markup) else name
    return names


def set_language_switcher(config, alternates: list[dict]) -> None:
    """Material's switcher reads config.extra.alternate; static-i18n sets it as an attribute,
    which shadows the mapping key for Jinja, so both are set."""
    config.extra["alternate"] = alternates
    config.extra.alternate = alternates

"""Which language pass of static-i18n is running (shared by the hooks; not a hook itself).

static-i18n builds the whole site once per language, default language first,
and every hook runs in each pass.  Hooks import this module by name: MkDocs
puts a hook's folder on sys.path while it loads the hook.
"""

from __future__ import annotations


def i18n_plugin(config):
    return config.plugins.get("i18n")


def current_language(config) -> str:
    i18n = i18n_plugin(config)
    return i18n.current_language if i18n else config.theme.get("language", "zh")


def is_first_pass(config) -> bool:
    """The default language's pass, which starts every build."""
    i18n = i18n_plugin(config)
    return i18n is None or i18n.current_language == i18n.default_language


def is_last_pass(config) -> bool:
    i18n = i18n_plugin(config)
    return i18n is None or i18n.current_language == i18n.build_languages[-1]


def language_folder(language: str, default: str) -> str:
    """'' for the default language, 'en/' for English: where its pages live."""
    return "" if language == default else f"{language}/"


def current_folder(config) -> str:
    i18n = i18n_plugin(config)
    return "" if i18n is None else language_folder(i18n.current_language, i18n.default_language)

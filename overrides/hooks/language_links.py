"""Link every page to the same page in the other language.

static-i18n's language switcher only knows Markdown pages, and its default
links are absolute ('/en/'), which lead to the file system root under
file://.  Every page is built in every language (an untranslated page falls
back to the original), so the twin of ``en/ch/x.html`` is ``ch/x.html`` and the
other way round.  Links are kept site-relative here; the ``url`` filter in the
templates turns them into page-relative ones.

Also: a page shown in a language it was not written in gets a notice, in the
reader's language, linking to the original; and a translation without an
original in the default language stops the build (it would have no twin).
"""

from __future__ import annotations

import html
import posixpath
from pathlib import Path, PurePosixPath

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from language_pass import i18n_plugin, language_folder

NOTICE = {
    "zh": "本页尚无中文版本，下面显示的是{original}原文。",
    "en": "This page has not been translated into English yet. It is shown in the original {original}.",
}
LANGUAGE_NAMES = {
    "zh": {"zh": "中文", "en": "英文"},
    "en": {"zh": "Chinese", "en": "English"},
}
READ_ORIGINAL = {"zh": "阅读原文页面", "en": "Open the original page"}


def page_path_without_folder(url: str, folder: str) -> str:
    return url[len(folder):] if folder and url.startswith(folder) else url


@event_priority(-300)  # after static-i18n and notebook_pages have settled the files
def on_files(files, config):
    i18n = i18n_plugin(config)
    if i18n is None:
        return files
    languages = i18n.all_languages
    docs_dir = Path(config.docs_dir)
    for file in files:
        suffixes = PurePosixPath(file.src_uri).suffixes
        if len(suffixes) >= 2 and suffixes[-2].lstrip(".") in languages:
            language = suffixes[-2].lstrip(".")
            original = file.src_uri.replace(f".{language}{suffixes[-1]}", suffixes[-1])
            is_page = file.src_uri.endswith((".md", ".ipynb"))
            if is_page and language != i18n.default_language and not (docs_dir / original).is_file():
                raise PluginError(
                    f"docs/{file.src_uri}: this {language} page needs its original in the default language "
                    f"({i18n.default_language}) at docs/{original}; none found."
                )
    return files


@event_priority(-100)  # after static-i18n's own switcher setup (priority 50)
def on_page_context(context, page, config, nav):
    i18n = i18n_plugin(config)
    if i18n is None:
        return context
    current, default = i18n.current_language, i18n.default_language
    path = page_path_without_folder(page.url, language_folder(current, default))
    alternates = []
    for language in i18n.build_languages:
        lang_config = i18n.get_language_config(language)
        link = language_folder(language, default) + path
        alternates.append({"name": lang_config.name, "link": link or "index.html", "lang": language})
    page.language_alternates = alternates
    page.language_folder = language_folder(current, default)
    page.other_language_folders = [language_folder(l, default) for l in i18n.build_languages if l != default]
    # Material's switcher reads config.extra.alternate, which static-i18n sets
    # as an attribute (it shadows the mapping key for Jinja): set both.
    config.extra["alternate"] = alternates
    config.extra.alternate = alternates
    return context


def on_page_content(content: str, page, config, files) -> str | None:
    i18n = i18n_plugin(config)
    if i18n is None:
        return None
    current, default = i18n.current_language, i18n.default_language
    written_in = getattr(page.file, "locale", current)
    if written_in == current:
        return None
    original_url = language_folder(written_in, default) + page_path_without_folder(
        page.url, language_folder(current, default)
    )
    href = posixpath.relpath(original_url, posixpath.dirname(page.url) or ".")
    original_name = LANGUAGE_NAMES[current][written_in]
    notice = (
        f'<div class="admonition note untranslated-notice" lang="{current}">'
        f'<p>{html.escape(NOTICE[current].format(original=original_name))} '
        f'<a href="{html.escape(href)}" hreflang="{written_in}">{html.escape(READ_ORIGINAL[current])}</a></p></div>'
    )
    return f'{notice}<div lang="{written_in}">{content}</div>'

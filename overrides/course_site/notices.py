"""Notices at the top of a page that is not what the reader might expect.

A page shown in a language it was not written in (no translation yet) says so, in the reader's
language, and links the original.
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Mapping

from bs4 import BeautifulSoup


def untranslated_notice(tree: BeautifulSoup, *, language: str, written_in: str, original_name: str,
                        original_href: str, strings: Mapping) -> BeautifulSoup:
    """Wrap the content in its own language and put the notice, in the reader's, above it."""
    notice = (
        f'<div class="admonition note untranslated-notice" lang="{language}">'
        f'<p>{html.escape(strings["untranslated_notice"].format(original=original_name))} '
        f'<a href="{html.escape(original_href)}" hreflang="{written_in}">{html.escape(strings["read_original"])}</a></p></div>'
    )
    wrapped = BeautifulSoup(f'{notice}<div lang="{written_in}"></div>', "html.parser")
    body = wrapped.find("div", attrs={"lang": written_in})
    for child in list(tree.contents):
        body.append(child.extract())
    return wrapped


def relative_href(target_url: str, page_url: str) -> str:
    return posixpath.relpath(target_url, posixpath.dirname(page_url) or ".")

"""A page's meta description: its opening paragraph, shortened to what search engines show."""

from __future__ import annotations

from bs4 import Tag

LIMIT = 150


def description_of(paragraph: Tag | None, limit: int = LIMIT) -> str | None:
    if paragraph is None:
        return None
    text = " ".join(paragraph.get_text().split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    # Cut English at a word boundary; Chinese has none to look for.
    if " " in cut[limit // 2:]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip("，,;；:：") + "…"

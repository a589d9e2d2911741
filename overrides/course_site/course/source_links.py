"""Links of a course's pages that leave docs/ (upstream's `../../docs/guide.md`), led to the
repository the course comes from (its `source` setting, course/settings.py): read the same way by
the build (plugin.on_page_markdown, page/links.py) and by the course check (content_check.py).
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import quote, unquote, urljoin, urlsplit


def source_address(url: str, page_source: str, course_folder: str, source: str | None) -> str | None:
    """Where a relative link of the page `page_source` (docs-relative) that leaves docs/ leads in
    the repository the course comes from (`source`, its folder's address there): upstream's
    `../../docs/guide.md` from `llm_inference/README.md` is `<repository>/blob/master/docs/guide.md`.
    None for any other link, or a course without a source."""
    parts = urlsplit(url)
    if source is None or parts.scheme or parts.netloc or url.startswith(("/", "#")) or not parts.path:
        return None
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page_source), unquote(parts.path)))
    if not target.startswith("../"):
        return None
    within = posixpath.relpath(target, course_folder if course_folder != "." else "")
    address = urljoin(source + "/", quote(within, safe="/"))
    return address + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")


_MARKDOWN_LINK = re.compile(r"(\]\(\s*<?)(\.\./[^)\s>]+)|(\bhref\s*=\s*[\"'])(\.\./[^\"']+)")


def link_markdown_to_source(markdown: str, page_source: str, course_folder: str, source: str | None) -> str:
    """A Markdown page's links that leave docs/, led to the course's source (source_address),
    before MkDocs reads them (it would take each for a missing page of the site)."""
    def replaced(match: re.Match) -> str:
        lead, url = (match[1], match[2]) if match[1] else (match[3], match[4])
        return lead + (source_address(url, page_source, course_folder, source) or url)

    return _MARKDOWN_LINK.sub(replaced, markdown) if source else markdown

"""sitemap.xml: every page the build published, in every language, each with its alternates.

MkDocs' sitemap (and static-i18n's, which replaces it) lists the pages it knows as pages; the
notebooks, which the site turns into pages after static-i18n has sorted the files
(jupyter.render_notebooks_as_pages), were missing.  The site writes its own from what it built:
plugin.py records every page of every language pass, by the source it was made from.
"""

from __future__ import annotations

import gzip
from pathlib import Path
from xml.sax.saxutils import quoteattr, escape

from ..languages import Languages

SITEMAP = "sitemap.xml"


def render(site_url: str, published: dict[str, dict[str, str]], languages: Languages) -> str:
    """`published`: for each page (by its default-language source), its URL in each language."""
    base = site_url if site_url.endswith("/") else site_url + "/"
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for language in languages.codes:
        for source in sorted(published, key=lambda source: published[source].get(language, "")):
            urls = published[source]
            if language not in urls:
                continue
            lines.append("  <url>")
            lines.append(f"    <loc>{escape(base + urls[language])}</loc>")
            for code in languages.codes:
                if code in urls:
                    lines.append(f'    <xhtml:link rel="alternate" hreflang={quoteattr(code)} href={quoteattr(base + urls[code])}/>')
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def write(site: Path, site_url: str, published: dict[str, dict[str, str]], languages: Languages) -> None:
    """sitemap.xml, and the gzipped copy MkDocs also publishes."""
    text = render(site_url, published, languages).encode("utf-8")
    (site / SITEMAP).write_bytes(text)
    (site / f"{SITEMAP}.gz").write_bytes(gzip.compress(text, mtime=0))

"""The offline package: the site zipped into itself, for reading from `file://` after unzipping.

Every build ships the package of exactly what it built.  Inside it, the home page's link to the
package leads to the published one (the package cannot hold itself), and the 404 page's base
is the package's folder; the home pages say how big the package is.
"""

from __future__ import annotations

import html as html_text
import io
import posixpath
import re
import zipfile
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import SiteError
from ..languages import Languages
from .not_found import NOT_FOUND
from ..strings import fill

OFFLINE_PACKAGE = "autofuse-course-offline.zip"
PACKAGE_FOLDER = "autofuse-course"  # what the zip unpacks to

# Not needed from the file system: source maps, compressed copies, and the search index as JSON
# (under file:// Material reads search_index.js, which the offline plugin writes).
OFFLINE_LEAVES_OUT = (".map", ".gz")
OFFLINE_LEAVES_OUT_FILES = ("search/search_index.json",)


def write_offline_package(site: Path, site_url: str | None = None, languages: Languages | None = None,
                          strings: Mapping[str, Mapping[str, object]] | None = None) -> None:
    """The site zipped into itself: every build ships the package of exactly what it built.  With
    `languages` and `strings`, the home pages then say the package's size (fill_offline_size), and
    the package holds them as they say it: everything but the home pages is compressed once, and
    only they are added again to a copy of it (compressing the whole site twice was a tenth of a
    warm build)."""
    package = site / OFFLINE_PACKAGE
    package.unlink(missing_ok=True)
    files = sorted(
        p for p in site.rglob("*")
        if p.is_file() and p != package and p.suffix not in OFFLINE_LEAVES_OUT
        and p.relative_to(site).as_posix() not in OFFLINE_LEAVES_OUT_FILES
    )
    homes = [site / languages.folder(language) / "index.html" for language in languages.codes] if languages else []
    homes = [home for home in homes if home in files]
    rest = io.BytesIO()
    with zipfile.ZipFile(rest, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in files:
            if path not in homes:
                _add(archive, site, path, site_url)

    def with_homes() -> bytes:
        whole = io.BytesIO(rest.getvalue())
        with zipfile.ZipFile(whole, "a", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in homes:
                _add(archive, site, path, site_url)
        return whole.getvalue()

    made = with_homes()
    if languages and fill_offline_size(site, languages, strings, size=len(made)):
        made = with_homes()
    package.write_bytes(made)


def _add(archive: zipfile.ZipFile, site: Path, path: Path, site_url: str | None) -> None:
    name = Path(PACKAGE_FOLDER) / path.relative_to(site)
    if path.suffix == ".html" and site_url:
        text = path.read_text(encoding="utf-8")
        packaged = link_package_online(text, path.relative_to(site).as_posix(), site_url)
        if path.relative_to(site).as_posix() == NOT_FOUND:
            packaged = offline_not_found_page(packaged, site_url)
        if packaged != text:
            archive.writestr(str(name), packaged.encode("utf-8"))
            return
    archive.write(path, name)


OFFLINE_SIZE = re.compile(r"<span data-offline-size(?:=\"\")?>[^<]*</span>")


def fill_offline_size(site: Path, languages: Languages, strings: Mapping[str, Mapping[str, object]],
                      size: int | None = None) -> bool:
    """Put the package's size (`size` bytes, else the written package's), in MB to one decimal,
    where a home page marks it (`<span data-offline-size></span>` after its link); whether any page
    had the mark."""
    size = f"{(size if size is not None else (site / OFFLINE_PACKAGE).stat().st_size) / 1_000_000:.1f}"
    filled = False
    for language in languages.codes:
        home = site / languages.folder(language) / "index.html"
        if not home.is_file():
            continue
        text = home.read_text(encoding="utf-8")
        label = html_text.escape(fill(str(strings[language]["offline_size"]), size=size))
        new = OFFLINE_SIZE.sub(f"<span data-offline-size>{label}</span>", text)
        if new != text:
            home.write_text(new, encoding="utf-8")
            filled = True
    return filled


def offline_not_found_page(html: str, site_url: str) -> str:
    """The 404 page's base is the site's root path online (it is served at any address); in the
    package, opened from its own folder, it is that folder."""
    root = urlsplit(site_url).path or "/"
    base = re.compile(r"<base href=([\"']?)%s\1>" % re.escape(root))
    packaged, count = base.subn('<base href="./">', html, count=1)
    if count != 1:
        raise SiteError(f"{NOT_FOUND} has no <base href={root}> to point at the package's folder")
    return packaged


_PACKAGE_LINK = re.compile(r"""href=(["']?)([^"'\s>]*%s)\1""" % re.escape(OFFLINE_PACKAGE))


def link_package_online(html: str, page: str, site_url: str) -> str:
    """Inside the package, a link to the package (the home page's "download") leads to the
    published one: the package cannot hold itself."""
    def published(match: re.Match) -> str:
        if posixpath.normpath(posixpath.join(posixpath.dirname(page), match[2])) != OFFLINE_PACKAGE:
            return match[0]
        return f'href="{html_text.escape(site_url.rstrip("/") + "/" + OFFLINE_PACKAGE)}"'

    return _PACKAGE_LINK.sub(published, html)

"""Where an address leads, read as a browser reads it: one judgement for the whole build.

A browser reads an address by the WHATWG URL standard, not by RFC 3986 (urllib's urlsplit): it
drops tabs and newlines anywhere (`jav<TAB>ascript:`), trims spaces and control characters at
both ends, and in an http(s) page reads a backslash as a slash, so `/\\host/x` and `\\\\host/x`
load from another host while urlsplit sees a path.  So every "is this a file of the site" of the
build (content allowed by course/sanitise.py, figures, links rewritten, the link check after the
build, the files a page uses) asks `read`, which resolves the address with ada (ada-url, the
WHATWG parser that Node.js uses) against a page of the site at a host of its own.

An address is, for the site:
- `relative`: written relative to its page (`x.png`, `../images/a.svg`, `#part`, `?q`): the only
  kind that works from GitHub Pages and from an unzipped copy alike;
- `outside`: it leads off the site: another scheme than the page's own (http, data:, javascript:),
  another host (`//host`, `/\\host`), or a path above the site's own folder (`../../..`: on
  GitHub Pages another project's site, from file:// the reader's disk).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import ada_url

# The WHATWG URL parser, as Node.js and Chromium-compatible tools use it.
WRITTEN_AGAINST = {"ada-url": "4.0.0"}

_HOST = "site.invalid"
_SITE = f"https://{_HOST}/site/"  # a folder of its own: `..` above it leaves the site
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


@dataclass(frozen=True)
class Address:
    scheme: str  # as the browser reads it, lower case; "" when the address has none (relative, //host, /path)
    relative: bool  # relative to its page: no scheme, and not starting with / or \ (as read)
    outside: bool  # leads off the site (another scheme or host, or above the site's folder)
    path: str  # where it leads on the site, site-relative and percent-encoded as written ("" when outside)


def cleaned(url: str) -> str:
    """What the URL parser reads of `url`: no C0 control or space at either end, no tab or newline
    anywhere (the WHATWG URL standard's first steps)."""
    return re.sub(r"[\t\n\r]", "", url.strip("".join(map(chr, range(0x21)))))


@lru_cache(maxsize=4096)
def read(url: str, page: str = "index.html") -> Address:
    """`url` as a browser reads it on the site's page `page` (site-relative, as MkDocs writes it)."""
    text = cleaned(url)
    found = _SCHEME.match(text)
    if found:
        scheme = _scheme_of(text) or found[0][:-1].lower()
        return Address(scheme, relative=False, outside=True, path="")
    relative = not text.startswith(("/", "\\"))
    try:
        resolved = ada_url.parse_url(ada_url.join_url(_SITE + page.lstrip("/"), text))
    except ValueError:  # not a URL at all: the browser loads nothing from it
        return Address("", relative=relative, outside=False, path="")
    if resolved["hostname"] != _HOST or not resolved["pathname"].startswith("/site/"):
        return Address("", relative=relative, outside=True, path="")
    return Address("", relative=relative, outside=False, path=resolved["pathname"][len("/site/"):])


def _scheme_of(text: str) -> str | None:
    try:
        return ada_url.parse_url(text)["protocol"].rstrip(":").lower()
    except ValueError:
        return None


def is_relative(url: str) -> bool:
    """Written relative to its page (and so not leaving the site's scheme and host)."""
    return read(url).relative


def is_site_file(url: str, page: str = "index.html") -> bool:
    """An address a page may load from (an image, a stylesheet's url()): relative, on the site."""
    address = read(url, page)
    return address.relative and not address.outside


def split_reference(url: str) -> tuple[str, str, str]:
    """A relative address's path, query and fragment, as written (percent-encoding kept)."""
    text = cleaned(url)
    text, _, fragment = text.partition("#")
    path, _, query = text.partition("?")
    return path, query, fragment

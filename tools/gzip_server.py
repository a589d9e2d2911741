"""Serve a built site on 127.0.0.1 as GitHub Pages serves it: gzip, cache headers, under the
path of the site's address, and 404.html with status 404 for every address that has no file.

    .venv/bin/python tools/gzip_server.py SITE_DIR [PORT] [PREFIX]

PREFIX is the path the site is published at, "/autofuse-course/" for instance; by default the
path of mkdocs.yml's site_url.  Used by tools/lighthouse.sh: Lighthouse judges a page as a reader
gets it, so the site is served compressed and at its own path (the 404 page's links are relative
to the site's root path, not to its own address: served at "/", it found none of its files).
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import sys
from pathlib import Path
from urllib.parse import urlsplit

from browsing import PagesHandler  # tools/browsing.py

ROOT = Path(__file__).resolve().parent.parent
COMPRESSIBLE = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt")


class GzipPagesHandler(PagesHandler):
    def send_head(self):
        found = self.site_file()
        path = found or Path(self.directory) / "404.html"
        wants_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if found is not None and (path.suffix not in COMPRESSIBLE or not wants_gzip):
            return super().send_head()
        body = path.read_bytes()
        self.send_response(200 if found else 404)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if wants_gzip:
            body = gzip.compress(body, compresslevel=6)
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.end_headers()
        return io.BytesIO(body)


def site_prefix() -> str:
    """The path of mkdocs.yml's site_url ('/autofuse-course/'), as the tests read it."""
    from mkdocs.utils.yaml import yaml_load

    with open(ROOT / "mkdocs.yml", encoding="utf-8") as f:
        return urlsplit(yaml_load(f)["site_url"]).path or "/"


def main() -> None:
    site = Path(sys.argv[1]).resolve()
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8300
    prefix = sys.argv[3] if len(sys.argv) > 3 else site_prefix()
    handler = functools.partial(type("Pages", (GzipPagesHandler,), {"prefix": prefix}), directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving {site} at http://127.0.0.1:{port}{prefix} (gzip, 404.html for a missing address)", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()

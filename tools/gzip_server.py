"""Serve a built site on 127.0.0.1 with gzip and cache headers, like a real host.

    .venv/bin/python tools/gzip_server.py SITE_DIR [PORT]

Used by tools/lighthouse.sh: Lighthouse judges a page as served, so the site
is served compressed, as GitHub Pages does.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import sys
from pathlib import Path

COMPRESSIBLE = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        wants_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (path.is_file() and path.suffix in COMPRESSIBLE and wants_gzip):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.end_headers()
        from io import BytesIO

        return BytesIO(body)

    def log_message(self, *args):
        pass


def main() -> None:
    site = Path(sys.argv[1]).resolve()
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8300
    handler = functools.partial(GzipHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving {site} at http://127.0.0.1:{port}/ (gzip)", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()

"""Print build times and page weights (figures, not pass/fail: tests assert the byte budgets).

    .venv/bin/python tools/benchmark.py

Clean build: an empty notebook cache and an empty site folder.  Warm build:
the same again with the cache the clean build left.  Weights: every notebook
page's HTML, raw and gzipped, and what a first visit loads (HTML, CSS, JS,
gzipped) as measured in Chromium.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402
from test_budgets import notebook_pages  # noqa: E402
from weights import first_visit_gzipped, gzipped_size  # noqa: E402


def timed_build(site: Path, cache: Path) -> tuple[float, int]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(cache))
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
        cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8", check=True,
    )
    return time.perf_counter() - start, (result.stdout + result.stderr).count("Converting notebook")


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        site, cache = Path(scratch) / "site", Path(scratch) / "cache"
        clean, clean_conversions = timed_build(site, cache)
        warm, warm_conversions = timed_build(site, cache)
        print(f"clean build: {clean:6.2f} s  ({clean_conversions} notebooks converted)")
        print(f"warm build:  {warm:6.2f} s  ({warm_conversions} notebooks converted)")

        server = serve(site)
        base = f"http://127.0.0.1:{server.server_address[1]}/"

        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"\n{'page':58} {'HTML':>8} {'HTML gz':>8} {'1st visit gz':>13}")
            for page in ["index.html", "en/index.html", *notebook_pages(site)]:
                path = site / page
                first = first_visit_gzipped(browser, base, site, page)
                print(f"{page:58} {path.stat().st_size / 1024:7.1f}K {gzipped_size(path) / 1024:7.1f}K {first / 1024:12.1f}K")
            browser.close()
        server.shutdown()
        css = site / "assets/stylesheets/notebook.css"
        print(f"\nshared notebook.css: {css.stat().st_size / 1024:.1f}K ({gzipped_size(css) / 1024:.1f}K gz)")
        package = site / "autofuse-course-offline.zip"
        print(f"offline package: {package.stat().st_size / 1024:.0f}K")


if __name__ == "__main__":
    main()

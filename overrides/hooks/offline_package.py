"""Zip the finished site into ``autofuse-course-offline.zip`` inside the site.

The home page links the zip; unzipped anywhere, ``index.html`` opens the
course from the file system.  It is made by the build itself, so every build
(local, CI, GitHub Pages) ships the package of exactly what it built.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from mkdocs.plugins import event_priority

PACKAGE = "autofuse-course-offline.zip"


@event_priority(-200)  # after static-i18n (-100) has built the other languages
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:
        return  # an inner language pass; the outer one packages everything
    site = Path(config.site_dir)
    package = site / PACKAGE
    package.unlink(missing_ok=True)
    files = sorted(p for p in site.rglob("*") if p.is_file() and p != package and p.suffix not in {".map", ".gz"})
    with zipfile.ZipFile(package, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in files:
            archive.write(path, Path("autofuse-course") / path.relative_to(site))

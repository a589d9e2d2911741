"""The dark version of every SVG figure of a course that keeps the palette, as a language pass
publishes them, written beside it (`images/a.svg` -> `images/a.dark.svg`; palette.py makes it,
sanitise.py judges it).  Other courses' figures have none: the page shows them on a light panel
in the dark scheme (page/figures.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from mkdocs.structure.files import File, Files

from ..course import sanitise
from ..errors import SiteError
from ..course.palette import dark_name, dark_svg


def dark_figures(files: Files, docs_dir: Path, config, problems: dict[str, list[str]],
                 keeps_palette: Callable[[str], bool]) -> list[File]:
    """The dark version of every SVG of docs/ this language pass copies whose course keeps the
    palette (`keeps_palette(src_uri)`), beside it (`images/a.svg` -> `images/a.dark.svg`;
    figures.py).  What the content allow list finds in a dark version goes into `problems`, by the
    figure's site path: it stops the build if the figure is published (a page shows it,
    site/published.py), at the end of the build."""
    darks = []
    for file in files.media_files():
        if not file.dest_uri.endswith(".svg") or not file.abs_src_path:
            continue
        source = Path(file.abs_src_path)
        if source != docs_dir / file.src_uri:
            continue  # the theme's icons (docs/ has no symbolic link: published.check_no_symlinks)
        if not keeps_palette(file.src_uri):
            continue
        where = f"{docs_dir.name}/{file.src_uri}"
        try:
            dark, found = _dark_and_its_problems(source.read_text(encoding="utf-8"), where)
        except SiteError as error:  # colours outside the palette: no dark version can be made
            problems[file.dest_uri] = [str(error)]
            continue
        if found:
            problems[file.dest_uri] = list(found)
        darks.append(File.generated(config, dark_name(file.dest_uri), content=dark))
    return darks


@lru_cache(maxsize=None)
def _dark_and_its_problems(svg: str, where: str) -> tuple[str, tuple[str, ...]]:
    """Made and judged once per figure's text in a process: every language pass, and every
    `mkdocs serve` rebuild, publishes the same figures."""
    dark = dark_svg(svg, where)
    return dark, tuple(sanitise.check_svg(dark, f"{where} (its dark version)"))

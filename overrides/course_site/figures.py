"""Figures: the palette, each SVG's dark version, and `<figure>` with its caption.

AUTHORING.md section 6 fixes a palette for the course's figures.  From it the site derives each
figure's dark version: every colour of the palette has a dark counterpart (`PALETTE`), chosen so
that each text colour keeps at least the contrast it has on each fill in the light version
(tests/test_figures.py checks it).  An SVG with a colour outside the palette stops the build: its
dark version could not be made.

In a page, an image alone in its paragraph (or in the `<div>` upstream writes in raw HTML around
it, whose `width=40%` goes) followed by a paragraph that is entirely emphasis
(`*图 3：…*`) becomes a `<figure>` with that text as its `<figcaption>` (Chinese has no
italics); an SVG figure gets its dark version beside it (the stylesheet shows the one that
matches the colour scheme the reader chose), and a link that opens it full screen
(assets/javascripts/figures.js), at least as wide as its smallest text needs to be read
(`data-readable-width`, from the font sizes the SVG declares).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from bs4 import BeautifulSoup, NavigableString, Tag
from mkdocs.structure.files import File, Files

from . import sanitise
from .errors import SiteError

# light colour -> dark colour, in AUTHORING.md's order (section 6)
PALETTE = {
    # panel, border, subtle fill
    "#ffffff": "#1e2129",
    "#d0d7de": "#444b58",
    "#f6f8fa": "#272b35",
    # text, secondary text and arrows, grey lines
    "#1f2328": "#e6e9ee",
    "#4b5563": "#b9c0cc",
    "#6e7781": "#9aa3b1",
    "#8c959f": "#6f7886",
    # blue: fill, stroke, text
    "#eaf1fb": "#1b2d47",
    "#3a6fb0": "#6c9fe0",
    "#1f5fa8": "#9ac2f5",
    # green: fill, stroke, text
    "#e7f5ec": "#16321f",
    "#2f8f4e": "#4fb36f",
    "#1e6b38": "#8fd6a4",
    # orange: fill, stroke, text
    "#fdf1e3": "#3b2811",
    "#b4690e": "#d9913b",
    "#8a4b00": "#f2bd7a",
    # red (a cut, an error)
    "#a8322a": "#f08a80",
}
FILLS = ("#ffffff", "#f6f8fa", "#eaf1fb", "#e7f5ec", "#fdf1e3")

DEFAULT_INK = "#1f2328"  # what SVG's default black stands for: the text colour
DARK_SUFFIX = ".dark.svg"
_ROOT = re.compile(r"(<svg\b)[^>]*>")
_HEX = re.compile(r"#[0-9a-fA-F]{3,8}\b")
# Values of colour properties (attributes or CSS) other than a hex colour: names, rgb(), hsl().
_COLOUR_VALUE = re.compile(
    r"\b(fill|stroke|stop-color|flood-color|lighting-color|color)\s*[:=]\s*[\"']?\s*([^;\"'}\s>]+)", re.IGNORECASE
)
_NOT_A_COLOUR = {"none", "transparent", "inherit"}


def _normal(colour: str) -> str:
    colour = colour.lower()
    if len(colour) == 4:  # #fff
        colour = "#" + "".join(c * 2 for c in colour[1:])
    return colour


def colours_outside_palette(svg: str) -> list[str]:
    """Every colour written in `svg` that is not in the palette, as written."""
    outside = [c for c in _HEX.findall(svg) if _normal(c) not in PALETTE]
    for _, value in _COLOUR_VALUE.findall(svg):
        if value.startswith("#") or value.lower() in _NOT_A_COLOUR or value.lower().startswith("url("):
            continue
        outside.append(value)
    return list(dict.fromkeys(outside))


def dark_svg(svg: str, where: str) -> str:
    """The figure with each palette colour replaced by its dark counterpart."""
    outside = colours_outside_palette(svg)
    if outside:
        raise SiteError(
            f"the figure uses colours outside the course palette: {', '.join(outside)}", where=where,
            expected="only the colours of AUTHORING.md section 6 (the site derives the dark version from them)",
        )
    dark = _HEX.sub(lambda m: PALETTE[_normal(m.group(0))], svg)
    # What has no colour of its own (text without a fill) is drawn black: in the dark version,
    # in the dark text colour.
    root = _ROOT.search(dark)
    if root is not None and not re.search(r"\sfill\s*=", root.group(0)):
        dark = dark[: root.end(1)] + f' fill="{PALETTE[DEFAULT_INK]}"' + dark[root.end(1):]
    return dark


def dark_name(path: str) -> str:
    """`images/a.svg` -> `images/a.dark.svg`."""
    return path[: -len(".svg")] + DARK_SUFFIX


def is_local_svg(src: str) -> bool:
    parts = urlsplit(src)
    return not parts.scheme and not parts.netloc and not parts.path.startswith("/") and parts.path.endswith(".svg")


# ---------------------------------------------------------------------------
# <figure> in pages


def _only_child(paragraph: Tag, name: str) -> Tag | None:
    children = [c for c in paragraph.children if not (isinstance(c, NavigableString) and not c.strip())]
    if len(children) == 1 and isinstance(children[0], Tag) and children[0].name == name:
        return children[0]
    return None


_SIZE = re.compile(r'<svg\b[^>]*?\swidth="(\d+(?:\.\d+)?)"[^>]*?\sheight="(\d+(?:\.\d+)?)"', re.DOTALL)


def svg_size(svg: str) -> tuple[str, str] | None:
    """The width and height an SVG's root declares (AUTHORING.md asks for both), if any."""
    match = _SIZE.search(svg)
    return (match.group(1), match.group(2)) if match else None


READABLE_PX = 11  # the smallest text a reader can read on a phone, in CSS px
DEFAULT_FONT_PX = 16.0  # what a text with no font size of its own is drawn at
_FONT_SIZE = re.compile(r"font-size\s*(?::|=\s*[\"'])\s*(\d+(?:\.\d+)?)(px)?\s*[;}\"'\s]", re.IGNORECASE)
_VIEWBOX = re.compile(r'<svg\b[^>]*?\sviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+(\d+(?:\.\d+)?)', re.DOTALL)


def smallest_text(svg: str) -> float:
    """The smallest font size the SVG declares (in <style>, an attribute or a style attribute),
    in its own units: a bound for its smallest text, whatever the cascade makes of it."""
    sizes = [float(m.group(1)) for m in _FONT_SIZE.finditer(svg)]
    return min(sizes, default=DEFAULT_FONT_PX)


def readable_width(svg: str) -> int | None:
    """The width, in CSS px, at which the figure's smallest text is READABLE_PX: the full-screen
    view shows it at least that wide (figures.js), and a phone pans across it."""
    viewbox = _VIEWBOX.search(svg)
    size = svg_size(svg)
    width = float(viewbox.group(1)) if viewbox else float(size[0]) if size else None
    if width is None:
        return None
    return math.ceil(width * READABLE_PX / smallest_text(svg))


def make_figures(tree: BeautifulSoup, strings, size_of=lambda src: None, readable_of=lambda src: None) -> int:
    """Each image alone in its paragraph becomes a figure (with the caption paragraph after it,
    when there is one); returns how many.  `size_of(src)`: the image's width and height, which
    the images get so that the page does not jump while they load; `readable_of(src)`: the
    width at which its smallest text can be read (readable_width)."""
    count = 0
    for paragraph in tree.find_all(_holds_a_figure):
        img = _only_child(paragraph, "img")
        if img is None or paragraph.find_parent("figure") is not None:
            continue
        _drop_relative_size(img)
        caption = paragraph.find_next_sibling()
        emphasis = _only_child(caption, "em") if caption is not None and caption.name == "p" else None
        figure = tree.new_tag("figure", attrs={"class": "course-figure"})
        size = size_of(img.get("src", ""))
        if size and not img.get("width"):
            img["width"], img["height"] = size
        link = _zoomable(tree, img.extract(), strings)
        readable = readable_of(link.get("href", ""))
        if readable:
            link["data-readable-width"] = str(readable)
        figure.append(link)
        if emphasis is not None:
            figcaption = tree.new_tag("figcaption")
            for child in list(emphasis.children):
                figcaption.append(child.extract())
            figure.append(figcaption)
            caption.decompose()
        paragraph.replace_with(figure)
        count += 1
    return count


def _holds_a_figure(element: Tag) -> bool:
    """A paragraph, or the block upstream writes in raw HTML around an image
    (`<div align="center"><img …></div>`, `<p align="center">`, `<center>`): not one of
    nbconvert's own wrappers, which have a class."""
    return element.name == "p" or (element.name in ("div", "center") and not element.get("class"))


def _drop_relative_size(img: Tag) -> None:
    """`width=40%` (raw HTML) shrinks a figure to a stamp on a phone: a figure takes its own size,
    up to the column's width, as a Markdown image does."""
    for attribute in ("width", "height"):
        if str(img.get(attribute, "")).strip().endswith("%"):
            del img[attribute]


def _zoomable(tree: BeautifulSoup, img: Tag, strings) -> Tag:
    """The link that opens the figure: named by the image's description (once, on the link:
    the page may carry two versions of the image) and what a tap does."""
    src = img.get("src", "")
    description = img.get("alt", "")
    link = tree.new_tag("a", attrs={"class": "course-figure__open", "href": src,
                                    "aria-label": f'{description}{strings["figure_open"]}'})
    img["alt"] = ""
    if is_local_svg(src):
        dark = BeautifulSoup(str(img), "html.parser").img
        dark["src"] = dark_name(src)
        img["class"] = img.get("class", []) + ["course-figure__light"]
        dark["class"] = dark.get("class", []) + ["course-figure__dark"]
        link["data-dark-href"] = dark["src"]
        link.append(img)
        link.append(dark)
    else:
        link.append(img)
    return link


def dark_figures(files: Files, docs_dir: Path, config) -> list[File]:
    """The dark version of every SVG of docs/ this language pass publishes, beside it
    (`images/a.svg` -> `images/a.dark.svg`; figures.py)."""
    darks = []
    for file in files.media_files():
        if not file.dest_uri.endswith(".svg") or not file.abs_src_path:
            continue
        source = Path(file.abs_src_path)
        if source != docs_dir / file.src_uri:
            continue  # the theme's icons (docs/ has no symbolic link: published.check_no_symlinks)
        where = f"{docs_dir.name}/{file.src_uri}"
        dark, problems = _dark_and_its_problems(source.read_text(encoding="utf-8"), where)
        sanitise.stop_on(list(problems), sanitise.EXPECTED_SVG)
        darks.append(File.generated(config, dark_name(file.dest_uri), content=dark))
    return darks


@lru_cache(maxsize=None)
def _dark_and_its_problems(svg: str, where: str) -> tuple[str, tuple[str, ...]]:
    """Made and judged once per figure's text in a process: every language pass, and every
    `mkdocs serve` rebuild, publishes the same figures."""
    dark = dark_svg(svg, where)
    return dark, tuple(sanitise.check_svg(dark, f"{where} (its dark version)"))

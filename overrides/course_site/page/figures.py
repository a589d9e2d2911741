"""Figures in pages: `<figure>` with its caption, the dark version beside an SVG, full screen.

In a page, an image alone in its paragraph (or in the `<div>` upstream writes in raw HTML around
it, whose `width=40%` goes) followed by a paragraph that is entirely emphasis
(`*图 3：…*`) becomes a `<figure>` with that text as its `<figcaption>` (Chinese has no
italics); an SVG figure of a course that keeps the palette gets its dark version beside it
(palette.py; the stylesheet shows the one that matches the colour scheme the reader chose), and
any figure of another course, and any other image of its pages, is shown as drawn, on a light
panel in the dark scheme and full screen (`course-figure--as-drawn`, `course-image--as-drawn`: its
colours may be anything, its background none).  Every
figure gets a link that opens it full screen
(assets/javascripts/figures.js), at least as wide as its smallest text needs to be read
(`data-readable-width`, from the font sizes the SVG declares).
"""

from __future__ import annotations

import math
import re
from bs4 import BeautifulSoup, NavigableString, Tag

from .. import addresses
from ..course.palette import dark_name


def is_local_svg(src: str) -> bool:
    return addresses.is_relative(src) and addresses.split_reference(src)[0].endswith(".svg")


def _only_child(paragraph: Tag, name: str) -> Tag | None:
    children = [c for c in paragraph.children if not (isinstance(c, NavigableString) and not c.strip())]
    if len(children) == 1 and isinstance(children[0], Tag) and children[0].name == name:
        return children[0]
    return None


_ROOT = re.compile(r"<svg\b[^>]*>", re.DOTALL)
_LENGTH = re.compile(r"\s*(\d+(?:\.\d+)?)(?:px)?\s*")


def svg_size(svg: str) -> tuple[str, str] | None:
    """The width and height an SVG's root declares (AUTHORING.md asks for both; draw.io writes
    `755px`), else its viewBox's (Mermaid writes `width="100%"`, which gives an image no size:
    it would be drawn 0 px wide), if any."""
    root = _ROOT.search(svg)
    if root is None:
        return None
    attributes = dict(re.findall(r'\s(width|height|viewBox)="([^"]*)"', root.group(0)))
    width, height = (_LENGTH.fullmatch(attributes.get(name, "")) for name in ("width", "height"))
    if width and height:
        return width.group(1), height.group(1)
    box = attributes.get("viewBox", "").replace(",", " ").split()
    if len(box) == 4 and all(_LENGTH.fullmatch(number) for number in box[2:]):
        return box[2], box[3]
    return None


READABLE_PX = 11  # the smallest text a reader can read on a phone, in CSS px
DEFAULT_FONT_PX = 16.0  # what a text with no font size of its own is drawn at
_FONT_SIZE = re.compile(r"font-size\s*(?::|=\s*[\"'])\s*(\d+(?:\.\d+)?)(px)?\s*[;}\"'\s]", re.IGNORECASE)
_VIEWBOX = re.compile(r'<svg\b[^>]*?\sviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+(\d+(?:\.\d+)?)', re.DOTALL)


def smallest_text(svg: str) -> float:
    """The smallest font size the SVG declares (in <style>, an attribute or a style attribute),
    in its own units: a bound for its smallest text, whatever the cascade makes of it."""
    sizes = [float(m.group(1)) for m in _FONT_SIZE.finditer(svg)]
    # `font-size: 0` sets no text (draw.io writes it on a label's wrapper, to drop its whitespace).
    return min((size for size in sizes if size > 0), default=DEFAULT_FONT_PX)


def readable_width(svg: str) -> int | None:
    """The width, in CSS px, at which the figure's smallest text is READABLE_PX: the full-screen
    view shows it at least that wide (figures.js), and a phone pans across it."""
    viewbox = _VIEWBOX.search(svg)
    size = svg_size(svg)
    width = float(viewbox.group(1)) if viewbox else float(size[0]) if size else None
    if width is None:
        return None
    return math.ceil(width * READABLE_PX / smallest_text(svg))


def make_figures(tree: BeautifulSoup, strings, size_of=lambda src: None, readable_of=lambda src: None,
                 keeps_palette=lambda src: True) -> int:
    """Each image alone in its paragraph becomes a figure (with the caption paragraph after it,
    when there is one); returns how many.  `size_of(src)`: the image's width and height, which
    the images get so that the page does not jump while they load; `readable_of(src)`: the
    width at which its smallest text can be read (readable_width); `keeps_palette(src)`: whether
    the figure is of a course whose figures keep the palette (and have dark versions)."""
    count = 0
    for paragraph in tree.find_all(_holds_a_figure):
        img = _only_child(paragraph, "img")
        if img is None or paragraph.find_parent("figure") is not None:
            continue
        _drop_relative_size(img)
        caption = paragraph.find_next_sibling()
        emphasis = _only_child(caption, "em") if caption is not None and caption.name == "p" else None
        src = img.get("src", "")
        figure = tree.new_tag("figure", attrs={"class": "course-figure" if keeps_palette(src) else AS_DRAWN})
        size = size_of(src)
        if size and not img.get("width"):
            img["width"], img["height"] = size
        link = _zoomable(tree, img.extract(), strings, has_dark=keeps_palette(src) and is_local_svg(src))
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


AS_DRAWN_IMAGE = "course-image--as-drawn"


def mark_as_drawn(tree: BeautifulSoup, keeps_palette) -> None:
    """An image that is no figure of ours (upstream writes one inside a sentence, or straight in
    a cell's HTML) of a course whose figures do not keep the palette is shown as drawn too."""
    for img in tree.find_all("img"):
        if img.find_parent("figure") is None and not keeps_palette(img.get("src", "")):
            img["class"] = img.get("class", []) + [AS_DRAWN_IMAGE]


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


AS_DRAWN = "course-figure course-figure--as-drawn"


def _zoomable(tree: BeautifulSoup, img: Tag, strings, has_dark: bool) -> Tag:
    """The link that opens the figure: named by the image's description (once, on the link:
    the page may carry two versions of the image) and what a tap does."""
    src = img.get("src", "")
    description = img.get("alt", "")
    link = tree.new_tag("a", attrs={"class": "course-figure__open", "href": src,
                                    "aria-label": f'{description}{strings["figure_open"]}'})
    img["alt"] = ""
    if has_dark:
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

"""The figures' palette and each SVG's dark version.

AUTHORING.md section 6 fixes a palette for the course's figures.  From it the site derives each
figure's dark version: every colour of the palette has a dark counterpart (`PALETTE`), chosen so
that each text colour keeps at least the contrast it has on each fill in the light version
(tests/test_figures.py checks it).  An SVG with a colour outside the palette stops the build: its
dark version could not be made.
"""

from __future__ import annotations

import re

from ..errors import SiteError

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

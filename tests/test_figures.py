"""The figure palette (AUTHORING.md section 6) and each figure's dark version
(overrides/course_site/course/palette.py): every SVG of the course uses the palette only, the palette's
dark counterparts keep every text readable, and the build refuses a colour outside it."""

from __future__ import annotations

import re

import pytest

from helpers import DOCS, ROOT  # noqa: F401  (puts overrides/ on the path)

from course_site.course import palette
from course_site.errors import SiteError

SVGS = sorted(DOCS.rglob("*.svg"))
TEXTS = ("#1f2328", "#4b5563", "#6e7781", "#1f5fa8", "#1e6b38", "#8a4b00", "#a8322a")


def luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("svg", SVGS, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_figure_uses_the_palette_only(svg):
    assert palette.colours_outside_palette(svg.read_text(encoding="utf-8")) == []


def test_authoring_lists_exactly_the_palette():
    text = (ROOT / "AUTHORING.md").read_text(encoding="utf-8")
    section = text[text.index("## 6. Figures"):text.index("## 7.")]
    listed = list(dict.fromkeys(c.lower() for c in re.findall(r"`(#[0-9a-fA-F]{6})`", section)))
    assert listed == list(palette.PALETTE)


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("fill", palette.FILLS)
def test_the_dark_version_keeps_each_text_readable(text, fill):
    """At least the contrast of the light version, and at least 4.5:1 where the light one has it."""
    light = contrast(text, fill)
    dark = contrast(palette.PALETTE[text], palette.PALETTE[fill])
    assert dark >= min(light, 4.5) - 0.01, (text, fill, light, dark)


def test_the_dark_version_swaps_every_colour_and_colours_what_had_none():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>.a{fill:#1F2328}</style>'
           '<rect fill="#fff" stroke="#d0d7de"/><text>t</text></svg>')
    assert palette.dark_svg(svg, "docs/x.svg") == (
        '<svg fill="#e6e9ee" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>.a{fill:#e6e9ee}</style>'
        '<rect fill="#1e2129" stroke="#444b58"/><text>t</text></svg>'
    )


@pytest.mark.parametrize("colour", ['fill="#123456"', 'fill="red"', 'style="stroke: rgb(0, 0, 0)"', "color:hsl(0,0%,0%)"])
def test_a_colour_outside_the_palette_stops_the_build(colour):
    svg = f'<svg xmlns="http://www.w3.org/2000/svg"><rect {colour}/></svg>' if "=" in colour else (
        f'<svg xmlns="http://www.w3.org/2000/svg"><style>text{{{colour}}}</style></svg>')
    with pytest.raises(SiteError, match=r"docs/ch/images/x\.svg: the figure uses colours outside the course palette"):
        palette.dark_svg(svg, "docs/ch/images/x.svg")


def test_colours_that_are_not_colours_pass():
    svg = '<svg fill="none"><path stroke="url(#g)" fill="transparent"/></svg>'
    assert palette.colours_outside_palette(svg) == []


def test_the_built_site_publishes_each_figures_dark_version(site_dir):
    for svg in SVGS:
        relative = svg.relative_to(DOCS).as_posix()
        name = relative.replace(".en.svg", ".svg")
        folder = "en/" if relative.endswith(".en.svg") else ""
        dark = site_dir / folder / palette.dark_name(name)
        assert dark.is_file(), dark
        assert set(re.findall(r"#[0-9a-f]{6}", dark.read_text(encoding="utf-8"))) <= set(palette.PALETTE.values())

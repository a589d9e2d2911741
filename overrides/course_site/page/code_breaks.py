"""Where code may break across lines: inline code, and code blocks on a phone.

Inline code is an option name, a variable, a kernel name: `--autofuse_enhance_precision_blacklist`,
`autofuse_pointwise_0_Abs_Relu_Exp`.  Browsers either never break it (it then overflows a table
cell or a phone's column) or, as Material asks, anywhere ("…precision_b" / "lacklist"), and
always after a hyphen ("--" / "enable_autofuse").  The site lets it break only at a space and
after the characters that separate its parts: a `<wbr>` after "_", "=", ";", "," and "/" in
code of MIN_LENGTH characters or more, and no break inside a part with a hyphen in it (a
`<span class="nb">`).  Neither adds a character: copying and searching see the code
as written.  In a table cell, where an option name is what the reader looks up, code does not
break after "_" either: a table reads as labelled rows on phones (tables.py), whose cells are
as wide as the column.

A code block keeps its lines on a wide screen; on a phone, whose column shows 36 characters, a
longer line wraps (site.css), and goes on further in than any line of its block begins, or, in a
block indented deeper than a phone has room for, where none begins (`--hang`): the part that
wrapped never reads as a line of its own, a shell command stays one command, a call's arguments
do not pass for the loop's body.
"""

from __future__ import annotations

import re
import unicodedata

from bs4 import BeautifulSoup, NavigableString

MIN_LENGTH = 16  # shorter code fits any column: no <wbr> in it
PHONE_LINE = 36  # characters of a code block a phone's column shows (a wide character counts two)
HANG_MAX = 8  # characters: a wrapped line deeper than that would leave little room on a phone
NO_BREAK = "nb"  # short: code pages carry dozens
_SEPARATORS = "_=;,/"
_IN_TABLES = "=;,/"  # an option name stays whole in a table cell
_PARTS = re.compile(r"(?<=[_=;,/ ])(?=[^_=;,/ ])")


def mark_breaks(tree: BeautifulSoup) -> None:
    for code in tree.find_all("code"):
        if code.find_parent("pre") is not None:
            continue
        long = len(code.get_text()) >= MIN_LENGTH
        separators = _IN_TABLES if code.find_parent(["td", "th"]) is not None else _SEPARATORS
        for text in list(code.find_all(string=True)):
            if type(text) is not NavigableString:  # comments and the like
                continue
            parts = _PARTS.split(str(text))
            if not (long and len(parts) > 1) and "-" not in text:
                continue
            nodes = []
            for index, part in enumerate(parts):
                if index and long and parts[index - 1][-1] in separators:
                    nodes.append(tree.new_tag("wbr"))
                if "-" in part:
                    span = tree.new_tag("span", attrs={"class": NO_BREAK})
                    span.string = part
                    nodes.append(span)
                else:
                    nodes.append(NavigableString(part))
            text.replace_with(*nodes)


def hang_wrapped_lines(tree: BeautifulSoup) -> None:
    """Each code block with a line longer than a phone shows: how far in its wrapped lines go on
    (`--hang`, in characters)."""
    for code in tree.select("pre > code"):
        lines = code.get_text().split("\n")
        if any(_width(line) > PHONE_LINE for line in lines):
            starts = {len(line) - len(line.lstrip(" ")) for line in lines if line.strip()}
            code["style"] = f"--hang:{hang(starts)}ch"


def hang(starts: set[int]) -> int:
    """Two characters deeper than the deepest line begins; where that is more than HANG_MAX, the
    deepest place up to it that is two characters from where any line begins (HANG_MAX when none is)."""
    if max(starts) + 2 <= HANG_MAX:
        return max(starts) + 2
    return next((depth for depth in range(HANG_MAX, 1, -1) if all(abs(depth - start) >= 2 for start in starts)), HANG_MAX)


def _width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)

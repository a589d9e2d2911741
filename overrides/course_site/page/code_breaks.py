"""Where inline code may break across lines.

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
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString

MIN_LENGTH = 16  # shorter code fits any column: no <wbr> in it
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

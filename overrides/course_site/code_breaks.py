"""Where a long identifier may break across lines.

Inline code is an option name, a variable, a kernel name: `--autofuse_enhance_precision_blacklist`,
`autofuse_pointwise_0_Abs_Relu_Exp`.  Browsers either never break it (it then overflows a table
cell or a phone's column) or, as Material asks, anywhere ("…precision_b" / "lacklist").  The site
breaks it only after the characters that separate its parts: a `<wbr>` after "_", "=", ";", ","
and "/".  `<wbr>` adds no character: copying and searching see the identifier as written.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString

MIN_LENGTH = 16  # shorter code fits any column
_AFTER_SEPARATOR = re.compile(r"(?<=[_=;,/])(?=[^_=;,/])")


def mark_breaks(tree: BeautifulSoup) -> None:
    """A `<wbr>` after each separator of inline code at least MIN_LENGTH long (not in <pre>)."""
    for code in tree.find_all("code"):
        if code.find_parent("pre") is not None or len(code.get_text()) < MIN_LENGTH:
            continue
        for text in list(code.find_all(string=True)):
            if type(text) is not NavigableString:  # comments and the like
                continue
            parts = _AFTER_SEPARATOR.split(str(text))
            if len(parts) < 2:
                continue
            nodes = []
            for index, part in enumerate(parts):
                if index:
                    nodes.append(tree.new_tag("wbr"))
                nodes.append(NavigableString(part))
            text.replace_with(*nodes)

"""Every built page without the template's whitespace, a third of a page that grows with the
navigation."""

from __future__ import annotations

import minify_html

from ..course.sanitise import nesting

# minify_html crashes the whole process (a segmentation fault, no message) on elements nested
# some thousands deep.  The content check refuses pages nested deeper than sanitise.DEEPEST and
# names them at the end of the build; until then such a page is written as it is.
NESTING_MINIFIED = 1000


def compact_html(output: str) -> str:
    """Whitespace between tags collapsed, comments dropped; <pre>, scripts and styles untouched."""
    if nesting(output) > NESTING_MINIFIED:
        return output
    return minify_html.minify(output, minify_js=False, minify_css=False, keep_closing_tags=True,
                              keep_html_and_head_opening_tags=True, keep_input_type_text_attr=True,
                              allow_noncompliant_unquoted_attribute_values=False,
                              allow_removing_spaces_between_attributes=False)

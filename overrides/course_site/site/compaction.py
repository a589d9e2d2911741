"""Every built page without the template's whitespace, a third of a page that grows with the
navigation."""

from __future__ import annotations

import minify_html


def compact_html(output: str) -> str:
    """Whitespace between tags collapsed, comments dropped; <pre>, scripts and styles untouched."""
    return minify_html.minify(output, minify_js=False, minify_css=False, keep_closing_tags=True,
                              keep_html_and_head_opening_tags=True, keep_input_type_text_attr=True,
                              allow_noncompliant_unquoted_attribute_values=False,
                              allow_removing_spaces_between_attributes=False)

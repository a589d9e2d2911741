"""What a cell tagged run-at-build printed, as the page shows it under the cell (run_at_build.py
runs it)."""

from __future__ import annotations

import html

from ..course.run_at_build import CellOutput

OUTPUT_CLASS = "cell-output"


def render_output(output: CellOutput, label: str) -> str:
    return (
        f'<div class="{OUTPUT_CLASS}" role="group" aria-label="{html.escape(label)}">'
        f'<p class="{OUTPUT_CLASS}__label" aria-hidden="true">{html.escape(label)}</p>'
        f"<pre><code>{html.escape(output.text.rstrip())}</code></pre></div>"
    )

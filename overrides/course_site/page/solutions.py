"""Reference solutions: an answer cell that prints code from `answer/` (quizzes/answer_cells.py)
becomes, on the page, a folded "参考答案 / Reference solution" block with each file it prints,
highlighted by its type, and a download of that file.

The files are published beside the page under their own path with `.txt` added
(`ch/answer/01.03_answer/op_host/x.cpp.txt`, downloaded as `x.cpp`): a reader's browser opens
it as plain text, whatever the file is (an `.html` or `.svg` solution could otherwise run on the
site; solution_files.py writes them).  The chapter's download (archives.py) carries the files as they are.
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Mapping

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import TextLexer, get_lexer_by_name, get_lexer_for_filename
from pygments.util import ClassNotFound

from quizzes.answer_cells import ReferenceSolution, SolutionFile

from ..strings import fill
from .links import site_href

BLOCK_CLASS = "reference-solution"
PUBLISHED_SUFFIX = ".txt"
# Extensions Pygments reads as something else in upstream's courses: Ascend C sources.
_LANGUAGES = {".asc": "cpp"}


def published_path(file: SolutionFile) -> str:
    """Site-relative path of a solution file's download."""
    return file.path + PUBLISHED_SUFFIX


def render(solution: ReferenceSolution, strings: Mapping[str, object], page_url: str) -> str:
    parts = [f'<details class="{BLOCK_CLASS}" data-search-exclude>'
             f'<summary>{html.escape(str(strings["solution_summary"]))}</summary>']
    for file in solution.files:
        base = posixpath.basename(file.name)
        href = site_href(published_path(file), page_url)
        label = html.escape(fill(str(strings["solution_download"]), name=base))
        shown = f' {html.escape(fill(str(strings["solution_first_lines"]), n=file.first_lines))}' if file.first_lines else ""
        parts.append(
            f'<p class="{BLOCK_CLASS}__file"><code>{html.escape(file.name)}</code>{shown} '
            f'<a class="{BLOCK_CLASS}__download" href="{html.escape(href)}" download="{html.escape(base)}">{label}</a></p>'
            f'<div class="highlight"><pre><code>{_highlighted(file)}</code></pre></div>'
        )
    parts.append("</details>")
    return "".join(parts)


def _highlighted(file: SolutionFile) -> str:
    extension = posixpath.splitext(file.name)[1].lower()
    try:
        lexer = get_lexer_by_name(_LANGUAGES[extension]) if extension in _LANGUAGES else get_lexer_for_filename(file.name)
    except ClassNotFound:
        lexer = TextLexer()
    return highlight(file.shown, lexer, HtmlFormatter(nowrap=True)).rstrip("\n")

"""nbconvert: what the rest of the site needs from a converted notebook's markup."""

from __future__ import annotations

import html

from bs4 import BeautifulSoup, Tag

from quizzes.cell_ids import positional_id

WRITTEN_AGAINST = {"nbconvert": "7.17.2", "mistune": "3.4.0"}  # mistune 3: the math tokens mark_formulas renders


# ---------------------------------------------------------------------------
# nbconvert 7.17.2 (the "lab" template, as mkdocs-jupyter 0.26.3 calls it)
#
# What the rest of the site needs from a converted notebook, in the site's own terms.

_CELL_ID = "cell-id="  # nbconvert gives each cell's wrapper id="cell-id=<the cell's id>"
RENDERED_MARKDOWN = ".jp-RenderedMarkdown"  # the HTML of a Markdown cell
FORMULA = "course-formula"  # a formula of a Markdown cell, its TeX as its text (mark_formulas)
DISPLAY = "course-formula--display"  # one of its own line: `$$…$$`, `\\[…\\]`, `\begin{…}…\end{…}`


def mark_formulas() -> None:
    r"""nbconvert renders a Markdown cell with mistune and its math plugin, which finds math where
    Jupyter does (`$…$`, `$$…$$`, `\\(…\\)`, `\\[…\\]`, `\begin{…}…\end{…}`; not in code, a `\$`
    is a dollar sign) and writes it back as TeX for MathJax, indistinguishable from a dollar sign
    Markdown unescaped.  Each formula is marked instead: `<span class="course-formula">` with its
    TeX as the text (the site writes it as MathML: page/formulas.py).  Installed once per process;
    mkdocs-jupyter's cache is keyed by it (jupyter.py)."""
    from nbconvert.filters.markdown_mistune import IPythonRenderer

    if getattr(IPythonRenderer, "course_site", False):
        return

    def marked(tex: str, display: bool) -> str:
        classes = f"{FORMULA} {DISPLAY}" if display else FORMULA
        return f'<span class="{classes}">{html.escape(tex, quote=False)}</span>'

    IPythonRenderer.inline_math = lambda self, body: marked(body, display=False)
    IPythonRenderer.block_math = lambda self, body: marked(body, display=True)
    IPythonRenderer.latex_environment = lambda self, name, body: marked(f"\\begin{{{name}}}{body}\\end{{{name}}}",
                                                                        display=True)
    IPythonRenderer.course_site = True


def formulas(tree: BeautifulSoup) -> list[tuple[Tag, str, bool]]:
    """The formulas mark_formulas marked in the Markdown cells: each element, its TeX, and whether
    it is one of its own line."""
    return [(span, span.get_text(), DISPLAY in span.get("class", []))
            for span in tree.select(f"{RENDERED_MARKDOWN} span.{FORMULA}")]


def formulas_in_markdown(source: str) -> list[tuple[str, bool]]:
    """The formulas nbconvert finds in a Markdown cell's source (each TeX, and whether it is of
    its own line), as a page's conversion finds and marks them."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    mark_formulas()
    cell = BeautifulSoup(f'<div class="{RENDERED_MARKDOWN[1:]}">{markdown2html_mistune(source)}</div>', "html.parser")
    return [(tex, display) for _, tex, display in formulas(cell)]


def cell_element_id(cell_id: str) -> str:
    return f"{_CELL_ID}{cell_id}"


def find_cell(tree: BeautifulSoup, cell_id: str) -> Tag | None:
    return tree.find(id=cell_element_id(cell_id))


def give_cells_ids(tree: BeautifulSoup, positions: list[int]) -> None:
    """The cells saved without an id (at `positions`, 1 for the first) get the id the build gave
    them in memory (quizzes/cell_ids.py): nbconvert renders every cell, in order, with no id
    (nbformat 4.4) or a random one (4.5)."""
    cells = [c for c in tree.select(".jp-Notebook-cell") if c.find_parent(class_="jp-Notebook-cell") is None]
    for position in positions:
        if position <= len(cells):
            cells[position - 1]["id"] = cell_element_id(positional_id(position))


def take_styles(tree: BeautifulSoup) -> list[str]:
    """Remove nbconvert's <style>s (at the top of its output, around the cells); return the
    stylesheets (JupyterLab's CSS).  A <style> written in a cell is content: sanitise.py judges it.

    mkdocs-jupyter also emits a <style> holding a Python list's repr; it is dropped.
    """
    sheets = []
    for style in tree.find_all("style", recursive=False):  # nbconvert's own, outside the cells
        css = style.get_text()
        if not css.lstrip().startswith("["):
            sheets.append(css)
        style.decompose()
    return sheets


def remove_scripts(tree: BeautifulSoup) -> None:
    """The clipboard helper, an empty MathJax `<script src="">` and a Mermaid loader that imports
    from a public CDN: none is wanted (Material has its own copy button).  They are at the top of
    nbconvert's output, around the cells; a <script> written in a cell is content, which stops the
    build (sanitise.py)."""
    for script in tree.find_all("script", recursive=False):
        script.decompose()


def flatten_markdown_cells(tree: BeautifulSoup) -> None:
    """Keep only the rendered Markdown inside a Markdown cell's wrapper.

    The empty collapser and prompt elements cost layout time on every page, and nbconvert makes
    each cell focusable (tabindex=0), which only adds stops for keyboard users.
    """
    for cell in tree.select("div.jp-MarkdownCell"):
        rendered = cell.select_one(RENDERED_MARKDOWN)
        if rendered is None:
            continue
        rendered.extract()
        cell.clear()
        cell.append(rendered)
    for wrapper in tree.select(".jp-Cell-inputWrapper[tabindex]"):
        del wrapper["tabindex"]


def convert_code_cells(tree: BeautifulSoup) -> None:
    """Code cells and fenced code in Markdown cells become Material code blocks
    (`div.highlight > pre > code`): Material highlights them in both schemes and adds its own
    copy button; nbconvert's clipboard elements (and their "Copied!" text) go."""
    for clipboard in tree.select(".zeroclipboard-container, .clipboard-copy-txt"):
        clipboard.decompose()
    for block in tree.select(f"div.highlight-ipynb, {RENDERED_MARKDOWN} div.highlight"):
        block["class"] = ["highlight"]
        pre = block.find("pre")
        if pre is not None and pre.find("code", recursive=False) is None:
            code = tree.new_tag("code")
            for child in list(pre.contents):
                code.append(child.extract())
            pre.append(code)


def remove_cell_toolbars(tree: BeautifulSoup) -> None:
    """The tags toolbar nbconvert shows on tagged cells ("run-at-build"): authoring metadata,
    not something a reader needs; the output's own label says the site ran the cell."""
    for toolbar in tree.select("div.celltoolbar"):
        toolbar.decompose()


def remove_prompts(tree: BeautifulSoup) -> None:
    """"In [ ]:" is noise for screen readers and for search, and the page never shows it
    (site.css hid it): it goes, with the empty collapser beside it, and the CodeMirror frame
    around a code cell's block is unwrapped.  Fewer elements for the browser to style and lay
    out on every page, and nothing a reader sees changes."""
    for element in tree.select(".jp-InputPrompt, .jp-OutputPrompt, .jp-Collapser"):
        element.decompose()
    for frame in tree.select(".jp-InputArea-editor > .CodeMirror"):
        frame.unwrap()


def plain_code_whitespace(tree: BeautifulSoup) -> None:
    """Pygments wraps the whitespace between tokens in `<span class="w">` and starts each block
    with an empty `<span></span>`: neither is styled, and a long page has a hundred of them.
    The text stays as it was, so the copy button copies the same code."""
    for code in tree.select("pre > code"):
        first = code.find(True, recursive=False)
        if first is not None and first.name == "span" and not first.attrs and not first.contents:
            first.decompose()
        for space in code.select("span.w"):
            if space.get("class") == ["w"] and not space.find(True):
                space.unwrap()
        code.smooth()


def output_areas(tree: BeautifulSoup) -> list[Tag]:
    """What code cells printed, as nbconvert renders stored outputs."""
    return tree.select(".jp-OutputArea-output")


def markdown_headings(tree: BeautifulSoup) -> list[Tag]:
    return tree.select(", ".join(f"{RENDERED_MARKDOWN} h{level}" for level in range(1, 7)))


def remove_heading_anchors(heading: Tag) -> None:
    """nbconvert's own ¶ anchors (mkdocs-jupyter's slugify keeps ASCII only, so Chinese headings
    got `id=""`); the site adds its own."""
    for anchor in heading.select("a.anchor-link"):
        anchor.decompose()


def code_to_run(tree: BeautifulSoup) -> list[Tag]:
    """The code cells that still show code to run (an answer cell shows solutions instead)."""
    return tree.select("div.jp-CodeCell .jp-InputArea-editor")


def code_cell_input(cell: Tag) -> Tag | None:
    """Where a code cell's input ends: its output goes after this element."""
    return cell.select_one(".jp-Cell-inputWrapper")


def first_markdown_paragraph(tree: BeautifulSoup) -> Tag | None:
    return tree.select_one(f"{RENDERED_MARKDOWN} p")

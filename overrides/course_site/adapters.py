"""Every reach into another project's internals, and nowhere else.

The site depends on behaviour that MkDocs, mkdocs-static-i18n, mkdocs-jupyter, nbconvert and
Material do not document as an interface: attributes of their plugin objects, the markup of
nbconvert's template, the file name of Material's script bundle.  All of it is here, each piece
marked with the version it was written against.  `WRITTEN_AGAINST` lists those versions; the
guard test (tests/test_adapters.py) fails when requirements.txt pins another one, and points
here and at the overridden templates (`OVERRIDDEN_TEMPLATES`).  To support a new version of a
dependency: read that project's changes for the functions marked with its name, adjust them,
recheck the overridden template blocks against the new Material, then update the pin and
`WRITTEN_AGAINST` together.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bs4 import BeautifulSoup, Comment, NavigableString, Tag
from mkdocs.structure.files import File, Files

from quizzes.cell_ids import positional_id

from .languages import Languages

WRITTEN_AGAINST = {
    "mkdocs": "1.6.1",
    "mkdocs-material": "9.8.2",
    "mkdocs-static-i18n": "1.3.1",
    "mkdocs-jupyter": "0.26.3",
    "nbconvert": "7.17.2",
    "bleach": "6.4.0",
}


# ---------------------------------------------------------------------------
# mkdocs-static-i18n 1.3.1
#
# It builds the whole site once per language: the default language's build (the "outer" pass)
# runs the other languages' builds from its own on_post_build (priority -100), with every
# plugin event again, and sets `building` while they run.


@dataclass(frozen=True)
class LanguagePass:
    language: str  # the language whose pages this pass builds
    starts_build: bool  # the outer pass: a new `mkdocs build` (or serve rebuild) begins
    is_last: bool  # no pass follows in this build


def site_languages(config) -> Languages:
    """The one list of languages: the i18n plugin's `languages`, default first."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        language = config.theme.get("language", "en")
        return Languages(language, (language,), {language: language})
    default = i18n.default_language
    codes = (default, *(code for code in i18n.build_languages if code != default))
    return Languages(default, codes, {code: i18n.get_language_config(code).name for code in codes})


def language_pass(config) -> LanguagePass:
    """Call from on_config at a priority below -100 (after static-i18n has chosen the pass language)."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return LanguagePass(config.theme.get("language", "en"), True, True)
    # The passes run in `build_languages` order, default first (it is listed first in mkdocs.yml).
    return LanguagePass(i18n.current_language, not i18n.building, i18n.current_language == i18n.build_languages[-1])


def is_inner_pass(config) -> bool:
    i18n = config.plugins.get("i18n")
    return bool(i18n and i18n.building)


def written_in(file: File, languages: Languages) -> str:
    """The language a page's source is in; static-i18n records it on the file as `locale`."""
    return getattr(file, "locale", None) or languages.of(file.src_uri)


def site_names(config, languages: Languages) -> dict[str, str]:
    """Each language's site name: its `site_name` in the i18n plugin's list, else mkdocs.yml's."""
    i18n = config.plugins.get("i18n")
    names = {}
    for code in languages.codes:
        language_config = i18n.get_language_config(code) if i18n is not None else None
        names[code] = (language_config and language_config.site_name) or config.site_name
    return names


def set_language_switcher(config, alternates: list[dict]) -> None:
    """Material's switcher reads config.extra.alternate; static-i18n sets it as an attribute,
    which shadows the mapping key for Jinja, so both are set."""
    config.extra["alternate"] = alternates
    config.extra.alternate = alternates


# ---------------------------------------------------------------------------
# MkDocs 1.6.1 with static-i18n 1.3.1 and mkdocs-jupyter 0.26.3
#
# static-i18n's on_files (priority -100) rebuilds every file as a plain mkdocs File, dropping
# mkdocs-jupyter's NotebookFile wrapper, so notebooks would be copied as raw JSON (static-i18n
# #198).  Called later, this marks them as pages again, in place: static-i18n's I18nFiles
# container and the destination paths it chose (`en/x.html` for `x.en.ipynb`) must survive.


class _NotebookPage(File):
    def is_documentation_page(self) -> bool:
        return True

    def is_static_page(self) -> bool:
        return False

    def is_media_file(self) -> bool:
        return False


def render_notebooks_as_pages(files: Files, config, folder: str) -> None:
    for file in files:
        if not file.src_uri.endswith(".ipynb") or isinstance(file, _NotebookPage):
            continue
        dest_uri = file.dest_uri
        if not dest_uri.endswith(".html"):
            dest_uri = dest_uri[: -len(".ipynb")] + ".html"
        if folder and not dest_uri.startswith(folder):
            # An untranslated notebook shown in another language: without the language folder
            # it would overwrite the original page.
            dest_uri = folder + dest_uri
        file.__class__ = _NotebookPage
        file.dest_uri = dest_uri
        file.url = file._get_url(config.use_directory_urls)
        # static-i18n passed the destination path where File expects the folder, so the derived
        # absolute path would be wrong: set it.
        file.abs_dest_path = os.path.normpath(os.path.join(config.site_dir, dest_uri))


# ---------------------------------------------------------------------------
# mkdocs-jupyter 0.26.3
#
# It forgets the cache entries it used at every on_pre_build and deletes the others at every
# on_post_build, so each language pass deleted the other language's entries.  The entries of
# all passes of one build are pooled here; stale ones are evicted after the last pass only.


def _jupyter(config):
    return config.plugins.get("mkdocs-jupyter")


class _EvictNothing(set):
    """Records every entry a pass uses, in the build's pool, and lets mkdocs-jupyter evict none."""

    def __init__(self, pool: set) -> None:
        super().__init__()
        self.pool = pool

    def add(self, path) -> None:
        self.pool.add(path)

    def __contains__(self, path) -> bool:
        return True


def pool_notebook_cache(config, pool: set, last_pass: bool) -> None:
    """Call from on_pre_build after mkdocs-jupyter's own (priority below 0): every pass records
    what it uses in `pool`; only the last pass lets mkdocs-jupyter evict what no pass used."""
    jupyter = _jupyter(config)
    if jupyter is not None:
        jupyter._used_cache_paths = pool if last_pass else _EvictNothing(pool)


def highlight_each_notebook_in_its_language() -> None:
    """mkdocs-jupyter highlights code cells in a module-wide language it takes from the kernelspec
    of the notebook it converts, and leaves as it was when a notebook has none: a notebook with
    no kernelspec was highlighted in the previous notebook's language.  Each conversion starts
    from the notebook's own language (language_info's, else Python), and a name Pygments does
    not know is tried without its version (xcpp says `C++17`)."""
    from mkdocs_jupyter import convert, nbconvert2

    if getattr(convert.nb2html, "course_site", False):
        return
    convert_notebook, highlight = convert.nb2html, nbconvert2._pygments_highlight

    def nb2html(nb_path, *args, **kwargs):
        nbconvert2.kernel_lang = notebook_language(Path(nb_path))
        return convert_notebook(nb_path, *args, **kwargs)

    def pygments_highlight(source, formatter, language, metadata=None):
        return highlight(source, formatter, lexer_name(language), metadata)

    nb2html.course_site = True
    convert.nb2html = nb2html
    nbconvert2._pygments_highlight = pygments_highlight


def notebook_html(path: Path) -> str:
    """A notebook converted to HTML as mkdocs-jupyter 0.26.3 converts it for a page (for tools
    that judge a notebook without building a site: tools/survey_upstream.py)."""
    from mkdocs_jupyter.nbconvert2 import nb2html

    highlight_each_notebook_in_its_language()
    return nb2html(str(path))


def notebook_language(path: Path) -> str:
    """The language a notebook's code is in: the kernelspec's, else language_info's, else Python."""
    try:
        metadata = json.loads(path.read_text(encoding="utf-8")).get("metadata") or {}
    except (OSError, ValueError, AttributeError):
        return "python"
    named = (metadata.get("kernelspec") or {}).get("language") or (metadata.get("language_info") or {}).get("name")
    return lexer_name(str(named)) if named else "python"


def lexer_name(language: str | None) -> str | None:
    """`language` as Pygments knows it: as written, or lower case without a version (`C++17`)."""
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    if not language:
        return language
    for candidate in (language, language.lower(), language.lower().rstrip("0123456789.")):
        try:
            get_lexer_by_name(candidate)
            return candidate
        except ClassNotFound:
            continue
    return language


def notebook_cache_dir(config) -> Path:
    """Where mkdocs-jupyter caches conversions; the site keeps its own caches beside it."""
    jupyter = _jupyter(config)
    return Path(jupyter.config["cache_dir"] if jupyter is not None else ".cache/mkdocs-jupyter")


def notebook_toc_depth(config) -> int:
    jupyter = _jupyter(config)
    return jupyter.config["toc_depth"] if jupyter is not None else 6


def is_notebook(src_uri: str) -> bool:
    return src_uri.endswith(".ipynb")


# ---------------------------------------------------------------------------
# nbconvert 7.17.2 (the "lab" template, as mkdocs-jupyter 0.26.3 calls it)
#
# What the rest of the site needs from a converted notebook, in the site's own terms.

_CELL_ID = "cell-id="  # nbconvert gives each cell's wrapper id="cell-id=<the cell's id>"
RENDERED_MARKDOWN = ".jp-RenderedMarkdown"  # the HTML of a Markdown cell


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


# ---------------------------------------------------------------------------
# Material 9.8.2


def palette_script(config, root: str) -> str:
    """A script for the 404 page, which does not load Material's bundle: the colour scheme the
    reader chose, which Material 9.8.2 stores in localStorage under `<site path>.__palette`
    (JSON, `color.scheme`), else the scheme whose media query matches (theme.palette)."""
    import json

    schemes = [[entry.get("media", ""), entry.get("scheme", "default")] for entry in config.theme.get("palette") or []
               if isinstance(entry, dict)]
    return (
        "(function(){var b=document.body,s=null;try{var k=(location.protocol===\"file:\"?new URL(\"./\",location)"
        f".pathname:{json.dumps(root)})+\".__palette\",p=JSON.parse(localStorage.getItem(k));s=p&&p.color&&p.color.scheme}}"
        f"catch(e){{}}if(!s){json.dumps(schemes)}.forEach(function(m){{if(!s&&m[0]&&matchMedia(m[0]).matches)s=m[1]}});"
        "s&&b.setAttribute(\"data-md-color-scheme\",s)})()"
    )


def material_bundle() -> str:
    """The site path of Material's script bundle, whose name changes with every release;
    main.html loads it deferred."""
    import material

    scripts = Path(material.__file__).parent / "templates" / "assets" / "javascripts"
    bundles = sorted(scripts.glob("bundle.*.min.js"))
    if len(bundles) != 1:
        raise RuntimeError(f"expected one Material bundle in {scripts}, found {bundles}: see adapters.py")
    return f"assets/javascripts/{bundles[0].name}"


# Material 9.8.2's bundle boxes every table of the content without a class as it starts (its
# selector `table:not([class])`): it takes the table out of the page and puts it back inside
# `div.md-typeset__scrollwrap > div.md-typeset__table` (the outer box scrolls sideways).  Each
# table moved made the first read of a size after it restyle and lay out the content again, in
# the page's start-up long task (issue 19, item 6).  The build boxes those tables itself and
# gives each a class of the site's own, which the bundle's selector then skips; site.css restates
# for that class Material's rules for `.md-typeset table:not([class])` (material_table_rules
# lists them; tests/test_adapters.py checks that site.css has each).
MATERIAL_BOXED_TABLES = "table:not([class])"
_TABLE_BOXES = ("md-typeset__scrollwrap", "md-typeset__table")  # outer, inner


def box_tables(tree: BeautifulSoup, table_class: str) -> int:
    """Each table Material's bundle would box, boxed as it would box it and given `table_class`;
    how many.  A table inside another is boxed too, as the bundle boxes it."""
    tables = tree.select(MATERIAL_BOXED_TABLES)
    for table in tables:
        table["class"] = [table_class]
        outer, inner = (tree.new_tag("div", attrs={"class": name}) for name in _TABLE_BOXES)
        table.wrap(inner).wrap(outer)
    return len(tables)


def material_table_rules(table_class: str) -> list[str]:
    """Material's stylesheet rules that select its boxed tables (`table:not([class])`), in its
    order, each restated for `table.<table_class>` as `selector{declarations}`, inside
    `@media ...{...}` when Material's is."""
    import tinycss2

    restated = []

    def visit(rules, media: str | None) -> None:
        for rule in rules:
            if rule.type == "at-rule" and rule.lower_at_keyword == "media" and rule.content is not None:
                visit(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True),
                      tinycss2.serialize(rule.prelude).strip())
            elif rule.type == "qualified-rule":
                selector = tinycss2.serialize(rule.prelude).strip()
                if MATERIAL_BOXED_TABLES in selector:
                    text = (selector.replace(MATERIAL_BOXED_TABLES, f"table.{table_class}")
                            + "{" + tinycss2.serialize(rule.content).strip() + "}")
                    restated.append(f"@media {media}{{{text}}}" if media else text)

    css = material_asset_text("assets/stylesheets/main.*.min.css")
    visit(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True), None)
    return restated


def name_code_blocks(tree: BeautifulSoup) -> None:
    """Material names a code block after its closest ancestor with an id (`__code_<id>`) and its
    copy button copies `#__code_<id> > code`.  Inside a notebook that ancestor is the cell
    (`cell-id=x`: an invalid selector, so the button copied nothing) and in a solution block
    it is the solution: two blocks in one cell shared a name.  Each block gets its own id."""
    for number, pre in enumerate(tree.select("pre:has(> code)")):
        if not pre.get("id"):
            pre["id"] = f"code-{number}"


# Blocks and partials of Material that overrides/ replaces rather than extends (main.html,
# partials/search.html, partials/nav-item.html, partials/palette.html,
# partials/copyright.html, 404.html), with the hash (text_hash) of Material's own text they were written
# against.  A Material release that changes one fails the guard test: compare the new text
# with ours, carry the change over, then record the new hash here.
OVERRIDDEN_TEMPLATES = {
    ("base.html", "site_meta"): "26f3fa30991041e5",
    ("base.html", "libs"): "adfbcabad578724d",
    ("base.html", "scripts"): "66cc07f62fe03dd2",
    ("partials/search.html", None): "bfd556535abcddb9",
    # The form and options as Material's, without the palette component: the site's own script
    # drives them (the component restyled the whole page four times as it started).
    ("partials/palette.html", None): "fb935107ae7d3d74",
    ("partials/nav-item.html", None): "89895208f22d68ce",
    ("partials/copyright.html", None): "bc86bca3bf75070f",
    ("404.html", None): "80c93494b5432b1b",
}


# Material templates the site works around without replacing them, with the hash of the text the
# workaround was written against.  A release that changes one fails the guard test: check whether
# the workaround is still needed and still right, then record the new hash here.
# - STORAGE_HELPERS: __md_get/__md_set read `localStorage` as a default argument, which throws when
#   the browser refuses site data; overrides/partials/storage-workaround.html replaces them then.
STORAGE_HELPERS = ("partials/javascripts/base.html", None)
WORKED_AROUND_TEMPLATES = {
    STORAGE_HELPERS: "d6113712bc4deb30",
}


# Site files that speak to Material's compiled JavaScript rather than to a template, each with the
# Material file it relies on (a glob: the name carries a hash) and that file's text hash.  A release
# that changes one fails the guard test: recheck the site file against the new code.
MATERIAL_SCRIPTS_RELIED_ON = {
    # search.js wraps the search worker and speaks its message protocol (0 setup, 1 ready, 2 query,
    # 3 result) and reads its result items.
    "overrides/assets/javascripts/search.js": ("assets/javascripts/workers/search.*.min.js", "da1b3df5e5f00cc7"),
    # The iframe-worker shim replaces `Worker`, which the bundle calls to start search under file://.
    "overrides/partials/iframe-worker-shim.html": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
    # js-marks.html gives <html> the classes and attribute the bundle gives it as it starts
    # (`no-js` replaced by `js`; focus-visible's `js-focus-visible`, `data-js-focus-visible`).
    "overrides/partials/js-marks.html": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
    # tooltips.js hides the glossary terms' and permanent links' titles from the bundle's content
    # tooltips, which it sets up once, at DOMContentLoaded (`[title]` in the article), and draws
    # their tooltip itself with the classes and custom properties of Material's stylesheet
    # (.md-tooltip2, --md-tooltip-host-x...) as the bundle does.
    "overrides/assets/javascripts/tooltips.js": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
    # site.css keeps the copy button's column on every `pre > code` of the article once <html> is
    # marked `js`: the bundle (content.code.copy) gives each of them a button, `.md-code__nav`
    # inserted before the code in its `pre`, at the block's top right.
    "overrides/assets/stylesheets/site.css": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
    # box_tables boxes the tables the bundle would box as it starts (content.table: every
    # `table:not([class])` of the content) in the bundle's boxes, `div.md-typeset__scrollwrap >
    # div.md-typeset__table`, and gives each a class, so that the bundle leaves it in place.
    "overrides/course_site/adapters.py": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
}

# Third-party files kept in this repository, with the SHA-256 of each as vendored: an edit fails the
# guard test, so a file changes only with an upgrade (its version and licence file updated too).
VENDORED = {
    "overrides/partials/iframe-worker-shim.html": "38e2f305f4bede9939c485c34c6f6a6a4e8959f71fb0e8d604130714425b3a38",
}


def material_asset_text(pattern: str) -> str:
    """The text of the one file of Material's templates that matches `pattern`."""
    import material

    found = sorted((Path(material.__file__).parent / "templates").glob(pattern))
    if len(found) != 1:
        raise RuntimeError(f"expected one Material file {pattern}, found {found}: see adapters.MATERIAL_SCRIPTS_RELIED_ON")
    return found[0].read_text(encoding="utf-8")


def material_template_text(name: str, block: str | None) -> str:
    """The text of one of Material's templates, or of one block in it."""
    import material

    text = (Path(material.__file__).parent / "templates" / name).read_text(encoding="utf-8")
    if block is None:
        return text
    match = re.search(r"{%%-? block %s -?%%}.*?{%%-? endblock -?%%}" % re.escape(block), text, re.DOTALL)
    if match is None:
        raise RuntimeError(f"Material's {name} has no block {block}: see adapters.OVERRIDDEN_TEMPLATES")
    return match.group(0)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# Material's search plugin (9.8.2) skips an element marked `data-search-exclude` when it indexes a
# page, but its parser compares elements by tag name only: the exclusion ends at the first closing
# tag of the same name inside the marked element, and the rest of it is indexed.


SEARCH_EXCLUDE = "data-search-exclude"


def exclude_from_search(element: Tag) -> None:
    """Keep `element`'s text out of the search index.  An element holding another of its own tag
    is not marked itself: its child elements are (each by the same rule), and its own text is
    wrapped in marked <span>s."""
    if element.find(element.name) is None:
        element[SEARCH_EXCLUDE] = ""
        return
    for child in list(element.children):
        if isinstance(child, Tag):
            exclude_from_search(child)
        elif isinstance(child, NavigableString) and not isinstance(child, Comment) and child.strip():
            wrapper = child.wrap(BeautifulSoup("", "html.parser").new_tag("span"))
            exclude_from_search(wrapper)


# Material's search worker (9.8.2) loads lunr's language support for the index's languages: for
# any language but English, or more than one, the stemmer support, lunr.<lang> for each language
# but English, lunr.multi for more than one, and a segmenter for Japanese, Hindi and Thai; nothing
# for English alone (the site's setting: mkdocs.yml).  The site publishes only what it loads.
_LUNR = "assets/javascripts/lunr/"
_SEGMENTERS = {"ja": "tinyseg.js", "jp": "tinyseg.js", "hi": "wordcut.js", "th": "wordcut.js"}


def search_languages(config) -> list[str]:
    search = config.plugins.get("material/search") or config.plugins.get("search")
    return list(search.config.lang or []) if search is not None else []


def unused_theme_files(files: Files, search_languages: list[str], favicon: str) -> list[File]:
    """Material's assets the site never loads: other languages' search support, and the default
    favicon when the site has its own."""
    unused = unused_search_files(files, search_languages)
    default_favicon = "assets/images/favicon.png"
    if favicon != default_favicon:
        unused += [f for f in files if f.src_uri == default_favicon]
    return unused


def unused_search_files(files: Files, search_languages: list[str]) -> list[File]:
    scripts = set()
    for language in search_languages:
        if language in _SEGMENTERS:
            scripts.add(f"{_LUNR}{_SEGMENTERS[language]}")
        if language != "en":
            scripts.add(f"{_LUNR}min/lunr.{language}.min.js")
    if len(search_languages) > 1:
        scripts.add(f"{_LUNR}min/lunr.multi.min.js")
    if scripts:
        scripts.add(f"{_LUNR}min/lunr.stemmer.support.min.js")
    return [f for f in files if f.src_uri.startswith(_LUNR) and f.src_uri not in scripts]


# Material 9.8.2's search, on the page: its bundle reads search/search_index.json (from file://,
# the offline plugin's copy search/search_index.js, `var __index = <the JSON>`) when a page loads,
# starts its worker (assets/javascripts/workers/search.<hash>.min.js) and sends it the index in a
# message.  The site keeps only the configuration in those two files and writes each language's
# documents apart (search_index.py); overrides/assets/javascripts/search.js hands them to the
# worker, which it starts when the reader first uses search (it knows the worker's messages).
# Material 9.8.2's search worker cuts Chinese: it replaces each run of Han characters in a query with
# the indexed words it finds in the run (integrations/search/query/segment), but never tries a
# word that ends the run, so 融合策略 was searched as 融合 alone and 昇腾 as 昇.  search.js cuts the
# reader's Chinese into the index's words itself and writes U+3007 (〇) after each: a Han
# character, so the worker tries the whole word, and a separator of the index (mkdocs.yml), so
# it is in no indexed word and drops out of the query.  It also knows that Material's search box
# reads the query on keyup only.  A new Material: recheck both in the worker and the bundle.
# Material 9.8.2's search plugin indexes every page of every build: it reads the page's HTML
# into sections (its Parser) and cuts their Chinese with jieba (SearchIndex.add_entry_from_context),
# the largest single cost of a warm build or a serve rebuild.  What it adds for a page is a function
# of the page's URL, title, front matter (search, tags, title), table of contents (ids and
# anchors) and HTML alone, with jieba's own dictionary; so the build keeps each page's entries by
# those, in memory and in a file beside the notebook cache, for the next build, and the search
# index is the one Material would write.  With a dictionary of the site's own (search.jieba_dict or
# jieba_dict_user in mkdocs.yml) nothing is kept: Material indexes every page itself.
_search_entries: SearchEntries | None = None


class SearchEntries:
    def __init__(self, path: Path, made_by: str, known: dict[str, list[dict]] | None = None) -> None:
        self.path, self.made_by = path, made_by
        self.known: dict[str, list[dict]] = known if known is not None else {}
        self.used: set[str] = set()
        if known is not None:  # the last build's, in this process (mkdocs serve)
            return
        try:
            kept_by, known = pickle.loads(path.read_bytes())
            if kept_by == made_by:  # made by the same Material, jieba and code
                self.known = known
        except (FileNotFoundError, pickle.UnpicklingError, EOFError, ValueError, TypeError):
            pass

    def save(self) -> None:
        """Keep the entries of this build's pages, nothing else (the file does not grow with edits)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(self.path.name + f".{os.getpid()}")
        partial.write_bytes(pickle.dumps((self.made_by, {key: self.known[key] for key in self.used})))
        partial.replace(self.path)


def _search_key(page) -> str:
    def anchors(toc) -> list:
        return [(item.id, item.url, anchors(item.children)) for item in toc]

    meta = {name: page.meta.get(name) for name in ("search", "tags", "title")}
    what = repr((page.url, page.title, meta, anchors(page.toc))) + "\0" + page.content
    return hashlib.sha256(what.encode("utf-8", errors="surrogatepass")).hexdigest()


def keep_search_entries(config, path: Path, made_by: str) -> SearchEntries | None:
    """From now on, Material's search indexes each page once (see above); None: as it does."""
    global _search_entries
    from material.plugins.search.plugin import SearchIndex

    search = config.plugins.get("material/search") or config.plugins.get("search")
    own_dictionary = search is not None and (search.config.get("jieba_dict") or search.config.get("jieba_dict_user"))
    last = _search_entries
    known = last.known if last is not None and (last.path, last.made_by) == (path, made_by) else None
    _search_entries = None if search is None or own_dictionary else SearchEntries(path, made_by, known)
    original = SearchIndex.__dict__.get("_course_indexed_by_material", SearchIndex.add_entry_from_context)
    SearchIndex._course_indexed_by_material = original

    def add_entry_from_context(index, page):
        kept = _search_entries
        if kept is None:
            return original(index, page)
        key = _search_key(page)
        if key not in kept.known:
            before = len(index.entries)
            original(index, page)
            kept.known[key] = copy.deepcopy(index.entries[before:])
        else:
            index.entries.extend(copy.deepcopy(kept.known[key]))
        kept.used.add(key)

    SearchIndex.add_entry_from_context = add_entry_from_context
    return _search_entries


SEARCH_INDEX = "search/search_index.json"
SEARCH_INDEX_SCRIPT = "search/search_index.js"
_OFFLINE_SCRIPT_PREFIX = "var __index = "


def read_search_index(site: Path) -> dict | None:
    path = site / SEARCH_INDEX
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def write_search_index(site: Path, index: dict) -> None:
    """Material's own index files, with `index` in them (the script only when the offline plugin
    wrote one)."""
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    (site / SEARCH_INDEX).write_text(data, encoding="utf-8")
    script = site / SEARCH_INDEX_SCRIPT
    if script.is_file():
        script.write_text(_OFFLINE_SCRIPT_PREFIX + data, encoding="utf-8")


def search_worker() -> str:
    """The site path of Material's search worker, whose name changes with every release."""
    import material

    workers = Path(material.__file__).parent / "templates" / "assets" / "javascripts" / "workers"
    found = sorted(workers.glob("search.*.min.js"))
    if len(found) != 1:
        raise RuntimeError(f"expected one Material search worker in {workers}, found {found}: see adapters.py")
    return f"assets/javascripts/workers/{found[0].name}"


# Material's offline plugin (9.8.2) adds the iframe-worker shim from unpkg to extra.polyfills
# unless an entry there names "iframe-worker".  The site inlines its vendored copy of the shim
# (overrides/partials/iframe-worker-shim.html) and does not render extra.polyfills at all.
_CDN_SHIM = "https://unpkg.com/iframe-worker/shim"


def drop_cdn_polyfill(config) -> None:
    """Call from on_config after the offline plugin's own."""
    polyfills = config.extra.get("polyfills") or []
    config.extra["polyfills"] = [url for url in polyfills if url != _CDN_SHIM]


# ---------------------------------------------------------------------------
# bleach 6.4.0
#
# The content check (sanitise.py) lets bleach judge markup, but never takes its output: what
# bleach would drop or change is recorded, and the build stops naming it.  Markup is parsed as
# a browser parses it (html5lib, with scripting on, so <noscript> is raw text as in Chromium);
# an SVG file is an XML tree (an ElementTree element) walked the same way.  bleach's filter then
# applies its allow list of elements, its URL rule (`attr_val_is_uri` attributes only with the
# given protocols), its rule that SVG references (`fill="url(…)"`) and the `href` of
# <use>/<linearGradient>/… stay inside the document.  `judge` decides every attribute
# first (the site's own allow list, by namespaced name); bleach's filter's own per-attribute
# callable therefore accepts everything judge let through.


@dataclass(frozen=True)
class Refusal:
    element: str  # as parsed: "script", "svg:animate" (an element outside HTML names its namespace)
    attribute: str | None = None  # None: the element itself is refused
    value: str | None = None
    reason: str | None = None  # the site's own; None for bleach's URL and reference rules


def refusals_in_html(html: str, *, tags: Mapping[str, frozenset], protocols, judge, css_problem) -> list[Refusal]:
    """`tags`: the elements allowed in each of "html", "svg" and "math" (inline SVG and MathML)."""
    from bleach import html5lib_shim

    parser = html5lib_shim.BleachHTMLParser(tags=None, strip=False, consume_entities=True,
                                            namespaceHTMLElements=False)
    return _judge_stream(html5lib_shim.getTreeWalker("etree")(parser.parseFragment(html)),
                         tags, protocols, judge, css_problem)


def refusals_in_svg(root, *, tags: frozenset, protocols, judge, css_problem) -> list[Refusal]:
    """`root`: an xml.etree element, an SVG file as parsed by defusedxml: SVG elements only."""
    from bleach import html5lib_shim

    return _judge_stream(html5lib_shim.getTreeWalker("etree")(root), {"svg": tags}, protocols, judge, css_problem)


def _judge_stream(stream, tags: Mapping[str, frozenset], protocols, judge, css_problem) -> list[Refusal]:
    from bleach import html5lib_shim

    by_namespace = {{"html": None, "svg": html5lib_shim.namespaces["svg"],
                     "math": html5lib_shim.namespaces["mathml"]}[key]: names for key, names in tags.items()}
    refusals: list[Refusal] = []
    for _ in _recorder()(stream, refusals, by_namespace, judge, css_problem,
                         allowed_tags=frozenset().union(*tags.values()), allowed_protocols=protocols,
                         attributes=lambda tag, name, value: True, strip_html_comments=False,
                         css_sanitizer=_KeepCss()):
        pass
    return list(dict.fromkeys(refusals))


class _KeepCss:
    """bleach would rewrite style attributes; judge has checked them already."""

    def sanitize_css(self, style):
        return style


def _element_name(token) -> str:
    """The element's name; one in a namespace the content may not use names it too."""
    from bleach import html5lib_shim

    namespace = token.get("namespace")
    known = (None, html5lib_shim.namespaces["html"], html5lib_shim.namespaces["svg"], html5lib_shim.namespaces["mathml"])
    return token["name"] if namespace in known else f"{{{namespace}}}{token['name']}"


def _attribute_name(namespace, name) -> str:
    from bleach import html5lib_shim

    if namespace not in html5lib_shim.prefixes or name == html5lib_shim.prefixes[namespace]:  # xmlns
        return name
    return f"{html5lib_shim.prefixes[namespace]}:{name}"


_RECORDER = None


def _recorder():
    global _RECORDER
    if _RECORDER is not None:
        return _RECORDER
    import html as html_text

    from bleach.sanitizer import BleachSanitizerFilter

    class Recorder(BleachSanitizerFilter):
        def __init__(self, source, refusals, namespaces, judge, css_problem, **options):
            super().__init__(source, **options)
            self.refusals, self.namespaces, self.judge, self.css_problem = refusals, namespaces, judge, css_problem
            self.style_text: list[str] | None = None  # inside an allowed <style>: its text so far

        def sanitize_token(self, token):
            kind = token["type"]
            if kind in ("StartTag", "EmptyTag") and token["name"] not in self.namespaces.get(token.get("namespace"), ()):
                return self.disallowed_token(token)  # not allowed in its namespace (or the namespace is not)
            if self.style_text is not None and kind in ("Characters", "SpaceCharacters"):
                self.style_text.append(token["data"])
            elif kind == "StartTag" and token["name"] == "style" and token["name"] in self.allowed_tags:
                self.style_text = []
            elif kind == "EndTag" and token["name"] == "style" and self.style_text is not None:
                css = "".join(self.style_text)
                problem = self.css_problem(css)
                if problem:
                    self.refusals.append(Refusal("style", None, css.strip(), problem))
                self.style_text = None
            return super().sanitize_token(token)

        def disallowed_token(self, token):
            if token["type"] in ("StartTag", "EmptyTag"):
                # named with its address, if it has one: which <script> of the page
                address = next((f'{name}="{value}"' for (_, name), value in (token.get("data") or {}).items()
                                if name in ("src", "href", "data", "action")), None)
                self.refusals.append(Refusal(_element_name(token), None, address))
            return super().disallowed_token(token)

        def allow_token(self, token):
            if token["type"] not in ("StartTag", "EmptyTag") or not token.get("data"):
                return super().allow_token(token)
            element = _element_name(token)
            kept = {}
            for (namespace, name), value in token["data"].items():
                shown = _attribute_name(namespace, name)
                reason = self.judge(element, shown, value)
                if reason:
                    self.refusals.append(Refusal(element, shown, value, reason))
                else:
                    kept[(namespace, name)] = value
            checked = super().allow_token(dict(token, data=dict(kept)))["data"]
            for key, value in kept.items():
                if key not in checked or html_text.unescape(checked[key]).strip() != html_text.unescape(value).strip():
                    self.refusals.append(Refusal(element, _attribute_name(*key), value))
            return dict(token, data=checked)

    _RECORDER = Recorder
    return Recorder

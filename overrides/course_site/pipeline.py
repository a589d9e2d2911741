"""The page pipeline: every page's HTML is parsed once, passed through the steps below, in this
order, and written out once.  `NEEDS`, under the list, is what each step needs before it and
why; `check_order` keeps the list to it.

Each step is a function `step(tree, page) -> tree` that does one thing and leaves the tree alone
when the page does not concern it.  `page` (a PageContext) says what the page is; what a step
finds out for the template (the table of contents, the description, the stylesheets the page
needs) goes into `page.result`.  The order is this list, nothing else:

1. notebook_markup: nbconvert's markup made the site's (styles out, scripts out, Material code
   blocks, no prompts)
2. safe_content: no script, nothing loaded from outside the site (before anything of ours is added;
   every problem of every page is reported at the end of the language passes, all at once)
3. cell_outputs: what the cells tagged run-at-build printed, under each such cell
4. headings: anchors, permalinks and the table of contents
5. exercises: quiz forms and solution blocks; reference solutions (solutions.py)
6. catalog: the course catalog on the home page, with the reader's progress
7. glossary: the glossary page's entries; on other pages, the first use of each term linked to them
8. chapter_end: at the end of a chapter practice, what the reader completed and where to go next
   (after 7: section titles are not glossary uses)
9. links: relative links to notebooks and per-language figures, and a file with no version in the
   page's language linked where it is published, in the default language (after 5 and 8, which
   add links in quizzes, on Markdown pages too)
10. figures: an image and its caption paragraph become <figure> and <figcaption>; SVG figures
    get their dark version and open full screen (after 9, which settles the image addresses)
11. images: images load lazily
12. code_blocks: each code block named for its copy button, without Pygments' unstyled whitespace
    spans; inline code breaks only at a space
    or after "_", "=", ";", ",", "/", never inside a part with a hyphen
13. tables: tables labelled to read as rows on phones (a hint over those that cannot), words
    with a hyphen kept whole in cells (after 12, so that the labels are the headers' text as shown)
14. table_boxes: each table Material's script would box as the page starts, boxed here instead
    (material.box_tables), so that the script moves no table (after 13, whose hint goes above
    the box, not inside it)
15. description: the meta description
16. outdated: "this translation is behind its original", with what changed under which heading
    (after 4 and 5, whose headings and cells it names; after 7, so no term in it is linked)
17. page_top: the chapter above a section's title, the page's contents under it for phones
    (after 7, which would link terms in them, 15, which reads the first paragraph, and 16,
    which puts its notice right under the title)
18. run_it: on a notebook page with code to run, the chapter's notebooks to download and how
    to run them
19. notices: "not translated yet" (wraps the content, so it comes late)
20. progress_data: on every page, its language's progress data and the engine's script (the
    navigation's ticks; the catalog; the chapter end); after notices, so that it stays outside
    the wrapped content
21. search_text: what search indexes: interface words out, long outputs cut, blocks kept apart
    (after every step that adds text)
22. used_classes: what notebook.css must keep

To change how a notebook page looks, start here and follow the step to its module.
"""

from __future__ import annotations

import html as html_text
import posixpath
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bs4 import BeautifulSoup, Comment

from quizzes.cell_ids import positions_without_id
from quizzes.course import Course

from .adapters import jupyter, material, nbconvert

from mkdocs.utils import get_relative_url


from .site import archives
from .page import figures as figure_parts, quiz_pages, glossary_terms, run_box as run_boxes
from .page import headings as heading_anchors, links as link_rewriting, notices as page_notices
from .page import page_top as page_top_parts, progress, search_text as index_text, tables as table_layout
from .page.code_breaks import mark_breaks
from .page.description import description_of
from .course.glossary import PAGE as GLOSSARY_PAGE, Glossary
from .languages import Languages
from .course.plan import CoursePlan, HOME
from .course.run_at_build import CellOutput
from .course.translation_status import PageState
from .course.sanitise import check_page

CATALOG_MARKER = "course-catalog"
OUTPUT_CLASS = "cell-output"  # what a cell tagged run-at-build printed
TABLE_CLASS = "course-table"  # a table of the content, boxed by the build (table_boxes), not by Material


@dataclass(frozen=True)
class SiteServices:
    """What the steps need from the whole build; made once per build."""

    languages: Languages
    plan: CoursePlan
    course: Course
    slugify: Callable[[str, str], str]
    toc_depth: int
    run_outputs: Callable[[str], dict[str, CellOutput]]  # src_uri -> outputs of its run-at-build cells
    glossary: Glossary | None = None
    docs_name: str = "docs"
    environments: Mapping[str, str] = field(default_factory=dict)  # language -> home page anchor (extra.environments)
    read_source: Callable[[str], str | None] | None = None  # docs-relative path -> the file's text, None if absent
    outdated: Mapping[str, PageState] = field(default_factory=dict)  # translations behind, by src_uri
    exists: Callable[[str], bool] = lambda path: False  # docs-relative path -> whether docs/ has that file
    content_problems: list[str] = field(default_factory=list)  # sanitise.py's, of every page so far
    judge_content: Callable[[str, str], list[str]] = check_page  # (html, where) -> problems: sanitise.py


@dataclass
class PageResult:
    toc: list[dict] | None = None  # MkDocs TOC tokens, when a step rebuilt the table of contents
    description: str | None = None
    quiz_stylesheet: str | None = None
    figures: int = 0  # how many figures the page has (the template then loads figures.js)
    notebook_sheets: list[str] = field(default_factory=list)
    classes: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class PageContext:
    src_uri: str
    url: str  # where the page is published, site-relative
    language: str  # the language the page is shown in
    written_in: str  # the language of its source
    strings: Mapping[str, str]
    site: SiteServices
    result: PageResult = field(default_factory=PageResult)

    @property
    def is_notebook(self) -> bool:
        return jupyter.is_notebook(self.src_uri)

    @property
    def is_home(self) -> bool:
        return self.site.languages.original(self.src_uri) == HOME

    @property
    def where(self) -> str:
        return f"{self.site.docs_name}/{self.src_uri}"


# ---------------------------------------------------------------------------
# The steps, in order


def notebook_markup(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    if page.is_notebook:
        page.result.notebook_sheets = nbconvert.take_styles(tree)
        source = page.site.read_source(page.src_uri) if page.site.read_source else None
        nbconvert.give_cells_ids(tree, positions_without_id(source) if source else [])
        nbconvert.remove_scripts(tree)
        nbconvert.flatten_markdown_cells(tree)
        nbconvert.convert_code_cells(tree)
        nbconvert.remove_cell_toolbars(tree)
        nbconvert.remove_prompts(tree)
    return tree


def safe_content(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Judged as a browser reads what will be written (the tree as text), not as Python parsed it."""
    page.site.content_problems.extend(page.site.judge_content(str(tree), page.where))
    return tree


def cell_outputs(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    if not page.is_notebook:
        return tree
    for cell_id, output in page.site.run_outputs(page.src_uri).items():
        cell = nbconvert.find_cell(tree, cell_id)
        anchor = nbconvert.code_cell_input(cell) if cell is not None else None
        if anchor is None:
            continue  # the cell became something else (an answer cell shows solutions instead)
        anchor.insert_after(BeautifulSoup(render_output(output, page.strings["output_label"]), "html.parser"))
    return tree


def render_output(output: CellOutput, label: str) -> str:
    return (
        f'<div class="{OUTPUT_CLASS}" role="group" aria-label="{html_text.escape(label)}">'
        f'<p class="{OUTPUT_CLASS}__label" aria-hidden="true">{html_text.escape(label)}</p>'
        f"<pre><code>{html_text.escape(output.text.rstrip())}</code></pre></div>"
    )


def headings(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    title = page.strings["permalink"]
    if page.is_notebook:
        found = nbconvert.markdown_headings(tree)
        for heading in found:
            nbconvert.remove_heading_anchors(heading)
        page.result.toc = heading_anchors.anchor_headings(found, tree, page.site.slugify, page.site.toc_depth, title)
    else:
        heading_anchors.localise_permalinks(tree, title)
    return tree


def exercises_step(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    entry = page.site.course.pages.get(page.src_uri)
    if entry is None:
        return tree
    # In the language the page is written in: an untranslated page is shown whole in its original.
    quiz_pages.insert_exercises(tree, entry, page.site.course.language(page.written_in), page.where)
    quiz_pages.insert_solutions(tree, entry, page.strings, page.url, page.where)
    if entry.exercises:
        page.result.quiz_stylesheet = quiz_pages.stylesheet_url(page.url)
    return tree


def catalog(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    if page.is_home:
        site = page.site
        replace_comment(tree, CATALOG_MARKER, progress.render_catalog(
            site.plan, site.course, page.language, site.languages, page.strings, page.url))
    return tree


def chapter_end(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    site = page.site
    chapter = progress.chapter_of_practice(site.plan, site.languages.original(page.src_uri))
    if chapter is not None:
        tree.append(BeautifulSoup(progress.render_chapter_end(
            site.plan, chapter, site.course, page.language, site.languages, page.strings, page.url), "html.parser"))
        # The table of contents was made from the notebook's own headings (step 4): this one too,
        # under the page's title when the title holds the others.
        toc = page.result.toc
        if toc is not None:
            siblings = toc[0]["children"] if len(toc) == 1 and toc[0]["level"] == 1 else toc
            title = str(page.strings["chapter_end_title"])
            siblings.append({"level": 2, "id": progress.CHAPTER_END_ID, "name": title, "html": title,
                             "data-toc-label": "", "children": []})
    return tree


def glossary(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    terms = page.site.glossary
    if terms is None:
        return tree
    languages = page.site.languages
    if languages.original(page.src_uri) == GLOSSARY_PAGE:
        replace_comment(tree, glossary_terms.MARKER, glossary_terms.render_page(terms, page.language, languages.names, page.strings))
        return tree
    href = get_relative_url(progress.page_url(GLOSSARY_PAGE, page.language, languages), page.url)
    glossary_terms.link_first_uses(tree, terms.entries[page.language], href)
    return tree


def links(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """MkDocs rewrites a Markdown page's own links, but not those of the quizzes put into it."""
    codes = page.site.languages.codes
    if page.is_notebook:
        link_rewriting.rewrite_relative_links(tree, codes)
    else:
        for quiz in tree.select(quiz_pages.QUIZ_CONTENT):
            link_rewriting.rewrite_relative_links(quiz, codes)
    link_rewriting.link_untranslated_files(tree, page.url, page.language, page.site.languages, page.site.exists)
    return tree


def figures(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    def svg_text(src: str) -> str | None:
        if not figure_parts.is_local_svg(src) or page.site.read_source is None:
            return None
        languages = page.site.languages
        # The address is the published one (links.py): `a.svg` in the page's language folder, or
        # the original's address when the figure has no version in that language.
        published = posixpath.normpath(posixpath.join(posixpath.dirname(page.url), src))
        source = languages.translation(languages.without_folder(published), page.written_in)
        return page.site.read_source(source) or page.site.read_source(languages.original(source))

    def size_of(src: str):
        text = svg_text(src)
        return figure_parts.svg_size(text) if text else None

    def readable_of(src: str):
        text = svg_text(src)
        return figure_parts.readable_width(text) if text else None

    page.result.figures = figure_parts.make_figures(tree, page.strings, size_of, readable_of)
    return tree


def images(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Figures further down the page should not compete with the first paint."""
    for img in tree.find_all("img"):
        img["loading"] = img.get("loading", "lazy")
    return tree


def code_blocks(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    material.name_code_blocks(tree)
    nbconvert.plain_code_whitespace(tree)
    mark_breaks(tree)
    return tree


def tables(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """On phones, wide tables read as labelled rows, and no word breaks in a cell (tables.py)."""
    table_layout.label_rows(tree, str(page.strings["table_hint"]))
    table_layout.keep_hyphenated_words(tree)
    return tree


def table_boxes(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Material's script would take each table out of the page and put it back in its boxes as
    the page starts, and the browser then restyled and laid out the content again (issue 19):
    the build boxes them as Material would, with a class that the script skips and site.css
    styles as Material styles the tables it boxes (material.box_tables)."""
    material.box_tables(tree, TABLE_CLASS)
    return tree


def description(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    if page.is_notebook:
        page.result.description = description_of(nbconvert.first_markdown_paragraph(tree))
    return tree


def page_top(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """A chapter's section: the chapter's name above its title (a notebook's title must be the
    plan's: AUTHORING.md 3.2).  Every page with two sections or more: its contents, folded,
    under the title."""
    source = page.site.languages.original(page.src_uri)
    chapter = page.site.plan.chapter_of(source)
    if chapter is not None:
        page_top_parts.add_chapter(
            tree, chapter.title[page.language], page.where,
            plan_title=page.site.plan.title(source, page.written_in) if page.is_notebook else None,
            language=page.language if page.language != page.written_in else None,
        )
    page_top_parts.add_contents(tree, page.strings, page.site.toc_depth)
    return tree


def run_it(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """A notebook of a chapter with code to run: its chapter's archive in the page's language
    (archives.py, run_box.py).  A page whose only code is its answer cell (shown as solutions) has nothing
    to run: no box."""
    languages = page.site.languages
    chapter = page.site.plan.chapter_of(languages.original(page.src_uri))
    if chapter is None or not page.is_notebook or not nbconvert.code_to_run(tree):
        return tree
    anchor = page.site.environments.get(page.language)
    home = get_relative_url(languages.folder(page.language) + "index.html", page.url)
    run_boxes.add_run_box(tree, run_boxes.run_box(
        notebook=page.src_uri.rsplit("/", 1)[-1],
        archive_href=link_rewriting.site_href(archives.archive_path(chapter.folder, page.language), page.url),
        environments_href=f"{home}#{anchor}" if anchor else None, strings=page.strings,
    ))
    return tree


def outdated(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """A translation behind its original says so, naming each changed part under its heading."""
    state = page.site.outdated.get(page.src_uri)
    if state is None or page.written_in != page.language:
        return tree
    languages = page.site.languages
    original_language = languages.of(state.original)
    original_url = languages.folder(original_language) + languages.without_folder(page.url)
    names = page.strings.get("language_names") or {}
    return page_notices.outdated_notice(
        tree, language=page.language, original_language=original_language,
        original_name=names.get(original_language) or languages.names[original_language],
        original_href=get_relative_url(original_url, page.url), changed_on=state.changed_on,
        items=page_notices.changed_parts(tree, state.parts, page.strings), strings=page.strings,
    )


def notices(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    if page.written_in == page.language:
        return tree
    languages = page.site.languages
    original_url = languages.folder(page.written_in) + languages.without_folder(page.url)
    return page_notices.untranslated_notice(
        tree, language=page.language, written_in=page.written_in,
        original_name=languages.names[page.written_in],
        original_href=get_relative_url(original_url, page.url), strings=page.strings,
    )


def progress_data(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Every page links its language's progress data (progress_data.py) and the engine."""
    quiz_pages.link_script(tree, page.url, page.language)
    return tree


def search_text(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Search indexes what a reader reads: see search_text.py."""
    index_text.leave_out_interface(tree)
    index_text.limit_outputs(tree, nbconvert.output_areas(tree) + tree.select(f".{OUTPUT_CLASS} pre"))
    index_text.separate_blocks(tree)
    return tree


def used_classes(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    if page.is_notebook:
        for element in tree.find_all(True):
            page.result.classes.update(element.get("class") or [])
            if element.get("id"):
                page.result.ids.add(element["id"])
    return tree


STEPS = (
    notebook_markup, safe_content, cell_outputs, headings, exercises_step, catalog, glossary, chapter_end, links,
    figures, images, code_blocks, tables, table_boxes, description, outdated, page_top, run_it, notices, progress_data,
    search_text, used_classes,
)


# What each step needs done before it, and why: the order above is written by hand, and
# check_order proves at import that it keeps every one of these (tests/test_pipeline.py shows
# each reason in the output).  A step not named here may go anywhere the list puts it.
NEEDS: dict[Callable, tuple[tuple[Callable, str], ...]] = {
    chapter_end: ((glossary, "section and chapter titles in the chapter end are not uses of a term"),),
    figures: ((links, "a figure's dark version is named from its settled address"),),
    outdated: ((headings, "it links the heading of each changed part"),),
    page_top: ((description, "the description is the content's first paragraph, not the chapter's name"),
               (outdated, "the notice goes right under the title, found while the title still starts the page")),
    progress_data: ((notices, "the scripts stay outside the content an untranslated page wraps"),),
    tables: ((code_blocks, "code in cells keeps its option names whole, and the labels are the headers as shown"),),
    table_boxes: ((tables, "a table's hint goes above its box, not inside it"),),
    run_it: ((exercises_step, "an answer cell shows solutions, not code to run"),),
}


def check_order(steps: tuple, needs: Mapping = NEEDS) -> None:
    """Raise when a step comes before a step it needs."""
    position = {step: index for index, step in enumerate(steps)}
    broken = [f"{step.__name__} before {earlier.__name__} ({why})"
              for step, required in needs.items() for earlier, why in required
              if step in position and earlier in position and position[earlier] > position[step]]
    if broken:
        raise RuntimeError("the page pipeline's order breaks what its steps need: " + "; ".join(broken))


check_order(STEPS)


def run(html: str, page: PageContext, steps=STEPS) -> str:
    tree = BeautifulSoup(html, "html.parser")
    for step in steps:
        tree = step(tree, page)
    return str(tree)


def replace_comment(tree: BeautifulSoup, text: str, html: str) -> None:
    for comment in tree.find_all(string=lambda node: isinstance(node, Comment) and node.strip() == text):
        comment.replace_with(BeautifulSoup(html, "html.parser"))

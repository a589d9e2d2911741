"""The page pipeline: every page's HTML is parsed once, passed through the steps of `STEPS`, in
that order, and written out once.  To change how a page looks, start at a step and follow it to
its module (page/ holds them).

Each step is a function `step(tree, page) -> tree` that does one thing, said in its docstring,
and leaves the tree alone when the page does not concern it.  `page` (a PageContext) says what
the page is; what a step finds out for the template (the table of contents, the description, the
stylesheets the page needs) and the content's problems go into `page.result`.

Why a step comes where it does is written under the list, in code: `FIRST` and `LAST`, the steps
that must see the page before and after all others, and `NEEDS`, what each step needs done before
it; `check_order` holds the list to them when this module loads, and tests/test_pipeline.py shows
each reason in the output of a page sent through an order that breaks it.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping

from bs4 import BeautifulSoup, Comment
from mkdocs.utils import get_relative_url

from quizzes.cell_ids import positions_without_id

from . import order
from .adapters import material, nbconvert
from .course.plan import HOME
from .page import cell_outputs as output_parts, figures as figure_parts, formulas as formula_parts, glossary_terms
from .page import quiz_pages, run_box as run_boxes
from .page import headings as heading_anchors, links as link_rewriting, notices as page_notices
from .page import page_top as page_top_parts, progress, reading_place, search_text as index_text, tables as table_layout
from .page.code_breaks import hang_wrapped_lines, mark_breaks
from .page.context import PageContext
from .page.description import description_of

CATALOG_MARKER = "course-catalog"
TABLE_CLASS = "course-table"  # a table of the content, boxed by the build (table_boxes), not by Material


# ---------------------------------------------------------------------------
# The steps, in order


def notebook_markup(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """nbconvert's markup made the site's: its styles and scripts out, Material code blocks, no
    prompts, formulas as MathML (judged with the content)."""
    if page.is_notebook:
        page.result.problems.extend(formula_parts.write_formulas(tree, page.where))
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
    """No script, nothing loaded from outside the site: the content's problems, judged as a browser
    reads what will be written (the tree as text), not as Python parsed it.  The build reports every
    problem of every page at once, after the last language pass."""
    page.result.problems.extend(page.site.judge_content(str(tree), page.where, page.url))
    return tree


def cell_outputs(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """What the cells tagged run-at-build printed, under each such cell."""
    if not page.is_notebook:
        return tree
    for cell_id, output in page.site.run_outputs(page.src_uri).items():
        cell = nbconvert.find_cell(tree, cell_id)
        anchor = nbconvert.code_cell_input(cell) if cell is not None else None
        if anchor is None:
            continue  # the cell became something else (an answer cell shows solutions instead)
        anchor.insert_after(BeautifulSoup(output_parts.render_output(output, page.strings["output_label"]), "html.parser"))
    return tree


def headings(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Anchors, permalinks and the table of contents."""
    title = page.strings["permalink"]
    if page.is_notebook:
        found = nbconvert.markdown_headings(tree)
        heading_anchors.one_title(found)
        for heading in found:
            nbconvert.remove_heading_anchors(heading)
        page.result.toc = heading_anchors.anchor_headings(found, tree, page.site.slugify, page.site.toc_depth, title)
    else:
        heading_anchors.localise_permalinks(tree, title)
    return tree


def exercises_step(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Quiz forms and solution blocks, and reference solutions (page/quiz_pages.py, page/solutions.py)."""
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
    """The catalog, with the reader's progress: every course's on the site's home page, where its
    marker is; a course's own on the course's home page, at the marker, or at the end of a page
    written without one (upstream's README.md); and where the reader left off (page/reading_place.py)."""
    site, source = page.site, page.site.languages.original(page.src_uri)
    planned = page.course
    if page.is_home or (planned is not None and source == planned.home):
        only = None if page.is_home else planned
        html = progress.render_catalog(site.plan, site.course, page.language, site.languages, page.strings, page.url,
                                       only=only)
        if not replace_comment(tree, CATALOG_MARKER, html) and only is not None:
            tree.append(BeautifulSoup(html, "html.parser"))
        reading_place.insert_slot(tree, reading_place.render_slot(site.plan, page.language, site.languages, page.strings))
    return tree


def chapter_end(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """At the end of a chapter practice, what the reader completed and where to go next."""
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
    """The glossary page's entries; on other pages, the first use of each term linked to them."""
    course = page.course
    terms = page.site.glossaries.get(course.folder) if course is not None else None
    if terms is None:
        return tree  # a page of no course, or of a course without a glossary
    languages = page.site.languages
    if languages.original(page.src_uri) == course.glossary_page:
        replace_comment(tree, glossary_terms.MARKER, glossary_terms.render_page(terms, page.language, languages.names, page.strings))
        return tree
    href = get_relative_url(progress.page_url(course.glossary_page, page.language, languages), page.url)
    glossary_terms.link_first_uses(tree, terms.entries[page.language], href)
    return tree


def links(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Relative links to notebooks and per-language figures, and a file with no version in the
    page's language linked where it is published, in the default language; a link to a section
    the plan leaves out, as text.  MkDocs rewrites a Markdown page's own links, but not those of
    the quizzes put into it."""
    codes = page.site.languages.codes
    if page.is_notebook:
        course = page.course
        if course is not None:
            link_rewriting.link_to_source(tree, page.src_uri, course.folder, course.source)
        link_rewriting.rewrite_relative_links(tree, codes)
    else:
        for quiz in tree.select(quiz_pages.QUIZ_CONTENT):
            link_rewriting.rewrite_relative_links(quiz, codes)
    link_rewriting.link_untranslated_files(tree, page.url, page.language, page.site.languages, page.site.exists)
    plan = page.site.plan
    link_rewriting.unlink_unpublished(tree, page.url, page.site.languages, plan.not_published,
                                      page.strings["not_published"],
                                      page.language if page.language != page.written_in else None)
    return tree


def figures(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """An image and its caption paragraph become <figure> and <figcaption>; an SVG figure gets its
    dark version and opens full screen; an image of a course whose figures do not keep the palette
    is shown as drawn."""
    languages = page.site.languages

    def source_of(src: str) -> str:
        # The address is the published one (links.py): `a.svg` in the page's language folder, or
        # the original's address when the figure has no version in that language.
        published = posixpath.normpath(posixpath.join(posixpath.dirname(page.url), src))
        return languages.translation(languages.without_folder(published), page.written_in)

    def svg_text(src: str) -> str | None:
        if not figure_parts.is_local_svg(src) or page.site.read_source is None:
            return None
        source = source_of(src)
        return page.site.read_source(source) or page.site.read_source(languages.original(source))

    def keeps_palette(src: str) -> bool:
        return page.site.plan.keeps_palette(languages.original(source_of(src)))

    def measured(measure):
        return lambda src: measure(text) if (text := svg_text(src)) else None

    page.result.figures = figure_parts.make_figures(tree, page.strings, measured(figure_parts.svg_size),
                                                    measured(figure_parts.readable_width), keeps_palette)
    figure_parts.mark_as_drawn(tree, keeps_palette)
    return tree


def images(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Figures further down the page should not compete with the first paint."""
    for img in tree.find_all("img"):
        img["loading"] = img.get("loading", "lazy")
    return tree


def code_blocks(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Each code block named for its copy button, without Pygments' unstyled whitespace spans;
    inline code breaks only at a space or after "_", "=", ";", ",", "/", never inside a part with
    a hyphen; a code block's lines that wrap on a phone go on deeper than its own lines begin."""
    material.name_code_blocks(tree)
    nbconvert.plain_code_whitespace(tree)
    mark_breaks(tree)
    hang_wrapped_lines(tree)
    return tree


def tables(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """On phones, wide tables read as labelled rows (a hint over those that cannot), no word
    with a hyphen breaks in a cell, and a list of alternatives in code may (page/tables.py)."""
    table_layout.label_rows(tree, str(page.strings["table_hint"]))
    table_layout.keep_hyphenated_words(tree)
    table_layout.break_between_alternatives(tree)
    return tree


def table_boxes(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """Material's script would take each table out of the page and put it back in its boxes as
    the page starts, and the browser then restyled and laid out the content again (issue 19):
    the build boxes them as Material would, with a class that the script skips and site.css
    styles as Material styles the tables it boxes (material.box_tables)."""
    material.box_tables(tree, TABLE_CLASS)
    return tree


def description(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """The meta description: the content's first paragraph."""
    if page.is_notebook:
        page.result.description = description_of(nbconvert.first_markdown_paragraph(tree))
    return tree


def page_top(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """A chapter's section: the chapter's name above its title (a notebook must have one).  Every
    page with two sections or more: its contents, folded, under the title."""
    source = page.site.languages.original(page.src_uri)
    chapter = page.site.plan.chapter_of(source)
    if chapter is not None:
        problem = page_top_parts.add_chapter(
            tree, chapter.title[page.language], page.where,
            plan_title=page.site.plan.title(source, page.written_in) if page.is_notebook else None,
            language=page.language if page.language != page.written_in else None,
        )
        page.result.problems.extend([problem] if problem else [])
    page_top_parts.add_contents(tree, page.strings, page.site.toc_depth)
    return tree


def run_it(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """A notebook of a chapter with code to run: its chapter's archive in the page's language
    (site/archives.py, run_box.py).  A page whose only code is its answer cell (shown as solutions) has nothing
    to run: no box."""
    languages = page.site.languages
    chapter = page.site.plan.chapter_of(languages.original(page.src_uri))
    if chapter is None or not page.is_notebook or not nbconvert.code_to_run(tree):
        return tree
    course = page.course
    anchor = course.environments.get(page.language)
    home = get_relative_url(progress.page_url(course.home or HOME, page.language, languages), page.url)
    run_boxes.add_run_box(tree, run_boxes.run_box(
        notebook=page.src_uri.rsplit("/", 1)[-1],
        archive_href=link_rewriting.site_href(page.site.archives[(chapter.folder, page.language)], page.url),
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
    """"Not translated yet", around the content of a page shown in its original's language."""
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
    """What search indexes: interface words out, long outputs cut, blocks kept apart (page/search_text.py)."""
    index_text.leave_out_interface(tree)
    index_text.limit_outputs(tree, nbconvert.output_areas(tree) + tree.select(f".{output_parts.OUTPUT_CLASS} pre"))
    index_text.separate_blocks(tree)
    return tree


def used_classes(tree: BeautifulSoup, page: PageContext) -> BeautifulSoup:
    """What notebook.css must keep: the classes and ids of a notebook page as it will be written."""
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


# The steps that must see the page before all others, and after all others, in this order.
FIRST: tuple[tuple[Callable, str], ...] = (
    (notebook_markup, "nbconvert's own scripts and styles go before the content is judged"),
    (safe_content, "it judges the content alone, before any markup of ours is added"),
)
LAST: tuple[tuple[Callable, str], ...] = (
    (search_text, "it reads the text every other step adds"),
    (used_classes, "notebook.css keeps what the markup of any step uses"),
)
# What each step needs done before it, and why.  A step named nowhere may go anywhere between.
NEEDS: dict[Callable, tuple[tuple[Callable, str], ...]] = {
    chapter_end: ((glossary, "section and chapter titles in the chapter end are not uses of a term"),),
    links: ((exercises_step, "the quiz's questions and explanations hold links as their author wrote them"),),
    figures: ((links, "a figure's dark version is named from its settled address"),),
    outdated: ((headings, "it links the heading of each changed part"),
               (glossary, "the notice's words are not uses of a term")),
    page_top: ((description, "the description is the content's first paragraph, not the chapter's name"),
               (outdated, "the notice goes right under the title, found while the title still starts the page"),
               (glossary, "the chapter's name above the title is not a use of a term")),
    progress_data: ((notices, "the scripts stay outside the content an untranslated page wraps"),),
    tables: ((code_blocks, "code in cells keeps its option names whole, and the labels are the headers as shown"),),
    table_boxes: ((tables, "a table's hint goes above its box, not inside it"),),
    run_it: ((exercises_step, "an answer cell shows solutions, not code to run"),),
}


def check_order(steps: tuple, needs: Mapping = NEEDS, first: tuple = FIRST, last: tuple = LAST) -> None:
    """Raise when a step comes before a step it needs, or the first or last steps are not so."""
    order.check(steps, needs, first, last, what="the page pipeline")


check_order(STEPS)


def run(html: str, page: PageContext, steps=STEPS) -> str:
    tree = BeautifulSoup(html, "html.parser")
    for step in steps:
        tree = step(tree, page)
        if step is safe_content and page.result.problems:
            # Never published: the build stops, naming the problems, after the last language pass.
            # The steps after would only spend time on it (some walk up from every element: on a
            # page nested 20,000 deep, more than ten minutes).
            break
    return str(tree)


def replace_comment(tree: BeautifulSoup, text: str, html: str) -> bool:
    """Put `html` where each comment `<!-- text -->` is; whether there was one."""
    found = tree.find_all(string=lambda node: isinstance(node, Comment) and node.strip() == text)
    for comment in found:
        comment.replace_with(BeautifulSoup(html, "html.parser"))
    return bool(found)

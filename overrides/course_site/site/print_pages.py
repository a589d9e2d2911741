"""The print pages (course/printed.py): each made, in each language, from its sections as built.

A print page is a page of the site like any other (MkDocs renders it with the site's template,
the link check reads it, the offline package holds it), generated rather than read from docs/,
and left out of search, which finds each section on its own page.  Its content is the content of
its sections, each as the pipeline made it, one after the other, each starting a new sheet of
paper, under the page's title, a word on printing and the table of contents:

- every id in a section gets the section's prefix (`s1-3-`), and whatever names an id (a link to
  `#…`, a label's `for`, `aria-*`, a question's solution) follows, so that no two sections share
  one (every section has its "参考资料");
- a link is rebased from the section's address to the print page's, and a link to another
  section of the page (or a heading in it) becomes a link within the page;
- each question is followed by its solution, as a block that is always open (a `<details>`
  opened by the page would count as the reader opening it: quizzes/README.md); what says where
  the solutions are (the block's intro, the quiz's note without JavaScript) goes;
- what is only for reading on screen goes: each section's contents and run box; the quiz engine
  and its data come once, at the end, and restore the reader's stored answers with ✓ and ✗;
- figures load at once, so that a page printed before it was scrolled through has them.
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup
from mkdocs.structure.files import File
from mkdocs.structure.toc import get_toc

from ..course.plan import Chapter, CoursePlan, Section
from ..course.printed import PrintPage, print_page_of, print_pages
from ..languages import Languages
from ..page import quiz_pages
from ..page.links import site_href
from ..strings import fill
from .notebook_css import NOTEBOOK_CSS
from .page_extras import PageExtras

# The page's Markdown: nothing but what its front matter says (search leaves it out).
SOURCE = "---\nsearch:\n  exclude: true\n---\n"
SCREEN_ONLY = "details.page-contents, details.run-it, script.quiz-progress-data, script.quiz-script, form.quiz noscript"
# Attributes that name ids of the page: one id, or several separated by spaces.
NAMING_IDS = ("for", "form", "list", "headers", "aria-labelledby", "aria-describedby", "aria-controls", "aria-owns",
              "aria-details", "aria-flowto", "aria-activedescendant", "aria-errormessage", "data-quiz-solution")
# Attributes that hold an address.
ADDRESSES = (("a", "href"), ("a", "data-dark-href"), ("img", "src"), ("source", "src"))
TITLE_ID = "print-title"
CONTENTS_ID = "print-contents"


@dataclass(frozen=True)
class BuiltSection:
    chapter: Chapter
    section: Section
    number: str  # its place in the plan, "1-3" for 1.3: in its ids' prefix and its anchor's name
    content: str  # the page's content as the pipeline made it
    url: str  # where the page is published


@dataclass
class Assembled:
    html: str
    toc: list = field(default_factory=list)  # MkDocs' TOC tokens
    notebooks: bool = False
    quizzes: bool = False
    figures: bool = False


class PrintEditions:
    """The print pages of one build, in every language."""

    def __init__(self, plan: CoursePlan, languages: Languages) -> None:
        self.plan = plan
        self.languages = languages
        self.pages = print_pages(plan)

    def files(self, config, language: str) -> list[File]:
        """The pages of a language's pass, to add to its files (MkDocs renders them)."""
        made = []
        for page in self.pages:
            file = File.generated(config, self.languages.translation(page.source, language), content=SOURCE)
            file.dest_uri = page.url(language, self.languages)
            made.append(file)
        return made

    def is_one(self, src_uri: str) -> bool:
        return print_page_of(src_uri, self.pages, self.languages) is not None

    def fill(self, page, nav, *, language: str, strings: Mapping) -> None:
        """A print page's content, table of contents and extras, from the pages of the pass in
        `nav`, whose content every page has by the time any is rendered.  Other pages: nothing."""
        printed = print_page_of(page.file.src_uri, self.pages, self.languages)
        if printed is None:
            return
        built = {self.languages.original(p.file.src_uri): p for p in nav.pages}
        sections = [BuiltSection(chapter, section, _number(self.plan, chapter, section), built[section.source].content or "",
                                 built[section.source].url)
                    for chapter, section in printed.sections() if section.source in built]
        title = printed.chapters[0].title[language] if not printed.whole_course else printed.course.title[language]
        made = assemble(printed, sections, here=page.url, language=language, strings=strings, title=title)
        page.title = fill(strings["print_title"], title=title)
        page.content = made.html
        page.toc = get_toc(made.toc)
        page.meta["description"] = _intro(strings, title, len(sections))
        page.course = PageExtras(
            notebook_stylesheet=NOTEBOOK_CSS if made.notebooks else None,
            quiz_stylesheet=quiz_pages.stylesheet_url(page.url) if made.quizzes else None,
            figures=made.figures, words=strings, print_edition=True,
        )


def _number(plan: CoursePlan, chapter: Chapter, section: Section) -> str:
    """No dot: Material's copy buttons find their code by a selector made from its block's id."""
    course = plan.course_of(chapter.folder + "/")
    return f"{course.chapters.index(chapter) + 1}-{chapter.sections.index(section) + 1}"


def _intro(strings: Mapping, title: str, count: int) -> str:
    return fill(strings["print_intro"], what=title, count=count)


def assemble(printed: PrintPage, sections: list[BuiltSection], *, here: str, language: str, strings: Mapping,
             title: str) -> Assembled:
    """The print page's content: its title, a word on printing, its contents, then each section."""
    anchors = {posixpath.normpath(unquote(s.url)): s.number for s in sections}
    made = Assembled("")
    parts = [
        f'<h1 id="{TITLE_ID}">{html.escape(fill(strings["print_title"], title=title))}</h1>',
        '<div class="print-edition__intro" data-search-exclude>'
        f'<p class="print-edition__howto">{html.escape(_intro(strings, title, len(sections)))}</p>'
        f'<p>{html.escape(strings["print_legend"])}</p>'
        f'<p class="print-edition__howto"><button type="button" class="md-button md-button--primary print-edition__print" hidden>'
        f'{html.escape(strings["print_button"])}</button></p></div>',
        _contents(printed, sections, language, strings),
    ]
    made.toc = [{"level": 1, "id": TITLE_ID, "name": html.escape(fill(strings["print_title"], title=title)),
                 "html": "", "data-toc-label": "", "children": []}]
    for built in sections:
        tree = BeautifulSoup(built.content, "html.parser")
        for element in tree.select(SCREEN_ONLY):
            element.decompose()
        prefix = _prefix(built.number)
        _prefix_ids(tree, prefix)
        _rebase(tree, built.url, here, anchors)
        _solutions_after_questions(tree)
        for image in tree.select("img.course-figure__light, img:not(.course-figure__dark)"):
            image.attrs.pop("loading", None)
        made.notebooks |= tree.select_one(".jupyter-wrapper") is not None
        made.quizzes |= tree.select_one("form.quiz") is not None
        made.figures |= tree.select_one("figure.course-figure") is not None
        name = html.escape(built.section.title[language])
        parts.append(f'<section class="print-edition__section" id="{_anchor(built.number)}" aria-label="{name}">'
                     f"{tree}</section>")
        made.toc[0]["children"].append({"level": 2, "id": _anchor(built.number), "name": name, "html": name,
                                        "data-toc-label": "", "children": []})
    tree = BeautifulSoup(f'<div class="print-edition">{"".join(parts)}</div>', "html.parser")
    if made.quizzes:
        quiz_pages.link_script(tree, here, language)
    made.html = str(tree)
    return made


def _anchor(number: str) -> str:
    return f"section-{number}"


def _prefix(number: str) -> str:
    return f"s{number}-"


def _contents(printed: PrintPage, sections: list[BuiltSection], language: str, strings: Mapping) -> str:
    """The table of contents, chapter by chapter: on paper, where the sheets that follow begin."""
    heading = html.escape(strings["print_contents"])
    items = []
    for chapter in printed.chapters:
        links = "".join(f'<li><a href="#{_anchor(s.number)}">{html.escape(s.section.title[language])}</a></li>'
                        for s in sections if s.chapter == chapter)
        items.append(f'<li>{html.escape(chapter.title[language])}<ul>{links}</ul></li>' if printed.whole_course else links)
    return (f'<nav class="print-edition__contents" aria-labelledby="{CONTENTS_ID}"><h2 id="{CONTENTS_ID}">{heading}</h2>'
            f'<ul>{"".join(items)}</ul></nav>')


def _prefix_ids(tree: BeautifulSoup, prefix: str) -> None:
    ids = {element["id"] for element in tree.find_all(id=True)}
    for element in tree.find_all(id=True):
        element["id"] = prefix + element["id"]
    for attribute in NAMING_IDS:
        for element in tree.find_all(attrs={attribute: True}):
            value = element[attribute]
            tokens = value if isinstance(value, list) else value.split()
            element[attribute] = " ".join(prefix + token if token in ids else token for token in tokens)
    for link in tree.find_all("a", href=True):
        target = unquote(link["href"][1:]) if link["href"].startswith("#") else None
        if target in ids:
            link["href"] = f"#{prefix}{target}"


def _rebase(tree: BeautifulSoup, section_url: str, here: str, anchors: Mapping[str, str]) -> None:
    """Addresses relative to the section's page, made relative to the print page; a section of
    the print page, or a place in it, linked within the page."""
    folder = posixpath.dirname(unquote(section_url))
    for tag, attribute in ADDRESSES:
        for element in tree.find_all(tag, attrs={attribute: True}):
            parts = urlsplit(element[attribute])
            if parts.scheme or parts.netloc or element[attribute].startswith(("/", "#")) or not parts.path:
                continue
            target = posixpath.normpath(posixpath.join(folder, unquote(parts.path)))
            if target in anchors and not parts.query:
                number = anchors[target]
                element[attribute] = f"#{_prefix(number)}{unquote(parts.fragment)}" if parts.fragment else f"#{_anchor(number)}"
                continue
            element[attribute] = (site_href(target, here) + (f"?{parts.query}" if parts.query else "")
                                  + (f"#{parts.fragment}" if parts.fragment else ""))


def _solutions_after_questions(tree: BeautifulSoup) -> None:
    """Each question's solution right after it, always open; a block that held them is left
    without its intro, and goes when nothing is left in it."""
    for question in tree.select("fieldset.quiz-question[data-quiz-solution]"):
        solution = tree.find(id=question["data-quiz-solution"])
        if solution is None:
            continue
        solution.name = "div"
        solution["class"] = ["quiz-solution", "print-edition__solution"]
        if solution.summary is not None:
            solution.summary.decompose()
        question.insert_after(solution.extract())
    for block in tree.select(".quiz-solutions"):
        if block.select_one(".quiz-solution") is None:
            block.decompose()

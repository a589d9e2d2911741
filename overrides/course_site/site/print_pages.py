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
from dataclasses import asdict, dataclass, field
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
from .page_cache import PageCache
from .page_extras import PageExtras

# The page's Markdown: nothing but what its front matter says (search leaves it out).
SOURCE = "---\nsearch:\n  exclude: true\n---\n"
SCREEN_ONLY = "details.page-contents, details.run-it, script.quiz-progress-data, script.quiz-script, form.quiz noscript"
# Attributes that name ids of the page: one id, or several separated by spaces.
NAMING_IDS = ("for", "form", "list", "headers", "aria-labelledby", "aria-describedby", "aria-controls", "aria-owns",
              "aria-details", "aria-flowto", "aria-activedescendant", "aria-errormessage", "data-quiz-solution")
# Attributes that hold an address (what sanitise.py lets content load or link), and those that hold
# a list of them (srcset: upstream's <picture><source srcset=…>).
ADDRESSES = (("a", "href"), ("a", "xlink:href"), ("a", "data-dark-href"), ("img", "src"), ("source", "src"),
             ("image", "href"), ("image", "xlink:href"), ("use", "href"), ("use", "xlink:href"))
ADDRESS_LISTS = (("img", "srcset"), ("source", "srcset"))
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

    def __init__(self, plan: CoursePlan, languages: Languages, sections: PageCache | None = None) -> None:
        self.plan = plan
        self.languages = languages
        self.pages = print_pages(plan)
        # Each section as a print page shows it, made before (a section is on two print pages in
        # each language, and an edit to one leaves the others as they were).
        self.sections = sections if sections is not None else PageCache(None, "")

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
        made = assemble(printed, sections, here=page.url, language=language, strings=strings, title=title,
                        kept=self.sections)
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
             title: str, kept: PageCache | None = None) -> Assembled:
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
        section, found = _on_paper(built, here, anchors, kept or PageCache(None, ""))
        made.notebooks |= found.notebooks
        made.quizzes |= found.quizzes
        made.figures |= found.figures
        name = html.escape(built.section.title[language])
        parts.append(f'<section class="print-edition__section" id="{_anchor(built.number)}" aria-label="{name}">'
                     f"{section}</section>")
        made.toc[0]["children"].append({"level": 2, "id": _anchor(built.number), "name": name, "html": name,
                                        "data-toc-label": "", "children": []})
    scripts = BeautifulSoup("", "html.parser")
    if made.quizzes:
        quiz_pages.link_script(scripts, here, language)
    made.html = f'<div class="print-edition">{"".join(parts)}</div>{scripts}'
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


@dataclass
class _Found:
    notebooks: bool = False
    quizzes: bool = False
    figures: bool = False


def _on_paper(built: BuiltSection, here: str, anchors: Mapping[str, str], kept: PageCache) -> tuple[str, _Found]:
    """A section's content as the print page at `here` shows it, and what it holds; as made before
    from the same content, place and page (the key holds everything it is made from)."""
    key = kept.key(built.content, built.number, built.url, here, sorted(anchors.items()))
    before = kept.get(key)
    if isinstance(before, dict):
        return before["html"], _Found(**before["found"])
    tree = BeautifulSoup(built.content, "html.parser")
    for element in tree.select(SCREEN_ONLY):
        element.decompose()
    found = _ready_for_paper(tree, _prefix(built.number), built.url, here, anchors)
    made = str(tree)
    kept.put(key, {"html": made, "found": asdict(found)})
    return made, found


def _ready_for_paper(tree: BeautifulSoup, prefix: str, section_url: str, here: str,
                     anchors: Mapping[str, str]) -> _Found:
    """A section's tree made ready for the print page, in one walk over its elements (a section
    is thousands of them, and it is on two print pages in each language): its ids prefixed and
    what names them following, its addresses rebased, its images loaded at once, each question's
    solution after it; and what kinds of content it holds."""
    elements = tree.find_all(True)
    by_id = {element["id"]: element for element in elements if element.has_attr("id")}
    found = _Found()
    folder = posixpath.dirname(unquote(section_url))
    questions = []
    for element in elements:
        classes = element.get("class") or ()
        if element.name == "fieldset" and "quiz-question" in classes and element.has_attr("data-quiz-solution"):
            questions.append((element, element["data-quiz-solution"]))  # the solution's id before the prefix
        if element.has_attr("id"):
            element["id"] = prefix + element["id"]
        for attribute in NAMING_IDS:
            if element.has_attr(attribute):
                value = element[attribute]
                tokens = value if isinstance(value, list) else value.split()
                element[attribute] = " ".join(prefix + token if token in by_id else token for token in tokens)
        if element.name == "a" and element.get("href", "").startswith("#"):
            target = unquote(element["href"][1:])
            if target in by_id:
                element["href"] = f"#{prefix}{target}"
        elif element.name == "img" and "course-figure__dark" not in classes:
            element.attrs.pop("loading", None)
        for tag, attribute in ADDRESSES:
            if element.name == tag and element.has_attr(attribute):
                element[attribute] = _rebased(element[attribute], folder, here, anchors)
        for tag, attribute in ADDRESS_LISTS:
            if element.name == tag and element.has_attr(attribute):
                element[attribute] = ", ".join(_rebased_candidate(candidate, folder, here, anchors)
                                               for candidate in element[attribute].split(","))
        found.notebooks |= "jupyter-wrapper" in classes
        found.quizzes |= element.name == "form" and "quiz" in classes
        found.figures |= element.name == "figure" and "course-figure" in classes
    for question, solution in questions:
        if solution in by_id:
            _solution_after(question, by_id[solution])
    for block in tree.select(".quiz-solutions"):
        if block.select_one(".quiz-solution") is None:
            block.decompose()
    return found


def _rebased(address: str, folder: str, here: str, anchors: Mapping[str, str]) -> str:
    """An address relative to the section's page, made relative to the print page; a section of
    the print page, or a place in it, linked within the page."""
    parts = urlsplit(address)
    if parts.scheme or parts.netloc or address.startswith(("/", "#")) or not parts.path:
        return address
    target = posixpath.normpath(posixpath.join(folder, unquote(parts.path)))
    if target in anchors and not parts.query:
        number = anchors[target]
        return f"#{_prefix(number)}{unquote(parts.fragment)}" if parts.fragment else f"#{_anchor(number)}"
    return site_href(target, here) + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")


def _rebased_candidate(candidate: str, folder: str, here: str, anchors: Mapping[str, str]) -> str:
    """One candidate of a srcset (`images/a.svg 2x`): its address rebased, its descriptor kept."""
    address, _, descriptor = candidate.strip().partition(" ")
    return " ".join(filter(None, (_rebased(address, folder, here, anchors), descriptor.strip())))


def _solution_after(question, solution) -> None:
    """A question's solution right after it, always open; a block that held solutions is left
    without its intro, and goes (above) when nothing is left in it."""
    solution.name = "div"
    solution["class"] = ["quiz-solution", "print-edition__solution"]
    if solution.summary is not None:
        solution.summary.decompose()
    question.insert_after(solution.extract())

"""Put rendered quiz HTML into a page's HTML, with an HTML parser (BeautifulSoup).

Notebook pages: the exercise cell keeps its heading, intro and closing text; only
its question list (the <ol> made of it) becomes the form, and the `!cat` answer
cell becomes the solution blocks.  The caller finds the cells (it knows how the
notebook was rendered).  Markdown pages: a slot comment was left where the list
and the marker were; the slot becomes the HTML.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Comment, Tag

from .errors import ExerciseError
from .language import QuizLanguage
from .parsing import starts_with_kind_marker

SLOT_PREFIX = "quiz-slot:"


def fragment(html: str) -> BeautifulSoup:
    return BeautifulSoup(html, "html.parser")


def slot_text(kind: str, section: str) -> str:
    return f"{SLOT_PREFIX}{kind}:{section}"


def slot_comment(kind: str, section: str) -> str:
    """A placeholder that survives Python-Markdown untouched (a comment line is raw HTML)."""
    return f"<!-- {slot_text(kind, section)} -->"


def replace_question_list(cell: Tag, form_html: str, question_count: int, where: str, language: QuizLanguage) -> None:
    """`cell` is the element of the exercise cell; `where` names it in messages.

    What follows the list in the cell speaks to Jupyter readers ("run the next cell to see the
    answers"); on the site the solution blocks say what to do instead, so it goes."""
    lists = [ol for ol in cell.find_all("ol") if _is_question_list(ol, language)]
    rendered = sum(len(ol.find_all("li", recursive=False)) for ol in lists)
    if rendered != question_count:
        raise ExerciseError(
            where,
            f"the page shows {rendered} questions in its numbered list, the parser found {question_count}",
            expected="the questions as one numbered Markdown list",
        )
    for extra in lists[1:]:
        extra.decompose()
    for after in list(lists[0].find_next_siblings()):
        after.decompose()
    lists[0].replace_with(fragment(form_html))


def replace_cell(cell: Tag, html: str) -> None:
    """`cell` is the element of the answer cell."""
    # The wrapper id stays, so links to the cell keep working.
    wrapper = Tag(name="div", attrs={"class": "quiz-cell", "id": cell["id"]})
    wrapper.append(fragment(html))
    cell.replace_with(wrapper)


def replace_marker(soup: BeautifulSoup, text: str, html: str, where: str) -> None:
    """Replace every comment whose text is `text` (a marker or a slot); there must be one at least."""
    comments = soup.find_all(string=lambda node: isinstance(node, Comment) and node.strip() == text)
    if not comments:
        raise ExerciseError(where, f"the marker <!-- {text} --> was lost on the way through Markdown",
                            expected="the question list and the markers as top-level blocks, not inside another block")
    for comment in comments:
        comment.replace_with(fragment(html))


def _is_question_list(ol: Tag, language: QuizLanguage) -> bool:
    first = ol.find("li", recursive=False)
    return first is not None and starts_with_kind_marker(first.get_text(), language)

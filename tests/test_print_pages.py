"""The course on paper (issue 32, item 1; review N9): a print page for the whole course and one
for each chapter, in each language, linked from the home page and each chapter's end.

Printed to PDF by Chromium (page.pdf, A4, as a reader's "Save as PDF" does), a print page holds
every section's text, each on sheets of its own after a table of contents; each question followed
by its answer and explanation; the reader's own answers, given on the section's page, marked ✓
or ✗ with the verdict; every cell of every table (3.2's AUTOFUSE_DFX_FLAGS table and 3.6's log
table had their last columns cut on paper); figures in their light version.  It works from the
file system as it does online, and is as clean and accessible as every other page.  The PDF's
text is read and compared as helpers.pdf_text, found and printed do."""

from __future__ import annotations

from collections import Counter
from urllib.parse import unquote

import pytest

from helpers import AXE, PRINT_PAGE, axe_violations, course_settings, found, pdf_pages, print_pages_of, printed, soup

FOLDER = {"zh": "", "en": "en/"}
CHAPTER = "01_basic_overview"
PRACTICE = f"{CHAPTER}/01.04_chapter_practice.html"
WHICH = {"chapter": f"{CHAPTER}/{PRINT_PAGE}", "course": PRINT_PAGE}
VERDICTS = {"zh": ("✓ 回答正确", "✗ 回答错误"), "en": ("✓ Correct", "✗ Incorrect")}
NAMING = ("for", "aria-labelledby", "aria-describedby", "aria-controls", "data-quiz-solution")  # an id, or several

# What the print page shows on paper (the tab emulates print): each section's title and the text
# of its paragraphs, list items and cells; each question with its text, its solution and whether
# that follows it; each table's cells; the figures' images; the verdicts the quiz engine shows.
ON_PAPER = r"""() => {
  const visible = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const text = e => e.innerText.replace(/\s+/g, ' ').trim();
  // A list item's own words, not the blocks inside it (its code, its paragraphs: counted apart; a
  // page may break between them, and the PDF's text then runs in another order).
  const own = e => { const c = e.cloneNode(true); c.querySelectorAll('pre, p, ul, ol, div, table, figure').forEach(b => b.remove());
                     return c.textContent.replace(/\s+/g, ' ').trim(); };
  return {
    sections: [...document.querySelectorAll('.print-edition__section')].map(section => ({
      title: text(section.querySelector('h1')), break: getComputedStyle(section).breakBefore,
      paragraphs: [...section.querySelectorAll('p, li, dt, dd')].filter(visible)
        .filter(p => !p.closest('form, nav, table, .print-edition__solution')).map(own).filter(t => t.length > 8),
    })),
    questions: [...document.querySelectorAll('fieldset.quiz-question')].map(question => {
      const solution = question.nextElementSibling;
      const next = question.parentElement.querySelectorAll('fieldset.quiz-question')[
        [...question.parentElement.querySelectorAll('fieldset.quiz-question')].indexOf(question) + 1];
      return {
        id: question.dataset.quizId, text: text(question.querySelector('.quiz-text')),
        solution: solution && solution.id === question.dataset.quizSolution ? text(solution) : null,
        below: !!solution && solution.getBoundingClientRect().top >= question.getBoundingClientRect().bottom - 1
          && (!next || next.getBoundingClientRect().top >= solution.getBoundingClientRect().bottom - 1),
        result: question.dataset.quizResult || null,
        status: visible(question.querySelector('.quiz-status')) ? text(question.querySelector('.quiz-status')) : '',
      };
    }),
    tables: [...document.querySelectorAll('.print-edition table')].map(table => ({
      cells: [...table.rows].map(row => [...row.cells].map(text)),
      whole: table.getBoundingClientRect().right <= table.closest('article').getBoundingClientRect().right + 0.5,
    })),
    figures: [...document.querySelectorAll('figure.course-figure img')].filter(visible).map(i => i.getAttribute('src')),
    contents: [...document.querySelectorAll('.print-edition__contents a')].map(text),
  };
}"""


def answer_two_questions(tab, base: str, language: str) -> dict[str, str]:
    """On the chapter practice's own page, as a reader: the first question answered wrong, the
    second right.  Their ids and the results the print page must show."""
    tab.goto(base + FOLDER[language] + PRACTICE, wait_until="load")
    questions = tab.locator("form.quiz fieldset.quiz-question")
    first, second = questions.nth(0), questions.nth(1)
    assert first.get_attribute("data-quiz-kind") == "true-false" and second.get_attribute("data-quiz-kind") == "single"
    wrong = "N" if first.get_attribute("data-quiz-key") == "Y" else "Y"
    first.locator(f"input[value='{wrong}']").click()
    second.locator(f"input[value='{second.get_attribute('data-quiz-key')}']").click()
    return {first.get_attribute("data-quiz-id"): "incorrect", second.get_attribute("data-quiz-id"): "correct"}


@pytest.mark.parametrize("which", WHICH)
@pytest.mark.parametrize("language", FOLDER)
def test_a_chapter_and_the_course_print_whole_with_the_readers_answers(browser, http_base, language, which):
    context = browser.new_context(color_scheme="dark")  # ink on paper all the same
    tab = context.new_page()
    answered = answer_two_questions(tab, http_base, language)
    tab.goto(http_base + FOLDER[language] + WHICH[which], wait_until="load")
    tab.wait_for_function("() => document.querySelectorAll('fieldset[data-quiz-result]').length >= 2")
    tab.emulate_media(media="print")
    shown = tab.evaluate(ON_PAPER)
    pdf = tab.pdf(format="A4")
    context.close()
    pages = pdf_pages(pdf)
    text = "".join(pages)

    plan = [s for c in course_settings()["chapters"] if which == "course" or c["chapter"] == CHAPTER for s in c["sections"]]
    assert [s["title"] for s in shown["sections"]] == [s["title"][language] for s in plan]
    assert shown["contents"] == [s["title"][language] for s in plan]
    # The contents on the first sheet; every section on a sheet of its own, its title at the top.
    assert all(found(s["title"][language], pages[0]) for s in plan)
    for section in shown["sections"]:
        assert section["break"] == "page" and any(found(section["title"], page[:300]) for page in pages[1:]), section["title"]
        missing = [p[:40] for p in section["paragraphs"] if not printed(p, text)]
        assert missing == [], f"{section['title']}: {len(missing)} of {len(section['paragraphs'])} not in the PDF"
    # Each question, its answer and explanation right under it; the reader's answers with their verdict.
    assert len(shown["questions"]) >= (10 if which == "chapter" else 70)
    for question in shown["questions"]:
        assert question["solution"] and question["below"], question["id"]
        assert printed(question["text"], text) and printed(question["solution"], text), question["id"]
        assert question["result"] == answered.get(question["id"]), question["id"]
        if question["result"]:
            assert question["status"].startswith(VERDICTS[language][question["result"] == "incorrect"])
            assert found(question["status"], text), question["status"]
        else:
            assert question["status"] == ""
    # Every cell of every table, the last columns of the wide ones among them, within the page.
    cells = [cell for table in shown["tables"] for row in table["cells"] for cell in row if cell]
    assert [table for table in shown["tables"] if not table["whole"]] == []
    assert [cell[:30] for cell in cells if not printed(cell, text)] == []
    assert len(shown["tables"]) >= (8 if which == "chapter" else 25)
    assert shown["figures"] and not [src for src in shown["figures"] if src.endswith(".dark.svg")]


def test_the_print_pages_are_every_chapter_and_the_course_in_every_language(site_dir):
    chapters = [c["chapter"] for c in course_settings()["chapters"]]
    expected = [f"{folder}{PRINT_PAGE}" for folder in FOLDER.values()]
    expected += [f"{folder}{chapter}/{PRINT_PAGE}" for folder in FOLDER.values() for chapter in chapters]
    assert sorted(print_pages_of(site_dir)) == sorted(expected)


@pytest.mark.parametrize("language", FOLDER)
def test_the_home_page_and_each_chapters_end_link_the_print_pages(site_dir, language):
    course = course_settings()["chapters"]
    home = soup(site_dir / FOLDER[language] / "index.html")
    catalog = [a["href"] for a in home.select(".course-catalog__print a")]
    assert catalog == [f"{c['chapter']}/{PRINT_PAGE}" for c in course] + [PRINT_PAGE]
    for chapter in course:
        practice = chapter["sections"][-1]["file"].replace(".ipynb", ".html")
        end = soup(site_dir / FOLDER[language] / chapter["chapter"] / practice).select(".chapter-end__print a")
        assert [a["href"] for a in end] == [PRINT_PAGE, f"../{PRINT_PAGE}"], chapter["chapter"]


@pytest.fixture(params=["http", "file"])
def base(request, http_base, file_base) -> str:
    return http_base if request.param == "http" else file_base


def test_a_print_page_shows_the_readers_answers_from_the_offline_package_too(base, visit):
    """The package's pages are the site's: from file:// the answers given on a section's page
    come back on its chapter's print page, which fetches nothing from outside and nothing fails."""
    record = visit(base + PRACTICE, base)
    answered = answer_two_questions(record.page, base, "zh")
    tab = record.page
    tab.goto(base + WHICH["chapter"], wait_until="load")
    tab.wait_for_function("() => document.querySelectorAll('fieldset[data-quiz-result]').length >= 2")
    results = tab.evaluate("() => Object.fromEntries([...document.querySelectorAll('fieldset[data-quiz-result]')]"
                           ".map(f => [f.dataset.quizId, f.dataset.quizResult]))")
    assert results == answered
    button = tab.locator(".print-edition__print")
    assert button.is_visible()  # the page's own way to the print dialog
    assert record.console_errors == [] and record.outside_requests == [] and record.failed_requests == []


def test_every_print_page_names_each_id_once_and_nothing_it_does_not_have(site_dir):
    """Every section has its "参考资料" and its quiz's names: on a print page each id is the
    section's own, and each label, description, link within the page and solution of a question
    names an id the page has (the build's link check reads the links, not these)."""
    problems = {}
    for page in print_pages_of(site_dir):
        tree = soup(site_dir / page)
        ids = Counter(element["id"] for element in tree.find_all(id=True))
        article = tree.select_one("article")
        named = [(attribute, token) for attribute in NAMING for element in article.find_all(attrs={attribute: True})
                 for token in (element[attribute] if isinstance(element[attribute], list) else element[attribute].split())]
        named += [("href", unquote(a["href"][1:])) for a in article.find_all("a", href=True) if a["href"].startswith("#")]
        twice = [name for name, count in ids.items() if count > 1]
        missing = [(attribute, token) for attribute, token in named if token not in ids]
        if twice or missing:
            problems[page] = (twice[:5], missing[:5])
        assert len(named) > 20, page
    assert problems == {}


# Axe on a print page: a chapter's whole (its sections as made for the page: ids, forms, moved
# solutions), and the course's frame, contents and words on printing (each of its sections is
# a chapter page's, already checked): in each language, each in one scheme and the other.
AXED = [("chapter", "zh", "light"), ("chapter", "en", "dark"), ("course", "zh", "dark"), ("course", "en", "light")]


@pytest.mark.parametrize("which, language, scheme", AXED)
def test_a_print_page_loads_cleanly_and_passes_axe(http_base, visit, which, language, scheme):
    record = visit(http_base + FOLDER[language] + WHICH[which], http_base, color_scheme=scheme)
    if which == "course":
        record.page.add_script_tag(path=str(AXE))
        violations = record.page.evaluate(
            "async () => (await axe.run({exclude: [['.print-edition__section']]}, {resultTypes: ['violations']}))"
            ".violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))")
    else:
        violations = axe_violations(record.page)
    assert [v for v in violations if v["impact"] in ("serious", "critical")] == []
    assert record.console_errors == [] and record.outside_requests == [] and record.failed_requests == []


@pytest.mark.parametrize("language", FOLDER)
def test_a_print_page_reads_on_a_phone(browser, http_base, language):
    """At 390 px the page does not scroll sideways, and its tables read as labelled rows."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    tab = context.new_page()
    tab.goto(http_base + FOLDER[language] + WHICH["chapter"], wait_until="load")
    sideways = tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    rows = tab.evaluate("[...document.querySelectorAll('.print-edition table[data-narrow=rows]')]"
                        ".every(t => getComputedStyle(t).display === 'block')")
    context.close()
    assert sideways <= 0 and rows

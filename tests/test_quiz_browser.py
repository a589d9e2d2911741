"""The quizzes in a real browser, on the built site, over http:// and file://, in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from browsing import wait_for_frames

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
PAGE = {"zh": "01_basic_overview/01.02_autofuse_introduction.html", "en": "en/01_basic_overview/01.02_autofuse_introduction.html"}
HOME = {"zh": "index.html", "en": "en/index.html"}
# The strings a reader sees, written out here so that a change to them is a visible test change.
SAYS = {
    "zh": {"correct": "✓ 回答正确", "incorrect": "✗ 回答错误。正确答案：{}", "score": "已答 {} / {} 题，首次答对 {} 题",
           "label": "解析：", "wrong": "✗ 回答错误。", "yours": "你的答案", "expected": "应为", "difference": "第一处不同：第 {} 个字符"},
    "en": {"correct": "✓ Correct", "incorrect": "✗ Incorrect. Correct answer: {}", "score": "Answered {} of {}, {} correct at the first try",
           "label": "Explanation: ", "wrong": "✗ Incorrect.", "yours": "Yours", "expected": "Expected",
           "difference": "First difference: character {}"},
}


def score(language: str, answered: int, total: int, correct: int) -> str:
    return SAYS[language]["score"].format(answered, total, correct)


def _question_counts() -> dict[str, int]:
    """The number of questions of each section of the real course, as the build reads them."""
    from course_site.course.exercises import scan
    from helpers import QUIZ_LANGUAGES, course_inventory

    return {s.section: len(s.exercise.items) for s in scan(course_inventory(), QUIZ_LANGUAGES).sections("zh")}


# A section's id is its folder and its answer file's name (`01_basic_overview/01.02`): by its
# number, as the tests name them.
SECTION = {section.rsplit("/", 1)[-1]: section for section in _question_counts()}
COUNT = {number: count for number, count in ((s.rsplit("/", 1)[-1], c) for s, c in _question_counts().items())}
N = COUNT["01.02"]  # the questions of PAGE


@pytest.fixture(params=["http", "file"])
def base(request, http_base, file_base) -> str:
    return http_base if request.param == "http" else file_base


def question(page, number: int):
    return page.locator(f'form.quiz fieldset[data-quiz-id^="{SECTION["01.02"]}-{number}-"]')


def key_of(fieldset) -> str:
    return fieldset.get_attribute("data-quiz-key")


def choose(fieldset, answer: str) -> None:
    for value in answer:
        fieldset.locator(f'input[value="{value}"]').check()
    if fieldset.get_attribute("data-quiz-kind") == "multiple":
        fieldset.locator(".quiz-check").click()


def wrong_answer(fieldset) -> str:
    values = [i.get_attribute("value") for i in fieldset.locator("input").all()]
    return next(v for v in values if v not in key_of(fieldset))


def multiple_choice_number(page) -> int:
    return int(page.locator('fieldset[data-quiz-kind="multiple"] .quiz-number').first.inner_text().rstrip("."))


def answers_shown(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "fieldset.quiz-question",
        "qs => Object.fromEntries(qs.map(q => [q.dataset.quizId.split('-')[1],"
        " [...q.querySelectorAll('input:checked')].map(i => i.value).join('')]))",
    )


@pytest.mark.parametrize("language", ["zh", "en"])
def test_answer_right_and_wrong_then_reload(visit, base, language):
    says = SAYS[language]
    record = visit(base + PAGE[language], base)
    page = record.page

    first = question(page, 1)
    choose(first, wrong_answer(first))
    assert first.get_attribute("data-quiz-result") == "incorrect"
    assert first.locator(".quiz-status").inner_text() == says["incorrect"].format(first.get_attribute("data-quiz-answer"))
    assert first.locator(".quiz-wrong .quiz-mark").inner_text() == "✗"
    assert first.locator(".quiz-missed .quiz-mark").get_attribute("data-missed") == {"zh": "应选", "en": "Missed"}[language]
    explanation = first.locator(".quiz-explanation")
    assert explanation.is_visible()
    solution_text = page.locator(f'[id="quiz-solution-{SECTION["01.02"]}-1"] .quiz-solution-explanation').text_content()
    assert " ".join(explanation.inner_text().split()) == " ".join(solution_text.split())
    assert explanation.inner_text().startswith(says["label"].strip())

    second = question(page, 2)
    choose(second, key_of(second))
    assert second.locator(".quiz-status").inner_text() == says["correct"]
    assert page.locator(".quiz-score").inner_text() == score(language, 2, N, 1)

    multiple = question(page, multiple_choice_number(page))
    choose(multiple, key_of(multiple))
    assert multiple.get_attribute("data-quiz-result") == "correct"
    assert page.locator(".quiz-score").inner_text() == score(language, 3, N, 2)
    before = answers_shown(page)

    page.reload(wait_until="load")
    assert answers_shown(page) == before
    assert question(page, 1).get_attribute("data-quiz-result") == "incorrect"
    assert question(page, 2).locator(".quiz-status").inner_text() == says["correct"]
    assert page.locator(".quiz-score").inner_text() == score(language, 3, N, 2)
    assert record.console_errors == []
    assert record.outside_requests == []


def catalog_row(page, section: str):
    """The catalog's progress of a section: of the real course by its number (`01.02`), else by its id."""
    return page.locator(f'.course-catalog [data-progress-section="{SECTION.get(section, section)}"]')


def test_progress_is_shared_by_the_languages_and_shown_in_the_catalog(visit, base, browser):
    record = visit(base + PAGE["zh"], base)
    page = record.page
    first, second = question(page, 1), question(page, 2)
    choose(first, key_of(first))
    choose(second, wrong_answer(second))
    zh_answers = answers_shown(page)

    page.goto(base + PAGE["en"], wait_until="load")
    assert answers_shown(page) == zh_answers
    assert page.locator(".quiz-score").inner_text() == score("en", 2, N, 1)

    for language, says in (("en", f"2 of {N} answered · 1 first-try correct"), ("zh", f"已答 2/{N} · 首次答对 1")):
        page.goto(base + HOME[language], wait_until="load")
        assert catalog_row(page, "01.02").inner_text() == says
        assert catalog_row(page, "01.02").get_attribute("data-progress-state") == "some"
        # A section without answers says how many questions it has, as it does without JavaScript.
        assert catalog_row(page, "01.03").inner_text() == {"en": f"{COUNT['01.03']} questions",
                                                            "zh": f"{COUNT['01.03']} 道练习题"}[language]
        total = sum(COUNT.values())
        assert page.locator("[data-progress-total]").inner_text() == {
            "en": f"All exercises: 2 of {total} answered, 1 correct at the first try.", "zh": f"全部练习：已答 2 / {total} 题，首次答对 1 题。"}[language]

    # The section link leads to the page in the same language.
    catalog_row(page, "01.02").locator("xpath=..").locator("a").click()
    page.wait_for_load_state("load")
    assert page.url == base + PAGE["zh"]

    page.goto(base + HOME["en"], wait_until="load")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".quiz-reset-all").click()
    assert catalog_row(page, "01.02").inner_text() == f"{N} questions"
    assert page.locator("[data-progress-status]").inner_text() == "All progress cleared."
    # Nothing left to reset: the control goes, and so does the total.
    assert not page.locator(".quiz-reset-all").is_visible()
    assert not page.locator("[data-progress-total]").is_visible()
    page.goto(base + PAGE["zh"], wait_until="load")
    assert set(answers_shown(page).values()) == {""}
    assert record.console_errors == []


def test_the_reset_control_shows_only_when_there_is_progress(visit, http_base):
    page = visit(http_base + HOME["zh"], http_base).page
    assert page.locator(".quiz-reset-all").count() == 1 and not page.locator(".quiz-reset-all").is_visible()
    page.goto(http_base + PAGE["zh"], wait_until="load")
    choose(question(page, 1), key_of(question(page, 1)))
    page.goto(http_base + HOME["zh"], wait_until="load")
    assert page.locator(".quiz-reset-all").is_visible()


def test_reset_all_asks_first(visit, http_base):
    record = visit(http_base + PAGE["zh"], http_base)
    page = record.page
    choose(question(page, 1), key_of(question(page, 1)))
    page.goto(http_base + HOME["zh"], wait_until="load")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator(".quiz-reset-all").click()
    assert catalog_row(page, "01.02").inner_text() == f"已答 1/{N} · 首次答对 1"


@pytest.mark.parametrize("confirm", [True, False])
def test_try_again_asks_first_like_the_reset_of_all_progress(visit, http_base, confirm):
    page = visit(http_base + PAGE["en"], http_base).page
    choose(question(page, 1), key_of(question(page, 1)))
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept() if confirm else dialog.dismiss()))
    page.locator(".quiz-retry").click()
    assert asked == ["Clear your answers to the exercises on this page?"]
    if not confirm:
        assert question(page, 1).get_attribute("data-quiz-result") == "correct"
        assert page.locator(".quiz-score").inner_text() == score("en", 1, N, 1)
        return
    assert page.locator("fieldset[data-quiz-result]").count() == 0
    assert page.locator(".quiz-score").inner_text() == ""
    assert page.evaluate("document.activeElement.name") == question(page, 1).locator("input").first.get_attribute("name")
    page.reload(wait_until="load")
    assert set(answers_shown(page).values()) == {""}


def test_try_again_shows_only_once_something_is_answered(visit, http_base):
    """Review m7: with nothing answered there is nothing to try again."""
    page = visit(http_base + PAGE["en"], http_base).page
    assert not page.locator(".quiz-retry").is_visible()
    assert page.locator(".quiz-score").inner_text() == ""
    choose(question(page, 1), key_of(question(page, 1)))
    assert page.locator(".quiz-retry").is_visible()


def test_solutions_open_without_javascript(visit, base):
    page = visit(base + PAGE["zh"], base, java_script_enabled=False).page
    solution = page.locator("details.quiz-solution").first
    explanation = solution.locator(".quiz-solution-explanation")
    assert not explanation.is_visible()
    solution.locator("summary").click()
    assert explanation.is_visible()
    assert explanation.inner_text().startswith("解析：")
    # The questions are still there to read; controls that need the script are not, and each quiz
    # says where its answers are.
    assert page.locator("fieldset.quiz-question legend").first.is_visible()
    assert page.locator(".quiz-check, .quiz-retry").evaluate_all("els => els.every(e => e.offsetParent === null)")
    assert page.locator("form.quiz input").evaluate_all("els => els.every(e => e.offsetParent === null)")
    note = page.locator(".quiz-noscript").first
    assert note.is_visible()
    assert note.inner_text() == "本页的练习需要 JavaScript 才能作答和批改。答案在下方的答案与解析中，点开各题即可查看。"
    note.locator("a").click()
    assert page.url.endswith(f"#quiz-solutions-{SECTION['01.02']}")
    assert page.locator(f'[id="quiz-solutions-{SECTION["01.02"]}"]').is_visible()


def test_with_javascript_the_no_script_note_stays_hidden(visit, http_base):
    page = visit(http_base + PAGE["en"], http_base).page
    assert not page.locator(".quiz-noscript").first.is_visible()
    assert page.locator("form.quiz input").first.is_visible()


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_solution_block_says_show_when_closed_and_hide_when_open(visit, http_base, language):
    page = visit(http_base + PAGE[language], http_base).page
    summary = page.locator("details.quiz-solution summary").first
    closed, opened = {"zh": ("第 1 题 · 查看答案", "第 1 题 · 收起答案"), "en": ("Question 1 · Show answer",
                                                                          "Question 1 · Hide answer")}[language]
    assert summary.inner_text() == closed
    summary.click()
    assert summary.inner_text() == opened
    # The site's own look, not Material's blue "note" admonition with its pencil icon.
    assert summary.evaluate("e => getComputedStyle(e, '::before').display") == "none"
    colour = page.locator("details.quiz-solution").first.evaluate("e => getComputedStyle(e).borderLeftColor")
    assert colour == page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    # The site's wording; the exercise cell's line for Jupyter readers ("run the next cell") is not shown.
    last = page.locator("[id='cell-id=exercise'] .jp-RenderedMarkdown > :last-child")
    assert last.evaluate("e => e.matches('form.quiz')")
    assert page.locator(".quiz-solutions-intro").inner_text() == {
        "zh": "也可以直接点开下面各题，查看答案与解析。",
        "en": "You can also open each question below to read its answer and explanation."}[language]


@pytest.mark.parametrize("javascript", [True, False])
def test_solutions_print_open(visit, http_base, javascript):
    page = visit(http_base + PAGE["en"], http_base, java_script_enabled=javascript).page
    page.emulate_media(media="print")
    explanation = page.locator("details.quiz-solution .quiz-solution-explanation").first
    assert explanation.bounding_box()["height"] > 0
    assert page.locator(".quiz-retry").evaluate("e => getComputedStyle(e).display") == "none"


# ---------------------------------------------------------------------------
# The reader's progress around the quizzes: ticks in the navigation, the end of a chapter

PRACTICE = {"zh": "01_basic_overview/01.04_chapter_practice.html", "en": "en/01_basic_overview/01.04_chapter_practice.html"}


def ticked(page) -> list[str]:
    """The navigation entries that carry a tick, by their link."""
    return page.eval_on_selector_all(
        "nav.md-nav--primary a:has(.quiz-tick)", "links => links.map(a => a.getAttribute('href'))")


def answer_all(page, wrong_first: bool = False) -> None:
    fieldsets = page.locator("form.quiz fieldset.quiz-question")
    for index in range(fieldsets.count()):
        fieldset = fieldsets.nth(index)
        choose(fieldset, wrong_answer(fieldset) if wrong_first and index == 0 else key_of(fieldset))


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_tick_in_the_navigation_once_a_sections_questions_are_all_answered(visit, base, language):
    record = visit(base + PAGE[language], base)
    page = record.page
    assert ticked(page) == []
    fieldsets = page.locator("form.quiz fieldset.quiz-question")
    for index in range(fieldsets.count() - 1):
        choose(fieldsets.nth(index), key_of(fieldsets.nth(index)))
    assert ticked(page) == []  # four of five: not yet
    last = fieldsets.nth(fieldsets.count() - 1)
    choose(last, wrong_answer(last))  # answered, even if wrongly: the section's exercises are done
    assert ticked(page) == ["01.02_autofuse_introduction.html"]
    tick = page.locator("nav.md-nav--primary .quiz-tick")
    assert tick.get_attribute("aria-label") == {"zh": "已完成", "en": "completed"}[language]
    # On every page, from the stored answers, in the other language too.
    for url, link in ((HOME[language], "01_basic_overview/01.02_autofuse_introduction.html"),
                      (PRACTICE["en" if language == "zh" else "zh"], "01.02_autofuse_introduction.html")):
        page.goto(base + url, wait_until="load")
        assert ticked(page) == [link]
    assert record.console_errors == []


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_chapter_practice_ends_with_what_was_completed_and_where_to_go_next(visit, base, language):
    record = visit(base + PAGE[language], base)
    page = record.page
    answer_all(page, wrong_first=True)
    page.goto(base + PRACTICE[language], wait_until="load")
    end = page.locator("section.chapter-end")
    assert end.locator("h2").inner_text() == {"zh": "本章完成情况", "en": "Your progress in this chapter"}[language]
    rows = end.locator("li")
    n3, n4 = COUNT["01.03"], COUNT["01.04"]
    assert [" ".join(text.split()) for text in rows.all_inner_texts()] == {
        "zh": [f"1.2 AutoFuse 简介 已完成 · 首次答对 {N - 1}/{N}", f"1.3 开启 AutoFuse {n3} 道练习题", f"1.4 章节练习 {n4} 道练习题"],
        "en": [f"1.2 What AutoFuse is Completed · {N - 1} of {N} first-try correct", f"1.3 Enabling AutoFuse {n3} questions",
               f"1.4 Chapter practice {n4} questions"],
    }[language]
    # Answering here updates the block at once.
    choose(question_of(page, "01.04", 1), key_of(question_of(page, "01.04", 1)))
    assert rows.nth(2).locator(".course-progress").inner_text() == {"zh": f"已答 1/{n4} · 首次答对 1",
                                                                    "en": f"1 of {n4} answered · 1 first-try correct"}[language]
    # The way on: the next chapter's first published section, or the catalog while there is none.
    next_link = end.locator(".chapter-end__next a")
    next_link.click()
    page.wait_for_load_state("load")
    assert page.url == base + next_chapter_page(language)
    assert record.console_errors == []


def next_chapter_page(language: str) -> str:
    """Where the end of chapter 1 leads, by the course plan in mkdocs.yml."""
    from helpers import course_settings

    following = course_settings()["chapters"][1]
    first = next((s["file"] for s in following["sections"] if s.get("file")), None)
    if first is None:
        return HOME[language] + "#course-catalog"
    return ("" if language == "zh" else "en/") + f"{following['chapter']}/{first.rsplit('.', 1)[0]}.html"


def question_of(page, section: str, number: int):
    return page.locator(f'form.quiz fieldset[data-quiz-id^="{SECTION[section]}-{number}-"]')


def run_axe(page) -> dict:
    """axe on the whole page: its violations, and the rules that passed on quiz elements.

    One finding is left out: Material gives every code block's copy button a <nav> of its own,
    so a page with two code blocks has two unnamed navigation landmarks (landmark-unique,
    moderate).  That is the theme's, on any page with two code blocks, not the quiz's.
    """
    page.add_script_tag(path=str(AXE))
    results = page.evaluate(
        "async () => { const r = await axe.run(document); return {"
        " violations: r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))})),"
        " checked: r.passes.filter(p => p.nodes.some(n => n.target.join(' ').includes('quiz'))).map(p => p.id)}; }"
    )
    for violation in results["violations"]:
        if violation["id"] == "landmark-unique":
            violation["nodes"] = [node for node in violation["nodes"] if not node.endswith(".md-code__nav")]
    results["violations"] = [violation for violation in results["violations"] if violation["nodes"]]
    return results


def tab_until(page, predicate: str, limit: int = 200) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const e = document.activeElement; return !!e && ({predicate}); }})()"):
            return
    raise AssertionError(f"Tab never reached an element where {predicate}")


def test_one_quiz_with_the_keyboard_alone(visit, http_base):
    page = visit(http_base + PAGE["zh"], http_base).page
    fieldsets = page.locator("form.quiz fieldset.quiz-question")
    for index in range(fieldsets.count()):
        fieldset = fieldsets.nth(index)
        key, kind = key_of(fieldset), fieldset.get_attribute("data-quiz-kind")
        qid = fieldset.get_attribute("data-quiz-id")
        inside = f"e.closest('fieldset') && e.closest('fieldset').dataset.quizId === '{qid}'"
        tab_until(page, f"e.tagName === 'INPUT' && {inside}")
        label = page.evaluate_handle("document.activeElement.parentElement")
        assert label.evaluate("l => getComputedStyle(l).outlineStyle") == "solid", "keyboard focus is visible"
        values = [i.get_attribute("value") for i in fieldset.locator("input").all()]
        if kind == "multiple":
            for position, value in enumerate(values):
                if position:
                    page.keyboard.press("Tab")
                assert page.evaluate("document.activeElement.value") == value
                if value in key:
                    page.keyboard.press("Space")
            page.keyboard.press("Tab")
            assert page.evaluate("document.activeElement.classList.contains('quiz-check')")
            page.keyboard.press("Enter")
        else:
            # Arrows move to the answer without answering; Space (or Enter) answers.
            target = values.index(key)
            for _ in range(target):
                page.keyboard.press("ArrowDown")
            assert fieldset.get_attribute("data-quiz-result") is None, qid
            page.keyboard.press("Space" if index % 2 else "Enter")
        assert fieldset.get_attribute("data-quiz-result") == "correct", qid
    total = fieldsets.count()
    assert page.locator(".quiz-score").inner_text() == score("zh", total, total, total)
    tab_until(page, "e.classList.contains('quiz-retry')")
    page.once("dialog", lambda dialog: dialog.accept())
    page.keyboard.press("Enter")
    assert page.locator("fieldset[data-quiz-result]").count() == 0


@pytest.mark.parametrize("language", ["zh", "en"])
def test_arrow_keys_move_through_the_options_without_answering(visit, http_base, language):
    """A keyboard user looks at the options with the arrow keys (which select a radio button as they
    go): nothing is graded, nothing is stored and no answer is shown until Enter or Space."""
    page = visit(http_base + PAGE[language], http_base).page
    for number in (1, 3):  # a true/false and a single-choice question
        fieldset = question(page, number)
        fieldset.locator("input").first.focus()
        for _ in range(3):
            page.keyboard.press("ArrowDown")
        assert fieldset.get_attribute("data-quiz-result") is None
        assert fieldset.locator(".quiz-status").inner_text() == {
            "zh": "按 Enter 或空格键检查这个答案。", "en": "Press Enter or Space to check this answer."}[language]
        assert fieldset.locator(".quiz-explanation").is_hidden()
        assert fieldset.get_attribute("data-quiz-id") not in [k.split(":")[1] for k in stored_answers(page)]
        values = [i.get_attribute("value") for i in fieldset.locator("input").all()]
        landed = values[3 % len(values)]  # three steps down from the first, round the group
        assert fieldset.locator("input:checked").get_attribute("value") == landed
        page.keyboard.press("Space")
        assert fieldset.get_attribute("data-quiz-result") == ("correct" if landed == key_of(fieldset) else "incorrect")
    # A graded answer stays stored while the reader looks at the other options again.
    stored = stored_answers(page)
    assert len(stored) == 2
    page.keyboard.press("ArrowUp")
    assert stored_answers(page) == stored


def test_enter_checks_a_multiple_choice_question(visit, http_base):
    page = visit(http_base + PAGE["en"], http_base).page
    multiple = question(page, multiple_choice_number(page))
    first = multiple.locator("input").first
    first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    # One option checked: never the whole key of a multiple-choice question, which has two or more.
    assert len(key_of(multiple)) >= 2 and multiple.get_attribute("data-quiz-result") == "incorrect"
    # Changing the selection takes the verdict from view until the next check; what is stored stays.
    page.keyboard.press("Space")
    assert multiple.get_attribute("data-quiz-result") is None
    assert multiple.locator(".quiz-status").inner_text() == "Your selection changed: press “Check answer” to update the result."
    assert page.locator(".quiz-score").inner_text() == score("en", 1, N, 0)
    page.keyboard.press("Enter")
    assert multiple.locator(".quiz-status").inner_text() == "Choose an answer first."


def stored_answers(page) -> dict:
    """The answers the page keeps (not the mark that former ids were moved once)."""
    return page.evaluate(
        "Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('autofuse-quiz:') && k !== 'autofuse-quiz:moved'))")


@pytest.mark.parametrize("changes", ["a double click", "another selection", "a change in another tab"])
def test_only_checking_changes_a_stored_result(visit, http_base, browser, changes):
    record = visit(http_base + PAGE["zh"], http_base)
    page = record.page
    multiple = question(page, multiple_choice_number(page))
    if changes == "a change in another tab":
        # Another tab, opened before this one answered, never answered itself.
        other = page.context.new_page()
        other.goto(http_base + PAGE["zh"], wait_until="load")
    choose(multiple, key_of(multiple))
    before = stored_answers(page)
    assert len(before) == 1
    if changes == "a double click":
        multiple.locator("input").first.dblclick()
    elif changes == "another selection":
        multiple.locator(f'input[value="{wrong_answer(multiple)}"]').check()
    else:
        other_multiple = question(other, multiple_choice_number(other))
        other_multiple.locator("input").first.check()
        other_multiple.locator("input").first.uncheck()
    assert stored_answers(page) == before
    page.reload(wait_until="load")
    assert question(page, multiple_choice_number(page)).get_attribute("data-quiz-result") == "correct"


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_finds_no_violation_on_a_quiz_page(visit, http_base, scheme):
    page = visit(http_base + PAGE["zh"], http_base).page
    page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    choose(question(page, 1), wrong_answer(question(page, 1)))
    choose(question(page, 2), key_of(question(page, 2)))
    page.locator("details.quiz-solution summary").first.click()
    results = run_axe(page)
    assert results["violations"] == [], json.dumps(results["violations"], ensure_ascii=False, indent=1)
    # axe did look at the quiz: its form controls, contrast and live regions passed.
    assert {"label", "color-contrast", "aria-allowed-attr"} <= set(results["checked"]), results["checked"]


def test_feedback_moves_nothing_that_was_on_screen(visit, http_base):
    page = visit(http_base + PAGE["zh"], http_base).page
    multiple = question(page, multiple_choice_number(page))
    multiple.scroll_into_view_if_needed()
    wait_for_frames(page)
    # Shifts from here on that no input explains (CLS's definition of an unexpected shift).
    page.evaluate(
        "window.__shifts = []; const start = performance.now(); new PerformanceObserver(list => list.getEntries()"
        ".forEach(e => { if (e.startTime > start && !e.hadRecentInput) window.__shifts.push(e.value); }))"
        ".observe({type: 'layout-shift', buffered: true});"
    )
    boxes = lambda: [b["y"] for b in multiple.locator("legend, .quiz-option, .quiz-check").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().toJSON())")]
    before = boxes()
    choose(multiple, wrong_answer(multiple))
    assert multiple.locator(".quiz-status").inner_text()
    assert boxes() == before
    wait_for_frames(page, 3)  # layout shifts of the feedback, if any, have been reported
    assert page.evaluate("window.__shifts") == []


def test_corrupt_or_foreign_saved_values_are_ignored(visit, http_base):
    page = visit(http_base + PAGE["zh"], http_base).page
    ids = page.eval_on_selector_all("fieldset.quiz-question", "qs => qs.map(q => q.dataset.quizId)")
    junk = {
        ids[0]: "{not json",
        ids[1]: json.dumps({"a": "Z", "c": True}),
        ids[2]: json.dumps({"a": "AB", "c": True}),  # well formed, but two letters for a radio group
        ids[3]: json.dumps({"a": 3}),
        ids[4]: "null",
        "somebody-else": "x",
    }
    page.evaluate("junk => Object.entries(junk).forEach(([k, v]) => localStorage.setItem('autofuse-quiz:' + k, v))", junk)
    page.reload(wait_until="load")
    assert page.locator("fieldset[data-quiz-result]").count() == 0
    choose(question(page, 1), key_of(question(page, 1)))
    assert page.locator(".quiz-score").inner_text() == score("zh", 1, N, 1)
    page.goto(http_base + HOME["zh"], wait_until="load")
    # The catalog checks each stored answer against the question as the quiz page does: only the new one counts.
    assert catalog_row(page, "01.02").inner_text() == f"已答 1/{N} · 首次答对 1"


@pytest.mark.parametrize("base_name", ["http", "file"])
def test_the_score_is_the_stored_answers_checked_by_todays_key_everywhere(visit, http_base, file_base, base_name):
    """A stored verdict is never trusted: an entry that says "correct" for a wrong answer (corrupt, or
    stored by an older version) counts as wrong on the quiz page, in the catalog and in the navigation."""
    base = http_base if base_name == "http" else file_base
    page = visit(base + PAGE["en"], base).page
    fieldsets = page.locator("form.quiz fieldset.quiz-question")
    entries = {}
    for index in range(fieldsets.count()):
        fieldset = fieldsets.nth(index)
        answer = wrong_answer(fieldset) if index == 0 else key_of(fieldset)
        entries[fieldset.get_attribute("data-quiz-id")] = json.dumps({"a": answer, "c": True})
    page.evaluate("e => Object.entries(e).forEach(([k, v]) => localStorage.setItem('autofuse-quiz:' + k, v))", entries)
    page.reload(wait_until="load")
    assert question(page, 1).get_attribute("data-quiz-result") == "incorrect"
    assert page.locator(".quiz-score").inner_text() == score("en", N, N, N - 1)
    page.goto(base + HOME["en"], wait_until="load")
    assert catalog_row(page, "01.02").inner_text() == f"Completed · {N - 1} of {N} first-try correct"


@pytest.mark.parametrize("base_name", ["http", "file"])
def test_answers_stored_under_the_former_ids_are_moved_to_the_new_ones_once(browser, site_dir, http_base, file_base,
                                                                             base_name):
    """Before a section's id named its folder, a reader's answers were stored as `01.02-<n>-<digest>`;
    the first page of this version they open moves them to `01_basic_overview/01.02-<n>-<digest>`,
    once: the quiz, the score and the catalog show them, the old keys are gone, and an answer the
    reader already gave under the new id stays."""
    from helpers import soup

    base = http_base if base_name == "http" else file_base
    stored, wanted, wrongs = {}, {}, {}
    for number, page_name in (("01.02", PAGE["zh"]), ("01.03", "01_basic_overview/01.03_enable_autofusion.html")):
        fieldsets = soup(site_dir / page_name).select("form.quiz fieldset.quiz-question")
        for index, fieldset in enumerate(fieldsets[:3] if number == "01.02" else fieldsets[:1]):
            qid, key = fieldset["data-quiz-id"], fieldset["data-quiz-key"]
            wrong = next(i["value"] for i in fieldset.select("input") if i["value"] not in key)
            former = qid.removeprefix(SECTION[number].rsplit("/", 1)[0] + "/")
            assert former.startswith(f"{number}-")
            stored[former] = json.dumps({"a": wrong if index == 1 else key})
            wanted[qid], wrongs[qid] = (wrong if index == 1 else key), wrong
    ids = list(wanted)
    stored[ids[2]] = json.dumps({"a": wrongs[ids[2]]})  # answered again since, under the new id: that stays
    context = browser.new_context()
    try:
        tab = context.new_page()
        # A file of the site that runs no script: the reader's storage as the former version left it.
        tab.goto(base + "assets/quiz/quiz.css", wait_until="load")
        tab.evaluate("e => Object.entries(e).forEach(([k, v]) => localStorage.setItem('autofuse-quiz:' + k, v))", stored)
        tab.goto(base + PAGE["zh"], wait_until="load")
        assert [question(tab, n).get_attribute("data-quiz-result") for n in (1, 2, 3)] == ["correct", "incorrect", "incorrect"]
        assert tab.locator(".quiz-score").inner_text() == score("zh", 3, N, 1)
        keys = tab.evaluate("() => Object.keys(localStorage).sort()")
        assert not [key for key in keys if key.startswith(("autofuse-quiz:01.02-", "autofuse-quiz:01.03-"))]
        assert {f"autofuse-quiz:{qid}" for qid in ids} <= set(keys) and "autofuse-quiz:moved" in keys
        tab.goto(base + HOME["zh"], wait_until="load")
        assert catalog_row(tab, "01.02").inner_text() == f"已答 3/{N} · 首次答对 1"
        assert catalog_row(tab, "01.03").inner_text() == f"已答 1/{COUNT['01.03']} · 首次答对 1"
        # Once: an answer stored under a former id later is not the reader's, and stays where it is.
        tab.evaluate("k => localStorage.setItem('autofuse-quiz:' + k, JSON.stringify({a: 'Y'}))", "01.02-4-00000000")
        tab.goto(base + PAGE["zh"], wait_until="load")
        assert tab.evaluate("() => localStorage.getItem('autofuse-quiz:01.02-4-00000000')") is not None
    finally:
        context.close()


def test_a_missed_option_is_marked_apart_from_a_chosen_one(visit, http_base):
    page = visit(http_base + PAGE["zh"], http_base).page
    multiple = question(page, multiple_choice_number(page))
    key = key_of(multiple)
    choose(multiple, key[0])  # one right option chosen, the others missed
    assert multiple.get_attribute("data-quiz-result") == "incorrect"
    chosen = multiple.locator(f'.quiz-option:has(input[value="{key[0]}"])')
    missed = multiple.locator(f'.quiz-option:has(input[value="{key[1]}"])')
    assert chosen.get_attribute("class") == "quiz-option quiz-right"
    assert missed.get_attribute("class") == "quiz-option quiz-missed"
    # Told apart by a word and by the outline's style, not by colour alone.
    assert shown_marks(chosen) == ("✓", None) and shown_marks(missed) == ("", "应选")
    assert missed.evaluate("e => getComputedStyle(e).outlineStyle") == "dashed"
    assert chosen.evaluate("e => getComputedStyle(e).outlineStyle") != "dashed"
    single = question(page, 3)
    choose(single, wrong_answer(single))
    assert single.get_attribute("data-quiz-result") == "incorrect"
    assert shown_marks(single.locator(".quiz-missed")) == ("", "应选")
    assert single.locator(".quiz-wrong .quiz-mark").inner_text() == "✗"


def shown_marks(option) -> tuple[str, str | None]:
    """An option's mark as a reader sees it: its glyph, and the word the stylesheet shows (None: none)."""
    return tuple(option.locator(".quiz-mark").evaluate(
        "m => { const after = getComputedStyle(m, '::after');"
        " return [m.textContent, after.visibility === 'visible' && after.height !== '0px' ? m.dataset.missed : null]; }"))


def blocked_storage(browser):
    """A browser that refuses site data: reading localStorage throws, as Chrome does when a reader
    blocks cookies for the site."""
    context = browser.new_context()
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('blocked', 'SecurityError'); }});"
    )
    return context


@pytest.mark.parametrize("language", ["zh", "en"])
def test_quiz_works_for_the_visit_and_says_so_when_site_data_is_blocked(browser, http_base, language):
    context = blocked_storage(browser)
    page = context.new_page()
    errors = []
    # Material's own scripts may also reach for localStorage; ours must not throw.
    page.on("pageerror", lambda error: "assets/quiz/" in (error.stack or "") and errors.append(error.stack))
    page.goto(http_base + PAGE[language], wait_until="load")
    note = page.locator(".quiz-note")
    assert note.is_visible() and note.inner_text() == {
        "zh": "浏览器不允许本站保存数据，作答记录只保留到离开本页为止。",
        "en": "Your browser does not let this site keep data, so your answers last only until you leave the page.",
    }[language]
    choose(question(page, 1), key_of(question(page, 1)))
    choose(question(page, 2), wrong_answer(question(page, 2)))
    assert page.locator(".quiz-score").inner_text() == score(language, 2, N, 1)
    page.goto(http_base + HOME[language], wait_until="load")
    total = page.locator("[data-progress-total]")
    assert total.is_visible() and total.inner_text() == {
        "zh": "浏览器不允许本站保存数据，所以这里无法显示学习进度。",
        "en": "Your browser does not let this site keep data, so your progress cannot be shown here.",
    }[language]
    assert not page.locator(".quiz-reset-all").is_visible()
    assert errors == []
    context.close()


FULL_STORAGE = """
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key.startsWith('autofuse-quiz:') && !window.__roomLeft) throw new DOMException('full', 'QuotaExceededError');
    return setItem.call(this, key, value);
  };
"""


def test_full_storage_still_reads_and_deletes_and_says_when_a_save_fails(browser, http_base):
    context = browser.new_context()
    page = context.new_page()
    page.goto(http_base + PAGE["zh"], wait_until="load")
    first, second = question(page, 1), question(page, 2)
    choose(first, key_of(first))
    # From now on the storage is full.
    context.add_init_script(FULL_STORAGE)
    page.reload(wait_until="load")
    # What was stored is read as before.
    assert question(page, 1).get_attribute("data-quiz-result") == "correct"
    assert page.locator(".quiz-score").inner_text() == score("zh", 1, N, 1)
    # A new answer is graded and counted for the visit, and the reader is told it was not saved.
    choose(second, wrong_answer(second))
    assert second.locator(".quiz-status").inner_text().endswith("浏览器的存储空间已满，这次作答没有保存，离开本页后就会丢失。")
    assert page.locator(".quiz-score").inner_text() == score("zh", 2, N, 1)
    # Deleting works: the home page's reset clears what was stored.
    page.goto(http_base + HOME["zh"], wait_until="load")
    assert catalog_row(page, "01.02").inner_text() == f"已答 1/{N} · 首次答对 1"
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".quiz-reset-all").click()
    assert stored_answers(page) == {}
    assert catalog_row(page, "01.02").inner_text() == f"{N} 道练习题"
    context.close()


def test_open_tabs_follow_each_other(browser, http_base):
    """Answers given, changed or reset in one tab show in the others (the storage event)."""
    context = browser.new_context()
    quiz, other, home = context.new_page(), context.new_page(), context.new_page()
    for tab, url in ((quiz, PAGE["zh"]), (other, PAGE["en"]), (home, HOME["zh"])):
        tab.goto(http_base + url, wait_until="load")
    first = question(quiz, 1)
    choose(first, key_of(first))
    other_first = question(other, 1)
    other_first.locator(f'input[value="{key_of(other_first)}"]').wait_for(state="attached")
    other.wait_for_function("() => document.querySelector('fieldset.quiz-question').dataset.quizResult === 'correct'")
    assert other.locator(".quiz-score").inner_text() == score("en", 1, N, 1)
    home.wait_for_function(f"() => document.querySelector('[data-progress-section=\"{SECTION['01.02']}\"]').dataset.progressState === 'some'")
    assert catalog_row(home, "01.02").inner_text() == f"已答 1/{N} · 首次答对 1"
    # A new answer in the other tab reaches the first one; a reset from home reaches both.
    choose(question(other, 2), wrong_answer(question(other, 2)))
    quiz.wait_for_function("() => document.querySelectorAll('fieldset[data-quiz-result]').length === 2")
    home.once("dialog", lambda dialog: dialog.accept())
    home.locator(".quiz-reset-all").click()
    for tab in (quiz, other):
        tab.wait_for_function("() => document.querySelectorAll('fieldset[data-quiz-result]').length === 0")
        assert set(answers_shown(tab).values()) == {""}
        assert tab.locator(".quiz-score").inner_text() == ""
    context.close()


def test_narrow_screen_keeps_the_quiz_inside_the_page(visit, http_base):
    page = visit(http_base + PAGE["en"], http_base, viewport={"width": 320, "height": 700}).page
    multiple = question(page, multiple_choice_number(page))
    choose(multiple, wrong_answer(multiple))
    overflowing = page.eval_on_selector_all(
        "form.quiz, form.quiz fieldset, .quiz-solutions",
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth)"
        ".map(e => e.className)",
    )
    assert overflowing == []


def test_forced_colours_keep_the_marks(visit, http_base):
    page = visit(http_base + PAGE["zh"], http_base).page
    page.emulate_media(forced_colors="active")
    first = question(page, 1)
    choose(first, wrong_answer(first))
    wrong = first.locator(".quiz-wrong")
    assert wrong.locator(".quiz-mark").inner_text() == "✗"
    assert wrong.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"


def test_a_copy_of_the_site_elsewhere_keeps_the_progress(browser, site_dir, file_base, tmp_path):
    import shutil

    copy = tmp_path / "unzipped" / "autofuse-course"
    shutil.copytree(site_dir, copy)
    context = browser.new_context()
    page = context.new_page()
    page.goto(file_base + PAGE["zh"], wait_until="load")
    choose(question(page, 1), key_of(question(page, 1)))
    answers = answers_shown(page)
    page.goto(copy.as_uri() + "/" + PAGE["en"], wait_until="load")
    assert answers_shown(page) == answers
    page.goto(copy.as_uri() + "/" + HOME["en"], wait_until="load")
    assert catalog_row(page, "01.02").inner_text() == f"1 of {N} answered · 1 first-try correct"
    context.close()


# ---------------------------------------------------------------------------
# Short answers, on the edge-case site: its exercise starts with a single-choice question
# and ends with a short answer whose text holds a fenced log excerpt.

EDGE_PAGE = {"zh": "ch/twin.html", "en": "en/ch/twin.html"}
EDGE_HOME = {"zh": "index.html", "en": "en/index.html"}
SHORT_KEY = "mode=fast;level=2"


@pytest.fixture(params=["http", "file"])
def edge_base(request, edge_http_base, edge_file_base) -> str:
    return edge_http_base if request.param == "http" else edge_file_base


def short_answer(page):
    return page.locator('form.quiz fieldset[data-quiz-kind="short-answer"]')


def edge_question(page, number: int):
    return page.locator(f'form.quiz fieldset[data-quiz-id^="ch/99.01-{number}-"]')


@pytest.mark.parametrize("language", ["zh", "en"])
def test_short_answer_wrong_then_right_then_reload(visit, edge_base, language):
    says = SAYS[language]
    record = visit(edge_base + EDGE_PAGE[language], edge_base)
    page = record.page
    # The whole list became the quiz, although it starts with a choice question.
    kinds = page.eval_on_selector_all("form.quiz fieldset", "fs => fs.map(f => f.dataset.quizKind)")
    assert kinds == ["single", "true-false", "short-answer"]
    assert page.locator("article li").filter(has_text="（填空题）").count() == 0
    question = short_answer(page)
    box = question.locator("input.quiz-input")
    # The log excerpt stays with its question, as code, with the line that looks like an option.
    assert "A. " in question.locator(".quiz-body pre code").inner_text()
    assert question.locator(".quiz-option").count() == 0

    # Typing, and leaving the box, grade nothing.
    box.fill("mode=fast;level=3")
    page.keyboard.press("Tab")
    assert question.get_attribute("data-quiz-result") is None
    assert question.locator(".quiz-status").inner_text() == ""

    # Enter checks.
    box.press("Enter")
    assert question.get_attribute("data-quiz-result") == "incorrect"
    assert question.locator(".quiz-status").inner_text() == says["wrong"]
    # The reader's answer over the expected one, as code, the first difference marked.
    diff = question.locator(".quiz-diff")
    assert diff.locator("code").all_inner_texts() == ["mode=fast;level=3", SHORT_KEY]
    assert diff.locator("mark").all_inner_texts() == ["3", "2"]
    assert diff.locator(".quiz-diff-label").all_inner_texts() == [says["yours"], says["expected"]]
    assert diff.locator(".quiz-diff-where").inner_text() == says["difference"].format(17)
    assert question.locator(".quiz-wrong .quiz-mark").inner_text() == "✗"
    explanation = question.locator(".quiz-explanation")
    solution_text = page.locator('[id="quiz-solution-ch/99.01-3"] .quiz-solution-explanation').text_content()
    assert " ".join(explanation.inner_text().split()) == " ".join(solution_text.split())
    assert explanation.inner_text().startswith(says["label"].strip())

    # Editing the text drops the verdict; the button checks; whitespace at the ends is ignored.
    box.fill("  level=2;mode=fast ")
    assert question.get_attribute("data-quiz-result") is None
    question.locator(".quiz-check").click()
    assert question.get_attribute("data-quiz-result") == "correct"
    assert question.locator(".quiz-status").inner_text() == says["correct"]
    assert question.locator(".quiz-right .quiz-mark").inner_text() == "✓"

    assert question.locator(".quiz-diff").count() == 0

    first = edge_question(page, 1)
    choose(first, key_of(first))
    # Right at the second try, after the explanation was shown: answered, not right at the first try.
    assert page.locator(".quiz-score").inner_text() == score(language, 2, 3, 1)

    page.reload(wait_until="load")
    question = short_answer(page)
    assert question.locator("input.quiz-input").input_value() == "  level=2;mode=fast "
    assert question.get_attribute("data-quiz-result") == "correct"
    assert question.locator(".quiz-status").inner_text() == says["correct"]
    assert edge_question(page, 1).get_attribute("data-quiz-result") == "correct"
    assert page.locator(".quiz-score").inner_text() == score(language, 2, 3, 1)

    # The home page counts it, in both languages.
    for home, says_there in ((EDGE_HOME["zh"], "已答 2/3 · 首次答对 1"), (EDGE_HOME["en"], "2 of 3 answered · 1 first-try correct")):
        page.goto(edge_base + home, wait_until="load")
        assert catalog_row(page, "ch/99.01").inner_text() == says_there
    assert record.console_errors == []
    assert record.outside_requests == []


def test_an_empty_short_answer_asks_for_text(visit, edge_http_base):
    page = visit(edge_http_base + EDGE_PAGE["zh"], edge_http_base).page
    question = short_answer(page)
    box = question.locator("input.quiz-input")
    box.fill(" \u3000 ")
    box.press("Enter")
    assert question.get_attribute("data-quiz-result") is None
    assert question.locator(".quiz-status").inner_text() == "请先输入答案。"
    box.fill("\t\u00a0")
    question.locator(".quiz-check").click()
    assert question.locator(".quiz-status").inner_text() == "请先输入答案。"
    assert stored_answers(page) == {}


def test_enter_that_ends_an_input_method_composition_does_not_check(visit, edge_http_base):
    page = visit(edge_http_base + EDGE_PAGE["zh"], edge_http_base).page
    question = short_answer(page)
    box = question.locator("input.quiz-input")
    box.fill(SHORT_KEY)
    box.dispatch_event("keydown", {"key": "Enter", "isComposing": True, "bubbles": True})
    assert question.get_attribute("data-quiz-result") is None
    box.press("Enter")
    assert question.get_attribute("data-quiz-result") == "correct"


def test_a_short_answer_with_the_keyboard_alone(visit, edge_http_base):
    page = visit(edge_http_base + EDGE_PAGE["en"], edge_http_base).page
    question = short_answer(page)
    qid = question.get_attribute("data-quiz-id")
    tab_until(page, f"e.classList.contains('quiz-input') && e.closest('fieldset').dataset.quizId === '{qid}'")
    assert page.evaluate("document.activeElement.labels[0].textContent") == "Your answer"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid", "keyboard focus is visible"
    page.keyboard.type("level=2;mode=slow")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('quiz-check')")
    page.keyboard.press("Enter")
    status = question.locator(".quiz-status")
    assert status.get_attribute("aria-live") == "polite"  # read out when it changes
    assert status.inner_text() == "✗ Incorrect."
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("fast")
    page.keyboard.press("Enter")
    assert status.inner_text() == "✓ Correct"
    # The group a screen reader announces is named by the question, not by the log excerpt under it.
    name = page.evaluate(
        f"document.querySelector('fieldset[data-quiz-id=\"{qid}\"] > legend').textContent"
    )
    assert name.startswith("3. Short answer Read the test log below") and "[test]" not in name


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_finds_no_violation_on_a_short_answer(visit, edge_http_base, scheme):
    page = visit(edge_http_base + EDGE_PAGE["en"], edge_http_base).page
    page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    question = short_answer(page)
    question.locator("input.quiz-input").fill("mode=slow")
    question.locator("input.quiz-input").press("Enter")
    choose(edge_question(page, 1), "B")
    page.locator("details.quiz-solution summary").last.click()
    results = run_axe(page)
    assert results["violations"] == [], json.dumps(results["violations"], ensure_ascii=False, indent=1)
    assert {"label", "color-contrast"} <= set(results["checked"]), results["checked"]


def test_narrow_screen_keeps_a_short_answer_and_its_log_inside_the_page(visit, edge_http_base):
    page = visit(edge_http_base + EDGE_PAGE["en"], edge_http_base, viewport={"width": 320, "height": 700}).page
    question = short_answer(page)
    question.locator("input.quiz-input").fill("a-long-answer-without-any-space-to-wrap-at=1;b=2;c=3")
    question.locator(".quiz-check").click()
    overflowing = page.eval_on_selector_all(
        "form.quiz, form.quiz fieldset, .quiz-answer, .quiz-solutions",
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth)"
        ".map(e => e.className)",
    )
    assert overflowing == []
    # On a phone the log wraps its lines, as every code block does there, and shows all of each.
    code = question.locator(".quiz-body pre")
    assert code.evaluate("e => getComputedStyle(e.querySelector('code')).whiteSpace") == "pre-wrap"
    assert code.evaluate("e => e.querySelector('code').scrollWidth <= e.querySelector('code').clientWidth")
    assert code.evaluate("e => e.getBoundingClientRect().right") <= 320


# ---------------------------------------------------------------------------
# Flag strings graded as GE reads them: answers of the table tests/fixtures/quiz/flag_answers.json
# typed into the course's own questions, in both languages, on a phone's width.  Node grades every
# row of the table with quiz.js (tests/js/quiz.test.js); here, for each verdict and reason a
# question has, its longest answer shows that the page says it in its words and keeps the
# difference on screen.

FLAG_TABLE = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "quiz" / "flag_answers.json").read_text(encoding="utf-8")
)
FLAG_PAGES = {
    "01.04-8": {"zh": "01_basic_overview/01.04_chapter_practice.html",
                "en": "en/01_basic_overview/01.04_chapter_practice.html"},
    "01.04-9": {"zh": "01_basic_overview/01.04_chapter_practice.html",
                "en": "en/01_basic_overview/01.04_chapter_practice.html"},
    "03.07-1": {"zh": "03_practice_and_debugging/03.07_chapter_practice.html",
                "en": "en/03_practice_and_debugging/03.07_chapter_practice.html"},
}


def shown_rows(qid: str) -> list[dict]:
    """The rows of a question typed in the browser: for each verdict and reason, the longest answer."""
    longest: dict[tuple, dict] = {}
    for row in FLAG_TABLE:
        if row["question"] == qid:
            kept = longest.setdefault((row["correct"], row["reason"]), row)
            if len(row["answer"]) > len(kept["answer"]):
                longest[(row["correct"], row["reason"])] = row
    return list(longest.values())


def reason_said(row, language: str) -> str:
    """The message the reader should see, from the strings table, filled as Python reads the answer."""
    from helpers import QUIZ_LANGUAGES
    from quizzes import flags

    found = flags.reasons(row["answer"].strip(), row["key"], row["kind"])[0]
    template = next(q for q in QUIZ_LANGUAGES if q.code == language).script["reasons"][found.code]
    item = re.sub(r"\s", "\u2423", found.item)
    return template.replace("{item}", item).replace("{variable}", found.variable).replace("`", "")


# What a graded short answer shows: its verdict, its reason (attribute and words), whether the
# difference is shown, where the difference's marks end, how many of its code spans overflow.
GRADED = """f => ({
    correct: f.getAttribute('data-quiz-result') === 'correct',
    reason: f.getAttribute('data-quiz-reason') || null,
    said: [...f.querySelectorAll('.quiz-reason')].map(e => e.innerText),
    shown: f.querySelectorAll('.quiz-diff').length === 1,
    rights: [...f.querySelectorAll('.quiz-diff mark')].map(m => m.getBoundingClientRect().right),
    overflowing: [...f.querySelectorAll('.quiz-diff code')].filter(c => c.scrollWidth > c.clientWidth + 1).length,
})"""


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("qid", list(FLAG_PAGES))
def test_flag_answers_get_the_tables_verdict_and_message(visit, http_base, qid, language):
    record = visit(http_base + FLAG_PAGES[qid][language], http_base, viewport={"width": 390, "height": 844})
    page = record.page
    fieldset = page.locator(f'fieldset[data-quiz-id^="{SECTION[qid.split("-")[0]]}-{qid.split("-")[1]}-"]')
    rows = shown_rows(qid)
    assert rows and json.loads(key_of(fieldset))["forms"][0] == rows[0]["key"]
    box = fieldset.locator("input.quiz-input")
    wrong = []
    for row in rows:
        box.fill(row["answer"])
        box.press("Enter")
        seen = fieldset.evaluate(GRADED)  # one round trip a row
        expected_said = [reason_said(row, language)] if row["reason"] else []
        if (seen["correct"], seen["reason"], seen["said"], seen["shown"]) != (row["correct"], row["reason"], expected_said, not row["correct"]):
            wrong.append((row["answer"], seen["correct"], seen["reason"], seen["said"]))
            continue
        if not row["correct"]:
            # The first difference is on screen at 390 px, without scrolling sideways.
            assert len(seen["rights"]) == 2 and max(seen["rights"]) <= 390, row["answer"]
            assert seen["overflowing"] == 0, row["answer"]
    assert wrong == []
    assert record.console_errors == []


def test_scores_count_first_tries_apart_from_answers_given_after_the_solution(visit, http_base):
    """Issue 17: an answer given after the solution block was opened, or after a wrong try showed the
    explanation, is answered but not right at the first try; a reload and the other language agree."""
    page = visit(http_base + FLAG_PAGES["01.04-8"]["zh"], http_base).page
    total = COUNT["01.04"]
    q8 = page.locator(f'fieldset[data-quiz-id^="{SECTION["01.04"]}-8-"]')
    q9 = page.locator(f'fieldset[data-quiz-id^="{SECTION["01.04"]}-9-"]')
    q1 = page.locator(f'fieldset[data-quiz-id^="{SECTION["01.04"]}-1-"]')
    # Q8: the solution first, then the right answer.  The page hears of the opening in a `toggle`
    # event, a task after the click: the test waits for it, as any reader's typing would.
    page.evaluate("""() => { window.__opened = new Promise(done => document.getElementById('quiz-solution-01_basic_overview/01.04-8')
                             .addEventListener('toggle', () => setTimeout(done), { once: true })); }""")
    page.locator('[id="quiz-solution-01_basic_overview/01.04-8"] summary').click()
    page.evaluate("() => window.__opened")
    q8.locator("input.quiz-input").fill("--enable_autofuse=true;--autofuse_enable_pass=reduce")
    q8.locator("input.quiz-input").press("Enter")
    assert q8.get_attribute("data-quiz-result") == "correct"
    # Q9: wrong, then right once the explanation was shown.
    q9.locator("input.quiz-input").fill("--codegen_compile_debug=true")
    q9.locator("input.quiz-input").press("Enter")
    q9.locator("input.quiz-input").fill("--codegen_compile_debug=true;--debug_dir=/tmp/af_debug/")
    q9.locator("input.quiz-input").press("Enter")
    assert q9.get_attribute("data-quiz-result") == "correct"
    # Q1: right at the first try.
    choose(q1, key_of(q1))
    assert page.locator(".quiz-score").inner_text() == score("zh", 3, total, 1)
    page.reload(wait_until="load")
    assert page.locator(".quiz-score").inner_text() == score("zh", 3, total, 1)
    page.goto(http_base + FLAG_PAGES["01.04-8"]["en"], wait_until="load")
    assert page.locator(".quiz-score").inner_text() == score("en", 3, total, 1)
    page.goto(http_base + HOME["zh"], wait_until="load")
    assert catalog_row(page, "01.04").inner_text() == f"已答 3/{total} · 首次答对 1"
    # Trying again does not make a seen solution new.
    page.goto(http_base + FLAG_PAGES["01.04-8"]["en"], wait_until="load")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".quiz-retry").first.click()
    q1 = page.locator(f'fieldset[data-quiz-id^="{SECTION["01.04"]}-1-"]')
    choose(q1, key_of(q1))
    assert page.locator(".quiz-score").inner_text() == score("en", 1, total, 0)

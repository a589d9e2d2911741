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
    "zh": {"correct": "✓ 回答正确", "incorrect": "✗ 回答错误。正确答案：{}", "score": "得分：{} / {}", "label": "解析："},
    "en": {"correct": "✓ Correct", "incorrect": "✗ Incorrect. Correct answer: {}", "score": "Score: {} / {}",
           "label": "Explanation: "},
}


@pytest.fixture(params=["http", "file"])
def base(request, http_base, file_base) -> str:
    return http_base if request.param == "http" else file_base


def question(page, number: int):
    return page.locator(f'form.quiz fieldset[data-quiz-id^="01.02-{number}-"]')


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
    assert first.locator(".quiz-right .quiz-mark").inner_text() == "✓"
    explanation = first.locator(".quiz-explanation")
    assert explanation.is_visible()
    solution_text = page.locator("#quiz-solution-01\\.02-1 .quiz-solution-explanation").text_content()
    assert " ".join(explanation.inner_text().split()) == " ".join(solution_text.split())
    assert explanation.inner_text().startswith(says["label"].strip())

    second = question(page, 2)
    choose(second, key_of(second))
    assert second.locator(".quiz-status").inner_text() == says["correct"]
    assert page.locator(".quiz-score").inner_text() == says["score"].format(1, 5)

    multiple = question(page, multiple_choice_number(page))
    choose(multiple, key_of(multiple))
    assert multiple.get_attribute("data-quiz-result") == "correct"
    assert page.locator(".quiz-score").inner_text() == says["score"].format(2, 5)
    before = answers_shown(page)

    page.reload(wait_until="load")
    assert answers_shown(page) == before
    assert question(page, 1).get_attribute("data-quiz-result") == "incorrect"
    assert question(page, 2).locator(".quiz-status").inner_text() == says["correct"]
    assert page.locator(".quiz-score").inner_text() == says["score"].format(2, 5)
    assert record.console_errors == []
    assert record.outside_requests == []


def test_progress_is_shared_by_the_languages_and_shown_on_the_home_page(visit, base, browser):
    record = visit(base + PAGE["zh"], base)
    page = record.page
    first, second = question(page, 1), question(page, 2)
    choose(first, key_of(first))
    choose(second, wrong_answer(second))
    zh_answers = answers_shown(page)

    page.goto(base + PAGE["en"], wait_until="load")
    assert answers_shown(page) == zh_answers
    assert page.locator(".quiz-score").inner_text() == "Score: 1 / 5"

    for language in ("en", "zh"):
        page.goto(base + HOME[language], wait_until="load")
        row = page.locator('.quiz-progress tbody tr[data-quiz-section="01.02"]')
        assert row.locator('[data-quiz-count="answered"]').inner_text() == "2"
        assert row.locator('[data-quiz-count="correct"]').inner_text() == "1"
        other = page.locator('.quiz-progress tbody tr[data-quiz-section="01.03"]')
        assert other.locator('[data-quiz-count="answered"]').inner_text() == "0"
        total = page.locator(".quiz-progress tfoot")
        assert total.locator('[data-quiz-count="answered"]').inner_text() == "2"
        assert total.locator('[data-quiz-count="correct"]').inner_text() == "1"

    # The section link leads to the page in the same language.
    page.locator('.quiz-progress tbody tr[data-quiz-section="01.02"] a').click()
    page.wait_for_load_state("load")
    assert page.url == base + PAGE["zh"]

    page.goto(base + HOME["en"], wait_until="load")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".quiz-reset-all").click()
    assert page.locator('.quiz-progress tfoot [data-quiz-count="answered"]').inner_text() == "0"
    assert page.locator(".quiz-progress-status").inner_text() == "All progress cleared."
    page.goto(base + PAGE["zh"], wait_until="load")
    assert set(answers_shown(page).values()) == {""}
    assert record.console_errors == []


def test_reset_all_asks_first(visit, http_base):
    record = visit(http_base + PAGE["zh"], http_base)
    page = record.page
    choose(question(page, 1), key_of(question(page, 1)))
    page.goto(http_base + HOME["zh"], wait_until="load")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator(".quiz-reset-all").click()
    assert page.locator('.quiz-progress tfoot [data-quiz-count="answered"]').inner_text() == "1"


def test_retry_clears_the_exercise(visit, http_base):
    page = visit(http_base + PAGE["en"], http_base).page
    choose(question(page, 1), key_of(question(page, 1)))
    page.locator(".quiz-retry").click()
    assert page.locator("fieldset[data-quiz-result]").count() == 0
    assert page.locator(".quiz-score").inner_text() == ""
    assert page.evaluate("document.activeElement.name") == question(page, 1).locator("input").first.get_attribute("name")
    page.reload(wait_until="load")
    assert set(answers_shown(page).values()) == {""}


def test_solutions_open_without_javascript(visit, base):
    page = visit(base + PAGE["zh"], base, java_script_enabled=False).page
    solution = page.locator("details.quiz-solution").first
    explanation = solution.locator(".quiz-solution-explanation")
    assert not explanation.is_visible()
    solution.locator("summary").click()
    assert explanation.is_visible()
    assert explanation.inner_text().startswith("解析：")
    # The questions are still there to read; controls that need the script are not.
    assert page.locator("fieldset.quiz-question legend").first.is_visible()
    assert page.locator(".quiz-check, .quiz-retry").evaluate_all("els => els.every(e => e.offsetParent === null)")


@pytest.mark.parametrize("javascript", [True, False])
def test_solutions_print_open(visit, http_base, javascript):
    page = visit(http_base + PAGE["en"], http_base, java_script_enabled=javascript).page
    page.emulate_media(media="print")
    explanation = page.locator("details.quiz-solution .quiz-solution-explanation").first
    assert explanation.bounding_box()["height"] > 0
    assert page.locator(".quiz-retry").evaluate("e => getComputedStyle(e).display") == "none"


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
            target = values.index(key)
            if target == 0:
                page.keyboard.press("Space")
            for _ in range(target):
                page.keyboard.press("ArrowDown")
        assert fieldset.get_attribute("data-quiz-result") == "correct", qid
    assert page.locator(".quiz-score").inner_text() == f"得分：{fieldsets.count()} / {fieldsets.count()}"
    tab_until(page, "e.classList.contains('quiz-retry')")
    page.keyboard.press("Enter")
    assert page.locator("fieldset[data-quiz-result]").count() == 0


def test_enter_checks_a_multiple_choice_question(visit, http_base):
    page = visit(http_base + PAGE["en"], http_base).page
    multiple = question(page, multiple_choice_number(page))
    first = multiple.locator("input").first
    first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    assert multiple.get_attribute("data-quiz-result") in ("correct", "incorrect")
    # Changing the selection drops the verdict until the next check.
    page.keyboard.press("Space")
    assert multiple.get_attribute("data-quiz-result") is None
    page.keyboard.press("Enter")
    assert multiple.locator(".quiz-status").inner_text() == "Choose an answer first."


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
        ids[3]: json.dumps({"a": "A", "c": "yes"}),
        ids[4]: "null",
        "somebody-else": "x",
    }
    page.evaluate("junk => Object.entries(junk).forEach(([k, v]) => localStorage.setItem('autofuse-quiz:' + k, v))", junk)
    page.reload(wait_until="load")
    assert page.locator("fieldset[data-quiz-result]").count() == 0
    choose(question(page, 1), key_of(question(page, 1)))
    assert page.locator(".quiz-score").inner_text() == "得分：1 / 5"
    page.goto(http_base + HOME["zh"], wait_until="load")
    # The quiz page dropped the well-formed answer that did not fit its question; only the new one counts.
    assert page.locator('.quiz-progress tfoot [data-quiz-count="answered"]').inner_text() == "1"
    assert page.evaluate(f"localStorage.getItem('autofuse-quiz:{ids[2]}')") is None


def test_quiz_works_for_the_visit_without_storage(browser, http_base):
    context = browser.new_context()
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('blocked', 'SecurityError'); }});"
    )
    page = context.new_page()
    errors = []
    # Material's own scripts also reach for localStorage and throw; only ours must not.
    page.on("pageerror", lambda error: "assets/quiz/" in (error.stack or "") and errors.append(error.stack))
    page.goto(http_base + PAGE["en"], wait_until="load")
    choose(question(page, 1), key_of(question(page, 1)))
    choose(question(page, 2), wrong_answer(question(page, 2)))
    assert page.locator(".quiz-score").inner_text() == "Score: 1 / 5"
    page.goto(http_base + HOME["en"], wait_until="load")
    assert page.locator('.quiz-progress tfoot [data-quiz-count="answered"]').inner_text() == "0"
    assert errors == []
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
    assert page.locator('.quiz-progress tfoot [data-quiz-count="correct"]').inner_text() == "1"
    context.close()


# ---------------------------------------------------------------------------
# Short answers, on the edge-case site: its exercise starts with a single-choice question
# and ends with a short answer whose text holds a fenced log excerpt.

EDGE_PAGE = {"zh": "ch/twin.html", "en": "en/ch/twin.html"}
EDGE_HOME = {"zh": "index.html", "en": "en/index.html"}
SHORT_KEY = "mode=fast;level=2"
NORMALISATION = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "quiz" / "normalisation.json").read_text(encoding="utf-8")
)


@pytest.fixture(params=["http", "file"])
def edge_base(request, edge_http_base, edge_file_base) -> str:
    return edge_http_base if request.param == "http" else edge_file_base


def short_answer(page):
    return page.locator('form.quiz fieldset[data-quiz-kind="short-answer"]')


def edge_question(page, number: int):
    return page.locator(f'form.quiz fieldset[data-quiz-id^="99.01-{number}-"]')


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
    assert question.locator(".quiz-status").inner_text() == says["incorrect"].format(SHORT_KEY)
    assert question.locator(".quiz-wrong .quiz-mark").inner_text() == "✗"
    explanation = question.locator(".quiz-explanation")
    solution_text = page.locator("#quiz-solution-99\\.01-3 .quiz-solution-explanation").text_content()
    assert " ".join(explanation.inner_text().split()) == " ".join(solution_text.split())
    assert explanation.inner_text().startswith(says["label"].strip())

    # Editing the text drops the verdict; the button checks; whitespace and one pair of quotes are ignored.
    box.fill('  "level = 2; mode=fast" ')
    assert question.get_attribute("data-quiz-result") is None
    question.locator(".quiz-check").click()
    assert question.get_attribute("data-quiz-result") == "correct"
    assert question.locator(".quiz-status").inner_text() == says["correct"]
    assert question.locator(".quiz-right .quiz-mark").inner_text() == "✓"

    first = edge_question(page, 1)
    choose(first, wrong_answer(first))
    assert page.locator(".quiz-score").inner_text() == says["score"].format(1, 3)

    page.reload(wait_until="load")
    question = short_answer(page)
    assert question.locator("input.quiz-input").input_value() == '  "level = 2; mode=fast" '
    assert question.get_attribute("data-quiz-result") == "correct"
    assert question.locator(".quiz-status").inner_text() == says["correct"]
    assert edge_question(page, 1).get_attribute("data-quiz-result") == "incorrect"
    assert page.locator(".quiz-score").inner_text() == says["score"].format(1, 3)

    # The home page counts it, in both languages.
    for home in EDGE_HOME.values():
        page.goto(edge_base + home, wait_until="load")
        row = page.locator('.quiz-progress tbody tr[data-quiz-section="99.01"]')
        assert row.locator('[data-quiz-count="answered"]').inner_text() == "2"
        assert row.locator('[data-quiz-count="correct"]').inner_text() == "1"
    assert record.console_errors == []
    assert record.outside_requests == []


@pytest.mark.parametrize(
    "typed, result",
    [
        (SHORT_KEY, "correct"),
        ("level=2;mode=fast", "correct"),  # the other accepted form
        (" mode = fast ;\tlevel = 2 ", "correct"),
        (f"'{SHORT_KEY}'", "correct"),
        (f'"{SHORT_KEY}"', "correct"),
        (f"'{SHORT_KEY}\"", "incorrect"),  # quotes that do not match
        (f"''{SHORT_KEY}''", "incorrect"),  # one pair only
        ("MODE=fast;level=2", "incorrect"),  # letter case counts
        ("mode=fast；level=2", "incorrect"),  # a full-width semicolon is another character
    ],
)
def test_what_a_short_answer_accepts(visit, edge_http_base, typed, result):
    page = visit(edge_http_base + EDGE_PAGE["en"], edge_http_base).page
    question = short_answer(page)
    question.locator("input.quiz-input").fill(typed)
    question.locator("input.quiz-input").press("Enter")
    assert question.get_attribute("data-quiz-result") == result


def test_an_empty_short_answer_asks_for_text(visit, edge_http_base):
    page = visit(edge_http_base + EDGE_PAGE["zh"], edge_http_base).page
    question = short_answer(page)
    box = question.locator("input.quiz-input")
    box.fill(" \u3000 ")
    box.press("Enter")
    assert question.get_attribute("data-quiz-result") is None
    assert question.locator(".quiz-status").inner_text() == "请先输入答案。"
    box.fill('""')
    question.locator(".quiz-check").click()
    assert question.locator(".quiz-status").inner_text() == "请先输入答案。"
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('autofuse-quiz:'))") == []


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
    page.keyboard.type("level=2; mode=slow")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('quiz-check')")
    page.keyboard.press("Enter")
    status = question.locator(".quiz-status")
    assert status.get_attribute("aria-live") == "polite"  # read out when it changes
    assert status.inner_text() == "✗ Incorrect. Correct answer: " + SHORT_KEY
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


def quiz_normalise(page) -> str:
    """quiz.js's normalise function, as published, ready to run in the page."""
    script = (Path(__file__).resolve().parent.parent / "quizzes" / "quiz.js").read_text(encoding="utf-8")
    match = re.search(r"^  function normalise\(text\) \{\n.*?^  \}$", script, re.MULTILINE | re.DOTALL)
    assert match, "quiz.js has no function normalise(text)"
    return match.group(0)


def test_python_and_javascript_normalise_short_answers_alike(visit, edge_http_base):
    from quizzes.model import normalise_answer

    page = visit(edge_http_base + EDGE_PAGE["en"], edge_http_base).page
    function = quiz_normalise(page)
    texts = [case["text"] for case in NORMALISATION]
    in_browser = page.evaluate(f"texts => {{ {function}; return texts.map(normalise); }}", texts)
    assert in_browser == [case["normalised"] for case in NORMALISATION]
    assert in_browser == [normalise_answer(text) for text in texts]
    # Every character of the Basic Multilingual Plane: the same ones are removed as whitespace.
    removed_in_browser = page.evaluate(
        f"() => {{ {function}; const removed = [];"
        " for (let c = 0; c < 0x10000; c++) { if (c >= 0xd800 && c <= 0xdfff) continue;"
        " if (normalise('a' + String.fromCharCode(c) + 'b') === 'ab') removed.push(c); } return removed; }"
    )
    removed_in_python = [
        c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF and normalise_answer(f"a{chr(c)}b") == "ab"
    ]
    assert removed_in_browser == removed_in_python
    assert len(removed_in_python) == 25


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
    # The log keeps its lines and scrolls inside its own box.
    code = question.locator(".quiz-body pre")
    assert code.evaluate("e => getComputedStyle(e.querySelector('code')).whiteSpace") == "pre"
    assert code.evaluate("e => e.getBoundingClientRect().right") <= 320

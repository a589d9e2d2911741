"""Quiz forms show what is stored after Back and Forward, and follow other tabs without taking
what the reader is typing here (2026-12-security-reliability.md, W1 and D1): over http:// and
file://, in both languages."""

from __future__ import annotations

import json

import pytest

PAGE = {"zh": "01_basic_overview/01.02_autofuse_introduction.html", "en": "en/01_basic_overview/01.02_autofuse_introduction.html"}
PRACTICE = {"zh": "01_basic_overview/01.04_chapter_practice.html", "en": "en/01_basic_overview/01.04_chapter_practice.html"}
HOME = {"zh": "index.html", "en": "en/index.html"}
OTHER = {"zh": "en", "en": "zh"}


@pytest.fixture(params=["http", "file"])
def base(request, http_base, file_base) -> str:
    return http_base if request.param == "http" else file_base


def first(tab, kind: str):
    return tab.locator(f'form.quiz fieldset[data-quiz-kind="{kind}"]').first


def key_of(fieldset) -> str:
    return fieldset.get_attribute("data-quiz-key")


def wrong_answer(fieldset) -> str:
    return next(v for v in (i.get_attribute("value") for i in fieldset.locator("input").all()) if v not in key_of(fieldset))


def shown_and_stored(tab) -> list[tuple[str, str, str | None, str | None]]:
    """Each question: (id, what its inputs hold, its verdict, the answer stored for it)."""
    return tab.evaluate("""() => [...document.querySelectorAll("fieldset.quiz-question")].map(q => {
      const text = q.querySelector(".quiz-input");
      const held = text ? text.value : [...q.querySelectorAll("input:checked")].map(i => i.value).join("");
      let stored = null;
      try { stored = JSON.parse(localStorage.getItem("autofuse-quiz:" + q.dataset.quizId)).a; } catch (e) {}
      return [q.dataset.quizId, held, q.dataset.quizResult || null, stored];
    })""")


def contradictions(tab) -> list:
    """Questions whose inputs are not the stored answer, or that show a verdict with nothing stored."""
    return [(qid, held, result, stored) for qid, held, result, stored in shown_and_stored(tab)
            if held != (stored or "") or (result is not None) != (stored is not None)]


@pytest.mark.parametrize("language", ["zh", "en"])
def test_back_shows_the_answer_given_meanwhile_in_the_other_language(browser, base, language):
    """Wrong here, right on the twin page, Back: the form shows the right answer it is graded on."""
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(base + PAGE[language], wait_until="load")
    single = first(tab, "single")
    single.locator(f'input[value="{wrong_answer(single)}"]').check()
    assert single.get_attribute("data-quiz-result") == "incorrect"
    tab.goto(base + PAGE[OTHER[language]], wait_until="load")
    twin = first(tab, "single")
    twin.locator(f'input[value="{key_of(twin)}"]').check()
    tab.go_back(wait_until="load")
    assert tab.url == base + PAGE[language]
    single = first(tab, "single")
    tab.wait_for_function("() => document.querySelector('fieldset[data-quiz-kind=single]').dataset.quizResult === 'correct'")
    assert contradictions(tab) == []
    assert single.locator("input:checked").get_attribute("value") == key_of(single)
    # Forward again: the twin page shows the same.
    tab.go_forward(wait_until="load")
    assert contradictions(tab) == []
    context.close()


@pytest.mark.parametrize("language", ["zh", "en"])
def test_back_after_resetting_all_progress_shows_no_answer(browser, base, language):
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(base + PAGE[language], wait_until="load")
    single, multiple = first(tab, "single"), first(tab, "multiple")
    single.locator(f'input[value="{key_of(single)}"]').check()
    for letter in wrong_answer(multiple) + key_of(multiple)[0]:
        multiple.locator(f'input[value="{letter}"]').check()
    multiple.locator(".quiz-check").click()
    tab.goto(base + HOME[language], wait_until="load")
    tab.once("dialog", lambda dialog: dialog.accept())
    tab.locator(".quiz-reset-all").click()
    tab.go_back(wait_until="load")
    assert tab.url == base + PAGE[language]
    assert contradictions(tab) == []
    assert tab.locator("form.quiz input:checked").count() == 0
    context.close()


def test_back_to_a_page_whose_answer_another_tab_changed_meanwhile_shows_what_is_stored(browser, http_base):
    """Back after another tab answered differently.  (Playwright runs Chromium without its
    back/forward cache; a page restored from it was already refreshed on `pageshow`.)"""
    context = browser.new_context()
    tab, other = context.new_page(), context.new_page()
    tab.goto(http_base + PAGE["zh"], wait_until="load")
    single = first(tab, "single")
    single.locator(f'input[value="{wrong_answer(single)}"]').check()
    tab.goto(http_base + "glossary.html", wait_until="load")
    other.goto(http_base + PAGE["en"], wait_until="load")
    twin = first(other, "single")
    twin.locator(f'input[value="{key_of(twin)}"]').check()
    other.close()
    tab.go_back(wait_until="load")
    tab.wait_for_function("() => document.querySelector('fieldset[data-quiz-kind=single]').dataset.quizResult === 'correct'")
    assert contradictions(tab) == []
    context.close()


@pytest.mark.parametrize("language", ["zh", "en"])
def test_another_tab_never_overwrites_what_the_reader_has_not_checked(browser, base, language):
    context = browser.new_context()
    here, there = context.new_page(), context.new_page()
    for tab in (here, there):
        tab.goto(base + PRACTICE[language], wait_until="load")
    # The reader works in one tab at a time, the one in front (a tab behind draws no frames, and
    # Playwright's waits on frames would crawl there).
    here.bring_to_front()
    # Here: a short answer typed and a multiple choice ticked, neither checked; one question answered.
    typing = "my half-typed answer"
    first(here, "short-answer").locator("input.quiz-input").fill(typing)
    multiple = first(here, "multiple")
    ticked = wrong_answer(multiple)
    multiple.locator(f'input[value="{ticked}"]').check()
    answered = first(here, "true-false")
    answered.locator(f'input[value="{key_of(answered)}"]').check()
    # There: the same questions answered and checked, and the answered one changed.
    there.bring_to_front()
    short = first(there, "short-answer")
    short.locator("input.quiz-input").fill("other tab")
    short.locator(".quiz-check").click()
    other_multiple = first(there, "multiple")
    for letter in key_of(other_multiple):
        other_multiple.locator(f'input[value="{letter}"]').check()
    other_multiple.locator(".quiz-check").click()
    other_answered = first(there, "true-false")
    other_answered.locator(f'input[value="{wrong_answer(other_answered)}"]').check()
    # Here follows what was checked there where the reader had nothing unchecked...
    here.bring_to_front()
    here.wait_for_function("() => document.querySelector('fieldset[data-quiz-kind=true-false]').dataset.quizResult === 'incorrect'")
    # ...and keeps what the reader is typing or choosing.
    assert first(here, "short-answer").locator("input.quiz-input").input_value() == typing
    assert "".join(i.get_attribute("value") for i in multiple.locator("input:checked").all()) == ticked
    assert first(here, "short-answer").get_attribute("data-quiz-result") is None
    # Checking here stores what the reader chose here.
    first(here, "short-answer").locator(".quiz-check").click()
    stored = here.evaluate("id => localStorage.getItem('autofuse-quiz:' + id)", first(here, "short-answer").get_attribute("data-quiz-id"))
    assert json.loads(stored)["a"] == typing
    context.close()

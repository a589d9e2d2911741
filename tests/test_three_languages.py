"""A third language is configuration, one strings table and content (issue 7): the fixture site
tests/fixtures/three_languages adds French with strings/fr.py beside its mkdocs.yml, and its
French quiz is read with the French grammar, shown in French words and graded in the browser."""

from __future__ import annotations

import json

import pytest

import browsing
from helpers import ROOT, build_site, soup

SITE = ROOT / "tests" / "fixtures" / "three_languages"
PAGE = {"zh": "ch/quiz.html", "en": "en/ch/quiz.html", "fr": "fr/ch/quiz.html"}


@pytest.fixture(scope="module")
def three_languages_dir(tmp_path_factory):
    site = tmp_path_factory.mktemp("three_languages")
    build_site(SITE / "mkdocs.yml", site, tmp_path_factory.mktemp("three_languages_cache"))
    return site


@pytest.fixture(scope="module")
def three_languages_base(three_languages_dir):
    server = browsing.serve(three_languages_dir)
    yield browsing.base_url(server)
    server.shutdown()


def test_no_file_of_the_site_or_the_engine_names_the_third_language():
    for folder in ("overrides", "quizzes"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".js", ".css", ".html"):
                text = path.read_text(encoding="utf-8")
                assert "Vrai" not in text and '"fr"' not in text and "'fr'" not in text, path


def test_the_french_quiz_is_read_with_the_french_grammar_and_shown_in_french(three_languages_dir):
    page = soup(three_languages_dir / PAGE["fr"])
    kinds = [(f["data-quiz-kind"], f.select_one(".quiz-kind").get_text()) for f in page.select("fieldset.quiz-question")]
    assert kinds == [("true-false", "Vrai/Faux"), ("single", "Choix unique"), ("short-answer", "Réponse courte")]
    assert [label.get_text(" ", strip=True) for label in page.select("fieldset")[0].select("label")] == ["Vrai", "Faux"]
    assert page.select_one(".quiz-solution summary").get_text(" ", strip=True) == (
        "Question 1 · Voir la réponse Question 1 · Masquer la réponse")
    assert page.select_one(".quiz-solution-accepted").get_text() == "Accepté aussi : level=2;mode=fast"
    assert json.loads(page.select_one("form.quiz")["data-quiz-ui"])["correct"] == "✓ Correct"
    # One exercise in three languages: the same questions, so the same ids and shared progress.
    ids = {language: [f["data-quiz-id"] for f in soup(three_languages_dir / url).select("fieldset")]
           for language, url in PAGE.items()}
    assert ids["fr"] == ids["zh"] == ids["en"]


@pytest.mark.parametrize("language, says", [
    ("fr", ("✗ Incorrect. Bonne réponse : Vrai", "✓ Correct", "2 sur 3 répondues, 1 justes du premier coup")),
    ("en", ("✗ Incorrect. Correct answer: True", "✓ Correct", "Answered 2 of 3, 1 correct at the first try")),
])
def test_a_quiz_in_the_third_language_is_graded(browser, three_languages_base, language, says):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(three_languages_base + PAGE[language], wait_until="load")
    first = page.locator("fieldset.quiz-question").nth(0)
    first.locator('input[value="N"]').check()
    assert first.locator(".quiz-status").inner_text() == says[0]
    short = page.locator('fieldset[data-quiz-kind="short-answer"]')
    short.locator("input.quiz-input").fill(" level=2;mode=fast ")
    short.locator("input.quiz-input").press("Enter")
    assert short.locator(".quiz-status").inner_text() == says[1]
    assert page.locator(".quiz-score").inner_text() == says[2]
    # The catalog of the language's home page counts it.
    page.goto(three_languages_base + {"fr": "fr/", "en": "en/"}[language] + "index.html", wait_until="load")
    assert page.locator('[data-progress-section="ch/01.01"]').inner_text() == {  # its folder, then its answer file
        "fr": "2 sur 3 répondues · 1 justes du premier coup", "en": "2 of 3 answered · 1 first-try correct"}[language]
    assert errors == []
    context.close()

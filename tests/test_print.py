"""Printing a section (issue 20, review m16): Chromium's PDF of one page of each kind (the home
page, a section with figures, a chapter practice with its quiz, the glossary), in both
languages and in the dark scheme, holds the page's text, the words drawn in its figures, and
each question with its answer and explanation; no navigation, no panels, no empty answer field.

The PDF's text is read as helpers.pdf_text reads it, and compared as helpers.found and
helpers.printed compare (Chromium names some CJK glyphs by another character that shares them)."""

from __future__ import annotations

import re

import pytest

from helpers import DOCS, found, pdf_text, printed, squeezed

KINDS = {
    "home": "index.html",
    "figures": "01_basic_overview/01.02_autofuse_introduction.html",
    "practice": "01_basic_overview/01.04_chapter_practice.html",
    "glossary": "glossary.html",
}
LANGUAGES = {"zh": "", "en": "en/"}
# Words of the screen only: the contents and run panels, the quiz's buttons, the solutions'
# "show the answer" labels.
SCREEN_ONLY = {
    "zh": ["本页目录", "下载本章的 Notebook（ZIP）", "检查答案", "也可以直接点开下面各题", "· 查看答案", "· 收起答案"],
    "en": ["On this page", "Download the chapter's notebooks (ZIP)", "Check answer", "You can also open each question",
           "· Show answer", "· Hide answer"],
}


def svg_words(src: str, language: str) -> list[str]:
    """The words a figure draws: its <text> elements, from the SVG the page names."""
    name = src.split("/")[-1].replace(".dark.svg", ".svg")
    found = [p for p in DOCS.rglob(name.replace(".svg", ".en.svg" if language == "en" else ".svg"))] or list(DOCS.rglob(name))
    svg = found[0].read_text(encoding="utf-8")
    return [w for w in re.findall(r"<text\b[^>]*>([^<]+)</text>", svg) if len(w.strip()) > 2]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_printed_page_holds_its_text_figures_and_answers(browser, http_base, kind, language):
    context = browser.new_context(color_scheme="dark")
    tab = context.new_page()
    tab.goto(http_base + LANGUAGES[language] + KINDS[kind], wait_until="load")
    tab.emulate_media(media="print")
    shown = tab.evaluate("""() => {
      const visible = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
      const article = document.querySelector('article');
      return {
        paragraphs: [...article.querySelectorAll('p, li, td, dt, dd')].filter(visible)
          .filter(p => !p.closest('details:not(.quiz-solution), form, nav'))
          .map(p => p.innerText.trim()).filter(t => t.length > 8),
        questions: [...article.querySelectorAll('.quiz-question .quiz-text')].map(q => q.innerText),
        answers: [...article.querySelectorAll('.quiz-solution-answer, .quiz-solution-explanation')].map(a => a.innerText),
        figures: [...article.querySelectorAll('figure.course-figure img')].filter(visible).map(i => i.getAttribute('src')),
        controls: [...article.querySelectorAll('input, button, details.page-contents, details.run-it')].filter(visible)
          .map(e => e.outerHTML.slice(0, 80)),
        navigation: [...document.querySelectorAll('.md-header, .md-sidebar, .md-footer, .md-tabs')].filter(visible).length,
      };
    }""")
    text = pdf_text(tab.pdf(format="A4"))
    context.close()
    missing = [p[:40] for p in shown["paragraphs"] + shown["questions"] + shown["answers"] if not printed(p, text)]
    assert missing == [], f"{len(missing)} of {len(shown['paragraphs'])} paragraphs not in the PDF"
    assert shown["controls"] == [] and shown["navigation"] == 0, (shown["controls"], shown["navigation"])
    for src in shown["figures"]:
        assert not src.endswith(".dark.svg"), src  # ink on paper: the light version
        words = svg_words(src, language)
        assert words and all(found(w, text) for w in words), (src, [w for w in words if not found(w, text)])
    for words in SCREEN_ONLY[language]:
        assert squeezed(words) not in text, words
    if kind == "practice":
        assert len(shown["questions"]) >= 8 and len(shown["answers"]) >= 2 * len(shown["questions"])
    if kind == "figures":
        assert shown["figures"]

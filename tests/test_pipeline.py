"""The page pipeline's steps, each on an HTML string: exact input -> output pairs
(overrides/course_site/pipeline.py), as pymdown-extensions tests its extensions."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from helpers import QUIZ, QUIZ_LANGUAGES

from course_site import pipeline
from course_site.page.context import PageContext, SiteServices
from course_site.site import progress_data
from course_site.site.archives import archive_path
from course_site.course.glossary import Entry, Glossary
from course_site.languages import Languages
from course_site.course.plan import Chapter, CoursePlan, Link, Section
from course_site.course.run_at_build import CellOutput
from course_site.strings import load_tables
from course_site.course.sanitise import check_page
from course_site.course.translation_status import PageState, Part
from pymdownx.slugs import slugify
from quizzes.course import Course, ExercisePage
from quizzes.parsing import parse_answers, parse_questions
from quizzes.sources import NotebookExercise
from quizzes.validation import pair

LANGUAGES = Languages("zh", ("zh", "en"), {"zh": "中文", "en": "English"})
STRINGS = load_tables(LANGUAGES.codes)
PLAN = CoursePlan.of(
    chapters=(
        Chapter("ch", {"zh": "第一章", "en": "Chapter 1"}, {"zh": "概要。", "en": "Summary."}, (
            Section({"zh": "1.1 节", "en": "1.1 Section"}, "ch/a.ipynb"),
            Section({"zh": "1.2 节", "en": "1.2 Section"}, None),
        )),
    ),
    appendix=(),
    palette=True,  # as the AutoFuse course: its figures have dark versions
)
# Chapter 1 ends with its practice, ch/b.ipynb, which has an exercise; chapter 2 is not published yet.
PRACTICE_PLAN = CoursePlan.of(
    chapters=(
        Chapter("ch", {"zh": "第一章", "en": "Chapter 1"}, {}, (
            Section({"zh": "1.1 节", "en": "1.1 Section"}, "ch/a.ipynb"),
            Section({"zh": "1.2 练习", "en": "1.2 Practice"}, "ch/b.ipynb"),
        )),
        Chapter("ch2", {"zh": "第二章", "en": "Chapter 2"}, {}, (Section({"zh": "2.1 节", "en": "2.1 Section"}, None),)),
    ),
    appendix=(),
    palette=True,
)


def course_with_an_exercise() -> Course:
    """ch/b.ipynb (and its .en twin) with a two-question exercise, section 01.02."""
    pages = {}
    for language, src_uri, questions, answers in (
        ("zh", "ch/b.ipynb", "1. （判断题）甲。\n\n2. （单选题）乙？\n   A. 一\n   B. 二\n", "1. √\n解析：一。\n\n2. B\n解析：二。\n"),
        ("en", "ch/b.en.ipynb", "1. (True/False) One.\n\n2. (Single choice) Two?\n   A. a\n   B. b\n",
         "1. True\nExplanation: one.\n\n2. B\nExplanation: two.\n"),
    ):
        quiz = QUIZ[language]
        exercise = pair(parse_questions(questions, "q", quiz), parse_answers(answers, "a", quiz), section="01.02",
                        question_source="q", answer_source="a", language=quiz)
        pages[src_uri] = ExercisePage(src_uri, language, "b", notebook=(NotebookExercise(exercise, "q", "a", 2),))
    return Course(pages, QUIZ_LANGUAGES)


GLOSSARY = Glossary({
    "zh": (
        Entry("ge", "GE（Graph Engine）", ("GE",), "图编译引擎。"),
        Entry("ge-route", "GE 路线", ("GE 路线",), "经 GE 的路线。"),
        Entry("ub", "UB（Unified Buffer）", ("UB",), "片上缓冲区。"),
    ),
    "en": (
        Entry("ge", "GE (Graph Engine)", ("GE",), "The graph compiler."),
        Entry("ge-route", "GE route", ("GE route",), "The route through GE."),
        Entry("ub", "UB (Unified Buffer)", ("UB",), "The on-chip buffer."),
    ),
})



def context(src_uri="ch/a.ipynb", language="zh", written_in=None, url=None, outputs=None, glossary=None,
            plan=PLAN, course=None, outdated=None):
    if glossary is not None:  # the course's glossary, shown on glossary.md beside it
        plan = dataclasses.replace(plan, courses=tuple(dataclasses.replace(c, glossary="glossary.yml") for c in plan.courses))
    services = SiteServices(
        languages=LANGUAGES, plan=plan, course=course or Course({}, QUIZ_LANGUAGES), slugify=slugify(case="lower"),
        toc_depth=3, run_outputs=lambda src_uri: outputs or {}, glossaries={".": glossary} if glossary else {},
        outdated=outdated or {},
        archives={(chapter.folder, code): archive_path(c.name, chapter.folder, code)
                  for c in plan.courses for chapter in c.chapters for code in LANGUAGES.codes},
    )
    url = url or (LANGUAGES.folder(language) + src_uri.rsplit(".", 1)[0].replace(".en", "") + ".html")
    return PageContext(src_uri, url, language, written_in or language, STRINGS[language], services)


def run_step(step, html: str, page) -> str:
    return str(step(BeautifulSoup(html, "html.parser"), page))


def test_notebook_markup_takes_styles_and_scripts_out_and_makes_material_code_blocks():
    html = (
        '<style>.jp-Cell{color:red}</style><style>["not css"]</style><script>copy()</script>'
        '<div class="jp-Cell jp-MarkdownCell" id="cell-id=intro"><div class="jp-Cell-inputWrapper" tabindex="0">'
        '<div class="jp-Collapser"></div><div class="jp-InputArea"><div class="jp-InputPrompt"></div>'
        '<div class="jp-RenderedMarkdown"><p>Text</p></div></div></div></div>'
        '<div class="jp-Cell jp-CodeCell" id="cell-id=code"><div class="jp-Cell-inputWrapper" tabindex="0">'
        '<div class="jp-InputPrompt">In [ ]:</div><div class="zeroclipboard-container">Copied!</div>'
        '<div class="highlight-ipynb hl-python"><pre><span class="n">x</span></pre></div>'
        '<div class="clipboard-copy-txt">x</div></div></div>'
    )
    page = context()
    assert run_step(pipeline.notebook_markup, html, page) == (
        '<div class="jp-Cell jp-MarkdownCell" id="cell-id=intro"><div class="jp-RenderedMarkdown"><p>Text</p></div></div>'
        '<div class="jp-Cell jp-CodeCell" id="cell-id=code"><div class="jp-Cell-inputWrapper">'
        '<div class="highlight"><pre><code><span class="n">x</span></code></pre></div></div></div>'
    )
    assert page.result.notebook_sheets == [".jp-Cell{color:red}"]


def test_a_code_cell_keeps_only_the_elements_a_reader_sees():
    """nbconvert's code cell as mkdocs-jupyter renders it: an empty collapser, a prompt the page
    never shows and CodeMirror's frame go; Pygments' empty first span and unstyled whitespace
    spans become plain text (every element is styled and laid out on each visit, issue 19)."""
    html = (
        '<div class="jp-Cell jp-CodeCell" id="cell-id=code"><div class="jp-Cell-inputWrapper">'
        '<div class="jp-Collapser jp-InputCollapser jp-Cell-inputCollapser"></div>'
        '<div class="jp-InputArea jp-Cell-inputArea"><div class="jp-InputPrompt jp-InputArea-prompt">In [ ]:</div>'
        '<div class="jp-CodeMirrorEditor jp-Editor jp-InputArea-editor" data-type="inline">'
        '<div class="CodeMirror cm-s-jupyter"><div class="highlight-ipynb hl-python"><pre><span></span>'
        '<span class="kn">import</span><span class="w"> </span><span class="nn">os</span>\n'
        '<span class="n">x</span><span class="w">  </span><span class="o">=</span><span class="w"> </span><span class="mi">1</span>\n'
        '</pre></div></div></div></div></div></div>'
    )
    page = context()
    tree = pipeline.code_blocks(pipeline.notebook_markup(BeautifulSoup(html, "html.parser"), page), page)
    assert str(tree) == (
        '<div class="jp-Cell jp-CodeCell" id="cell-id=code"><div class="jp-Cell-inputWrapper">'
        '<div class="jp-InputArea jp-Cell-inputArea">'
        '<div class="jp-CodeMirrorEditor jp-Editor jp-InputArea-editor" data-type="inline">'
        '<div class="highlight"><pre id="code-0"><code>'
        '<span class="kn">import</span> <span class="nn">os</span>\n'
        '<span class="n">x</span>  <span class="o">=</span> <span class="mi">1</span>\n'
        '</code></pre></div></div></div></div></div>'
    )
    assert tree.get_text() == "import os\nx  = 1\n"  # what the copy button copies


def test_notebook_markup_leaves_markdown_pages_alone():
    html = "<style>p{}</style><p>Text</p>"
    assert run_step(pipeline.notebook_markup, html, context("ch/b.md")) == html


def test_cell_outputs_go_under_their_cell_escaped():
    html = '<div id="cell-id=run"><div class="jp-Cell-inputWrapper">code</div></div><div id="cell-id=other"></div>'
    page = context(outputs={"run": CellOutput("run", "<b>AUTOFUSE_FLAGS</b>=x\n\n")})
    assert run_step(pipeline.cell_outputs, html, page) == (
        '<div id="cell-id=run"><div class="jp-Cell-inputWrapper">code</div>'
        '<div aria-label="运行结果" class="cell-output" role="group">'
        '<p aria-hidden="true" class="cell-output__label">运行结果</p>'
        "<pre><code>&lt;b&gt;AUTOFUSE_FLAGS&lt;/b&gt;=x</code></pre></div></div>"
        '<div id="cell-id=other"></div>'
    )


def test_headings_get_the_sites_slugs_permalinks_and_a_toc():
    html = (
        '<div class="jp-RenderedMarkdown"><h1 id="">1.1 节<a class="anchor-link" href="#">¶</a></h1>'
        "<h2>第一节 术语</h2><h2>第一节 术语</h2><h4>Deep</h4></div>"
    )
    page = context()
    assert run_step(pipeline.headings, html, page) == (
        '<div class="jp-RenderedMarkdown">'
        '<h1 id="11-节">1.1 节<a class="headerlink" href="#11-节" title="本节链接">¶</a></h1>'
        '<h2 id="第一节-术语">第一节 术语<a class="headerlink" href="#第一节-术语" title="本节链接">¶</a></h2>'
        '<h2 id="第一节-术语_1">第一节 术语<a class="headerlink" href="#第一节-术语_1" title="本节链接">¶</a></h2>'
        '<h4 id="deep">Deep<a class="headerlink" href="#deep" title="本节链接">¶</a></h4></div>'
    )
    (top,) = page.result.toc
    assert (top["id"], [c["id"] for c in top["children"]]) == ("11-节", ["第一节-术语", "第一节-术语_1"])


def test_markdown_pages_permalinks_speak_the_page_language():
    html = '<h2 id="x">X<a class="headerlink" href="#x" title="Permanent link">¶</a></h2>'
    assert run_step(pipeline.headings, html, context("index.md")) == (
        '<h2 id="x">X<a class="headerlink" href="#x" title="本节链接">¶</a></h2>'
    )


@pytest.mark.parametrize("link, expected", [
    ("01.02_intro.ipynb", "01.02_intro.html"),
    ("01.02_intro.en.ipynb#goals", "01.02_intro.html#goals"),
    ("../ch2/page.md?x=1", "../ch2/page.html?x=1"),
    ("./images/a.en.svg", "./images/a.svg"),
    ("https://github.com/hicann/ge/blob/HEAD/README.md", "https://github.com/hicann/ge/blob/HEAD/README.md"),
    ("#local", "#local"),
    ("/absolute.ipynb", "/absolute.ipynb"),
    ("version.1.en", "version.1.en"),
])
def test_links_in_notebooks_lead_to_pages_and_per_language_figures(link, expected):
    html = f'<a href="{link}">x</a>'
    assert run_step(pipeline.links, html, context()) == f'<a href="{expected}">x</a>'


def test_images_load_lazily_unless_told_otherwise():
    html = '<img alt="a" src="a.svg"/><img alt="b" loading="eager" src="b.svg"/>'
    assert run_step(pipeline.images, html, context()) == (
        '<img alt="a" loading="lazy" src="a.svg"/><img alt="b" loading="eager" src="b.svg"/>'
    )


def test_description_is_the_first_paragraph_cut_at_a_word():
    words = " ".join(["fusion"] * 40)
    html = f'<div class="jp-RenderedMarkdown"><h1>T</h1><p>{words}</p></div>'
    page = context()
    run_step(pipeline.description, html, page)
    assert page.result.description == " ".join(["fusion"] * 21) + "…"


def test_an_untranslated_page_says_so_in_the_readers_language_and_links_the_original():
    page = context("ch/a.ipynb", language="en", written_in="zh", url="en/ch/a.html")
    assert run_step(pipeline.notices, "<p>原文</p>", page) == (
        '<div class="admonition note untranslated-notice" lang="en"><p>This page has not been translated into '
        "English yet. It is shown in its original language (中文). "
        '<a href="../../ch/a.html" hreflang="zh">Open the original page</a></p></div>'
        '<div lang="zh"><p>原文</p></div>'
    )


def test_a_translated_page_gets_no_notice():
    page = context("ch/a.en.ipynb", language="en")
    assert run_step(pipeline.notices, "<p>Text</p>", page) == "<p>Text</p>"


OUTDATED_PAGE = (
    '<div class="jp-Cell" id="cell-id=intro"><div class="jp-RenderedMarkdown">'
    '<h1 id="a">A<a class="headerlink" href="#a" title="Permanent link">¶</a></h1><p>Intro.</p></div></div>'
    '<div class="jp-Cell" id="cell-id=rules"><div class="jp-RenderedMarkdown">'
    '<h2 id="2-rules">2. Rules<a class="headerlink" href="#2-rules" title="Permanent link">¶</a></h2>'
    '<p>Text.</p><img alt="Chain" src="./images/chain.svg"/></div></div>'
    '<div class="jp-Cell" id="cell-id=code"><div class="jp-Cell-inputWrapper">x = 1</div></div>'
    '<div class="quiz-cell" id="cell-id=answer"><p>Answers</p></div>'
)


def test_an_outdated_translation_names_each_change_under_its_heading():
    state = PageState("ch/a.en.ipynb", "ch/a.ipynb", (
        Part("cell", "code", "changed", ("code", "rules", "intro")),
        Part("cell", "new", "added", ("new", "code", "rules", "intro")),
        Part("cell", "intro", "changed", ("intro",)),
        Part("cell", "gone", "removed", ("gone",)),
        Part("answers", "99.01_answer.txt", "changed", ("answer",)),
        Part("figure", "chain.svg"),
        Part("order"),
    ), "2025-03-14")
    page = context("ch/a.en.ipynb", language="en", outdated={"ch/a.en.ipynb": state})
    assert run_step(pipeline.outdated, OUTDATED_PAGE, page) == (
        '<div class="jp-Cell" id="cell-id=intro"><div class="jp-RenderedMarkdown">'
        '<h1 id="a">A<a class="headerlink" href="#a" title="Permanent link">¶</a></h1>'
        '<div class="admonition warning outdated-notice" data-search-exclude="" lang="en" role="note">'
        '<p class="admonition-title">This translation is behind its original</p>'
        '<p>The Chinese original of this page changed on <time datetime="2025-03-14">2025-03-14</time>; '
        'those changes are not in this translation yet. <a href="../../ch/a.html" hreflang="zh">Open the Chinese page</a></p>'
        "<p>What changed:</p><ul>"
        '<li><a href="#a">A</a>: cell <code>intro</code></li>'
        '<li><a href="#2-rules">2. Rules</a>: cell <code>code</code>; cell <code>new</code>, new in the original; '
        "the answers, <code>99.01_answer.txt</code>; the figure <code>chain.svg</code></li>"
        "<li>cell <code>gone</code>, removed from the original; the order of the cells</li></ul></div>"
        "<p>Intro.</p></div></div>" + OUTDATED_PAGE.split("<p>Intro.</p></div></div>", 1)[1]
    )


def test_an_outdated_markdown_page_without_a_date_says_so_above_everything_else():
    state = PageState("notes.en.md", "notes.md", (Part("page"),), None)
    page = context("notes.en.md", language="en", url="en/notes.html", outdated={"notes.en.md": state})
    assert run_step(pipeline.outdated, "<p>Notes.</p><h1>Later</h1>", page) == (
        '<div class="admonition warning outdated-notice" data-search-exclude="" lang="en" role="note">'
        '<p class="admonition-title">This translation is behind its original</p>'
        "<p>The Chinese original of this page has changed; those changes are not in this translation yet. "
        '<a href="../notes.html" hreflang="zh">Open the Chinese page</a></p></div>'
        "<p>Notes.</p><h1>Later</h1>"
    )


def test_a_translation_that_is_up_to_date_or_untranslated_gets_no_outdated_notice():
    state = PageState("ch/a.en.ipynb", "ch/a.ipynb", (Part("cell", "intro", "changed", ("intro",)),), "2025-03-14")
    assert run_step(pipeline.outdated, "<h1>A</h1>", context("ch/a.en.ipynb", language="en")) == "<h1>A</h1>"
    shown_untranslated = context("ch/a.ipynb", language="en", written_in="zh", outdated={"ch/a.ipynb": state})
    assert run_step(pipeline.outdated, "<h1>A</h1>", shown_untranslated) == "<h1>A</h1>"


def test_the_home_page_catalog_lists_every_section_and_where_the_progress_goes():
    html = "<h2>目录</h2>\n<!-- course-catalog -->\n"
    page = context("index.md", url="index.html", plan=PRACTICE_PLAN, course=course_with_an_exercise())
    assert run_step(pipeline.catalog, html, page) == (
        "<h2>目录</h2>\n"
        '<div class="course-catalog" id="course-catalog">'
        # Where the reader left off, hidden until place.js fills it: no call to action above it here
        '<p class="course-continue" data-continue="" data-folder="" data-pages=\'{"ch/a.html":"1.1 节","ch/b.html":"1.2 练习"}\' '
        'data-search-exclude="" hidden="" lang="zh"><a class="md-button md-button--primary course-continue__link" id="course-continue-zh">继续学习：'
        '<span data-continue-title=""></span></a> <span class="course-continue__at" data-continue-at="" hidden="">上次读到：'
        '<span data-continue-heading=""></span></span></p>\n'
        '<p class="course-progress-total" data-progress-total="" hidden=""></p>\n'
        '<section aria-labelledby="catalog-ch" class="course-catalog__chapter">\n'
        '<h3 id="catalog-ch">第一章</h3>\n'
        '<p class="course-catalog__print"><a href="ch/print.html">打印本章</a></p>\n'
        '<ul class="course-catalog__sections">\n'
        '<li class="course-catalog__section"><a href="ch/a.html">1.1 节</a></li>\n'
        '<li class="course-catalog__section"><a href="ch/b.html">1.2 练习</a> '
        '<span class="course-progress" data-progress-section="01.02">2 道练习题</span></li>\n'
        "</ul></section>\n"
        '<section aria-labelledby="catalog-ch2" class="course-catalog__chapter">\n'
        '<h3 id="catalog-ch2">第二章</h3>\n'
        '<ul class="course-catalog__sections">\n'
        '<li class="course-catalog__section course-catalog__section--coming">2.1 节 '
        '<span class="course-catalog__coming">即将推出</span></li>\n'
        "</ul></section>\n"
        '<p class="course-catalog__print"><a href="print.html">打印整门课程</a></p>\n'
        '<p class="course-progress-actions" data-progress-actions="" hidden="">'
        '<button class="quiz-reset-all" type="button">清除全部进度</button></p>\n'
        '<p aria-live="polite" class="course-progress-status" data-progress-status=""></p>\n'
        "</div>\n"
    )


def test_a_section_summary_shows_under_its_title_in_the_catalog():
    """Three sections are called 章节介绍: a line each says what it covers (review 2026-12, m17)."""
    plan = CoursePlan.of(chapters=(Chapter("ch", {"zh": "第一章", "en": "Chapter 1"}, {}, (
        Section({"zh": "1.1 章节介绍", "en": "1.1 Introduction"}, "ch/a.ipynb", {"zh": "例子和环境。", "en": "Example, setup."}),
        Section({"zh": "1.2 节", "en": "1.2 Section"}, None, {"zh": "即将讲的。", "en": "Soon."}),
    )),), appendix=())
    page = context("index.en.md", url="en/index.html", language="en", plan=plan)
    html = run_step(pipeline.catalog, "<!-- course-catalog -->", page)
    assert ('<li class="course-catalog__section"><a href="ch/a.html">1.1 Introduction</a> '
            '<span class="course-catalog__blurb">Example, setup.</span></li>') in html
    assert ('<span class="course-catalog__coming">Coming soon</span> <span class="course-catalog__blurb">Soon.</span></li>'
            in html)


def test_a_chapter_practice_ends_with_the_readers_progress_and_where_to_go_next():
    page = context("ch/b.en.ipynb", language="en", plan=PRACTICE_PLAN, course=course_with_an_exercise())
    assert run_step(pipeline.chapter_end, "<p>Last cell.</p>", page) == (
        "<p>Last cell.</p>"
        '<section aria-labelledby="chapter-end" class="chapter-end">\n'
        '<h2 id="chapter-end">Your progress in this chapter</h2>\n'
        "<p>Your answers to the exercises of this chapter (kept in your browser):</p>\n"
        '<ul class="chapter-end__sections">\n'
        '<li><a href="b.html">1.2 Practice</a> <span class="course-progress" data-progress-section="01.02">2 questions</span></li>\n'
        "</ul>\n"
        '<p class="chapter-end__next">The next chapter, “Chapter 2”, is coming soon: see what comes next in the '
        '<a href="../index.html#course-catalog">course contents</a>.</p>\n'
        '<p class="chapter-end__print">Print or save as PDF, with the answer after each question: '
        '<a href="print.html">this chapter</a> · <a href="../print.html">the whole course</a></p>\n'
        "</section>"
    )
    # Any other page, the first section of the chapter included, is left alone.
    assert run_step(pipeline.chapter_end, "<p>x</p>", context("ch/a.ipynb", plan=PRACTICE_PLAN)) == "<p>x</p>"


def test_the_next_chapter_when_it_is_published_and_the_end_of_the_course():
    published = CoursePlan.of(
        chapters=(PRACTICE_PLAN.chapters[0], Chapter("ch2", {"zh": "第二章", "en": "Chapter 2"}, {}, (
            Section({"zh": "2.1 节", "en": "2.1 Section"}, None), Section({"zh": "2.2 节", "en": "2.2 Section"}, "ch2/c.ipynb"),
            Section({"zh": "2.3 练习", "en": "2.3 Practice"}, "ch2/d.ipynb"),
        ))),
        appendix=(),
        further=(Link({"zh": "cann-learning-hub：教程", "en": "cann-learning-hub: tutorials"}, "https://gitcode.com/cann/cann-learning-hub"),),
    )
    first = run_step(pipeline.chapter_end, "", context("ch/b.ipynb", plan=published))
    assert '<p class="chapter-end__next">下一章：<a href="../ch2/c.html">第二章</a></p>' in first
    assert "chapter-end__sections" not in first  # no exercise in this course: nothing to count
    last = run_step(pipeline.chapter_end, "", context("ch2/d.ipynb", plan=published))
    # The course ends with the reader's result on all of it (quiz.js fills it in) and where to go next.
    assert '<p class="course-progress-total" data-progress-total="" hidden=""></p>' in last
    assert ('<p class="chapter-end__next">这是课程的最后一章。回到<a href="../index.html#course-catalog">课程目录</a>。'
            '</p><p>接下来，在自己的模型上开启 AutoFuse，按 3.5 的方法在开启和关闭融合时各测一次。想继续深入，可以读这些资料：</p>'
            '<ul class="chapter-end__further"><li><a href="https://gitcode.com/cann/cann-learning-hub">cann-learning-hub：教程</a></li></ul>'
            ) in last
    assert "data-progress-total" not in first and "chapter-end__further" not in first


def test_every_page_links_its_languages_progress_data_then_the_engine():
    page = context("ch/x.en.md", url="en/ch/x.html", language="en")
    assert run_step(pipeline.progress_data, "<p>x</p>", page) == (
        '<p>x</p><script class="quiz-progress-data" defer="" src="../../assets/quiz/progress.en.js"></script>'
        '<script class="quiz-script" defer="" src="../../assets/quiz/quiz.js"></script>'
    )


def test_the_progress_data_of_each_language_lists_its_sections_relative_to_the_script(tmp_path):
    written = progress_data.write_data(tmp_path, course_with_an_exercise(), PRACTICE_PLAN, LANGUAGES)
    assert [p.relative_to(tmp_path).as_posix() for p in written] == [
        "assets/quiz/progress.zh.js", "assets/quiz/progress.en.js"]
    text = written[0].read_text(encoding="utf-8")
    data = json.loads(text.removeprefix("window.quizProgressData = ").removesuffix(";\n"))
    assert data["sections"] == [{"section": "01.02", "url": "../../ch/b.html",
                                 "questions": [[data["sections"][0]["questions"][0][0], "true-false", "Y", 2],
                                               [data["sections"][0]["questions"][1][0], "single", "B", 2]]}]
    assert data["ui"]["done"] == "已完成"


def test_links_in_quizzes_on_markdown_pages_are_rewritten_like_the_rest_of_the_page():
    html = (
        '<p><a href="b.ipynb">MkDocs already did this one</a></p>'
        '<form class="quiz"><legend><a href="b.en.ipynb">b</a> <img alt="f" src="./images/f.en.svg"/></legend></form>'
        '<div class="quiz-solutions"><p><a href="c.md#x">c</a></p></div>'
    )
    assert run_step(pipeline.links, html, context("ch/x.en.md", language="en")) == (
        '<p><a href="b.ipynb">MkDocs already did this one</a></p>'
        '<form class="quiz"><legend><a href="b.html">b</a> <img alt="f" src="./images/f.svg"/></legend></form>'
        '<div class="quiz-solutions"><p><a href="c.html#x">c</a></p></div>'
    )


def test_the_first_use_of_each_term_links_to_the_glossary_with_its_definition():
    html = (
        "<h2>GE 与 UB</h2><p>代码 <code>GE</code> 不算。走 GE 路线时，GE 负责编译，UB 留住中间结果。</p>"
        "<p>再提 UB 一次。</p><form class=\"quiz\"><p>GE</p></form>"
    )
    assert run_step(pipeline.glossary, html, context(glossary=GLOSSARY)) == (
        "<h2>GE 与 UB</h2><p>代码 <code>GE</code> 不算。走 "
        '<a class="glossary-term" href="../glossary.html#term-ge-route" title="经 GE 的路线。">GE 路线</a>时，'
        '<a class="glossary-term" href="../glossary.html#term-ge" title="图编译引擎。">GE</a> 负责编译，'
        '<a class="glossary-term" href="../glossary.html#term-ub" title="片上缓冲区。">UB</a> 留住中间结果。</p>'
        '<p>再提 UB 一次。</p><form class="quiz"><p>GE</p></form>'
    )


def test_a_latin_term_is_not_found_inside_a_longer_word():
    html = "<p>GEMM and UBX are not terms; the GE route is.</p>"
    assert run_step(pipeline.glossary, html, context("ch/a.en.ipynb", language="en", glossary=GLOSSARY)) == (
        '<p>GEMM and UBX are not terms; the <a class="glossary-term" href="../glossary.html#term-ge-route" '
        'title="The route through GE.">GE route</a> is.</p>'
    )


def test_the_glossary_page_lists_every_term_with_its_other_names():
    html = "<h1>术语表</h1>\n<!-- glossary -->\n"
    output = run_step(pipeline.glossary, html, context("glossary.md", url="glossary.html", glossary=GLOSSARY))
    assert output == (
        "<h1>术语表</h1>\n"
        '<nav aria-label="按拼音首字母查找" class="glossary__index"><a href="#letter-G">G</a> <a href="#letter-U">U</a></nav>\n'
        '<h2 class="glossary__letter" id="letter-G">G</h2>\n'
        '<dl class="glossary">\n'
        '<dt id="term-ge">GE（Graph Engine） <a aria-label="链接到术语“GE（Graph Engine）”" class="headerlink" href="#term-ge" title="链接到术语“GE（Graph Engine）”">¶</a></dt>\n'
        '<dd><p>图编译引擎。</p><p class="glossary__other">其他语言：<span lang="en">GE (Graph Engine)</span></p></dd>\n'
        '<dt id="term-ge-route">GE 路线 <a aria-label="链接到术语“GE 路线”" class="headerlink" href="#term-ge-route" title="链接到术语“GE 路线”">¶</a></dt>\n'
        '<dd><p>经 GE 的路线。</p><p class="glossary__other">其他语言：<span lang="en">GE route</span></p></dd>\n'
        "</dl>\n"
        '<h2 class="glossary__letter" id="letter-U">U</h2>\n'
        '<dl class="glossary">\n'
        '<dt id="term-ub">UB（Unified Buffer） <a aria-label="链接到术语“UB（Unified Buffer）”" class="headerlink" href="#term-ub" title="链接到术语“UB（Unified Buffer）”">¶</a></dt>\n'
        '<dd><p>片上缓冲区。</p><p class="glossary__other">其他语言：<span lang="en">UB (Unified Buffer)</span></p></dd>\n'
        "</dl>\n"
    )


def test_options_and_paths_in_a_definition_are_code_on_the_glossary_page():
    """At 390 px "--" ended one line and "recomputation_threshold" began the next; as code the
    option stays whole, and the sentence's full stop stays prose."""
    terms = Glossary({code: (Entry("flags", "AUTOFUSE_FLAGS", (), definition),) for code, definition in (
        ("zh", "每项写成 --key=value，如 --enable_autofuse=true;--autofuse_enable_pass=reduce。"),
        ("en", "Written to {debug_dir}/autofuse_compile_debug/ by --codegen_compile_debug=true."))})
    zh = run_step(pipeline.glossary, "<!-- glossary -->", context("glossary.md", url="glossary.html", glossary=terms))
    assert ("<dd><p>每项写成 <code>--key=value</code>，如 <code>--enable_autofuse=true;--autofuse_enable_pass=reduce</code>。</p>"
            in zh)
    en = run_step(pipeline.glossary, "<!-- glossary -->", context("glossary.en.md", language="en", url="en/glossary.html",
                                                                  glossary=terms))
    assert ("<dd><p>Written to <code>{debug_dir}/autofuse_compile_debug/</code> by <code>--codegen_compile_debug=true</code>.</p>"
            in en)


CHINESE_TERMS = Glossary({
    "zh": (
        Entry("a", "重计算", (), "."), Entry("b", "AscGraph", (), "."), Entry("c", "二次融合", (), "."),
        Entry("d", "Dump 图", (), "."), Entry("e", "调度轴", (), "."), Entry("f", "动态 shape", (), "."),
        Entry("g", "Auto Tiling", (), "."),
    ),
    "en": (
        Entry("a", "Recomputation", (), "."), Entry("b", "AscGraph", (), "."), Entry("c", "second fusion", (), "."),
        Entry("d", "Graph dump", (), "."), Entry("e", "Schedule axis", (), "."), Entry("f", "Dynamic shape", (), "."),
        Entry("g", "Auto Tiling", (), "."),
    ),
})


def glossary_order(language: str) -> tuple[list[str], list[str]]:
    """The index letters and the terms, in the order the glossary page lists them."""
    src = "glossary.md" if language == "zh" else "glossary.en.md"
    output = run_step(pipeline.glossary, "<!-- glossary -->", context(src, language=language, url="glossary.html",
                                                                      glossary=CHINESE_TERMS))
    tree = BeautifulSoup(output, "html.parser")
    letters = [a.get_text() for a in tree.select("nav.glossary__index a")]
    assert letters == [h2.get_text() for h2 in tree.select("h2.glossary__letter")]
    assert all(a["href"] == f"#letter-{a.get_text()}" for a in tree.select("nav.glossary__index a"))
    return letters, [dt.contents[0].strip() for dt in tree.select("dt")]


def test_the_chinese_glossary_is_in_pinyin_order_with_an_index_of_initials():
    # 重计算 reads chóng jì suàn (pypinyin alone says zhòng); Latin terms sort by their letters.
    assert glossary_order("zh") == (
        ["A", "C", "D", "E"],
        ["AscGraph", "Auto Tiling", "重计算", "调度轴", "动态 shape", "Dump 图", "二次融合"],
    )


def test_the_english_glossary_is_in_alphabetical_order_ignoring_case():
    assert glossary_order("en") == (
        ["A", "D", "G", "R", "S"],
        ["AscGraph", "Auto Tiling", "Dynamic shape", "Graph dump", "Recomputation", "Schedule axis", "second fusion"],
    )


def test_a_longer_term_masks_the_shorter_terms_inside_it_on_every_use():
    terms = Glossary({
        "zh": (
            Entry("auto-tiling", "Auto Tiling", ("Auto Tiling",), "自动切分。"),
            Entry("tiling", "Tiling", ("Tiling",), "切分。"),
            Entry("ascgraph-dump", "AscGraph Dump 图", ("AscGraph Dump 图",), "AscGraph 的 Dump。"),
            Entry("graph-dump", "Dump 图", ("Dump 图",), "GE 的 Dump。"),
        ),
        "en": (),
    })
    html = "<p>Auto Tiling 选方案；再说 Auto Tiling 与 AscGraph Dump 图。</p><p>Tiling 和 Dump 图。</p>"
    assert run_step(pipeline.glossary, html, context(glossary=terms)) == (
        '<p><a class="glossary-term" href="../glossary.html#term-auto-tiling" title="自动切分。">Auto Tiling</a>'
        " 选方案；再说 Auto Tiling 与 "
        '<a class="glossary-term" href="../glossary.html#term-ascgraph-dump" title="AscGraph 的 Dump。">AscGraph Dump 图</a>。</p>'
        '<p><a class="glossary-term" href="../glossary.html#term-tiling" title="切分。">Tiling</a> 和 '
        '<a class="glossary-term" href="../glossary.html#term-graph-dump" title="GE 的 Dump。">Dump 图</a>。</p>'
    )


def test_search_text_leaves_interface_words_out():
    html = ('<p>Question?</p><button type="button">Check answer</button><p aria-live="polite"></p>'
            '<noscript>Turn on JavaScript</noscript><span aria-hidden="true">Output</span>')
    assert run_step(pipeline.search_text, html, context()) == (
        '<p>Question?</p> <button data-search-exclude="" type="button">Check answer</button> '
        '<p aria-live="polite" data-search-exclude=""></p> <noscript data-search-exclude="">Turn on JavaScript</noscript>'
        '<span aria-hidden="true" data-search-exclude="">Output</span>'
    )


def test_search_text_marks_inside_an_element_that_holds_its_own_tag():
    """Material's parser would end the exclusion at the inner </div> and index "b"."""
    assert run_step(pipeline.search_text, '<div hidden=""><div>a</div>b</div><p>c</p>', context()) == (
        '<div hidden=""><div data-search-exclude="">a</div> <span data-search-exclude="">b</span></div> <p>c</p>'
    )


def test_search_text_keeps_cells_blocks_and_lines_apart_but_not_inside_code():
    html = ('<table><tr><th>Section</th><th>Status</th></tr><tr><td>1.1 Introduction</td><td><span>Coming soon</span></td>'
            '</tr></table><ul><li>one</li><li>two<br/>three</li></ul><pre><code>a<div>b</div></code></pre>')
    assert run_step(pipeline.search_text, html, context()) == (
        '<table><tr><th>Section</th> <th>Status</th></tr> <tr><td>1.1 Introduction</td> <td><span>Coming soon</span></td>'
        '</tr></table> <ul><li>one</li> <li>two<br/> three</li></ul> <pre><code>a<div>b</div></code></pre>'
    )


def test_search_text_indexes_the_start_of_a_long_output_up_to_a_line_end():
    line = "x" * 99 + "\n"  # 100 characters: the first 20 lines are the 2,000 indexed
    html = f'<div class="cell-output"><pre><code>{line * 30}</code></pre></div>'
    assert run_step(pipeline.search_text, html, context()) == (
        f'<div class="cell-output"><pre><code>{line * 20}<span data-search-exclude="">{line * 10}</span></code></pre></div>'
    )


def test_material_indexes_what_search_text_leaves_in():
    """Material's own parser (9.8.2) on the step's output: the text a reader reads, apart."""
    from material.plugins.search.plugin import Parser

    html = ('<table><tr><td>1.1 Introduction</td><td>Coming soon</td></tr></table>'
            '<div hidden=""><div>a</div>b</div><p>Question?<button>Check answer</button></p>')
    parser = Parser()
    parser.feed(run_step(pipeline.search_text, html, context()))
    parser.close()
    assert " ".join("".join(section.text) for section in parser.data).split() == [
        "1.1", "Introduction", "Coming", "soon", "<p>Question?</p>"]


def test_used_classes_are_noted_for_the_notebook_stylesheet():
    page = context()
    run_step(pipeline.used_classes, '<div class="jp-Cell a" id="x"><span class="b"></span></div>', page)
    assert (page.result.classes, page.result.ids) == ({"jp-Cell", "a", "b"}, {"x"})


def test_each_table_material_would_box_is_boxed_at_build_as_it_would_box_it():
    """Material's script boxes each table of the content without a class as the page starts,
    taking it out of the page and back in (issue 19): the build boxes exactly those, a table in
    a cell too, with a class the script skips.  A table with a class (nbconvert's dataframes)
    stays as it is, as Material leaves it."""
    html = ('<p>Options</p>\n<table><tr><th>a</th></tr><tr><td><table><tr><td>x</td></tr></table></td></tr></table>\n'
            '<table class="dataframe"><tr><td>1</td></tr></table><table class=""><tr><td>2</td></tr></table>')
    assert run_step(pipeline.table_boxes, html, context()) == (
        '<p>Options</p>\n<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="course-table">'
        '<tr><th>a</th></tr><tr><td><div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
        '<table class="course-table"><tr><td>x</td></tr></table></div></div></td></tr></table></div></div>\n'
        '<table class="dataframe"><tr><td>1</td></tr></table><table class=""><tr><td>2</td></tr></table>'
    )


def test_the_steps_run_in_their_written_order():
    """One notebook page through the whole pipeline: one parse, every step, one serialisation."""
    html = (
        '<style>.x{}</style><div class="jp-Cell jp-MarkdownCell"><div class="jp-Cell-inputWrapper">'
        '<div class="jp-RenderedMarkdown"><h1>1.1 Section</h1><p>See <a href="b.en.ipynb">b</a>.</p>'
        '<img alt="f" src="./images/f.en.svg"/></div></div></div>'
    )
    page = context("ch/a.en.ipynb", language="en")
    assert pipeline.run(html, page) == (
        '<div class="jp-Cell jp-MarkdownCell"><div class="jp-RenderedMarkdown">'
        '<hgroup class="page-title"><p class="page-title__chapter" data-search-exclude="">Chapter 1</p> '
        '<h1 id="11-section">1.1 Section<a class="headerlink" href="#11-section" title="Permanent link">¶</a></h1>'
        '</hgroup> '
        '<p>See <a href="b.html">b</a>.</p> <img alt="f" loading="lazy" src="./images/f.svg"/></div></div> '
        '<script class="quiz-progress-data" defer="" src="../../assets/quiz/progress.en.js"></script>'
        '<script class="quiz-script" defer="" src="../../assets/quiz/quiz.js"></script>'
    )
    assert page.result.description == "See b."




def test_a_section_shows_its_chapter_above_its_title():
    html = '<h1 id="11-节">1.1 节<a class="headerlink" href="#11-节" title="本节链接">¶</a></h1><p>x</p>'
    assert run_step(pipeline.page_top, html, context()) == (
        '<hgroup class="page-title"><p class="page-title__chapter" data-search-exclude="">第一章</p>'
        '<h1 id="11-节">1.1 节<a class="headerlink" href="#11-节" title="本节链接">¶</a></h1></hgroup><p>x</p>'
    )


def test_an_untranslated_section_labels_its_chapter_in_the_readers_language():
    html = "<h1>1.1 节</h1>"
    assert run_step(pipeline.page_top, html, context("ch/a.ipynb", language="en", written_in="zh",
                                                      url="en/ch/a.html")) == (
        '<hgroup class="page-title"><p class="page-title__chapter" data-search-exclude="" lang="en">Chapter 1</p>'
        "<h1>1.1 节</h1></hgroup>"
    )


def test_a_notebook_keeps_its_own_title_when_the_plan_says_it_otherwise():
    """Upstream titles a chapter's practice "章节练习" and its course README "1.5 章节练习": the page
    shows its author's title, the navigation and the browser tab the plan's."""
    page = context()
    assert run_step(pipeline.page_top, "<h1>第一章 概述</h1>", page) == (
        '<hgroup class="page-title"><p class="page-title__chapter" data-search-exclude="">第一章</p>'
        "<h1>第一章 概述</h1></hgroup>")
    assert page.result.problems == []


def test_a_notebook_without_a_title_is_a_problem_of_its_page():
    """Reported with every other page's problems at the end of the build, not alone in the first."""
    page = context()
    assert run_step(pipeline.page_top, "<p>正文</p>", page) == "<p>正文</p>"
    assert page.result.problems == [
        "docs/ch/a.ipynb: the page has no title (a first-level heading, `# …`): write `# 1.1 节` at its top"]


def test_pages_outside_the_chapters_get_no_chapter_and_a_contents_list_from_two_sections():
    html = ('<h1 id="t">T</h1><h2 id="a">A<a class="headerlink" href="#a">¶</a></h2><h3 id="a1">A.1</h3>'
            '<h2 id="b">B &amp; C</h2><h4 id="deep">Deep</h4>')
    assert run_step(pipeline.page_top, html, context("index.md", url="index.html")) == (
        '<h1 id="t">T</h1><details class="page-contents" data-search-exclude=""><summary>本页目录</summary>'
        '<nav aria-label="本页目录"><ul><li><a href="#a">A</a><ul><li><a href="#a1">A.1</a></li></ul></li>'
        '<li><a href="#b">B &amp; C</a></li></ul></nav></details>'
        '<h2 id="a">A<a class="headerlink" href="#a">¶</a></h2><h3 id="a1">A.1</h3><h2 id="b">B &amp; C</h2>'
        '<h4 id="deep">Deep</h4>'
    )
    one_section = '<h1 id="t">T</h1><h2 id="a">A</h2>'
    assert run_step(pipeline.page_top, one_section, context("index.md", url="index.html")) == one_section


def test_an_image_and_its_caption_paragraph_become_a_figure_with_its_dark_version():
    html = ('<p><img alt="两条路线" src="./images/route.svg"/></p>\n<p><em>图 2：两条<code>GE</code>路线</em></p>'
            '<p><img alt="photo" src="./images/photo.png"/></p><p>Not a caption.</p>')
    page = context()
    assert run_step(pipeline.figures, html, page) == (
        '<figure class="course-figure"><a aria-label="两条路线（点击查看大图）" class="course-figure__open" '
        'data-dark-href="./images/route.dark.svg" href="./images/route.svg">'
        '<img alt="" class="course-figure__light" src="./images/route.svg"/>'
        '<img alt="" class="course-figure__dark" src="./images/route.dark.svg"/></a>'
        "<figcaption>图 2：两条<code>GE</code>路线</figcaption></figure>\n"
        '<figure class="course-figure"><a aria-label="photo（点击查看大图）" class="course-figure__open" '
        'href="./images/photo.png"><img alt="" src="./images/photo.png"/></a>'
        "</figure><p>Not a caption.</p>"
    )
    assert page.result.figures == 2


def test_a_figure_of_a_course_that_does_not_keep_the_palette_is_shown_as_drawn():
    """No dark version (none is published: dark_figures.py), and a class that puts it on a light
    panel in the dark scheme (site.css)."""
    plan = dataclasses.replace(PLAN, courses=(dataclasses.replace(PLAN.courses[0], palette=False),))
    html = ('<p><img alt="卷积" src="./images/conv.svg"/></p><p><img alt="照片" src="./images/photo.png"/></p>'
            '<p>计算图如下 <img alt="" src="./images/graph.svg"/></p>')
    tree = BeautifulSoup(run_step(pipeline.figures, html, context(plan=plan)), "html.parser")
    assert [figure["class"] for figure in tree.select("figure")] == [["course-figure", "course-figure--as-drawn"]] * 2
    assert [img["src"] for img in tree.select("figure img")] == ["./images/conv.svg", "./images/photo.png"]
    assert tree.select("[data-dark-href]") == []
    # An image in a sentence (upstream's conv 01.02 draws its graphs so) is shown as drawn too.
    assert [img["src"] for img in tree.select("img.course-image--as-drawn")] == ["./images/graph.svg"]
    assert BeautifulSoup(run_step(pipeline.figures, html, context()), "html.parser").select(".course-image--as-drawn") == []


def test_figures_get_the_size_their_svg_declares_in_the_pages_language():
    files = {"ch/images/r.en.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 820 470" width="820" height="470">',
             "ch/images/only.svg": '<svg width="400" height="100">'}
    page = context("ch/a.en.ipynb", language="en")
    page = PageContext(page.src_uri, page.url, "en", "en", page.strings,
                                dataclasses.replace(page.site, read_source=files.get))
    html = '<p><img alt="r" src="./images/r.svg"/></p><p><img alt="o" src="./images/only.svg"/></p>'
    tree = run_step(pipeline.figures, html, page)
    assert [(i["src"], i.get("width"), i.get("height")) for i in BeautifulSoup(tree, "html.parser").find_all("img")] == [
        ("./images/r.svg", "820", "470"), ("./images/r.dark.svg", "820", "470"),
        ("./images/only.svg", "400", "100"), ("./images/only.dark.svg", "400", "100")]


@pytest.mark.parametrize("root, size", [
    ('<svg width="400" height="100" viewBox="0 0 800 200">', ("400", "100")),
    ('<svg version="1.1" width="755px" height="269px" viewBox="0 0 755 269" content="&lt;mxfile&gt;">', ("755", "269")),  # draw.io
    ('<svg id="export-svg" width="100%" style="max-width: 620px;" viewBox="0 0 620.5 140">', ("620.5", "140")),  # Mermaid
    ('<svg viewBox="-0.5 -0.5 421 101">', ("421", "101")),
    ('<svg width="100%">', None),
])
def test_a_figures_size_is_its_roots_else_its_viewbox(root, size):
    """An image of `width="100%"` has no size of its own: Mermaid's figure was drawn 0 px wide."""
    from course_site.page.figures import svg_size

    assert svg_size(root + "</svg>") == size


def test_formulas_of_a_markdown_cell_are_written_as_mathml_and_judged_with_the_content():
    """notebook_markup writes what nbconvert marked (adapters/nbconvert.mark_formulas) as MathML
    before safe_content judges the page; one it cannot write is a problem of the page, named."""
    html = cell('<p>设 <span class="course-formula">x_1^2</span>，且</p>'
                '<p><span class="course-formula course-formula--display">\\frac{a}{b}</span></p>'
                '<p><span class="course-formula">y^</span></p>') + '<pre>$HOME 与 $PATH</pre>'
    page = context()
    tree = BeautifulSoup(run_step(pipeline.notebook_markup, html, page), "html.parser")
    assert str(tree.select("p")[0]) == "<p>设 <math><msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup></math>，且</p>"
    assert str(tree.select("p")[1]) == ('<p><span class="formula-scroll"><math display="block"><mfrac><mi>a</mi><mi>b</mi>'
                                        '</mfrac></math></span></p>')
    assert tree.select("p")[2].get_text() == "y^" and tree.pre.get_text() == "$HOME 与 $PATH"
    assert page.result.problems == [
        "docs/ch/a.ipynb: the formula $y^$: a ^ or _ with nothing after it (expected TeX as MathJax reads it in "
        "Jupyter, with the commands latex2mathml knows (https://github.com/roniemartinez/latex2mathml); no \\href, "
        "\\style, \\class or \\cssId)"]


def test_an_image_inside_text_stays_an_image():
    html = '<p>See <img alt="x" src="./images/x.svg"/> here.</p><p><em>Emphasis</em></p>'
    assert run_step(pipeline.figures, html, context()) == html


def test_code_blocks_get_their_own_names_and_inline_code_breaks_between_its_parts_only():
    html = (
        '<div id="cell-id=a"><div class="highlight"><pre><code>x = 1</code></pre></div>'
        '<div class="highlight"><pre id="kept"><code>y</code></pre></div></div>'
        "<p><code>--autofuse_enhance_precision_blacklist=Add;Mul</code> <code>short_name</code> "
        "<code>--help</code> <code>pip install -e ./python/</code> <code>plain-long-identifier-without</code></p>"
        "<pre><code>not_inline_code_at_all_here</code></pre>"
    )
    assert run_step(pipeline.code_blocks, html, context()) == (
        '<div id="cell-id=a"><div class="highlight"><pre id="code-0"><code>x = 1</code></pre></div>'
        '<div class="highlight"><pre id="kept"><code>y</code></pre></div></div>'
        '<p><code><span class="nb">--autofuse_</span><wbr/>enhance_<wbr/>precision_<wbr/>blacklist=<wbr/>'
        "Add;<wbr/>Mul</code> <code>short_name</code> "
        '<code><span class="nb">--help</span></code> '
        '<code>pip install <span class="nb">-e </span>./<wbr/>python/</code> '
        '<code><span class="nb">plain-long-identifier-without</span></code></p>'
        '<pre id="code-2"><code>not_inline_code_at_all_here</code></pre>'
    )


def test_a_code_block_too_wide_for_a_phone_says_how_far_in_its_wrapped_lines_go_on():
    def hang(code: str) -> str | None:
        tree = BeautifulSoup(run_step(pipeline.code_blocks, f"<pre><code>{code}</code></pre>", context()), "html.parser")
        return tree.code.get("style")

    long = "export AUTOFUSE_FLAGS=--enable_autofuse=true"  # 44 characters
    assert hang("x = 1\n  y = 2") is None  # fits a phone: never wraps
    assert hang("注释" * 9 + "\nx") is None and hang("注释" * 9 + "注") == "--hang:2ch"  # a wide character is two
    assert hang(long) == "--hang:2ch"
    assert hang(f"{long}\n  echo\n    done") == "--hang:6ch"  # deeper than the deepest line begins
    # Lines deeper than a phone has room for: the deepest place up to eight where no line begins
    assert hang(f"{long}\n    x\n        y\n                     z") == "--hang:6ch"
    assert hang(f"{long}\n" + "".join(" " * n + "x\n" for n in range(0, 12))) == "--hang:8ch"


def test_a_list_of_alternatives_in_a_table_cell_may_break_after_its_slashes_and_nothing_else_does():
    html = ("<table><tr><th>Option</th><th>Values</th></tr>"
            "<tr><td><code>--a_b</code></td><td><code>true</code>/<code>false</code>/<code>x</code> (<code>false</code>)</td></tr>"
            "<tr><td>a/b</td><td><code>1</code> / <code>0</code>, <code>path</code>/dir</td></tr></table>"
            "<p><code>true</code>/<code>false</code></p>")
    assert run_step(pipeline.tables, html, context()) == (
        '<table data-narrow="rows"><tr><th>Option</th><th>Values</th></tr>'
        '<tr><td data-label="Option"><code>--a_b</code></td>'
        '<td data-label="Values"><code>true</code>/<wbr/><code>false</code>/<wbr/><code>x</code> (<code>false</code>)</td></tr>'
        '<tr><td data-label="Option">a/b</td><td data-label="Values"><code>1</code> / <code>0</code>, <code>path</code>/dir</td></tr></table>'
        "<p><code>true</code>/<code>false</code></p>"
    )


CODE_CELL = '<div class="jp-Cell jp-CodeCell"><div class="jp-InputArea-editor"><pre>x = 1</pre></div></div>'


def test_a_notebook_page_with_code_to_run_offers_its_chapter_to_download():
    html = '<hgroup class="page-title"><h1>1.1 节</h1></hgroup><p>x</p>' + CODE_CELL
    plan = dataclasses.replace(PLAN, courses=(dataclasses.replace(PLAN.courses[0], name="autofuse",
                                                                    environments={"zh": "在线环境"}),))
    page = context(plan=plan)
    assert run_step(pipeline.run_it, html, page) == (
        '<hgroup class="page-title"><h1>1.1 节</h1></hgroup>'
        '<details class="run-it" data-search-exclude=""><summary>运行本节的 Notebook</summary>'
        '<p><a class="run-it__download" download="" href="../downloads/autofuse-ch-zh.zip">下载本章的 Notebook（ZIP）</a></p>'
        "<p>压缩包里有本节的 <code>a.ipynb</code>，以及它读取的答案文件和图片，目录结构与课程仓库相同。</p>"
        '<p>解压后用 Jupyter 打开 <code>a.ipynb</code>。本课程还没有一键在线运行的链接：要在线运行，把解压出的文件上传到'
        '<a href="../index.html#在线环境">首页列出的在线环境</a>之一。</p>'
        "<p>Notebook 里以 ! 开头的行（如 <code>!cat</code>）和调用 bash 的代码是 Unix shell 命令，在 Linux 或 macOS 上才能运行；"
        "在 Windows 上请使用在线环境。</p>"
        "</details><p>x</p>" + CODE_CELL
    )
    nothing_to_run = '<hgroup class="page-title"><h1>1.1 节</h1></hgroup><p>x</p>'  # answer cells show solutions
    assert run_step(pipeline.run_it, nothing_to_run, context()) == nothing_to_run
    markdown_page = "<h1>T</h1>"
    assert run_step(pipeline.run_it, markdown_page, context("ch/b.md")) == markdown_page


def test_every_strings_table_has_the_same_keys():
    tables = load_tables(LANGUAGES.codes)
    assert set(tables["zh"]) == set(tables["en"])


def test_a_missing_strings_table_is_named(tmp_path: Path):
    from course_site.errors import SiteError

    with pytest.raises(SiteError, match="there is no strings table for the language 'fr'"):
        load_tables(("zh", "fr"), [tmp_path])


def test_a_strings_table_without_one_of_the_quiz_words_is_named():
    from quizzes.errors import ExerciseError
    from quizzes.language import QuizLanguage

    table = load_tables(("en",))["en"]["quiz"]
    script = {("pending" if key == "pending_choice" else key): value for key, value in table["script"].items()}
    with pytest.raises(ExerciseError) as raised:
        QuizLanguage.from_table("en", dict(table, script=script), "strings/en.py")
    assert str(raised.value) == (
        "strings/en.py: quiz.script does not have the quiz's keys (missing: ['pending_choice'], unknown: ['pending'])\n"
        f"  expected: exactly the keys {', '.join(script_keys())}"
    )


def script_keys():
    from quizzes.language import SCRIPT_KEYS

    return SCRIPT_KEYS


def test_the_quiz_grammar_of_a_table_is_checked():
    from quizzes.errors import ExerciseError
    from quizzes.language import QuizLanguage

    table = load_tables(("en",))["en"]["quiz"]
    broken = dict(table, markers=dict(table["markers"], single=["Single choice"]))
    with pytest.raises(ExerciseError, match="the type marker 'Single choice' is not a word in brackets"):
        QuizLanguage.from_table("en", broken, "strings/en.py")
    same = dict(table, markers=dict(table["markers"], single=["(True/False)"]))
    with pytest.raises(ExerciseError, match=r"the type marker '\(True/False\)' stands for two kinds of question"):
        QuizLanguage.from_table("en", same, "strings/en.py")


def test_one_heading_text_for_every_step():
    """The review's F5: page_top's and notices' heading_text disagreed on a heading with code, a
    line break and a permalink ('3.2 AUTOFUSE_FLAGS 选项 说明' against '3.2 AUTOFUSE_FLAGS选项\\n  说明')."""
    from course_site.page import headings, notices, page_top

    heading = BeautifulSoup('<h2 id="x">3.2 <code>AUTOFUSE_FLAGS</code> 选项<br>\n  说明<a class="headerlink" href="#x">¶</a></h2>',
                            "html.parser").h2
    assert headings.heading_text(heading) == "3.2 AUTOFUSE_FLAGS 选项 说明"
    assert page_top.heading_text is notices.heading_text is headings.heading_text


# -- the order's reasons (pipeline.NEEDS): each shown in the output of the written order, and
#    shown to be real by the same page through an order that breaks it ----------------------------


def moved(earlier, after) -> tuple:
    """The written order with `earlier` moved to just after `after`."""
    steps = [step for step in pipeline.STEPS if step is not earlier]
    steps.insert(steps.index(after) + 1, earlier)
    return tuple(steps)


def cell(html: str, cell_id: str | None = None) -> str:
    ident = f' id="cell-id={cell_id}"' if cell_id else ""
    return f'<div class="jp-Cell jp-MarkdownCell"{ident}><div class="jp-RenderedMarkdown">{html}</div></div>'


def test_the_written_order_keeps_every_declared_need_and_a_broken_one_is_named():
    pipeline.check_order(pipeline.STEPS)
    with pytest.raises(RuntimeError, match=r"chapter_end before glossary \(section and chapter titles"):
        pipeline.check_order(moved(pipeline.glossary, pipeline.chapter_end))
    with pytest.raises(RuntimeError, match=r"safe_content is not step 2 \(it judges the content alone"):
        pipeline.check_order(moved(pipeline.safe_content, pipeline.headings))
    with pytest.raises(RuntimeError, match=r"search_text is not step 21 of 22 \(it reads the text"):
        pipeline.check_order(moved(pipeline.search_text, pipeline.run_it))
    assert all(earlier in pipeline.STEPS for needs in pipeline.NEEDS.values() for earlier, _ in needs)


def notebook_with_exercise(question: str) -> tuple[str, Course]:
    """A notebook page ch/b.ipynb whose exercise asks `question` (a true/false question), and its course."""
    quiz = QUIZ["zh"]
    exercise = pair(parse_questions(f"1. （判断题）{question}\n", "q", quiz), parse_answers("1. √\n", "a", quiz),
                    section="01.02", question_source="q", answer_source="a", language=quiz)
    page = ExercisePage("ch/b.ipynb", "zh", "b", notebook=(NotebookExercise(exercise, "q", "a", 1),))
    html = (cell("<h1>1.2 练习</h1>") + cell(f"<ol><li>（判断题）{question}</li></ol>", "q")
            + '<div class="jp-Cell jp-CodeCell" id="cell-id=a"><pre>!cat ./answer/01.02_answer.txt</pre></div>')
    return html, Course({"ch/b.ipynb": page}, QUIZ_LANGUAGES)


def test_a_link_in_a_quiz_is_rewritten_as_the_pages_own_links_are():
    """links after exercises_step: a question's link to a notebook leads to its page."""
    html, course = notebook_with_exercise("见 [第一节](./a.ipynb)。")

    def quiz_links(steps) -> list[str]:
        page = context("ch/b.ipynb", plan=PRACTICE_PLAN, course=course)
        return [a["href"] for a in BeautifulSoup(pipeline.run(html, page, steps), "html.parser").select(".quiz-text a")]

    assert quiz_links(pipeline.STEPS) == ["./a.html"]
    assert quiz_links(moved(pipeline.links, pipeline.headings)) == ["./a.ipynb"]


def test_the_chapters_name_above_a_title_is_not_a_use_of_a_term():
    """page_top after glossary: "第一章：UB" above the title is the chapter's name."""
    plan = CoursePlan.of(chapters=(Chapter("ch", {"zh": "第一章：UB", "en": "Chapter 1: UB"}, {}, (
        Section({"zh": "1.1 节", "en": "1.1 Section"}, "ch/a.ipynb"),)),), appendix=())

    def linked(steps) -> list[str]:
        page = context("ch/a.ipynb", plan=plan, glossary=GLOSSARY)
        tree = BeautifulSoup(pipeline.run(cell("<h1>1.1 节</h1><p>数据留在 UB 中。</p>"), page, steps), "html.parser")
        return [a.find_parent("hgroup") is not None for a in tree.select("a.glossary-term")]

    assert linked(pipeline.STEPS) == [False]
    assert linked(moved(pipeline.glossary, pipeline.page_top)) == [True]


def test_the_content_is_judged_before_any_markup_of_ours_is_added():
    """FIRST: notebook_markup takes nbconvert's scripts out, then safe_content judges the content,
    before the quiz's form, its inputs and buttons are in the page."""
    html, course = notebook_with_exercise("甲。")
    html = "<script>nbconvert()</script>" + html

    def problems(steps) -> list[str]:
        page = context("ch/b.ipynb", plan=PRACTICE_PLAN, course=course)
        page = dataclasses.replace(page, site=dataclasses.replace(page.site, judge_content=check_page))
        pipeline.run(html, page, steps)
        return page.result.problems

    assert problems(pipeline.STEPS) == []
    assert any("<script>" in problem for problem in problems(moved(pipeline.notebook_markup, pipeline.safe_content)))
    assert any("<input>" in problem or "<form>" in problem
               for problem in problems(moved(pipeline.safe_content, pipeline.exercises_step)))


def test_search_reads_the_text_every_step_adds():
    """LAST: search_text keeps apart the blocks every step adds (Material's parser would join the
    notice's last words and the content's first into one word)."""
    def apart(steps) -> bool:
        page = context("ch/a.ipynb", language="en", written_in="zh", url="en/ch/a.html")
        tree = BeautifulSoup(pipeline.run(cell("<h1>1.1 节</h1><p>原文。</p>"), page, steps), "html.parser")
        before = tree.select_one('div[lang="zh"]').previous_sibling
        return isinstance(before, str) and before.isspace()

    assert apart(pipeline.STEPS) is True
    assert apart(moved(pipeline.search_text, pipeline.outdated)) is False


def test_notebook_css_keeps_the_classes_every_step_adds():
    """LAST: used_classes sees the tables' boxes (mkdocs-jupyter's CSS styles .md-typeset__scrollwrap)."""
    def classes(steps) -> set[str]:
        page = context("ch/a.ipynb")
        pipeline.run(cell("<h1>1.1 节</h1><table><tr><td>a</td></tr></table>"), page, steps)
        return page.result.classes

    assert "md-typeset__scrollwrap" in classes(pipeline.STEPS)
    assert "md-typeset__scrollwrap" not in classes(moved(pipeline.used_classes, pipeline.tables))


def test_no_term_is_linked_inside_the_chapter_end():
    """chapter_end after glossary: "Chapter 2: UB" is a title, not a use of the term UB."""
    plan = CoursePlan.of(chapters=(
        Chapter("ch", {"zh": "第一章", "en": "Chapter 1"}, {}, (
            Section({"zh": "1.1 节", "en": "1.1 Section"}, "ch/a.ipynb"),
            Section({"zh": "1.2 练习", "en": "1.2 Practice"}, "ch/b.ipynb"))),
        Chapter("ch2", {"zh": "第二章：UB", "en": "Chapter 2: UB"}, {}, (Section({"zh": "2.1 节", "en": "2.1 Section"}, None),)),
    ), appendix=())

    def terms_in_chapter_end(steps) -> list[str]:
        page = context("ch/b.en.ipynb", language="en", plan=plan, glossary=GLOSSARY)
        tree = BeautifulSoup(pipeline.run(cell("<h1>1.2 Practice</h1><p>Text.</p>"), page, steps), "html.parser")
        return [a.get_text() for a in tree.select("section.chapter-end a.glossary-term")]

    assert terms_in_chapter_end(pipeline.STEPS) == []
    assert terms_in_chapter_end(moved(pipeline.glossary, pipeline.chapter_end)) == ["UB"]


def test_no_term_is_linked_inside_the_catalog():
    """The catalog is a list of links: a term's underline in a section's summary read as one more
    link to open (seen at 390 px), so the first use of the term after it is the one linked."""
    plan = CoursePlan.of(chapters=(Chapter("ch", {"zh": "第一章", "en": "Chapter 1"}, {"zh": "数据留在 UB。", "en": "Data stays in UB."}, (
        Section({"zh": "1.1 节", "en": "1.1 Section"}, "ch/a.ipynb", {"zh": "GE 路线与 UB。", "en": "The GE route and UB."}),)),),
        appendix=())
    page = context("index.md", url="index.html", plan=plan, glossary=GLOSSARY)
    html = run_step(pipeline.catalog, "<!-- course-catalog -->\n<p>中间结果留在 UB 中。</p>", page)
    tree = BeautifulSoup(run_step(pipeline.glossary, html, page), "html.parser")
    assert tree.select(".course-catalog a.glossary-term") == []
    assert [a.get_text() for a in tree.select("p > a.glossary-term")] == ["UB"]


def test_a_figures_dark_version_is_named_from_its_settled_address():
    """figures after links: ./images/f.en.svg is published as ./images/f.svg, its dark version
    as ./images/f.dark.svg (there is no f.en.dark.svg)."""
    def dark(steps) -> str:
        page = context("ch/a.en.ipynb", language="en")
        html = cell('<h1>1.1 Section</h1><p><img alt="Chain" src="./images/f.en.svg"/></p><p>Figure 1: the chain.</p>')
        return BeautifulSoup(pipeline.run(html, page, steps), "html.parser").select_one("figure img.course-figure__dark")["src"]

    assert dark(pipeline.STEPS) == "./images/f.dark.svg"
    assert dark(moved(pipeline.links, pipeline.figures)) == "./images/f.en.dark.svg"


def test_the_outdated_notice_links_the_headings_and_sits_under_the_title_group():
    """outdated after headings (it links each changed part's heading) and before page_top (it
    finds the title while the title still starts the page)."""
    state = PageState("ch/a.en.ipynb", "ch/a.ipynb", (Part("cell", "rules", "changed", ("rules", "intro")),), "2025-03-14")
    html = cell("<h1>1.1 Section</h1><p>Intro.</p>", "intro") + cell("<h2>2. Rules</h2><p>Text.</p>", "rules")

    def notice(steps):
        page = context("ch/a.en.ipynb", language="en", outdated={"ch/a.en.ipynb": state})
        found = BeautifulSoup(pipeline.run(html, page, steps), "html.parser").select_one(".outdated-notice")
        before = found.find_previous_sibling()
        return [a["href"] for a in found.select("li a")], before.name if before else None

    assert notice(pipeline.STEPS) == (["#2-rules"], "hgroup")
    assert notice(moved(pipeline.headings, pipeline.outdated)) == ([], "hgroup")
    assert notice(moved(pipeline.outdated, pipeline.page_top)) == (["#2-rules"], None)


def test_the_description_is_the_contents_first_paragraph_not_the_chapters_name():
    """page_top after description: page_top puts the chapter's name, a paragraph, above the title."""
    def description(steps) -> str:
        page = context("ch/a.ipynb")
        pipeline.run(cell("<h1>1.1 节</h1><p>正文第一段。</p><h2>二</h2><p>y</p><h2>三</h2>"), page, steps)
        return page.result.description

    assert description(pipeline.STEPS) == "正文第一段。"
    assert description(moved(pipeline.description, pipeline.page_top)) == "第一章"


def test_the_progress_scripts_stay_outside_the_content_an_untranslated_page_wraps():
    """progress_data after notices, which wraps the content in <div lang=…>."""
    def wrapped(steps) -> list[bool]:
        page = context("ch/a.ipynb", language="en", written_in="zh", url="en/ch/a.html")
        tree = BeautifulSoup(pipeline.run(cell("<h1>1.1 节</h1><p>原文。</p>"), page, steps), "html.parser")
        return [script.find_parent("div", attrs={"lang": "zh"}) is not None for script in tree.select("script")]

    assert wrapped(pipeline.STEPS) == [False, False]
    assert wrapped(moved(pipeline.notices, pipeline.progress_data)) == [True, True]


def test_a_tables_hint_goes_above_its_box():
    """table_boxes after tables, which puts the hint right before the table."""
    def after_hint(steps) -> list[str]:
        table = "<table><tr><td>a</td><td>b</td><td>c</td></tr></table>"
        tree = BeautifulSoup(pipeline.run(cell(f"<h1>1.1 节</h1>{table}"), context("ch/a.ipynb"), steps), "html.parser")
        return tree.select_one(".table-hint").find_next_sibling()["class"]

    assert after_hint(pipeline.STEPS) == ["md-typeset__scrollwrap"]
    assert after_hint(moved(pipeline.tables, pipeline.table_boxes)) == ["course-table"]


# -- helpers rewritten for speed (issue 19, item 5): the same answers as the code they replaced --


PAGE_FOR_SPEED_REWRITES = """<article>
<p>Text <button>Check</button><noscript>no script</noscript></p>
<div aria-live="polite">status</div><p role="status">saved</p><p role="alert">error</p><p role="note">note</p>
<span hidden>later</span><span aria-hidden="true">✓</span><span aria-hidden="false">shown</span>
<details data-search-exclude><summary>Solution</summary><p>answer</p></details>
<a href="../ch/x.html#top">x</a><img src="images/f.svg" srcset="images/f.svg 1x, images/f@2.svg 2x">
<a data-dark-href="images/f.dark.svg" href="https://example.com/">out</a><link href="?q=1"><img src="data:,">
<a href="#here">here</a><script src="../assets/quiz/quiz.js"></script><br/><img src='a%20b.png'/>
</article>"""


def test_interface_elements_are_those_the_interface_selector_names():
    from course_site.page.search_text import INTERFACE, is_interface

    tree = BeautifulSoup(PAGE_FOR_SPEED_REWRITES, "html.parser")
    assert [e for e in tree.find_all(True) if is_interface(e)] == tree.select(INTERFACE)
    assert [e.name for e in tree.select(INTERFACE)] == ["button", "noscript", "div", "p", "p", "span", "span"]


def test_the_files_a_page_uses_are_read_from_its_linking_attributes():
    from course_site.site.published import used_by_page

    assert used_by_page(PAGE_FOR_SPEED_REWRITES, "ch/y.html") == {
        "ch/x.html", "ch/images/f.svg", "ch/images/f@2.svg", "ch/images/f.dark.svg", "assets/quiz/quiz.js",
        "ch/a b.png"}

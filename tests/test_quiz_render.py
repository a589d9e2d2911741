"""The renderer: exact input -> HTML pairs for the quiz form, the solution blocks, the
progress panel and inline text (quizzes/render.py, quizzes/markup.py), and escaping."""

from __future__ import annotations

import json

from pathlib import Path
from textwrap import dedent

import pytest
from bs4 import BeautifulSoup

from quizzes import flags
from quizzes.markup import render_inline, render_lead
from quizzes.model import Exercise, Item
from quizzes.parsing import parse_answers, parse_questions
from quizzes.render import ProgressSection, render_progress_data, render_quiz_form, render_solutions

from helpers import QUIZ

ZH, EN = QUIZ["zh"], QUIZ["en"]


def exercise(questions: str, answers: str, section: str, language=None):
    """Questions and answers paired without validation.pair, which would refuse the raw HTML that
    some of these tests give the renderer to prove it escapes it anyway."""
    language = language or (EN if "Explanation" in answers else ZH)
    block = parse_questions(questions, "q.md", language)
    answers = parse_answers(answers, "a.txt", language)
    return Exercise(section, tuple(Item(section, q, a) for q, a in zip(block.questions, answers)))


ZH_QUESTIONS = dedent(
    """\
    1. （判断题）用 `AUTOFUSE_FLAGS` 开启。

    2. （单选题）哪一个？
       A. 甲
       B. 乙

    3. （多选题）哪些？
       - A. 甲
       - B. <code>乙</code>
       - C. 丙
    """
)
ZH_ANSWERS = "1. √\n解析：对的。\n\n2. B\n解析：乙。\n\n3. A、C\n解析：甲和丙。\n"
EN_QUESTIONS = dedent(
    """\
    1. (True/False) A <script>alert(1)</script> question.

    2. (Single choice) Pick <img src=x onerror=alert(1)>
       A. <b>bold</b> & `<i>`
       B. **real** bold
    """
)
EN_ANSWERS = (
    "1. False\nExplanation: <script>alert(2)</script> and `<img onerror=x>` [x](javascript:alert(3))\n\n"
    "2. B\nExplanation: <img src=x onerror=alert(4)>\n"
)

ZH_FORM = dedent(
    """\
    <form class="quiz" data-quiz-section="09.01" data-quiz-ui="{&quot;correct&quot;:&quot;✓ 回答正确&quot;,&quot;incorrect&quot;:&quot;✗ 回答错误。正确答案：{answer}&quot;,&quot;choose&quot;:&quot;请先选择答案。&quot;,&quot;type&quot;:&quot;请先输入答案。&quot;,&quot;pending_choice&quot;:&quot;按 Enter 或空格键检查这个答案。&quot;,&quot;pending_multiple&quot;:&quot;选择已改动，点击“检查答案”更新结果。&quot;,&quot;score&quot;:&quot;已答 {answered} / {total} 题，首次答对 {correct} 题&quot;,&quot;retry_confirm&quot;:&quot;确定要清除本页练习的作答记录吗？&quot;,&quot;not_saved&quot;:&quot;浏览器的存储空间已满，这次作答没有保存，离开本页后就会丢失。&quot;,&quot;not_kept&quot;:&quot;浏览器不允许本站保存数据，作答记录只保留到离开本页为止。&quot;,&quot;wrong&quot;:&quot;✗ 回答错误。&quot;,&quot;yours&quot;:&quot;你的答案&quot;,&quot;expected&quot;:&quot;应为&quot;,&quot;difference&quot;:&quot;第一处不同：第 {n} 个字符&quot;,&quot;reasons&quot;:{&quot;export&quot;:&quot;只写变量的值：`{item}` 属于 shell 命令，GE 读到的值里没有它。&quot;,&quot;quotes&quot;:&quot;去掉引号 `{item}`：引号只在 shell 命令里括住取值；写进值里，GE 会把它当作键或值的一部分，匹配不上。&quot;,&quot;full_width&quot;:&quot;全角字符 `{item}`：GE 只按英文的 `;` 和 `=` 分隔，请切换到英文标点。&quot;,&quot;space&quot;:&quot;多了空格：GE 不去掉空格，读到的是 `{item}`，匹配不上而被忽略（3.2 第 1 节）。&quot;,&quot;missing_prefix&quot;:&quot;缺少 `--`：GE 按带 `--` 的键名查找，`{item}` 会被忽略（3.2 第 1 节）。&quot;,&quot;case&quot;:&quot;大小写不对：GE 逐字比较 `{item}`，取值 `true`、`false` 和键名都是小写。&quot;,&quot;wrong_variable&quot;:&quot;`{item}` 属于 `{variable}`，写在这个变量里会被 GE 忽略。&quot;,&quot;separator&quot;:&quot;`{item}` 里连着两项：各项之间用英文分号 `;` 分隔。&quot;,&quot;malformed&quot;:&quot;`{item}` 不是 `--键=值` 的形式，GE 读不出它。&quot;,&quot;duplicate&quot;:&quot;`{item}` 出现了两次且取值不同：总开关按第一次出现的读取，其他选项按最后一次。&quot;,&quot;unknown_key&quot;:&quot;GE 不认识键 `{item}`，会静默忽略它。&quot;,&quot;master_off&quot;:&quot;总开关没有生效：没有 `--enable_autofuse=true` 时，其他选项全部失效。&quot;,&quot;different&quot;:&quot;GE 能读出每一项，但得到的设置与题目要求不同：请检查 `{item}`。&quot;}}" novalidate autocomplete="off">
    <noscript><p class="quiz-noscript" data-search-exclude>本页的练习需要 JavaScript 才能作答和批改。答案在下方的<a href="#quiz-solutions-09.01">答案与解析</a>中，点开各题即可查看。</p></noscript>
    <p class="quiz-note" hidden></p>
    <fieldset class="quiz-question" data-quiz-id="09.01-1-292af9f7" data-quiz-kind="true-false" data-quiz-key="Y" data-quiz-answer="对" data-quiz-solution="quiz-solution-09.01-1">
    <legend><span class="quiz-number">1.</span> <span class="quiz-kind">判断题</span> <span class="quiz-text">用 <code>AUTOFUSE_FLAGS</code> 开启。</span></legend>
    <label class="quiz-option"><input type="radio" name="quiz-09.01-1" value="Y"> <span class="quiz-option-text">对</span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <label class="quiz-option"><input type="radio" name="quiz-09.01-1" value="N"> <span class="quiz-option-text">错</span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <fieldset class="quiz-question" data-quiz-id="09.01-2-2d78f67c" data-quiz-kind="single" data-quiz-key="B" data-quiz-answer="B" data-quiz-solution="quiz-solution-09.01-2">
    <legend><span class="quiz-number">2.</span> <span class="quiz-kind">单选题</span> <span class="quiz-text">哪一个？</span></legend>
    <label class="quiz-option"><input type="radio" name="quiz-09.01-2" value="A"> <span class="quiz-letter">A.</span> <span class="quiz-option-text">甲</span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <label class="quiz-option"><input type="radio" name="quiz-09.01-2" value="B"> <span class="quiz-letter">B.</span> <span class="quiz-option-text">乙</span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <fieldset class="quiz-question" data-quiz-id="09.01-3-900e6acd" data-quiz-kind="multiple" data-quiz-key="AC" data-quiz-answer="A、C" data-quiz-solution="quiz-solution-09.01-3">
    <legend><span class="quiz-number">3.</span> <span class="quiz-kind">多选题</span> <span class="quiz-text">哪些？</span></legend>
    <label class="quiz-option"><input type="checkbox" name="quiz-09.01-3" value="A"> <span class="quiz-letter">A.</span> <span class="quiz-option-text">甲</span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <label class="quiz-option"><input type="checkbox" name="quiz-09.01-3" value="B"> <span class="quiz-letter">B.</span> <span class="quiz-option-text"><code>乙</code></span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <label class="quiz-option"><input type="checkbox" name="quiz-09.01-3" value="C"> <span class="quiz-letter">C.</span> <span class="quiz-option-text">丙</span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <button type="button" class="quiz-check" hidden>检查答案</button>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <div class="quiz-footer"><p class="quiz-score" aria-live="polite"></p><button type="button" class="quiz-retry" hidden>重做</button></div>
    </form>
    """
).rstrip("\n")

ZH_SOLUTIONS = dedent(
    """\
    <div class="quiz-solutions" id="quiz-solutions-09.01" data-search-exclude role="group" aria-label="答案与解析">
    <p class="quiz-solutions-intro">也可以直接点开下面各题，查看答案与解析。</p>
    <details class="quiz-solution" id="quiz-solution-09.01-1">
    <summary><span class="quiz-summary-closed">第 1 题 · 查看答案</span><span class="quiz-summary-open">第 1 题 · 收起答案</span></summary>
    <p class="quiz-solution-answer"><strong>答案：</strong>对</p>
    <div class="quiz-solution-explanation"><p><strong>解析：</strong>对的。</p></div>
    </details>
    <details class="quiz-solution" id="quiz-solution-09.01-2">
    <summary><span class="quiz-summary-closed">第 2 题 · 查看答案</span><span class="quiz-summary-open">第 2 题 · 收起答案</span></summary>
    <p class="quiz-solution-answer"><strong>答案：</strong>B</p>
    <div class="quiz-solution-explanation"><p><strong>解析：</strong>乙。</p></div>
    </details>
    <details class="quiz-solution" id="quiz-solution-09.01-3">
    <summary><span class="quiz-summary-closed">第 3 题 · 查看答案</span><span class="quiz-summary-open">第 3 题 · 收起答案</span></summary>
    <p class="quiz-solution-answer"><strong>答案：</strong>A、C</p>
    <div class="quiz-solution-explanation"><p><strong>解析：</strong>甲和丙。</p></div>
    </details>
    </div>
    """
).rstrip("\n")

EN_FORM = dedent(
    """\
    <form class="quiz" data-quiz-section="09.02" data-quiz-ui="{&quot;correct&quot;:&quot;✓ Correct&quot;,&quot;incorrect&quot;:&quot;✗ Incorrect. Correct answer: {answer}&quot;,&quot;choose&quot;:&quot;Choose an answer first.&quot;,&quot;type&quot;:&quot;Type an answer first.&quot;,&quot;pending_choice&quot;:&quot;Press Enter or Space to check this answer.&quot;,&quot;pending_multiple&quot;:&quot;Your selection changed: press “Check answer” to update the result.&quot;,&quot;score&quot;:&quot;Answered {answered} of {total}, {correct} correct at the first try&quot;,&quot;retry_confirm&quot;:&quot;Clear your answers to the exercises on this page?&quot;,&quot;not_saved&quot;:&quot;Your browser&#x27;s storage is full: this answer was not saved and will be lost when you leave the page.&quot;,&quot;not_kept&quot;:&quot;Your browser does not let this site keep data, so your answers last only until you leave the page.&quot;,&quot;wrong&quot;:&quot;✗ Incorrect.&quot;,&quot;yours&quot;:&quot;Yours&quot;,&quot;expected&quot;:&quot;Expected&quot;,&quot;difference&quot;:&quot;First difference: character {n}&quot;,&quot;reasons&quot;:{&quot;export&quot;:&quot;Write only the value: `{item}` is part of the shell command, not of the value GE reads.&quot;,&quot;quotes&quot;:&quot;Leave out the quote `{item}`: quotes only enclose the value in a shell command; inside the value, GE reads them as part of a key or value, which then matches nothing.&quot;,&quot;full_width&quot;:&quot;Full-width `{item}`: GE splits only on the ASCII `;` and `=`; switch to English punctuation.&quot;,&quot;space&quot;:&quot;A space: GE does not trim, so it reads `{item}`, which matches nothing and is ignored (3.2 §1).&quot;,&quot;missing_prefix&quot;:&quot;Missing `--`: GE looks keys up with their `--`, so `{item}` is ignored (3.2 §1).&quot;,&quot;case&quot;:&quot;Letter case: GE compares `{item}` character by character; the values `true` and `false` and the keys are lower case.&quot;,&quot;wrong_variable&quot;:&quot;`{item}` belongs to `{variable}`; in this variable GE ignores it.&quot;,&quot;separator&quot;:&quot;`{item}` runs two items together: separate items with an ASCII semicolon `;`.&quot;,&quot;malformed&quot;:&quot;`{item}` is not in the form `--key=value`, so GE cannot read it.&quot;,&quot;duplicate&quot;:&quot;`{item}` appears twice with different values: GE reads the master switch from the first, other options from the last.&quot;,&quot;unknown_key&quot;:&quot;GE does not know the key `{item}` and ignores it silently.&quot;,&quot;master_off&quot;:&quot;The master switch is not on: without `--enable_autofuse=true`, every other option is ignored.&quot;,&quot;different&quot;:&quot;GE reads every item, but ends up with other settings than the question asks for: check `{item}`.&quot;}}" novalidate autocomplete="off">
    <noscript><p class="quiz-noscript" data-search-exclude>The exercises on this page need JavaScript to be answered and checked. Their answers are below, under <a href="#quiz-solutions-09.02">Answers and explanations</a>: open each question to read it.</p></noscript>
    <p class="quiz-note" hidden></p>
    <fieldset class="quiz-question" data-quiz-id="09.02-1-d274ea81" data-quiz-kind="true-false" data-quiz-key="N" data-quiz-answer="False" data-quiz-solution="quiz-solution-09.02-1">
    <legend><span class="quiz-number">1.</span> <span class="quiz-kind">True/False</span> <span class="quiz-text">A &lt;script&gt;alert(1)&lt;/script&gt; question.</span></legend>
    <label class="quiz-option"><input type="radio" name="quiz-09.02-1" value="Y"> <span class="quiz-option-text">True</span><span class="quiz-mark" aria-hidden="true" data-missed="Missed"></span></label>
    <label class="quiz-option"><input type="radio" name="quiz-09.02-1" value="N"> <span class="quiz-option-text">False</span><span class="quiz-mark" aria-hidden="true" data-missed="Missed"></span></label>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <fieldset class="quiz-question" data-quiz-id="09.02-2-2d78f67c" data-quiz-kind="single" data-quiz-key="B" data-quiz-answer="B" data-quiz-solution="quiz-solution-09.02-2">
    <legend><span class="quiz-number">2.</span> <span class="quiz-kind">Single choice</span> <span class="quiz-text">Pick &lt;img src=x onerror=alert(1)&gt;</span></legend>
    <label class="quiz-option"><input type="radio" name="quiz-09.02-2" value="A"> <span class="quiz-letter">A.</span> <span class="quiz-option-text">&lt;b&gt;bold&lt;/b&gt; &amp; <code>&lt;i&gt;</code></span><span class="quiz-mark" aria-hidden="true" data-missed="Missed"></span></label>
    <label class="quiz-option"><input type="radio" name="quiz-09.02-2" value="B"> <span class="quiz-letter">B.</span> <span class="quiz-option-text"><strong>real</strong> bold</span><span class="quiz-mark" aria-hidden="true" data-missed="Missed"></span></label>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <div class="quiz-footer"><p class="quiz-score" aria-live="polite"></p><button type="button" class="quiz-retry" hidden>Try again</button></div>
    </form>
    """
).rstrip("\n")

EN_SOLUTIONS = dedent(
    """\
    <div class="quiz-solutions" id="quiz-solutions-09.02" data-search-exclude role="group" aria-label="Answers and explanations">
    <p class="quiz-solutions-intro">You can also open each question below to read its answer and explanation.</p>
    <details class="quiz-solution" id="quiz-solution-09.02-1">
    <summary><span class="quiz-summary-closed">Question 1 · Show answer</span><span class="quiz-summary-open">Question 1 · Hide answer</span></summary>
    <p class="quiz-solution-answer"><strong>Answer: </strong>False</p>
    <div class="quiz-solution-explanation"><p><strong>Explanation: </strong>&lt;script&gt;alert(2)&lt;/script&gt; and <code>&lt;img onerror=x&gt;</code> [x](javascript:alert(3))</p></div>
    </details>
    <details class="quiz-solution" id="quiz-solution-09.02-2">
    <summary><span class="quiz-summary-closed">Question 2 · Show answer</span><span class="quiz-summary-open">Question 2 · Hide answer</span></summary>
    <p class="quiz-solution-answer"><strong>Answer: </strong>B</p>
    <div class="quiz-solution-explanation"><p><strong>Explanation: </strong>&lt;img src=x onerror=alert(4)&gt;</p></div>
    </details>
    </div>
    """
).rstrip("\n")


def test_zh_form_radio_for_true_false_and_single_checkboxes_and_button_for_multiple():
    assert render_quiz_form(exercise(ZH_QUESTIONS, ZH_ANSWERS, "09.01"), ZH) == ZH_FORM


def test_zh_solutions_are_details_blocks():
    assert render_solutions(exercise(ZH_QUESTIONS, ZH_ANSWERS, "09.01"), ZH) == ZH_SOLUTIONS


def test_en_form_escapes_html_in_questions_and_options():
    assert render_quiz_form(exercise(EN_QUESTIONS, EN_ANSWERS, "09.02"), EN) == EN_FORM


def test_en_solutions_escape_html_in_explanations():
    assert render_solutions(exercise(EN_QUESTIONS, EN_ANSWERS, "09.02"), EN) == EN_SOLUTIONS


def test_escaped_text_parses_to_no_element_an_attacker_wanted():
    e = exercise(EN_QUESTIONS, EN_ANSWERS, "09.02")
    soup = BeautifulSoup(render_quiz_form(e, EN) + render_solutions(e, EN), "html.parser")
    assert soup.find_all(["script", "img", "b", "i"]) == []
    assert not [tag for tag in soup.find_all(True) if any(name.startswith("on") for name in tag.attrs)]
    assert not soup.select('a[href^="javascript"]')
    assert "<script>alert(1)</script>" in soup.select_one("legend").get_text()
    assert "<img src=x onerror=alert(4)>" in soup.select(".quiz-solution-explanation")[1].get_text()


def test_progress_data_lists_each_section_with_its_questions_keys_and_words():
    sections = [
        ProgressSection("09.01", "ch/x.html", exercise(ZH_QUESTIONS, ZH_ANSWERS, "09.01").items),
        ProgressSection("09.03", "../en/ch/y.html", exercise(EN_SHORT_QUESTIONS, EN_SHORT_ANSWERS, "09.03").items),
    ]
    script = render_progress_data(sections, EN)
    assert script.startswith("window.quizProgressData = {") and script.endswith("};\n")
    data = json.loads(script[len("window.quizProgressData = "):-2])
    assert data["ui"] == {
        "done": "completed",
        "section_count": "{answered} of {total} answered · {correct} first-try correct",
        "section_done": "Completed · {correct} of {total} first-try correct",
        "total": "All exercises: {answered} of {total} answered, {correct} correct at the first try.",
        "reset": "Reset all progress", "reset_confirm": "Clear your answers to every exercise?",
        "reset_done": "All progress cleared.",
        "not_kept": "Your browser does not let this site keep data, so your progress cannot be shown here.",
    }
    # How GE reads its variables, for quiz.js to grade flag strings with (quizzes/flags.py).
    assert data["flags"] == {"spec": flags.SPEC, "passes": list(flags.PASSES)}
    assert data["sections"] == [
        {"section": "09.01", "url": "ch/x.html", "questions": [
            ["09.01-1-292af9f7", "true-false", "Y", 2], ["09.01-2-2d78f67c", "single", "B", 2],
            ["09.01-3-900e6acd", "multiple", "AC", 3]]},
        {"section": "09.03", "url": "../en/ch/y.html", "questions": [
            ["09.03-1-cfd9d48a", "single", "A", 2],
            ["09.03-2-accbc690", "short-answer", {"kind": "AUTOFUSE_FLAGS", "forms": [
                "--enable_autofuse=true;--autofuse_enable_pass=reduce",
                "--enable_autofuse=true;--autofuse_enable_pass=reduce,concat"]}, 0]]},
    ]


def test_progress_data_is_one_assignment_of_json_whatever_the_text():
    items = exercise(ZH_QUESTIONS, ZH_ANSWERS, "x\";alert(1);//").items
    script = render_progress_data([ProgressSection("x\";alert(1);//", "a.html", items)], ZH)
    prefix, suffix = "window.quizProgressData = ", ";\n"
    assert script.startswith(prefix) and script.endswith(suffix)
    data = json.loads(script[len(prefix):-len(suffix)])
    assert data["sections"][0]["section"] == "x\";alert(1);//"


@pytest.mark.parametrize(
    "text, html",
    [
        ("用 `AUTOFUSE_FLAGS` 开启", "用 <code>AUTOFUSE_FLAGS</code> 开启"),
        ("a <code>export A=\"x;y\" &amp;&lt;</code> b", "a <code>export A=&quot;x;y&quot; &amp;&lt;</code> b"),
        ("<code>unclosed", "&lt;code&gt;unclosed"),
        ("`<b>`", "<code>&lt;b&gt;</code>"),
        ("**粗** *斜*", "<strong>粗</strong> <em>斜</em>"),
        ("[链接](https://example.org/a)", '<a href="https://example.org/a">链接</a>'),
        ("[bad](javascript:alert(1))", "[bad](javascript:alert(1))"),
        ("![图](./images/a.en.svg)", '<img src="./images/a.en.svg" alt="图" />'),
        ("a <!-- 作者的备注 --> b", "a  b"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ('<img src=x onerror="alert(1)">', "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"),
        ("a & b < c > d", "a &amp; b &lt; c &gt; d"),
        ("line one\nline two", "line one\nline two"),
    ],
)
def test_inline_markdown(text, html):
    assert render_inline(text) == html


# ---------------------------------------------------------------------------
# Through MkDocs: a Markdown page in both languages, built with the real configuration

MARKDOWN_PAGE = """\
# 练习页

前面的说明文字。

{questions}
收尾的一句话。

<!-- solutions: answer/09.01_answer{suffix}.txt -->

后面的段落。
"""
COURSE = "[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.md, title: {zh: 9.1 练习页, en: 9.1 Practice}}]}]"


def test_markdown_pages_get_the_form_and_the_solutions(tmp_path):
    from helpers import build_small_site

    files = {
        "index.md": "# 首页\n\n<!-- course-catalog -->\n",
        "index.en.md": "# Home\n\n<!-- course-catalog -->\n",
        "ch/x.md": MARKDOWN_PAGE.format(questions=ZH_QUESTIONS, suffix=""),
        "ch/answer/09.01_answer.txt": ZH_ANSWERS,
        "ch/x.en.md": MARKDOWN_PAGE.format(questions=EN_QUESTIONS.replace("A <script>alert(1)</script> question", "A question"), suffix=".en"),
        "ch/answer/09.01_answer.en.txt": ZH_ANSWERS.replace("√", "True").replace("解析", "Explanation"),
    }
    files["ch/x.en.md"] = files["ch/x.en.md"].replace(
        "2. (Single choice) Pick <img src=x onerror=alert(1)>\n   A. <b>bold</b> & `<i>`\n   B. **real** bold\n",
        "2. (Single choice) Which?\n   A. one\n   B. two\n\n3. (Multiple choice) Which ones?\n   - A. a\n   - B. b\n   - C. c\n",
    )
    result = build_small_site(tmp_path, files, COURSE)
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site"
    for page, language in (("ch/x.html", "zh"), ("en/ch/x.html", "en")):
        document = BeautifulSoup((site / page).read_text(encoding="utf-8"), "html.parser")
        article = document.select_one("article")
        blocks = [child for child in article.children if getattr(child, "name", None)]
        texts = [block.get_text(" ", strip=True)[:12] for block in blocks]
        names = [(block.name, " ".join(block.get("class", []))) for block in blocks]
        # The text around the list stays where it was; the list became the form, the marker the solutions.
        form_at = names.index(("form", "quiz"))
        assert texts[form_at - 1] == "前面的说明文字。"
        assert texts[form_at + 1] == "收尾的一句话。"
        assert names[form_at + 2] == ("div", "quiz-solutions")
        assert texts[form_at + 3] == "后面的段落。"
        assert not article.find("ol")
        assert len(article.select("form.quiz fieldset")) == 3
        assert len(article.select("details.quiz-solution")) == 3
        assert document.head.select_one("link.quiz-stylesheet")["href"] == ("../" if language == "zh" else "../../") + "assets/quiz/quiz.css"
        assert article.select_one("script.quiz-script")["src"] == ("../" if language == "zh" else "../../") + "assets/quiz/quiz.js"
    zh_ids = [f["data-quiz-id"] for f in BeautifulSoup((site / "ch/x.html").read_text(encoding="utf-8"), "html.parser").select("fieldset")]
    en_ids = [f["data-quiz-id"] for f in BeautifulSoup((site / "en/ch/x.html").read_text(encoding="utf-8"), "html.parser").select("fieldset")]
    assert zh_ids == en_ids
    home = BeautifulSoup((site / "en/index.html").read_text(encoding="utf-8"), "html.parser")
    row = home.select_one('.course-catalog [data-progress-section="09.01"]').parent
    assert (row.a["href"], row.a.get_text()) == ("ch/x.html", "9.1 Practice")
    assert (site / "assets/quiz/quiz.js").read_text(encoding="utf-8") == (
        Path(__file__).resolve().parent.parent / "quizzes" / "quiz.js"
    ).read_text(encoding="utf-8")


# quiz.js and quiz.css, gzipped (-9), as every page with a quiz fetches them: their size when the
# budget was last set, and room for growth.  A change that needs more than the room: measure what a
# reader pays for it (a quiz page's first visit, which test_budgets.py weighs with every fetch),
# make room where the engine can spare it, and only then raise ENGINE_SIZE to the new size, saying
# why in the commit.
ENGINE_SIZE = 12_587  # December 2026: the flag-string grader and its reasons, the kinds by name, node's exports
ENGINE_HEADROOM = 1_260  # 10 %: about one new answer kind with its feedback
ENGINE_BUDGET = ENGINE_SIZE + ENGINE_HEADROOM


def test_script_and_stylesheet_are_small_and_self_contained():
    import gzip

    engine = Path(__file__).resolve().parent.parent / "quizzes"
    script = (engine / "quiz.js").read_bytes()
    style = (engine / "quiz.css").read_bytes()
    assert len(gzip.compress(script, 9)) + len(gzip.compress(style, 9)) <= ENGINE_BUDGET
    for api in (b"fetch(", b"XMLHttpRequest", b"import", b"sendBeacon", b"WebSocket", b"http"):
        assert api not in script, api
    for reference in (b"url(", b"@import"):
        assert reference not in style, reference


# ---------------------------------------------------------------------------
# Short answers, and question text with blocks after its first paragraph

SHORT_QUESTIONS = dedent(
    """\
    1. （单选题）下面的日志说明了什么？

       ```text
       [INFO] <b>x</b> & y
       ```

       - A. 甲
       - B. 乙

    2. （填空题）写出 `AUTOFUSE_FLAGS` 的值：
       - 打开总开关
       - 打开 **Reduce** 融合

       不含 `export` 和引号。
    """
)
SHORT_ANSWERS = (
    "1. A\n解析：日志说明了甲。\n\n"
    "2. `--enable_autofuse=true;--autofuse_enable_pass=reduce`\n"
    "类型：AUTOFUSE_FLAGS\n"
    "也接受：`--enable_autofuse=true;--autofuse_enable_pass=reduce,concat`\n"
    "解析：两项写在同一个字符串里，用分号分隔：\n- 顺序不限；\n- 也可以同时打开 Concat。\n"
)
EN_SHORT_QUESTIONS = dedent(
    """\
    1. (Single choice) What does the log say?

       ```text
       [INFO] <b>x</b> & y
       ```

       - A. first
       - B. second

    2. (Short answer) Type the value of `AUTOFUSE_FLAGS` that:
       - turns fusion on
       - adds **Reduce** fusion

       Without `export` or quotes.
    """
)
EN_SHORT_ANSWERS = (
    "1. A\nExplanation: the log says so.\n\n"
    "2. `--enable_autofuse=true;--autofuse_enable_pass=reduce`\n"
    "Kind: AUTOFUSE_FLAGS\n"
    "Also accepted: `--enable_autofuse=true;--autofuse_enable_pass=reduce,concat`\n"
    "Explanation: one string, items separated by semicolons.\n"
)
SHORT_FORM = dedent(
    """\
    <form class="quiz" data-quiz-section="09.03" data-quiz-ui="{&quot;correct&quot;:&quot;✓ 回答正确&quot;,&quot;incorrect&quot;:&quot;✗ 回答错误。正确答案：{answer}&quot;,&quot;choose&quot;:&quot;请先选择答案。&quot;,&quot;type&quot;:&quot;请先输入答案。&quot;,&quot;pending_choice&quot;:&quot;按 Enter 或空格键检查这个答案。&quot;,&quot;pending_multiple&quot;:&quot;选择已改动，点击“检查答案”更新结果。&quot;,&quot;score&quot;:&quot;已答 {answered} / {total} 题，首次答对 {correct} 题&quot;,&quot;retry_confirm&quot;:&quot;确定要清除本页练习的作答记录吗？&quot;,&quot;not_saved&quot;:&quot;浏览器的存储空间已满，这次作答没有保存，离开本页后就会丢失。&quot;,&quot;not_kept&quot;:&quot;浏览器不允许本站保存数据，作答记录只保留到离开本页为止。&quot;,&quot;wrong&quot;:&quot;✗ 回答错误。&quot;,&quot;yours&quot;:&quot;你的答案&quot;,&quot;expected&quot;:&quot;应为&quot;,&quot;difference&quot;:&quot;第一处不同：第 {n} 个字符&quot;,&quot;reasons&quot;:{&quot;export&quot;:&quot;只写变量的值：`{item}` 属于 shell 命令，GE 读到的值里没有它。&quot;,&quot;quotes&quot;:&quot;去掉引号 `{item}`：引号只在 shell 命令里括住取值；写进值里，GE 会把它当作键或值的一部分，匹配不上。&quot;,&quot;full_width&quot;:&quot;全角字符 `{item}`：GE 只按英文的 `;` 和 `=` 分隔，请切换到英文标点。&quot;,&quot;space&quot;:&quot;多了空格：GE 不去掉空格，读到的是 `{item}`，匹配不上而被忽略（3.2 第 1 节）。&quot;,&quot;missing_prefix&quot;:&quot;缺少 `--`：GE 按带 `--` 的键名查找，`{item}` 会被忽略（3.2 第 1 节）。&quot;,&quot;case&quot;:&quot;大小写不对：GE 逐字比较 `{item}`，取值 `true`、`false` 和键名都是小写。&quot;,&quot;wrong_variable&quot;:&quot;`{item}` 属于 `{variable}`，写在这个变量里会被 GE 忽略。&quot;,&quot;separator&quot;:&quot;`{item}` 里连着两项：各项之间用英文分号 `;` 分隔。&quot;,&quot;malformed&quot;:&quot;`{item}` 不是 `--键=值` 的形式，GE 读不出它。&quot;,&quot;duplicate&quot;:&quot;`{item}` 出现了两次且取值不同：总开关按第一次出现的读取，其他选项按最后一次。&quot;,&quot;unknown_key&quot;:&quot;GE 不认识键 `{item}`，会静默忽略它。&quot;,&quot;master_off&quot;:&quot;总开关没有生效：没有 `--enable_autofuse=true` 时，其他选项全部失效。&quot;,&quot;different&quot;:&quot;GE 能读出每一项，但得到的设置与题目要求不同：请检查 `{item}`。&quot;}}" novalidate autocomplete="off">
    <noscript><p class="quiz-noscript" data-search-exclude>本页的练习需要 JavaScript 才能作答和批改。答案在下方的<a href="#quiz-solutions-09.03">答案与解析</a>中，点开各题即可查看。</p></noscript>
    <p class="quiz-note" hidden></p>
    <fieldset class="quiz-question" data-quiz-id="09.03-1-cfd9d48a" data-quiz-kind="single" data-quiz-key="A" data-quiz-answer="A" data-quiz-solution="quiz-solution-09.03-1">
    <legend><span class="quiz-number">1.</span> <span class="quiz-kind">单选题</span> <span class="quiz-text">下面的日志说明了什么？</span></legend>
    <div class="quiz-body">
    <pre><code class="language-text">[INFO] &lt;b&gt;x&lt;/b&gt; &amp; y
    </code></pre>
    </div>
    <label class="quiz-option"><input type="radio" name="quiz-09.03-1" value="A"> <span class="quiz-letter">A.</span> <span class="quiz-option-text">甲</span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <label class="quiz-option"><input type="radio" name="quiz-09.03-1" value="B"> <span class="quiz-letter">B.</span> <span class="quiz-option-text">乙</span><span class="quiz-mark" aria-hidden="true" data-missed="应选"></span></label>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <fieldset class="quiz-question" data-quiz-id="09.03-2-accbc690" data-quiz-kind="short-answer" data-quiz-key="{&quot;kind&quot;:&quot;AUTOFUSE_FLAGS&quot;,&quot;forms&quot;:[&quot;--enable_autofuse=true;--autofuse_enable_pass=reduce&quot;,&quot;--enable_autofuse=true;--autofuse_enable_pass=reduce,concat&quot;]}" data-quiz-answer="--enable_autofuse=true;--autofuse_enable_pass=reduce" data-quiz-solution="quiz-solution-09.03-2">
    <legend><span class="quiz-number">2.</span> <span class="quiz-kind">填空题</span> <span class="quiz-text">写出 <code>AUTOFUSE_FLAGS</code> 的值：</span></legend>
    <div class="quiz-body">
    <ul>
    <li>打开总开关</li>
    <li>打开 <strong>Reduce</strong> 融合</li>
    </ul>
    <p>不含 <code>export</code> 和引号。</p>
    </div>
    <div class="quiz-answer"><label class="quiz-answer-label" for="quiz-input-09.03-2">你的答案</label> <span class="quiz-answer-field"><input type="text" class="quiz-input" id="quiz-input-09.03-2" name="quiz-09.03-2" autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false"><span class="quiz-mark" aria-hidden="true"></span></span> <button type="button" class="quiz-check" hidden>检查答案</button></div>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <div class="quiz-footer"><p class="quiz-score" aria-live="polite"></p><button type="button" class="quiz-retry" hidden>重做</button></div>
    </form>
    """
).rstrip("\n")
SHORT_SOLUTIONS = dedent(
    """\
    <div class="quiz-solutions" id="quiz-solutions-09.03" data-search-exclude role="group" aria-label="答案与解析">
    <p class="quiz-solutions-intro">也可以直接点开下面各题，查看答案与解析。</p>
    <details class="quiz-solution" id="quiz-solution-09.03-1">
    <summary><span class="quiz-summary-closed">第 1 题 · 查看答案</span><span class="quiz-summary-open">第 1 题 · 收起答案</span></summary>
    <p class="quiz-solution-answer"><strong>答案：</strong>A</p>
    <div class="quiz-solution-explanation"><p><strong>解析：</strong>日志说明了甲。</p></div>
    </details>
    <details class="quiz-solution" id="quiz-solution-09.03-2">
    <summary><span class="quiz-summary-closed">第 2 题 · 查看答案</span><span class="quiz-summary-open">第 2 题 · 收起答案</span></summary>
    <p class="quiz-solution-answer"><strong>答案：</strong><code>--enable_autofuse=true;--autofuse_enable_pass=reduce</code></p>
    <p class="quiz-solution-accepted"><strong>也接受：</strong><code>--enable_autofuse=true;--autofuse_enable_pass=reduce,concat</code></p>
    <div class="quiz-solution-explanation"><p><strong>解析：</strong>两项写在同一个字符串里，用分号分隔：</p>
    <ul>
    <li>顺序不限；</li>
    <li>也可以同时打开 Concat。</li>
    </ul>
    </div>
    </details>
    </div>
    """
).rstrip("\n")
EN_SHORT_FORM = dedent(
    """\
    <form class="quiz" data-quiz-section="09.03" data-quiz-ui="{&quot;correct&quot;:&quot;✓ Correct&quot;,&quot;incorrect&quot;:&quot;✗ Incorrect. Correct answer: {answer}&quot;,&quot;choose&quot;:&quot;Choose an answer first.&quot;,&quot;type&quot;:&quot;Type an answer first.&quot;,&quot;pending_choice&quot;:&quot;Press Enter or Space to check this answer.&quot;,&quot;pending_multiple&quot;:&quot;Your selection changed: press “Check answer” to update the result.&quot;,&quot;score&quot;:&quot;Answered {answered} of {total}, {correct} correct at the first try&quot;,&quot;retry_confirm&quot;:&quot;Clear your answers to the exercises on this page?&quot;,&quot;not_saved&quot;:&quot;Your browser&#x27;s storage is full: this answer was not saved and will be lost when you leave the page.&quot;,&quot;not_kept&quot;:&quot;Your browser does not let this site keep data, so your answers last only until you leave the page.&quot;,&quot;wrong&quot;:&quot;✗ Incorrect.&quot;,&quot;yours&quot;:&quot;Yours&quot;,&quot;expected&quot;:&quot;Expected&quot;,&quot;difference&quot;:&quot;First difference: character {n}&quot;,&quot;reasons&quot;:{&quot;export&quot;:&quot;Write only the value: `{item}` is part of the shell command, not of the value GE reads.&quot;,&quot;quotes&quot;:&quot;Leave out the quote `{item}`: quotes only enclose the value in a shell command; inside the value, GE reads them as part of a key or value, which then matches nothing.&quot;,&quot;full_width&quot;:&quot;Full-width `{item}`: GE splits only on the ASCII `;` and `=`; switch to English punctuation.&quot;,&quot;space&quot;:&quot;A space: GE does not trim, so it reads `{item}`, which matches nothing and is ignored (3.2 §1).&quot;,&quot;missing_prefix&quot;:&quot;Missing `--`: GE looks keys up with their `--`, so `{item}` is ignored (3.2 §1).&quot;,&quot;case&quot;:&quot;Letter case: GE compares `{item}` character by character; the values `true` and `false` and the keys are lower case.&quot;,&quot;wrong_variable&quot;:&quot;`{item}` belongs to `{variable}`; in this variable GE ignores it.&quot;,&quot;separator&quot;:&quot;`{item}` runs two items together: separate items with an ASCII semicolon `;`.&quot;,&quot;malformed&quot;:&quot;`{item}` is not in the form `--key=value`, so GE cannot read it.&quot;,&quot;duplicate&quot;:&quot;`{item}` appears twice with different values: GE reads the master switch from the first, other options from the last.&quot;,&quot;unknown_key&quot;:&quot;GE does not know the key `{item}` and ignores it silently.&quot;,&quot;master_off&quot;:&quot;The master switch is not on: without `--enable_autofuse=true`, every other option is ignored.&quot;,&quot;different&quot;:&quot;GE reads every item, but ends up with other settings than the question asks for: check `{item}`.&quot;}}" novalidate autocomplete="off">
    <noscript><p class="quiz-noscript" data-search-exclude>The exercises on this page need JavaScript to be answered and checked. Their answers are below, under <a href="#quiz-solutions-09.03">Answers and explanations</a>: open each question to read it.</p></noscript>
    <p class="quiz-note" hidden></p>
    <fieldset class="quiz-question" data-quiz-id="09.03-1-cfd9d48a" data-quiz-kind="single" data-quiz-key="A" data-quiz-answer="A" data-quiz-solution="quiz-solution-09.03-1">
    <legend><span class="quiz-number">1.</span> <span class="quiz-kind">Single choice</span> <span class="quiz-text">What does the log say?</span></legend>
    <div class="quiz-body">
    <pre><code class="language-text">[INFO] &lt;b&gt;x&lt;/b&gt; &amp; y
    </code></pre>
    </div>
    <label class="quiz-option"><input type="radio" name="quiz-09.03-1" value="A"> <span class="quiz-letter">A.</span> <span class="quiz-option-text">first</span><span class="quiz-mark" aria-hidden="true" data-missed="Missed"></span></label>
    <label class="quiz-option"><input type="radio" name="quiz-09.03-1" value="B"> <span class="quiz-letter">B.</span> <span class="quiz-option-text">second</span><span class="quiz-mark" aria-hidden="true" data-missed="Missed"></span></label>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <fieldset class="quiz-question" data-quiz-id="09.03-2-accbc690" data-quiz-kind="short-answer" data-quiz-key="{&quot;kind&quot;:&quot;AUTOFUSE_FLAGS&quot;,&quot;forms&quot;:[&quot;--enable_autofuse=true;--autofuse_enable_pass=reduce&quot;,&quot;--enable_autofuse=true;--autofuse_enable_pass=reduce,concat&quot;]}" data-quiz-answer="--enable_autofuse=true;--autofuse_enable_pass=reduce" data-quiz-solution="quiz-solution-09.03-2">
    <legend><span class="quiz-number">2.</span> <span class="quiz-kind">Short answer</span> <span class="quiz-text">Type the value of <code>AUTOFUSE_FLAGS</code> that:</span></legend>
    <div class="quiz-body">
    <ul>
    <li>turns fusion on</li>
    <li>adds <strong>Reduce</strong> fusion</li>
    </ul>
    <p>Without <code>export</code> or quotes.</p>
    </div>
    <div class="quiz-answer"><label class="quiz-answer-label" for="quiz-input-09.03-2">Your answer</label> <span class="quiz-answer-field"><input type="text" class="quiz-input" id="quiz-input-09.03-2" name="quiz-09.03-2" autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false"><span class="quiz-mark" aria-hidden="true"></span></span> <button type="button" class="quiz-check" hidden>Check answer</button></div>
    <p class="quiz-status" aria-live="polite"></p>
    <div class="quiz-explanation" hidden></div>
    </fieldset>
    <div class="quiz-footer"><p class="quiz-score" aria-live="polite"></p><button type="button" class="quiz-retry" hidden>Try again</button></div>
    </form>
    """
).rstrip("\n")
EN_SHORT_SOLUTIONS = dedent(
    """\
    <div class="quiz-solutions" id="quiz-solutions-09.03" data-search-exclude role="group" aria-label="Answers and explanations">
    <p class="quiz-solutions-intro">You can also open each question below to read its answer and explanation.</p>
    <details class="quiz-solution" id="quiz-solution-09.03-1">
    <summary><span class="quiz-summary-closed">Question 1 · Show answer</span><span class="quiz-summary-open">Question 1 · Hide answer</span></summary>
    <p class="quiz-solution-answer"><strong>Answer: </strong>A</p>
    <div class="quiz-solution-explanation"><p><strong>Explanation: </strong>the log says so.</p></div>
    </details>
    <details class="quiz-solution" id="quiz-solution-09.03-2">
    <summary><span class="quiz-summary-closed">Question 2 · Show answer</span><span class="quiz-summary-open">Question 2 · Hide answer</span></summary>
    <p class="quiz-solution-answer"><strong>Answer: </strong><code>--enable_autofuse=true;--autofuse_enable_pass=reduce</code></p>
    <p class="quiz-solution-accepted"><strong>Also accepted: </strong><code>--enable_autofuse=true;--autofuse_enable_pass=reduce,concat</code></p>
    <div class="quiz-solution-explanation"><p><strong>Explanation: </strong>one string, items separated by semicolons.</p></div>
    </details>
    </div>
    """
).rstrip("\n")


def test_zh_short_answer_form_text_box_and_blocks_after_the_legend():
    assert render_quiz_form(exercise(SHORT_QUESTIONS, SHORT_ANSWERS, "09.03"), ZH) == SHORT_FORM


def test_zh_short_answer_solution_lists_the_other_accepted_forms_and_renders_blocks():
    assert render_solutions(exercise(SHORT_QUESTIONS, SHORT_ANSWERS, "09.03"), ZH) == SHORT_SOLUTIONS


def test_en_short_answer_form():
    assert render_quiz_form(exercise(EN_SHORT_QUESTIONS, EN_SHORT_ANSWERS, "09.03"), EN) == EN_SHORT_FORM


def test_en_short_answer_solutions():
    assert render_solutions(exercise(EN_SHORT_QUESTIONS, EN_SHORT_ANSWERS, "09.03"), EN) == EN_SHORT_SOLUTIONS


def test_only_phrasing_content_in_legends_labels_and_paragraphs():
    """<legend>, <label> and <p> may hold phrasing content only; blocks go after the legend."""
    blocks = {"address", "blockquote", "details", "div", "dl", "fieldset", "figure", "form", "h1", "h2", "h3", "h4",
              "h5", "h6", "hr", "legend", "ol", "p", "pre", "table", "ul"}
    for language, (questions, answers) in {"zh": (SHORT_QUESTIONS, SHORT_ANSWERS), "en": (EN_SHORT_QUESTIONS, EN_SHORT_ANSWERS)}.items():
        e = exercise(questions, answers, "09.03")
        soup = BeautifulSoup(render_quiz_form(e, QUIZ[language]) + render_solutions(e, QUIZ[language]), "html.parser")
        for holder in soup.find_all(["legend", "label", "p", "summary"]):
            assert not holder.find_all(blocks), holder
        # The text box has a label of its own, and its group is named by the question.
        field = soup.select_one("input.quiz-input")
        assert soup.select_one(f'label[for="{field["id"]}"]').get_text() == {"zh": "你的答案", "en": "Your answer"}[language]
        assert (field["autocomplete"], field["autocapitalize"], field["spellcheck"]) == ("off", "off", "false")


@pytest.mark.parametrize(
    "text, lead, rest",
    [
        ("一句话。", "一句话。", ""),
        ("第一行\n第二行", "第一行\n第二行", ""),
        ("2024. 年的版本", "2024. 年的版本", ""),  # after the marker: not an ordered list
        ("> 0 的值", "&gt; 0 的值", ""),  # not a block quote
        ("_强调_ 与 **粗体**", "<em>强调</em> 与 <strong>粗体</strong>", ""),
        ("读日志：\n\n```text\n<b>x</b>\n```", "读日志：", '<pre><code class="language-text">&lt;b&gt;x&lt;/b&gt;\n</code></pre>'),
        ("列表：\n- a\n- b", "列表：", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>"),
        ("<script>x</script>\n\n<img src=x onerror=y>", "&lt;script&gt;x&lt;/script&gt;", "<p>&lt;img src=x onerror=y&gt;</p>"),
        ("![img](images/x.png) <code>a&lt;b</code>", '<img src="images/x.png" alt="img" /> <code>a&lt;b</code>', ""),
        ("题目<!-- 备注：来源待核对 -->\n\n<!--\n多行备注\n-->\n\n后文", "题目", "<p>后文</p>"),
        ("表：\n\n| a | b |\n| - | - |\n| 1 | 2 |", "表：",
         "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>"),
        ("引文：\n\n> 引用\n> 两行", "引文：", "<blockquote>\n<p>引用\n两行</p>\n</blockquote>"),
        ("标题\n===", "", "<h1>标题</h1>"),
    ],
)
def test_block_markdown_that_continues_a_line(text, lead, rest):
    assert render_lead(text) == (lead, rest)


def test_a_notebook_question_list_that_starts_with_a_choice_question_is_found():
    """nbconvert renders each question as an <li> whose text runs over several lines."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    from quizzes.splice import fragment, replace_question_list

    cell = "## 练习\n\n" + SHORT_QUESTIONS + "\n**运行下面的代码查看答案。**\n"
    soup = fragment(f'<div id="cell-id=exercise">{markdown2html_mistune(cell)}</div>')
    replace_question_list(soup.find(id="cell-id=exercise"), "<form>quiz</form>", 2, "x.ipynb", ZH)
    # The closing line spoke to Jupyter readers ("run the code below"): the site's solution blocks say it instead.
    assert [child.name for child in soup.select_one("div").find_all(recursive=False)] == ["h2", "form"]


MULTIPLE_FIRST = "1. （多选题）哪些？\n   - A. 甲\n   - B. 乙\n   - C. 丙\n\n2. （判断题）甲。\n"


@pytest.mark.parametrize("questions, first", [(MULTIPLE_FIRST, "multiple"), (EN_SHORT_QUESTIONS, "single")],
                         ids=["multiple-choice", "english"])
def test_a_notebook_question_list_that_starts_with_any_choice_question_is_found(questions, first):
    """Issue 8: "a valid exercise whose first question is single or multiple choice" failed with
    "the page shows 0 questions": a multiple-choice first question, and an English list, too."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    from quizzes.splice import fragment, replace_question_list

    language = EN if "(Single choice)" in questions else ZH
    block = parse_questions(questions, "x.ipynb", language)
    assert block.questions[0].kind.value == first
    cell = markdown2html_mistune("## 练习\n\n" + questions)
    soup = fragment(f'<div id="cell-id=exercise">{cell}</div>')
    replace_question_list(soup.find(id="cell-id=exercise"), "<form>quiz</form>", len(block.questions), "x.ipynb", language)
    assert [child.name for child in soup.select_one("div").find_all(recursive=False)] == ["h2", "form"]


def test_a_fenced_block_in_an_explanation_keeps_its_lines():
    """Issue 8: two `export` lines of a fenced block in an explanation ran together in one inline
    <code>; from the answer file to the solution block they stay a block, line by line."""
    answers = ("1. √\n解析：先设置两个变量：\n```bash\nexport A=1\nexport B=2\n```\n然后运行。\n\n"
               "2. B\n解析：乙。\n\n3. A、C\n解析：甲和丙。\n")
    html = render_solutions(exercise(ZH_QUESTIONS, answers, "09.01"), ZH)
    explanation = BeautifulSoup(html, "html.parser").select_one(".quiz-solution-explanation")
    assert [child.name for child in explanation.find_all(recursive=False)] == ["p", "pre", "p"]
    assert explanation.select_one("pre > code.language-bash").get_text() == "export A=1\nexport B=2\n"
    assert explanation.find_all("p")[1].get_text() == "然后运行。"


def test_a_markdown_page_with_a_short_answer_and_a_log_excerpt(tmp_path):
    from helpers import build_small_site

    files = {
        "index.md": "# 首页\n",
        "ch/x.md": MARKDOWN_PAGE.format(questions=SHORT_QUESTIONS, suffix=""),
        "ch/answer/09.01_answer.txt": SHORT_ANSWERS,
        "ch/x.en.md": MARKDOWN_PAGE.format(questions=EN_SHORT_QUESTIONS, suffix=".en"),
        "ch/answer/09.01_answer.en.txt": EN_SHORT_ANSWERS,
    }
    result = build_small_site(tmp_path, files, COURSE)
    assert result.returncode == 0, result.stderr
    for page in ("ch/x.html", "en/ch/x.html"):
        article = BeautifulSoup((tmp_path / "site" / page).read_text(encoding="utf-8"), "html.parser").select_one("article")
        # The fenced block went with its question into the form; nothing of the list is left outside it.
        assert not article.find("ol")
        assert [pre.find_parent(class_="quiz-body") is not None for pre in article.find_all("pre")] == [True]
        fieldset = article.select_one('fieldset[data-quiz-kind="short-answer"]')
        assert fieldset.select_one("input.quiz-input")["id"] == "quiz-input-09.01-2"
        assert article.select_one("#quiz-solution-09\\.01-2 .quiz-solution-accepted code").get_text() == (
            "--enable_autofuse=true;--autofuse_enable_pass=reduce,concat"
        )

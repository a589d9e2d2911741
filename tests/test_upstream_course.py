"""A course written the way upstream cann-learning-hub writes its chapters (issue 18), built
strict with one English figure removed (conftest.upstream_course_dir): every image of every page
is there, over http and from the unzipped offline package."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

import browsing
from helpers import UPSTREAM_COURSE, soup

PACKAGE = "autofuse-course-offline.zip"


def pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")


def image_addresses(page: Path) -> list[str]:
    tree = soup(page)
    found = [img["src"] for img in tree.find_all("img", src=True)]
    for element in tree.find_all(["img", "source"], srcset=True):
        found += [candidate.split()[0] for candidate in element["srcset"].split(",") if candidate.strip()]
    found += [a["href"] for a in tree.select("a.course-figure__open[href]")]
    found += [a["data-dark-href"] for a in tree.select("a[data-dark-href]")]
    return found


def test_the_english_pages_have_their_untranslated_figures(upstream_course_dir):
    """The premise: English pages of Chinese-only sections, and a figure whose English version
    is missing, show images; otherwise the tests below would prove nothing."""
    english = [p for p in pages(upstream_course_dir) if p.startswith("en/") and p.count("/") > 1]
    assert english and all(image_addresses(upstream_course_dir / p) for p in english)
    intro = image_addresses(upstream_course_dir / "en/01_basics/01.01_intro.html")
    assert "../../01_basics/images/flow.svg" in intro  # no flow.en.svg: the Chinese one


def test_every_image_address_is_a_published_file(upstream_course_dir):
    missing = [
        f"{page}: {address}"
        for page in pages(upstream_course_dir)
        for address in image_addresses(upstream_course_dir / page)
        if not (upstream_course_dir / page).parent.joinpath(address.split("#")[0].split("?")[0]).resolve().is_file()
    ]
    assert not missing, "\n".join(missing)


LOAD_EVERY_IMAGE = """async (addresses) => {
  const failed = [];
  await Promise.all(addresses.map((address) => new Promise((done) => {
    const image = new Image();
    image.onload = () => { if (!image.naturalWidth) failed.push(address); done(); };
    image.onerror = () => { failed.push(address); done(); };
    image.src = address;
  })));
  return failed;
}"""


@pytest.fixture(scope="module")
def unpacked_package(upstream_course_dir, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("upstream_package")
    with zipfile.ZipFile(upstream_course_dir / PACKAGE) as archive:
        archive.extractall(target)
    (folder,) = [p for p in target.iterdir() if p.is_dir()]
    return folder


@pytest.mark.parametrize("transport", ["http", "file"])
def test_every_image_of_every_page_loads(upstream_course_dir, unpacked_package, browser, transport):
    """Each page in Chromium: every image it names (light and dark, the full-screen link's) loads,
    and no image request of the page fails."""
    site = upstream_course_dir if transport == "http" else unpacked_package
    server = browsing.serve(site) if transport == "http" else None
    base = browsing.base_url(server) if server else site.as_uri() + "/"
    context = browser.new_context()
    try:
        problems = []
        for page_name in pages(site):
            tab = context.new_page()
            tab.on("requestfailed", lambda r: r.resource_type == "image" and problems.append(f"{r.url} failed"))
            tab.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
            tab.goto(base + page_name, wait_until="load")
            broken = tab.evaluate(LOAD_EVERY_IMAGE, image_addresses(site / page_name))
            problems += [f"{page_name}: {address} does not load" for address in broken]
            tab.close()
        assert not problems, "\n".join(problems)
    finally:
        context.close()
        if server:
            server.shutdown()


def test_a_file_without_a_translation_is_linked_where_it_is_published():
    """srcset, <source> and downloads too, with their queries and fragments; a translated file,
    a page and a file docs/ does not have are left alone."""
    from bs4 import BeautifulSoup

    from course_site.languages import Languages
    from course_site.page.links import link_untranslated_files

    have = {"ch/images/a.svg", "ch/images/b.svg", "ch/images/b.en.svg", "ch/images/c.png", "ch/files/x.zip"}
    tree = BeautifulSoup(
        '<img src="./images/a.svg"><img src="images/b.svg"><img src="images/gone.svg">'
        '<picture><source srcset="images/c.png 1x, images/b.svg 2x"></picture>'
        '<a href="files/x.zip#top">zip</a><a href="other.html">page</a>', "html.parser")
    languages = Languages("zh", ("zh", "en"), {"zh": "中文", "en": "English"})
    link_untranslated_files(tree, "en/ch/page.html", "en", languages, have.__contains__)
    assert [img["src"] for img in tree.find_all("img")] == ["../../ch/images/a.svg", "images/b.svg", "images/gone.svg"]
    assert tree.source["srcset"] == "../../ch/images/c.png 1x, images/b.svg 2x"
    assert [a["href"] for a in tree.find_all("a")] == ["../../ch/files/x.zip#top", "other.html"]
    zh = BeautifulSoup('<img src="images/a.svg">', "html.parser")
    link_untranslated_files(zh, "ch/page.html", "zh", languages, have.__contains__)
    assert zh.img["src"] == "images/a.svg"


# ---------------------------------------------------------------------------
# Sections: two chapters may both have answer/01.02_answer.txt


def test_two_chapters_with_the_same_answer_file_are_two_sections(upstream_course_dir):
    """Each keeps its own quiz, question ids and progress (the first question of both is a
    true/false `√`: with the same section they would share what the reader answered)."""
    first = soup(upstream_course_dir / "01_basics/01.02_practice.html").select_one("form.quiz")
    second = soup(upstream_course_dir / "02_kernels/01.02_kernel.html").select_one("form.quiz")
    assert (first["data-quiz-section"], second["data-quiz-section"]) == ("01_basics/01.02", "02_kernels/01.02")
    ids = [form.select_one("fieldset")["data-quiz-id"] for form in (first, second)]
    assert ids[0] != ids[1] and ids[1].startswith("02_kernels/01.02-1-")
    data = (upstream_course_dir / "assets/quiz/progress.zh.js").read_text(encoding="utf-8")
    assert '"section":"01_basics/01.02"' in data and '"section":"02_kernels/01.02"' in data


def test_a_section_is_its_folder_and_its_answer_file_and_the_former_ids_are_known():
    """A section's id names its folder always (every upstream course numbers its chapters and
    answer files from 01, as the site's own course does).  Readers stored answers under the ids
    of before, the answer file's name alone where the folder was numbered as the file: the id
    each section had then is known (quiz.js moves the answers once)."""
    from quizzes.sources import former_section_id, section_id

    from helpers import DOCS

    for answer in sorted(DOCS.glob("*/answer/*_answer.txt")):
        name = answer.name.removesuffix("_answer.txt")
        section = section_id(name, answer.parent.parent.name)
        assert section == f"{answer.parent.parent.name}/{name}" and former_section_id(section) == name
    assert section_id("99.01", "ch") == "ch/99.01" and former_section_id("ch/99.01") == "99.01"
    assert section_id("01.02", "05_hixl") == former_section_id("05_hixl/01.02") == "05_hixl/01.02"
    assert section_id("01.02", "course/05_hixl") == "course/05_hixl/01.02"
    assert section_id("01.02", ".") == former_section_id("01.02") == "01.02"  # a page at docs/ itself


def test_notebooks_saved_as_nbformat_4_4_become_pages_with_their_quizzes(upstream_course_dir):
    """01.02_practice is nbformat 4.5 without cell ids (nbformat would give them random ones),
    the chapter 2 notebook nbformat 4.4, with an execution count left without outputs."""
    for page, questions in (("01_basics/01.02_practice.html", 3), ("02_kernels/01.02_kernel.html", 3)):
        tree = soup(upstream_course_dir / page)
        assert len(tree.select("form.quiz fieldset.quiz-question")) == questions, page
        assert len(tree.select(".quiz-solutions details.quiz-solution")) == questions, page
        assert "answer/01.02_answer.txt" not in tree.select_one("article").get_text(), page  # the answer cell became the solutions


def test_code_is_highlighted_in_the_kernel_language(upstream_course_dir):
    """An xcpp notebook (kernelspec language `C++17`) shows C++; a notebook with no kernelspec,
    built after it, shows Python (mkdocs-jupyter kept the previous notebook's language)."""
    cpp = soup(upstream_course_dir / "01_basics/01.02_practice.html").select_one("div.highlight code")
    python = soup(upstream_course_dir / "02_kernels/01.02_kernel.html").select_one("div.highlight code")
    assert cpp.select_one("span.cp").get_text() == "#include"
    assert python.select_one("span.kn").get_text() == "import"


def write_notebook(path: Path, cells: list[dict], minor: int) -> Path:
    import json

    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": minor}), encoding="utf-8")
    return path


@pytest.mark.parametrize("minor", [0, 4, 5])
def test_a_notebook_of_any_nbformat_4_is_read_with_ids_made_from_positions(tmp_path, minor):
    from course_site.course.notebooks import check_notebook

    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# 页"},
             {"cell_type": "code", "metadata": {}, "execution_count": 7, "outputs": [], "source": "print(1)"}]
    if minor == 5:
        cells[0]["id"] = "title"  # 4.5 as some tools save it: one cell with an id, one without
    notebook = check_notebook(write_notebook(tmp_path / "x.ipynb", cells, minor).read_bytes(), "docs/x.ipynb")
    assert [cell.id for cell in notebook.cells] == ["title" if minor == 5 else "cell-1", "cell-2"]


def test_a_cell_with_outputs_is_still_refused(tmp_path):
    from course_site.errors import SiteError
    from course_site.course.notebooks import check_notebook

    cells = [{"cell_type": "code", "metadata": {}, "execution_count": 1, "source": "print(1)",
              "outputs": [{"output_type": "stream", "name": "stdout", "text": "1\n"}]}]
    with pytest.raises(SiteError, match="cell cell-1 has outputs"):
        check_notebook(write_notebook(tmp_path / "x.ipynb", cells, 4).read_bytes(), "docs/x.ipynb")


def test_the_upgrade_the_message_suggests_works(tmp_path):
    """An nbformat 3 notebook: the command the message gives makes it one the build reads."""
    import json
    import subprocess
    import sys

    from course_site.errors import SiteError
    from course_site.course.notebooks import UPGRADE, check_notebook

    path = tmp_path / "old.ipynb"
    path.write_text(json.dumps({"metadata": {}, "nbformat": 3, "nbformat_minor": 0,
                                "worksheets": [{"cells": [{"cell_type": "markdown", "source": "# 页"}]}]}), encoding="utf-8")
    with pytest.raises(SiteError) as refused:
        check_notebook(path.read_bytes(), "docs/old.ipynb")
    assert UPGRADE in str(refused.value)
    command = UPGRADE.replace("<file>", str(path)).split()
    jupyter = Path(sys.executable).parent / command[0]
    subprocess.run([str(jupyter), *command[1:]], check=True, capture_output=True)
    assert check_notebook(path.read_bytes(), "docs/old.ipynb").cells[0].source == "# 页"


# ---------------------------------------------------------------------------
# Answer files as upstream writes them


def parsed_answers(text: str, language: str = "zh"):
    from quizzes.parsing import parse_answers

    from helpers import QUIZ

    return [(a.number, a.key, a.explanation) for a in parse_answers(text, "a.txt", QUIZ[language])]


@pytest.mark.parametrize("text, expected", [
    # keys only, one per line, no blank line between them (CRLF, trailing spaces)
    ("1.√  \r\n2.×  \r\n3.A  \r\n4.A、B、D \r\n", [(1, "Y", ""), (2, "N", ""), (3, "A", ""), (4, "ABD", "")]),
    # a key closed by 。, the explanation after it on the key line
    ("1. √。\n2. A、B、C。\n", [(1, "Y", ""), (2, "ABC", "")]),
    ("1. √。ChatDataset 会把对话装入一条序列。\n\n2. A。`chat_processor` 返回样本。\n",
     [(1, "Y", "ChatDataset 会把对话装入一条序列。"), (2, "A", "`chat_processor` 返回样本。")]),
    # a title, the question repeated, then 答案：
    ("课后练习答案\n\n1. （判断题）接口失败时可以取错误信息。\n答案：正确\n解析：示例代码这样做。\n\n"
     "2. （多选题）哪些正确？\n答案：A、B\n解析：A 和 B 都对。\n",
     [(1, "Y", "示例代码这样做。"), (2, "AB", "A 和 B 都对。")]),
    # 解析： with nothing after it, then a list
    ("1. A、B\n解析：\n- A 正确。\n- B 正确。\n", [(1, "AB", "\n- A 正确。\n- B 正确。")]),
])
def test_answer_files_as_upstream_writes_them(text, expected):
    assert parsed_answers(text) == expected


def test_english_answer_files_in_the_same_forms():
    assert parsed_answers("Answers\n\n1. (True/False) Is it?\nAnswer: True\n\n2. B. Because.\n3. A, C.\n", "en") == [
        (1, "Y", ""), (2, "B", "Because."), (3, "AC", "")]


def test_a_dollar_sign_in_an_explanation_is_text():
    """Jupyter prints an answer file with `!cat`, as plain text: `$` is a dollar sign there."""
    from quizzes.markup import render_lead, unsupported

    text = "写作 $BUFFER_NUM:$BUFFER_SIZE。"
    assert parsed_answers(f"1. A\n解析：{text}\n") == [(1, "A", text)]
    assert unsupported(text, formulas=False) is None and render_lead(text, formulas=False) == (text, "")


def test_math_in_a_notebook_cell_is_written_as_mathml(upstream_course_dir):
    """`$$…$$` of its own line and `$…$` in a sentence (the page's only formulas) as MathML, no TeX left."""
    article = soup(upstream_course_dir / "02_kernels/01.02_kernel.html").select_one("article")
    assert [m.get("display") for m in article.select("math")] == ["block", None]
    assert article.select("math")[1].get_text() == "Bglobal"
    assert "\\frac" not in article.get_text() and "$B_{global}$" not in article.get_text()


def solutions(site: Path, page: str) -> list[tuple[str, str | None]]:
    found = []
    for block in soup(site / page).select("details.quiz-solution"):
        explanation = block.select_one(".quiz-solution-explanation")
        found.append((block.select_one(".quiz-solution-answer").get_text(), explanation and explanation.get_text()))
    return found


def test_the_solutions_show_what_the_answer_files_say(upstream_course_dir):
    """A key alone shows alone (no placeholder explanation); `$` shows as written; a list after
    `解析：` is a list."""
    assert solutions(upstream_course_dir, "01_basics/01.02_practice.html") == [
        ("答案：对", None), ("答案：B", "解析：融合后只剩一个算子。"), ("答案：A、B", None)]
    kernel = solutions(upstream_course_dir, "02_kernels/01.02_kernel.html")
    assert kernel[1] == ("答案：A", "解析：在 shell 里写作 $ASCEND_HOME，读取时带 $ 前缀。")
    items = soup(upstream_course_dir / "02_kernels/01.02_kernel.html").select("details.quiz-solution")[2].select("li")
    assert [li.get_text() for li in items][0] == "A 正确：CANN 是异构计算架构。"
    keys = [f["data-quiz-key"] for f in soup(upstream_course_dir / "02_kernels/01.02_kernel.html").select("fieldset")]
    assert keys == ["Y", "A", "AB"]


# ---------------------------------------------------------------------------
# Reference solutions: answer cells that print code


def test_an_answer_cell_that_prints_code_shows_a_reference_solution(upstream_course_dir):
    """In both languages: folded, the file highlighted by its type, `!head -n 3` shows 3 lines,
    and each download is the whole file, in the site and in the offline package."""
    source = UPSTREAM_COURSE / "docs/02_kernels/answer/01.02_answer"
    with zipfile.ZipFile(upstream_course_dir / PACKAGE) as archive:
        packaged = set(archive.namelist())
    for page, summary in (("02_kernels/01.02_kernel.html", "参考答案"), ("en/02_kernels/01.02_kernel.html", "Reference solution")):
        blocks = soup(upstream_course_dir / page).select("details.reference-solution")
        assert [b.summary.get_text() for b in blocks] == [summary, summary], page
        code, header = (b.select_one("div.highlight code") for b in blocks)
        assert "int64_t" in [span.get_text() for span in code.select("span.kt")]  # C++, highlighted
        assert header.get_text().splitlines() == (source / "op_host/add_custom_tiling.h").read_text(encoding="utf-8").splitlines()[:3]
        for block, name in zip(blocks, ("op_kernel/add_custom.cpp", "op_host/add_custom_tiling.h")):
            link = block.select_one("a[download]")
            target = (upstream_course_dir / page).parent.joinpath(link["href"]).resolve()
            assert link["download"] == name.rsplit("/", 1)[1]
            assert target.read_text(encoding="utf-8") == (source / name).read_text(encoding="utf-8")
            assert f"autofuse-course/{target.relative_to(upstream_course_dir).as_posix()}" in packaged
        article = soup(upstream_course_dir / page).select_one("article").get_text()
        assert "!cat ./answer" not in article and "%cd" not in article and "!head -n" not in article


def answer_cell(source: str):
    from quizzes.answer_cells import read_answer_cell

    return read_answer_cell(source, "docs/ch/x.ipynb (cell a)")


def test_answer_cells_as_upstream_writes_them():
    from quizzes.answer_cells import Command

    assert answer_cell("print('answer/')") is None  # a cell that prints no file
    assert answer_cell("!cat ./answer/01.02_answer.txt").answer_file == "./answer/01.02_answer.txt"
    assert answer_cell("# 参考答案路径\n%cd $original_dir\n!cat answer/01.03_answer.txt").answer_file == "answer/01.03_answer.txt"
    assert answer_cell("%cat ./answer/02.05/sub.asc").commands == (Command("./answer/02.05/sub.asc"),)
    assert answer_cell("!head -n 80 answer/01.04_answer/include/x.h").commands == (Command("answer/01.04_answer/include/x.h", 80),)
    assert answer_cell("!cat answer/x.cpp\n!cat answer/y.h").answer_file is None


@pytest.mark.parametrize("source, problem", [
    ("!cat answer/x.txt | grep y", "this answer cell has a line the site cannot show"),
    ("!cat a/answer/x.cpp", "this answer cell has a line the site cannot show"),
    ("import os\n!cat answer/x.cpp", "this answer cell has a line the site cannot show"),
    ("!cat answer/../../secret.txt", "answer/../../secret.txt leaves the answer folder"),
])
def test_an_answer_cell_the_engine_cannot_place_stops_the_build_named(source, problem):
    from quizzes.errors import ExerciseError

    with pytest.raises(ExerciseError) as raised:
        answer_cell(source)
    assert str(raised.value).startswith(f"docs/ch/x.ipynb (cell a): {problem}\n  line ")


def notebook_with(tmp_path: Path, cells: list[tuple[str, str]], files: dict[str, str]):
    import nbformat

    from quizzes.sources import notebook_contents

    from helpers import QUIZ_LANGUAGES

    for name, text in files.items():
        (tmp_path / "ch" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "ch" / name).write_text(text, encoding="utf-8")
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell(text, id=f"c{i}") if kind == "md" else nbformat.v4.new_code_cell(text, id=f"c{i}")
        for i, (kind, text) in enumerate(cells)])
    return notebook_contents(notebook, tmp_path / "ch" / "x.ipynb", tmp_path, QUIZ_LANGUAGES)


def test_which_answer_cells_are_quizzes_and_which_reference_solutions(tmp_path):
    """A comment before `!cat` of an answer file under questions: a quiz (the cell was skipped,
    silently); a `.txt` with no question list above, a folder, a code file: solutions."""
    questions = "## 练习\n\n1. （判断题）对吗？\n"
    exercises, solutions = notebook_with(tmp_path, [
        ("md", questions), ("code", "# 参考答案路径\n!cat answer/01.02_answer.txt"),
        ("md", "## 实践"), ("code", "!cat ./answer/02.02/02.02_answer.txt"),
        ("code", "!cat ./answer/03.02_answer"),
    ], {"answer/01.02_answer.txt": "1.√\n", "answer/02.02/02.02_answer.txt": "int main() {}\n",
        "answer/03.02_answer/op_host/a.cpp": "// a\n", "answer/03.02_answer/op_kernel/b.h": "// b\n"})
    assert [(e.question_cell, e.answer_cell) for e in exercises] == [("c0", "c1")]
    assert [(s.cell, [f.name for f in s.files]) for s in solutions] == [
        ("c3", ["answer/02.02/02.02_answer.txt"]),
        ("c4", ["answer/03.02_answer/op_host/a.cpp", "answer/03.02_answer/op_kernel/b.h"])]
    assert solutions[1].files[0].path == "ch/answer/03.02_answer/op_host/a.cpp"


def test_an_answer_cell_naming_a_missing_file_stops_the_build_named(tmp_path):
    from quizzes.errors import ExerciseError

    with pytest.raises(ExerciseError) as raised:
        notebook_with(tmp_path, [("code", "!cat ./answer/02.05/sub.asc")], {})
    assert "(cell c0): the answer cell prints ./answer/02.05/sub.asc, which does not exist" in str(raised.value)


# ---------------------------------------------------------------------------
# Raw HTML as upstream writes it


def test_a_raw_html_image_becomes_a_figure(upstream_course_dir):
    """`<div align="center"><img … width=40%></div>`: a figure like a Markdown image (it opens
    full screen), at its own size up to the column's width, not 40 % of a phone's."""
    tree = soup(upstream_course_dir / "01_basics/01.02_practice.html")
    link = tree.select_one('figure.course-figure a.course-figure__open[href="./images/result.png"]')
    assert link is not None and link["aria-label"].startswith("运行结果")
    assert link.img.get("width") is None
    # A raw HTML table (upstream writes none with a class) is styled and boxed as Markdown's are.
    from course_site.pipeline import TABLE_CLASS

    table = tree.select_one("article table")
    assert table is not None and table.get("class") == [TABLE_CLASS]
    assert table.parent.get("class") == ["md-typeset__table"]


def test_only_an_authored_block_around_an_image_becomes_a_figure():
    from bs4 import BeautifulSoup

    from course_site.page.figures import make_figures

    tree = BeautifulSoup('<div class="jp-RenderedMarkdown"><img src="a.png" alt="甲"></div>'
                         '<div align="center">\n  <img src="b.png" alt="乙" width="40%">\n</div>'
                         '<center><img src="c.png" alt="丙" width="300"></center>', "html.parser")
    assert make_figures(tree, {"figure_open": "（点击查看大图）"}) == 2
    assert tree.select_one("div.jp-RenderedMarkdown > img")["src"] == "a.png"
    assert [img.get("width") for img in tree.select("figure img")] == [None, "300"]


# ---------------------------------------------------------------------------
# Formulas and figures as upstream writes and draws them (03_conv_basics: upstream's conv 01.02,
# 01.03 and light 03.07 formulas, a draw.io and a Mermaid export, a <tr bgcolor>)

FORMULA_PAGE = "03_conv_basics/03.01_conv_intro.html"
FORMULAS = """() => {
  const article = document.querySelector("article");
  const raw = [];
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const parent = node.parentElement;
    if (!parent.closest("code, pre, math") && parent.getClientRects().length && /\\\\[A-Za-z]+|\\$\\$|[_^]\\{/.test(node.data)) {
      raw.push(node.data.trim());
    }
  }
  const height = (element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).fontSize);
  const first = article.querySelector("math[display=block]");
  return {
    boxes: [...article.querySelectorAll("math")].map((m) => m.getBoundingClientRect()).map((r) => r.width > 0 && r.height > 0),
    raw,
    dollars: [...article.querySelectorAll("p")].map((p) => p.textContent).filter((t) => t.includes("价格")),
    floor: height(first.querySelector('mo[stretchy="true"]')),
    plain: height(first.querySelector("mi")),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}"""


def test_every_formula_is_written_as_mathml(upstream_course_dir):
    """Of its own line or in a sentence, `$$…$$` in a paragraph, in a quiz's question and options;
    `$` in code and an escaped `\\$` stay dollar signs, and an explanation (an answer file) keeps its own."""
    page = soup(upstream_course_dir / FORMULA_PAGE)
    article = page.select_one("article")
    assert len(article.select("math")) == 14 and len(article.select(".formula-scroll > math[display=block]")) == 3
    assert len(article.select(".formula-scroll--inline > math")) == 1  # upstream's 1,035 px one (conv 01.02)
    assert [len(f.select("math")) for f in article.select("fieldset.quiz-question")] == [4, 0]
    assert "$ASCEND_HOME_PATH" in [code.get_text() for code in article.select("p > code")]
    explanation = article.select(".quiz-solution-explanation")[1].get_text()
    assert explanation == '解析：格式为"$BUFFER_NUM:$BUFFER_SIZE"，单位为 MB。'


@pytest.mark.parametrize("transport, width", [("http", 1280), ("file", 390)])
def test_formulas_render_in_the_browser_with_no_tex_left(upstream_course_dir, unpacked_package, browser, transport,
                                                         width):
    """Each <math> is drawn (a box of its own), no TeX shows as text, a bracket around a fraction
    stretches to its height (the browser found a math font: site.css names the systems' fonts;
    tools/setup.sh installs one for the tests), and on a phone a formula wider than the column
    scrolls in its box instead of widening the page."""
    site = upstream_course_dir if transport == "http" else unpacked_package
    server = browsing.serve(site) if transport == "http" else None
    base = browsing.base_url(server) if server else site.as_uri() + "/"
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        tab = context.new_page()
        tab.goto(base + FORMULA_PAGE, wait_until="load")
        found = tab.evaluate(FORMULAS)
    finally:
        context.close()
        if server:
            server.shutdown()
    assert found["boxes"] and all(found["boxes"])
    assert found["raw"] == []
    assert found["dollars"] == ["不是公式的美元符号：环境变量 $ASCEND_HOME_PATH，价格 $5 与 $10。"]
    assert found["floor"] > 2 * found["plain"], (
        f"the floor brackets around a fraction are {found['floor']:.2f} em high: no math font (fonts-dejavu-extra)")
    assert found["overflow"] == 0


def test_a_page_with_formulas_loads_nothing_a_page_without_does_not(upstream_course_dir, browser):
    """MathML needs no script, stylesheet or font: each script, stylesheet and font a first visit
    of the formulas' page fetches, pages without a formula fetch too (its quiz's, its figures')."""
    without = ["01_basics/01.01_intro.html", "01_basics/01.02_practice.html"]
    server = browsing.serve(upstream_course_dir)
    try:
        visits = browsing.first_visits_files(browser, browsing.base_url(server), upstream_course_dir,
                                             [FORMULA_PAGE, *without])
    finally:
        server.shutdown()
    code = {page: {f.relative_to(upstream_course_dir).as_posix() for f in files
                   if f.suffix in (".js", ".css", ".woff", ".woff2", ".ttf", ".otf")} for page, files in visits.items()}
    assert not [soup(upstream_course_dir / page).select("math") for page in without if soup(upstream_course_dir / page).select("math")]
    assert code[FORMULA_PAGE] and code[FORMULA_PAGE] <= set().union(*(code[page] for page in without))


def test_upstreams_drawio_and_mermaid_figures_are_published_as_drawn(upstream_course_dir):
    """foreignObject, <style>, <switch>: published as they are, with no dark version (the course
    does not keep the palette), shown as drawn; a Mermaid figure of width 100% gets its viewBox's size."""
    images = upstream_course_dir / "03_conv_basics/images"
    for name in ("conv-flow.svg", "computational-graph.svg"):
        assert (images / name).read_bytes() == (UPSTREAM_COURSE / "docs/03_conv_basics/images" / name).read_bytes()
    assert list(upstream_course_dir.rglob("*.dark.svg")) == []
    figures = soup(upstream_course_dir / FORMULA_PAGE).select("article figure")
    assert [f["class"] for f in figures] == [["course-figure", "course-figure--as-drawn"]] * 2
    assert [(img["src"], img.get("width"), img.get("height")) for f in figures for img in f.select("img")] == [
        ("./images/conv-flow.svg", "421", "101"), ("./images/computational-graph.svg", "620", "140")]


# Material fades a row's background in (a CSS transition): read the colours once it has ended.
SHOWN = """async () => {
  while (document.getAnimations().length) await Promise.allSettled(document.getAnimations().map((a) => a.finished));
  const styleOf = (element) => { const s = getComputedStyle(element); return [s.backgroundColor, s.colorScheme]; };
  return {
    figures: [...document.querySelectorAll("article figure img")].map((img) => [...styleOf(img), img.getBoundingClientRect().width > 100]),
    row: styleOf(document.querySelector("article tr[bgcolor]"))[0],
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_in_the_dark_scheme_a_figure_as_drawn_is_on_a_light_panel_and_shaded_rows_darken(upstream_course_dir, browser,
                                                                                          scheme):
    """Its colours, transparent background and draw.io's light-dark() were chosen for a light page:
    in the dark scheme it sits on a white panel and is told the scheme is light; full screen too.
    A row's bgcolor="#f5f5f5" would be a white stripe under light text: it takes a dark row's shade."""
    server = browsing.serve(upstream_course_dir)
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    try:
        tab = context.new_page()
        tab.goto(browsing.base_url(server) + FORMULA_PAGE, wait_until="load")
        shown = tab.evaluate(SHOWN)
        tab.click("figure.course-figure--as-drawn a.course-figure__open")
        tab.wait_for_selector("dialog.figure-view[open]")
        full_screen = tab.evaluate("getComputedStyle(document.querySelector('dialog.figure-view img')).backgroundColor")
    finally:
        context.close()
        server.shutdown()
    white, shade = "rgb(255, 255, 255)", "rgb(245, 245, 245)"
    if scheme == "dark":
        assert shown["figures"] == [[white, "light", True]] * 2
        assert shown["row"] != shade
    else:
        assert shown["figures"] == [["rgba(0, 0, 0, 0)", "light", True]] * 2
        assert shown["row"] == shade
    assert full_screen == white

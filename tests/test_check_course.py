"""Every problem at once: tools/check_course.py lists every problem of the course's notebooks,
answer files, plan and figures, grouped by file, each with what would be accepted, and the build
stops with the same list; every command a message suggests works."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers import ROOT, build_small_site

TOOL = ROOT / "tools" / "check_course.py"
COURSE = ("[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: a.ipynb, title: {zh: 甲, en: A}}, "
          "{file: b.ipynb, title: {zh: 乙, en: B}}]}]")


def notebook(cells: list[dict], minor: int = 5) -> str:
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": minor})


def markdown(cell_id: str, source: str) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": source}


def code(cell_id: str, source: str, outputs: list | None = None) -> dict:
    return {"cell_type": "code", "id": cell_id, "metadata": {}, "execution_count": 1 if outputs else None,
            "outputs": outputs or [], "source": source}


BROKEN = {
    "index.md": "# 首页\n",
    # outputs left in, and an answer file with a key in no accepted form
    "ch/a.ipynb": notebook([
        markdown("t", "# 甲\n\n![图](images/x.svg)"),
        code("run", "print(1)", [{"output_type": "stream", "name": "stdout", "text": "1\n"}]),
        markdown("q", "## 练习\n\n1. （判断题）对吗？\n"), code("ans", "!cat ./answer/01.01_answer.txt"),
    ]),
    "ch/answer/01.01_answer.txt": "1. 也许\n",
    # an nbformat 3 notebook
    "ch/b.ipynb": json.dumps({"metadata": {}, "nbformat": 3, "nbformat_minor": 0,
                              "worksheets": [{"cells": [{"cell_type": "markdown", "source": "# 乙"}]}]}),
    # a page the plan does not list, and a figure (on page a) in colours outside the palette
    "ch/c.ipynb": notebook([markdown("t", "# 丙")]),
    "ch/images/x.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect fill="#ff0000"/></svg>',
}
EXPECTED = [
    "docs/ch/a.ipynb: cell run has outputs",
    "docs/ch/answer/01.01_answer.txt, question 1: '也许' is not an accepted answer",
    "docs/ch/b.ipynb: nbformat 3.0: an older notebook format",
    "mkdocs.yml: docs/ch/c.ipynb is not in the course plan",
    "docs/ch/images/x.svg: the figure uses colours outside the course palette: #ff0000",
]


def check(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), "-f", str(folder / "mkdocs.yml")],
                          capture_output=True, text=True, encoding="utf-8")


def test_the_command_and_the_build_list_every_problem_grouped_by_file(tmp_path):
    built = build_small_site(tmp_path, BROKEN, COURSE)
    assert built.returncode != 0
    listed = check(tmp_path)
    assert listed.returncode == 1
    report = listed.stdout.strip()
    assert report.splitlines()[0] == "5 problems in 5 files (run tools/check_course.py to list them without building):"
    for problem in EXPECTED:
        assert problem in report
    groups = [line for line in report.splitlines() if line.endswith(":") and not line.startswith(" ")][1:]
    assert groups == sorted(groups) and "docs/ch/a.ipynb:" in groups and "mkdocs.yml:" in groups
    assert report in built.stderr  # the build stops with the same list, whole
    assert "expected: clear them" in report and "expected: nbformat 4" in report  # each with its fix


# One problem of every kind the courses are checked for before a page is built.
EVERY_KIND = {
    "index.md": "# 首页\n",
    "ch/a.ipynb": notebook([
        markdown("t", "# 甲\n\n![a](images/script.svg) <img src=\"images/colour.svg\" alt=\"b\">"),
        markdown("q", "## 练习\n\n1. （单选题）哪个？\n   A. 一\n   B. 二\n"),
        code("ans", "!cat ./answer/01.01_answer.txt"),
    ]),
    "ch/answer/01.01_answer.txt": "1. C\n",  # a key that is not an option
    "ch/images/script.svg": ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                             '<script>alert(1)</script><rect fill="#ffffff"/></svg>'),
    "ch/images/colour.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect fill="#ff0000"/></svg>',
}
EVERY_KIND_COURSE = ("[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: a.ipynb, title: {zh: 甲, en: A}}, "
                     "{file: a.ipynb, title: {zh: 甲二, en: A2}}]}]")  # a section listed twice


def test_the_tool_and_the_build_refuse_the_same_problems_of_every_kind(tmp_path):
    """A symbolic link, a script in an SVG, a colour outside the palette, an answer key that is not
    an option, a section listed twice and an unknown setting: the tool lists all six, and the build
    stops with the very same list (one reading of the courses, course/model.py)."""
    built = build_small_site(tmp_path, EVERY_KIND, EVERY_KIND_COURSE, symlinks={"ch/link.txt": "../../mkdocs.yml"},
                             extra="  enviroments: {zh: 在线环境}\n")
    listed = check(tmp_path)
    assert listed.returncode == 1 and built.returncode != 0
    report = listed.stdout.strip()
    assert report.splitlines()[0].startswith("6 problems in "), report
    for problem in ("docs/ch/link.txt: a symbolic link", "<script>", "colours outside the course palette: #ff0000",
                    "letter C is not among the question's options", "the plan lists ch/a.ipynb twice",
                    "extra: unknown setting 'enviroments'"):
        assert problem in report, problem
    assert report in built.stderr, built.stderr


def test_the_commands_the_messages_suggest_fix_what_they_say(tmp_path):
    """Run the command of the "has outputs" and of the nbformat 3 message, as given (the file in
    place of <file>): both problems are gone, the others stay."""
    from course_site.course.notebooks import CLEAR_COMMAND, UPGRADE

    build_small_site(tmp_path, BROKEN, COURSE)  # writes docs/ and mkdocs.yml
    jupyter = Path(sys.executable).parent
    for command, notebook_name in ((CLEAR_COMMAND, "a.ipynb"), (UPGRADE, "b.ipynb")):
        assert command in check(tmp_path).stdout
        words = command.replace("<file>", str(tmp_path / "docs" / "ch" / notebook_name)).split()
        subprocess.run([str(jupyter / words[0]), *words[1:]], check=True, capture_output=True)
    report = check(tmp_path).stdout
    assert EXPECTED[0] not in report and EXPECTED[2] not in report
    assert all(problem in report for problem in EXPECTED[1:2] + EXPECTED[3:])


def test_a_course_without_problems_says_what_it_checked():
    listed = check(ROOT / "tests" / "fixtures" / "upstream_course")
    assert listed.returncode == 0, listed.stdout
    assert listed.stdout.startswith("No problems in docs/: 1 course, 5 notebooks, 2 Markdown pages, 3 quizzes, 2 reference solutions.")


def test_the_survey_of_an_upstream_checkout(tmp_path):
    """tools/survey_upstream.py on a course in upstream's conventions, imported into a scratch site
    and checked as the build checks it: every notebook accepted as it is, every question a quiz,
    every code solution shown; a refused one is named, with its problem."""
    import shutil

    course = tmp_path / "tutorials" / "course"
    shutil.copytree(ROOT / "tests" / "fixtures" / "upstream_course" / "docs", course)
    survey = [sys.executable, str(ROOT / "tools" / "survey_upstream.py"), str(tmp_path)]
    result = subprocess.run(survey, capture_output=True, text=True, encoding="utf-8")
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip().endswith(
        "4 notebooks: 4 accepted as they are, 0 refused; 8 questions become quizzes, 2 reference solutions are shown.")
    (course / "02_kernels" / "answer" / "01.02_answer.txt").write_text("1. 也许\n", encoding="utf-8")
    result = subprocess.run([*survey, "--problems"], capture_output=True, text=True, encoding="utf-8")
    assert result.returncode == 1
    assert "course/02_kernels/01.02_kernel.ipynb" in result.stdout and "'也许' is not an accepted answer" in result.stdout


def test_a_link_to_another_chapter_is_judged_from_where_the_page_is_published(tmp_path):
    """The check read a page's addresses from the site's root, so a link in a chapter to a sibling
    chapter (`../ch/a.ipynb`, upstream's cross-chapter links, six notebooks of the hub) was "above
    the site's folder" to the check and fine to the build: each now reads them as the build does."""
    course = ("[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: a.ipynb, title: {zh: 甲, en: A}}]}, "
              "{chapter: ch2, title: {zh: 章二, en: Ch2}, sections: [{file: b.ipynb, title: {zh: 乙, en: B}}]}]")
    files = {"index.md": "# 首页\n\n```bash\nls\n```\n", "ch/a.ipynb": notebook([markdown("t", "# 甲")]),
             "ch2/b.ipynb": notebook([markdown("t", '# 乙\n\n[甲](../ch/a.ipynb) <a href="../ch/a.ipynb">甲</a>')])}
    built = build_small_site(tmp_path, files, course)
    assert built.returncode == 0, built.stderr
    listed = subprocess.run([sys.executable, str(TOOL), "-f", str(tmp_path / "mkdocs.yml"), "--notebooks"],
                            capture_output=True, text=True, encoding="utf-8")
    assert listed.returncode == 0, listed.stdout
    assert "2 notebooks: 2 published, 0 left out, 0 refused" in listed.stdout, listed.stdout


def test_an_english_page_and_a_link_to_the_courses_source_are_judged_as_the_build_judges_them(tmp_path):
    """The check read `index.en.md` as published at the root (the i18n plugin publishes it at
    en/index.html), and a link that leaves docs/ as it is written (the build leads it to the course's
    `source` first): the check refused the AutoFuse course's own English home page (its link to the
    offline package, `../…zip`) and two of upstream's READMEs the build publishes."""
    files = {"course.yml": 'title: {zh: "测试课程", en: "Test course"}\nname: test\npalette: true\n'
                           "source: https://gitcode.com/cann/cann-learning-hub/blob/master/tutorials/test\n"
                           f"chapters: {COURSE.replace(', {file: b.ipynb, title: {zh: 乙, en: B}}', '')}\n",
             "index.md": "# 首页\n\n[环境指南](../../docs/guide.md)\n",
             "index.en.md": '# Home\n\n<a href="../ch/a.html">A, in Chinese</a> [guide](../../docs/guide.md)\n',
             "ch/a.ipynb": notebook([markdown("t", "# 甲")])}
    built = build_small_site(tmp_path, files, COURSE)
    assert built.returncode == 0, built.stderr
    assert "https://gitcode.com/cann/cann-learning-hub/blob/master/docs/guide.md" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    listed = check(tmp_path)
    assert listed.returncode == 0, listed.stdout

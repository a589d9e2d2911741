"""Bad input stops the build with one line naming the file (and cell) and what is expected, never
a traceback: broken notebooks, a wrong course plan, content that would load from elsewhere."""

from __future__ import annotations

import json

import pytest

from helpers import build_small_site

COURSE = "[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.ipynb, title: {zh: 页, en: Page}}]}]"


def notebook(*cells, nbformat_minor=5, nbformat=4) -> str:
    return json.dumps({
        "cells": list(cells),
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": nbformat, "nbformat_minor": nbformat_minor,
    })


def markdown(cell_id: str, source: str) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": source}


def failure(tmp_path, files: dict[str, str], course: str = COURSE) -> str:
    result = build_small_site(tmp_path, {"index.md": "# 首页\n", **files}, course)
    assert result.returncode != 0, "the build should have stopped"
    assert "Traceback" not in result.stderr, result.stderr
    return result.stderr


def test_a_notebook_that_is_not_json(tmp_path):
    stderr = failure(tmp_path, {"ch/x.ipynb": '{"cells": [\n  {"cell_type": "markdown",,}\n'})
    assert "docs/ch/x.ipynb: not valid JSON: Expecting property name enclosed in double quotes at line 2, column 28" in stderr


def test_an_nbformat_3_notebook(tmp_path):
    old = json.dumps({"metadata": {}, "nbformat": 3, "nbformat_minor": 0,
                      "worksheets": [{"cells": [{"cell_type": "markdown", "source": "# 页"}]}]})
    stderr = failure(tmp_path, {"ch/x.ipynb": old})
    assert "docs/ch/x.ipynb: nbformat 3.0: its cells have no ids\n  expected: nbformat 4.5 or later" in stderr


def test_an_nbformat_4_4_notebook_without_ids(tmp_path):
    cell = {"cell_type": "markdown", "metadata": {}, "source": "# 页"}
    stderr = failure(tmp_path, {"ch/x.ipynb": notebook(cell, nbformat_minor=4)})
    assert "docs/ch/x.ipynb: nbformat 4.4: its cells have no ids" in stderr


def test_two_cells_with_one_id(tmp_path):
    stderr = failure(tmp_path, {"ch/x.ipynb": notebook(markdown("intro", "# 页"), markdown("intro", "正文"))})
    assert "docs/ch/x.ipynb: two cells have the id 'intro' (the second is cell 2)" in stderr


def test_a_cell_with_outputs(tmp_path):
    code = {"cell_type": "code", "id": "run", "metadata": {}, "execution_count": 1, "source": "print(1)",
            "outputs": [{"output_type": "stream", "name": "stdout", "text": "1\n"}]}
    stderr = failure(tmp_path, {"ch/x.ipynb": notebook(markdown("t", "# 页"), code)})
    assert "docs/ch/x.ipynb: cell run has outputs\n  expected: clear them" in stderr


def test_a_second_first_level_heading(tmp_path):
    stderr = failure(tmp_path, {"ch/x.ipynb": notebook(markdown("t", "# 页"), markdown("q", "# 练习题\n\n正文"))})
    assert ("docs/ch/x.ipynb: the page has 2 first-level headings: '页', '练习题'\n"
            "  expected: one title (`# 页`); the page's parts are `## …` headings") in stderr


def test_a_mermaid_diagram(tmp_path):
    stderr = failure(tmp_path, {"ch/x.ipynb": notebook(markdown("t", "# 页\n\n```mermaid\ngraph LR; A-->B\n```"))})
    assert "docs/ch/x.ipynb: cell t has a Mermaid diagram" in stderr


def test_a_plan_entry_naming_a_translation(tmp_path):
    files = {"ch/x.ipynb": notebook(markdown("t", "# 页")), "ch/x.en.ipynb": notebook(markdown("t", "# Page"))}
    course = COURSE.replace("file: x.ipynb", "file: x.en.ipynb")
    stderr = failure(tmp_path, files, course)
    assert "mkdocs.yml: extra.course names ch/x.en.ipynb, a translation\n  expected: the zh file, ch/x.ipynb" in stderr


def test_a_section_listed_twice(tmp_path):
    course = COURSE.replace("}]}]", "}, {file: x.ipynb, title: {zh: 又一页, en: Again}}]}]")
    stderr = failure(tmp_path, {"ch/x.ipynb": notebook(markdown("t", "# 页"))}, course)
    assert "mkdocs.yml: extra.course lists ch/x.ipynb twice" in stderr


def test_every_problem_of_the_plan_is_named_at_once(tmp_path):
    """The review's U8 and C1: a third language without titles was reported one field per build
    (starting with a summary), and two pages with one title passed."""
    from course_site.languages import Languages
    from course_site.plan import read_plan
    from course_site.errors import SiteError

    (tmp_path / "ch").mkdir()
    for name in ("a.ipynb", "b.ipynb"):
        (tmp_path / "ch" / name).write_text("{}", encoding="utf-8")
    languages = Languages("zh", ("zh", "en", "fr"), {"zh": "中文", "en": "English", "fr": "Français"})
    extra = {"course": [{"chapter": "ch", "title": {"zh": "章", "en": "Ch"}, "summary": {"zh": "概要", "en": "Summary"},
                         "sections": [{"file": "a.ipynb", "title": {"zh": "页", "en": "Page", "fr": "Page"}},
                                      {"file": "b.ipynb", "title": {"zh": "页", "en": "Other"}}]}]}
    with pytest.raises(SiteError) as error:
        read_plan(extra, languages, tmp_path)
    lines = str(error.value).splitlines()
    assert lines[0] == "mkdocs.yml: the course plan has 4 problems:"
    assert [line.split(" (expected")[0].split(": {")[0] for line in lines[1:]] == [
        "  extra.course, chapter ch has no summary in fr",
        "  extra.course, chapter ch, section b.ipynb has no title in fr",
        "  extra.course, chapter ch has no title in fr",
        "  the zh title '页' is used by ch/a.ipynb and ch/b.ipynb",
    ]


@pytest.mark.parametrize("html, loaded", [
    ('<img alt="x" src="https://example.com/x.png">', "<img> loads https://example.com/x.png from outside the site"),
    ('<iframe src="https://example.com/"></iframe>', "a <iframe> element in the content would load"),
    ('<link rel="stylesheet" href="//cdn.example/x.css">', "a <link> element in the content would load"),
])
def test_content_that_would_load_from_elsewhere(tmp_path, html, loaded):
    stderr = failure(tmp_path, {"ch/x.ipynb": notebook(markdown("t", f"# 页\n\n{html}\n"))})
    assert f"docs/ch/x.ipynb: {loaded}" in stderr


def test_script_attributes_are_taken_out(tmp_path):
    files = {"ch/x.ipynb": notebook(markdown("t", '# 页\n\n<img alt="x" src="x.svg" onerror="alert(1)">\n'
                                                  '<a href="javascript:alert(2)">链接</a>\n')),
             "ch/x.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>'}
    result = build_small_site(tmp_path, {"index.md": "# 首页\n", **files}, COURSE)
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "site" / "ch" / "x.html").read_text(encoding="utf-8")
    assert "alert(" not in page


GLOSSARY_ENTRY = """  - id: {id}
    zh: {{term: "{zh}", definition: "定义"}}
    en: {{term: "{en}", definition: "A definition."}}
"""


def glossary_problem(tmp_path, text: str) -> str:
    from course_site.errors import SiteError
    from course_site.glossary import read_glossary

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "glossary.yml").write_text(text, encoding="utf-8")
    with pytest.raises(SiteError) as error:
        read_glossary(docs, ("zh", "en"))
    return str(error.value)


def test_a_key_written_twice_in_a_glossary_entry_is_named_not_dropped(tmp_path):
    """The review's D2: PyYAML kept the second `definition:` and lost the first without a word."""
    text = 'terms:\n  - id: a\n    zh: {term: "甲", definition: "第一", definition: "第二"}\n    en: {term: "A", definition: "x"}\n'
    message = glossary_problem(tmp_path, text)
    assert message.startswith("docs/glossary.yml: not valid YAML: ")
    assert "the key 'definition' appears twice in one mapping (lines 3 and 3)" in message


def test_glossary_problems_are_named_apart_and_all_at_once(tmp_path):
    """The review's U3 and D2: one 400-character line for two problems, and two entries with one
    heading accepted."""
    text = "terms:\n" + "".join(GLOSSARY_ENTRY.format(id=i, zh=zh, en=en) for i, zh, en in [
        ("ascbackend", "AscBackend", "AscBackend"), ("ascend-c", "AscBackend", "Ascend C"), ("ascbackend", "甲", "A"),
    ]) + '  - zh: {term: "乙", definition: "定义"}\n'
    assert glossary_problem(tmp_path, text) == (
        "docs/glossary.yml: 3 problems:\n"
        "  the id 'ascbackend' is used by entries 1 and 3\n"
        "  entry 4 has no id\n"
        "  the zh term 'AscBackend' is the heading of entries ascbackend and ascend-c"
    )


def test_a_placeholder_the_code_does_not_give_stops_the_build_naming_it():
    """The review's F11: "{key: value}" in a strings entry raised a bare KeyError from str.format."""
    from course_site.errors import SiteError
    from course_site.strings import fill

    assert fill("Holds {notebook} (a dict {key: value})", notebook="x.ipynb") == "Holds x.ipynb (a dict {key: value})"
    with pytest.raises(SiteError) as error:
        fill("Holds {notebook} for {reader}", notebook="x.ipynb")
    assert str(error.value) == (
        "a strings table (overrides/course_site/strings/): the string 'Holds {notebook} for {reader}' names {reader}\n"
        "  expected: only {notebook} here"
    )

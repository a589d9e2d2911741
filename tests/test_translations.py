"""Translations that say when they are out of date (issue 13).

- the records and fingerprints (overrides/course_site/course/translations.py): exact pairs;
- the files an outdated page shows, and git's dates (translation_status.py);
- the whole cycle on the fixture course tests/fixtures/translation_site, in a git repository of
  its own: a re-run in Jupyter and whitespace-only edits change nothing; a changed Chinese cell
  puts a notice on the English page naming the cell under its heading, and the report lists it;
  marking the translation done takes the notice away.  The notice in Chromium, both schemes,
  axe clean;
- the zh/en answer-key check stays an error whatever the records say.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import ROOT, TRANSLATION_SITE, axe_violations, build_site, build_small_site, soup

import browsing  # tools/browsing.py (helpers puts tools/ on the path)
from course_site.course import translation_status, translations
from course_site.errors import SiteError
from course_site.languages import Languages
from course_site.course.translations import Changes, Record

LANGUAGES = Languages("zh", ("zh", "en"), {"zh": "中文", "en": "English"})
TOOL = ROOT / "tools" / "translations.py"


def notebook(*cells: dict, **metadata) -> dict:
    return {"cells": list(cells), "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


def markdown_cell(cell_id: str, source, **metadata) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": metadata, "source": source}


def code_cell(cell_id: str, source, tags=(), outputs=(), execution_count=None, **metadata) -> dict:
    if tags:
        metadata["tags"] = list(tags)
    return {"cell_type": "code", "id": cell_id, "metadata": metadata, "source": source,
            "outputs": list(outputs), "execution_count": execution_count}


# ---------------------------------------------------------------------------
# Fingerprints


@pytest.mark.parametrize("text, expected", [
    ("a  \nb\t\n", "a\nb"),
    ("a\r\nb\rc", "a\nb\nc"),
    ("\n\n  \na\n\n\n\nb\n\n", "a\n\nb"),
    ("    indented\n  - item", "    indented\n  - item"),
    ("中文\u3000\n", "中文"),
])
def test_normalised_text_keeps_what_changes_meaning(text, expected):
    assert translations.normalise_text(text) == expected


def test_a_text_fingerprint_is_sixteen_hex_digits_of_sha256():
    assert translations.text_fingerprint("1. √\n解析：对。\n") == "7231148f90bb3a7d"
    assert translations.text_fingerprint("1. √  \r\n解析：对。\r\n\r\n") == "7231148f90bb3a7d"
    assert translations.text_fingerprint("1. √\n解析：错。\n") != "7231148f90bb3a7d"


def test_a_notebook_record_has_each_cell_and_the_whole():
    nb = notebook(markdown_cell("intro", "# 标题"), code_cell("run", "print(1)", tags=["run-at-build"]))
    assert translations.notebook_record(nb) == Record("d5dd667a44775bb0", {"intro": "4ec291f31f0b", "run": "6ee60c9c09bf"})


def test_a_run_in_jupyter_does_not_change_a_cells_fingerprint():
    cleared = code_cell("run", "x = 1\nprint(x)")
    run = code_cell("run", ["x = 1  \n", "print(x)\n"], execution_count=3, scrolled=True,
                    execution={"iopub.status.busy": "2025-03-14T10:00:00Z"},
                    outputs=[{"output_type": "stream", "name": "stdout", "text": ["1\n"]}])
    assert translations.cell_fingerprint(run) == translations.cell_fingerprint(cleared)


def test_the_run_at_build_tag_counts_and_other_tags_do_not():
    plain = translations.cell_fingerprint(code_cell("c", "print(1)"))
    assert translations.cell_fingerprint(code_cell("c", "print(1)", tags=["hide-input"])) == plain
    assert translations.cell_fingerprint(code_cell("c", "print(1)", tags=["run-at-build"])) != plain


def test_a_cells_type_and_attachments_count():
    text = translations.cell_fingerprint(markdown_cell("c", "x = 1"))
    assert translations.cell_fingerprint(code_cell("c", "x = 1")) != text
    attached = dict(markdown_cell("c", "x = 1"), attachments={"a.png": {"image/png": "iVBOR"}})
    assert translations.cell_fingerprint(attached) != text


def test_notebook_metadata_does_not_count_but_cell_order_does():
    a, b = markdown_cell("a", "# A"), markdown_cell("b", "B")
    record = translations.notebook_record(notebook(a, b))
    assert translations.notebook_record(notebook(a, b, language_info={"version": "3.11.4"})) == record
    moved = translations.notebook_record(notebook(b, a))
    assert moved.fingerprint != record.fingerprint and dict(moved.cells) == dict(record.cells)


# ---------------------------------------------------------------------------
# Comparing


def test_an_unchanged_original_leaves_its_translation_up_to_date():
    record = Record("f" * 16, {"a": "1", "b": "2"})
    assert translations.compare(record, Record("f" * 16, {"b": "2", "a": "1"})) is None


def test_changed_added_and_removed_cells_in_the_originals_order():
    recorded = Record("old", {"a": "1", "b": "2", "gone": "3"})
    current = Record("new", {"new": "9", "b": "5", "a": "1"})
    assert translations.compare(recorded, current) == Changes(changed=("b",), added=("new",), removed=("gone",))


def test_the_same_cells_in_another_order_are_reordered():
    assert translations.compare(Record("old", {"a": "1", "b": "2"}), Record("new", {"b": "2", "a": "1"})) == Changes(reordered=True)


def test_a_changed_text_file_has_no_cells():
    assert translations.compare(Record("old"), Record("new")) == Changes()


# ---------------------------------------------------------------------------
# Where records are kept


def test_a_notebook_keeps_its_record_in_its_metadata_in_nbformats_layout():
    text = json.dumps(notebook(markdown_cell("a", ["# A"]), kernelspec={"name": "python3"}), indent=1, sort_keys=True) + "\n"
    written = translations.with_record("x.en.ipynb", text, Record("0123456789abcdef", {"a": "aaaaaaaaaaaa"}))
    assert written == (
        '{\n "cells": [\n  {\n   "cell_type": "markdown",\n   "id": "a",\n   "metadata": {},\n   "source": [\n'
        '    "# A"\n   ]\n  }\n ],\n "metadata": {\n  "kernelspec": {\n   "name": "python3"\n  },\n'
        '  "translation_of": {\n   "cells": {\n    "a": "aaaaaaaaaaaa"\n   },\n   "fingerprint": "0123456789abcdef"\n  }\n'
        ' },\n "nbformat": 4,\n "nbformat_minor": 5\n}\n'
    )
    assert translations.read_record("x.en.ipynb", written, {}) == Record("0123456789abcdef", {"a": "aaaaaaaaaaaa"})
    assert translations.read_record("x.en.ipynb", text, {}) is None


@pytest.mark.parametrize("text, expected", [
    ("# Notes\n", '---\ntranslation_of: "0123456789abcdef"\n---\n\n# Notes\n'),
    ("---\ndescription: Notes.\n---\n\n# Notes\n",
     '---\ndescription: Notes.\ntranslation_of: "0123456789abcdef"\n---\n\n# Notes\n'),
    ('---\ntranslation_of: "1111111111111111"\ntitle: Notes\n---\n# Notes\n',
     '---\ntitle: Notes\ntranslation_of: "0123456789abcdef"\n---\n# Notes\n'),
])
def test_a_markdown_page_keeps_its_record_in_its_front_matter(text, expected):
    written = translations.with_record("page.en.md", text, Record("0123456789abcdef"))
    assert written == expected
    assert translations.read_record("page.en.md", written, {}) == Record("0123456789abcdef")


def test_a_fingerprint_of_digits_only_stays_a_string():
    assert translations.read_record("p.en.md", '---\ntranslation_of: "1234567890123456"\n---\n', {}) == Record("1234567890123456")


def test_answers_and_figures_keep_their_records_in_the_folders_sidecar():
    text = translations.sidecar_text({"b.en.svg": "2222222222222222", "a.en.svg": "1111111111111111"})
    assert text == translations.SIDECAR_HEADER + 'a.en.svg: "1111111111111111"\nb.en.svg: "2222222222222222"\n'
    entries = translations.read_sidecar(text, "docs/ch/images/translations.yml")
    assert translations.read_record("ch/images/b.en.svg", None, entries) == Record("2222222222222222")
    assert translations.read_record("ch/images/c.en.svg", None, entries) is None


def test_a_broken_sidecar_is_named():
    with pytest.raises(SiteError, match="docs/ch/answer/translations.yml: not a translations file"):
        translations.read_sidecar("- a list\n", "docs/ch/answer/translations.yml")


# ---------------------------------------------------------------------------
# Headings and the files a page shows


def test_each_cell_falls_under_the_heading_its_first_line_is_under():
    nb = notebook(
        markdown_cell("intro", "# 1.2 标题\n\n导言。"),
        markdown_cell("text", "正文，在标题下面。\n\n## 1. 第一节"),
        code_cell("code", "# 不是标题"),
        markdown_cell("fenced", "```bash\n# 也不是标题\n```"),
        markdown_cell("second", "\n## 2. 第二节  \n\n### 2.1 小节"),
        markdown_cell("after", "文字。"),
    )
    assert translations.cell_headings(nb) == {
        "intro": "# 1.2 标题", "text": "# 1.2 标题", "code": "## 1. 第一节", "fenced": "## 1. 第一节",
        "second": "## 2. 第二节", "after": "### 2.1 小节",
    }


def test_a_page_shows_its_answer_file_and_figures():
    nb = notebook(
        markdown_cell("chain", "![A chain](./images/chain.en.svg)\n\n![Far](https://example.com/x.svg)"),
        code_cell("answer", "!cat ./answer/99.02_answer.en.txt"),
    )
    assert translation_status.page_uses("ch/chain.en.ipynb", json.dumps(nb)) == [
        ("figure", "ch/images/chain.en.svg", "chain"), ("answers", "ch/answer/99.02_answer.en.txt", "answer"),
    ]
    assert translation_status.page_uses("ch/notes.en.md", "![Chain](images/chain.en.svg)\n") == [
        ("figure", "ch/images/chain.en.svg", None),
    ]


# ---------------------------------------------------------------------------
# git


def git(repository: Path, *arguments: str, date: str | None = None) -> str:
    env = dict(os.environ, GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
    if date:
        env.update(GIT_AUTHOR_DATE=f"{date}T10:00:00+00:00", GIT_COMMITTER_DATE=f"{date}T10:00:00+00:00")
    result = subprocess.run(
        ["git", "-c", "user.name=Course Tests", "-c", "user.email=tests@example.com", "-c", "commit.gpgsign=false",
         *arguments], cwd=repository, env=env, capture_output=True, text=True, encoding="utf-8", check=True,
    )
    return result.stdout


def commit(repository: Path, message: str, date: str) -> None:
    git(repository, "add", "-A")
    git(repository, "commit", "-q", "-m", message, date=date)


def test_the_date_is_that_of_the_first_change_after_the_recorded_version(tmp_path):
    git(tmp_path, "init", "-q")
    path = tmp_path / "a.txt"
    for text, date in (("one\n", "2025-01-01"), ("two\n", "2025-02-01"), ("two  \n", "2025-02-15"), ("three\n", "2025-03-01")):
        path.write_text(text, encoding="utf-8")
        commit(tmp_path, text, date)
    history = translation_status.GitHistory(tmp_path)
    one = translations.text_fingerprint("one")
    date, base = history.since(path, one, translations.text_fingerprint)
    assert date == "2025-02-01"
    assert base == git(tmp_path, "rev-list", "--max-count=1", "--before=2025-01-02", "HEAD").strip()
    path.write_text("four\n", encoding="utf-8")  # not committed: the dates are still those of the commits
    assert history.since(path, translations.text_fingerprint("three"), translations.text_fingerprint)[0] is None
    assert history.since(path, "no such version", translations.text_fingerprint) == ("2025-01-01", None)


def test_without_git_there_are_no_dates(tmp_path):
    history = translation_status.GitHistory(tmp_path)
    assert history.root is None and history.versions(tmp_path / "a.txt") == []


# ---------------------------------------------------------------------------
# The cycle on the fixture course


@dataclass
class Stage:
    site: Path
    log: str
    report: str
    report_status: int
    report_before_clearing: str = ""  # the rerun stage: outputs still in the notebook


def run_tool(root: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), "-f", str(root / "mkdocs.yml"), *arguments],
                          cwd=root, capture_output=True, text=True, encoding="utf-8")


def edit_notebook(path: Path, change) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    change(nb)
    path.write_text(json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def set_cell(cell_id: str, source: str):
    def change(nb):
        next(c for c in nb["cells"] if c["id"] == cell_id)["source"] = source
    return change


def rerun_in_jupyter(nb) -> None:
    """What opening, running and saving in JupyterLab does, plus an author's stray whitespace."""
    nb["metadata"]["language_info"] = {"name": "python", "version": "3.11.4", "mimetype": "text/x-python"}
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    for count, cell in enumerate(nb["cells"], start=1):
        source = "".join(cell["source"])
        cell["source"] = source.replace("\n", "  \r\n") + "\n\n"  # trailing spaces, CRLF, blank lines
        cell["metadata"]["collapsed"] = False
        if cell["cell_type"] == "code":
            cell["execution_count"] = count
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["A -> B -> C\n"]}]


def clear_outputs(nb) -> None:
    """What `jupyter nbconvert --clear-output` does before a commit (AUTHORING.md, 3.1): the build
    refuses outputs, so only the report sees the notebook as Jupyter saved it."""
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None


def build_stage(root: Path, name: str) -> Stage:
    site = root.parent / f"site-{name}"
    result = build_site(root / "mkdocs.yml", site, root.parent / "cache")
    report = run_tool(root, "report", "--check")
    return Stage(site, result.stdout + result.stderr, report.stdout, report.returncode)


@pytest.fixture(scope="module")
def cycle(tmp_path_factory) -> dict[str, Stage]:
    root = tmp_path_factory.mktemp("translation_cycle") / "course"
    shutil.copytree(TRANSLATION_SITE / "docs", root / "docs")
    (root / "mkdocs.yml").write_text(
        f"INHERIT: {TRANSLATION_SITE / 'mkdocs.yml'}\ndocs_dir: docs\ntheme:\n  custom_dir: {ROOT / 'overrides'}\n"
        f"hooks:\n  - {ROOT / 'overrides' / 'course_site' / 'hook.py'}\n", encoding="utf-8")
    git(root, "init", "-q")
    commit(root, "A course with every translation recorded", "2025-01-10")
    docs = root / "docs" / "ch"
    stages = {}

    # Someone runs the Chinese notebook in Jupyter and saves it; stray whitespace everywhere else.
    edit_notebook(docs / "chain.ipynb", rerun_in_jupyter)
    for name in ("notes.md", "answer/99.02_answer.txt", "images/chain.svg"):
        path = docs / name
        text = path.read_text(encoding="utf-8").replace("\n\n", "\n\n\n").replace("\n", " \t\n")
        path.write_text(text + "\n\n", encoding="utf-8")
    before_clearing = run_tool(root, "report", "--check")
    edit_notebook(docs / "chain.ipynb", clear_outputs)
    commit(root, "Run the notebook; whitespace", "2025-02-01")
    stages["rerun"] = build_stage(root, "rerun")
    stages["rerun"].report_before_clearing = f"{before_clearing.returncode}\n{before_clearing.stdout}"

    # A fix lands in Chinese: a cell and the Markdown page; a week later the answers and the figure.
    edit_notebook(docs / "chain.ipynb", set_cell("rules", "## 2. 规则\n\n相邻的算子可以合并，合并后中间结果不再写回内存。"))
    (docs / "notes.md").write_text((docs / "notes.md").read_text(encoding="utf-8") + "\n再补充一句。\n", encoding="utf-8")
    commit(root, "2. 规则: say what merging saves", "2025-03-14")
    answers = docs / "answer" / "99.02_answer.txt"
    answers.write_text(answers.read_text(encoding="utf-8").replace("A 与该节相反。", "A 说的恰好相反。"), encoding="utf-8")
    figure = docs / "images" / "chain.svg"
    figure.write_text(figure.read_text(encoding="utf-8").replace("#6e7781", "#4b5563"), encoding="utf-8")
    commit(root, "Answers and figure", "2025-03-20")
    stages["changed"] = build_stage(root, "changed")

    # The translator brings the English files up to date and marks them done.
    edit_notebook(docs / "chain.en.ipynb", set_cell("rules", "## 2. Rules\n\nNeighbouring operators can be merged; "
                                                               "the intermediate results then stay out of memory."))
    marked = run_tool(root, "done", "docs/ch")
    assert marked.returncode == 0, marked.stderr
    commit(root, "Translation up to date", "2025-04-02")
    stages["done"] = build_stage(root, "done")
    stages["done"].log += marked.stdout
    return stages


def notice(stage: Stage, page: str):
    return soup(stage.site / page).select_one(".outdated-notice")


def test_a_rerun_in_jupyter_and_whitespace_changes_leave_every_translation_up_to_date(cycle):
    stage = cycle["rerun"]
    assert [notice(stage, page) for page in ("en/ch/chain.html", "en/ch/notes.html")] == [None, None]
    assert stage.report_status == 0, stage.report
    assert stage.report.splitlines()[-1] == "5 files: 5 up to date, 0 outdated, 0 missing, 0 no record"
    # with the outputs, execution counts and metadata of the run still in the notebook
    status, *lines = stage.report_before_clearing.splitlines()
    assert (status, lines[-1]) == ("0", "5 files: 5 up to date, 0 outdated, 0 missing, 0 no record")


def test_a_changed_chinese_cell_puts_a_notice_on_the_english_page(cycle):
    found = notice(cycle["changed"], "en/ch/chain.html")
    assert found is not None
    title = found.find_previous_sibling(["h1", "hgroup"])  # under the page's title (with its chapter)
    assert title is not None and (title.name == "h1" or title.h1 is not None)
    assert found.select_one("time")["datetime"] == "2025-03-14"  # the first change after the record
    assert " ".join(found.get_text(" ", strip=True).split()) == (
        "This translation is behind its original "
        "The Chinese original of this page changed on 2025-03-14 ; those changes are not in this translation yet. "
        "Open the Chinese page "
        "What changed: "
        "1. Three operators : the figure chain.svg "
        "2. Rules : cell rules "
        "3. Exercises : the answers, 99.02_answer.txt"
    )
    assert [a["href"] for a in found.select("a")] == ["../../ch/chain.html", "#1-three-operators", "#2-rules", "#3-exercises"]
    assert notice(cycle["changed"], "ch/chain.html") is None  # the original says nothing


def test_a_changed_markdown_page_says_so_without_a_list(cycle):
    found = notice(cycle["changed"], "en/ch/notes.html")
    assert found.select_one("time")["datetime"] == "2025-03-14" and found.select_one("ul") is None


def test_the_report_lists_the_changed_cell_and_fails_on_request(cycle):
    stage = cycle["changed"]
    assert stage.report_status == 1
    lines = stage.report.splitlines()
    chain = lines.index("docs/ch/chain.en.ipynb              outdated since 2025-03-14")
    assert lines[chain + 1] == '    cell rules changed, under "## 2. 规则"'
    assert lines[chain + 2].startswith("    see how: git diff ") and lines[chain + 2].endswith(" -- docs/ch/chain.ipynb")
    assert "docs/ch/answer/99.02_answer.en.txt  outdated since 2025-03-20" in lines
    assert "docs/ch/images/chain.en.svg         outdated since 2025-03-20" in lines
    assert "5 files: 1 up to date, 4 outdated, 0 missing, 0 no record" in lines


def test_the_build_logs_outdated_translations_and_does_not_fail(cycle):
    log = cycle["changed"].log
    assert ("INFO    -  docs/ch/chain.en.ipynb is behind docs/ch/chain.ipynb since 2025-03-14, cells rules: "
            "its page says so; when it is updated, run tools/translations.py done docs/ch/chain.en.ipynb") in log
    assert "WARNING" not in log


def test_marking_the_translation_done_takes_the_notice_away(cycle):
    stage = cycle["done"]
    assert "recorded: docs/ch/chain.en.ipynb matches docs/ch/chain.ipynb" in stage.log
    assert [notice(stage, page) for page in ("en/ch/chain.html", "en/ch/notes.html")] == [None, None]
    assert stage.report_status == 0, stage.report


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_notice_in_a_browser(cycle, visit, scheme):
    from playwright.sync_api import expect

    server = browsing.serve(cycle["changed"].site)
    try:
        base = browsing.base_url(server)
        record = visit(base + "en/ch/chain.html", base, color_scheme=scheme)
        page = record.page
        box = page.locator(".outdated-notice")
        expect(box).to_be_visible()
        expect(box.get_by_role("link", name="Open the Chinese page")).to_be_visible()
        assert [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")] == []
        box.get_by_role("link", name="2. Rules").click()
        expect(page.locator('[id="2-rules"]')).to_be_in_viewport()
        assert record.console_errors == [] and record.outside_requests == []
    finally:
        server.shutdown()


# ---------------------------------------------------------------------------
# What the records do not change


NOTEBOOK_WITH_EXERCISE = {
    "zh": ("## 练习\n\n1. （单选题）选哪一项？\n   - A. 甲\n   - B. 乙\n\n**运行下面的代码查看答案。**", "99.03_answer.txt"),
    "en": ("## Exercises\n\n1. (Single choice) Which one?\n   - A. A\n   - B. B\n\n**Run the next cell to see the answers.**",
           "99.03_answer.en.txt"),
}


def test_answer_keys_that_differ_stop_the_build_whatever_the_records_say(tmp_path):
    zh_answers = "1. B\n解析：乙。\n"
    files = {"index.md": "# 首页\n", "ch/answer/99.03_answer.txt": zh_answers,
             "ch/answer/99.03_answer.en.txt": "1. A\nExplanation: A.\n",
             "ch/answer/translations.yml": translations.sidecar_text(
                 {"99.03_answer.en.txt": translations.text_fingerprint(zh_answers)})}
    for language, (exercise, answers) in NOTEBOOK_WITH_EXERCISE.items():
        nb = notebook(markdown_cell("exercise", exercise), code_cell("answer", f"!cat ./answer/{answers}"),
                      kernelspec={"name": "python3", "display_name": "Python 3", "language": "python"})
        name = "ch/x.ipynb" if language == "zh" else "ch/x.en.ipynb"
        files[name] = json.dumps(nb, ensure_ascii=False)
    original = translations.record_of("ch/x.ipynb", files["ch/x.ipynb"])
    files["ch/x.en.ipynb"] = translations.with_record("ch/x.en.ipynb", files["ch/x.en.ipynb"], original)
    result = build_small_site(
        tmp_path, files, course="[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.ipynb, title: {zh: 页, en: Page}}]}]")
    assert result.returncode != 0
    assert "docs/ch/x.ipynb and docs/ch/x.en.ipynb, question 1: the answers differ: zh B, en A" in result.stderr


def test_a_notebook_with_other_cells_than_its_original_cannot_be_marked_done(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "x.ipynb").write_text(json.dumps(notebook(markdown_cell("a", "# 甲"), markdown_cell("b", "乙"))), encoding="utf-8")
    (docs / "x.en.ipynb").write_text(json.dumps(notebook(markdown_cell("a", "# A"))), encoding="utf-8")
    with pytest.raises(SiteError, match=r"docs/x.en.ipynb: its cells are not those of docs/x.ipynb"):
        translation_status.mark_done(docs, LANGUAGES, "x.en.ipynb")
    with pytest.raises(SiteError, match=r"docs/x.ipynb: this is an original, not a translation"):
        translation_status.mark_done(docs, LANGUAGES, "x.ipynb")


def test_the_documents_describe_the_records_and_commands_the_code_uses():
    """Issue 13: AUTHORING.md (section 9) explains the workflow to the author of the Chinese original
    and to the translator, with the record's real places and the tool's real commands; the README
    gives the commands too."""
    import re

    help_text = subprocess.run([sys.executable, str(TOOL), "--help"], capture_output=True, text=True, check=True).stdout
    commands = re.search(r"\{([\w,]+)\}", help_text)[1].split(",")
    assert "report" in commands and "done" in commands
    authoring = (ROOT / "AUTHORING.md").read_text(encoding="utf-8")
    section = authoring[authoring.index("## 9. Translations"):authoring.index("\n## 10.")]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name, text in (("AUTHORING.md, section 9", section), ("README.md", readme)):
        missing = [f"tools/translations.py {command}" for command in commands if f"tools/translations.py {command}" not in text]
        assert missing == [] and "report --check" in text, f"{name} does not mention {missing or 'report --check'}"
    for needed in (f"`{translations.KEY}`", f"`{translations.SIDECAR}`", "When you change a Chinese original",
                   "When you bring a translation up to date"):
        assert needed in section, f"AUTHORING.md, section 9, does not mention {needed}"


def test_tools_read_the_languages_the_build_uses():
    """tools/translations.py reads the languages as the build does: the i18n plugin's, from one place."""
    import translations as tool

    _, languages = tool.read_site(ROOT / "mkdocs.yml")
    assert languages == Languages("zh", ("zh", "en"), {"zh": "中文", "en": "English"})

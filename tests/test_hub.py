"""Courses of cann-learning-hub on one site, as their authors write them: the two courses of a
checkout in upstream's conventions (tests/fixtures/upstream_hub), brought in by
tools/import_course.py beside the upstream_course fixture's own course (conftest._upstream_course),
and built strict.  Upstream's files are never edited: the import writes only each course's plan."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import yaml

from helpers import ROOT, UPSTREAM_HUB, soup

BASICS = "op_basics"
ADVANCED = "op_advanced"


def scratch(site: Path) -> Path:
    """The folder the fixture's site was imported into and built from (conftest._upstream_course)."""
    return site.parent / "upstream_course"


def plan_of(site: Path, course: str) -> dict:
    return yaml.safe_load((scratch(site) / "docs" / course / "course.yml").read_text(encoding="utf-8"))


def article(site: Path, page: str):
    return soup(site / page).select_one("article")


def test_upstream_files_are_copied_as_they_are(upstream_course_dir):
    """Every file of each course folder, byte for byte; the import adds only the plan."""
    for course in (BASICS, ADVANCED):
        source = UPSTREAM_HUB / "tutorials" / course
        copied = scratch(upstream_course_dir) / "docs" / course
        upstream = sorted(p.relative_to(source).as_posix() for p in source.rglob("*") if p.is_file())
        assert sorted(p.relative_to(copied).as_posix() for p in copied.rglob("*") if p.is_file()) == sorted(upstream + ["course.yml"])
        assert all((copied / name).read_bytes() == (source / name).read_bytes() for name in upstream)


def test_the_plan_is_written_from_the_readme_and_the_notebooks(upstream_course_dir):
    """Chapter titles from the headings above the README's tables, summaries from the paragraph
    under them or the chapter README's overview, section titles from the rows, a row without a
    notebook coming soon; every English text the Chinese one, marked untranslated; the CANN
    version and the online environments' anchor from the README; the course added to extra.courses."""
    plan = plan_of(upstream_course_dir, BASICS)
    untranslated = {"untranslated": ["en"]}
    assert plan["title"] == {"zh": "算子开发入门（测试课程）", "en": "算子开发入门（测试课程）", **untranslated}
    assert (plan["name"], plan["cann_version"], plan["environments"]) == (BASICS, "9.0.0", {"zh": "在线体验环境", "en": "在线体验环境"})
    assert plan["repository"] == "https://gitcode.com/cann/cann-learning-hub"
    first, second = plan["chapters"]
    assert (first["chapter"], first["title"]["zh"], first["summary"]["zh"]) == ("01_basics", "第一章：算子基础", "本章介绍算子的基本概念。")
    # The chapter's README, which upstream's folder shows first, is its first page.
    assert [(s.get("file"), s["title"]["zh"]) for s in first["sections"]] == [
        ("README.md", "第1章 算子基础"), ("01.01_chapter_intro.ipynb", "1.1 章节介绍"), ("01.02_concepts.ipynb", "1.2 算子概念"),
        ("01.03_chapter_practice.ipynb", "1.3 章节练习")]
    assert [(s.get("file"), s["title"]["zh"]) for s in second["sections"]] == [
        ("02.01_chapter_intro.ipynb", "2.1 章节介绍"), (None, "2.2 性能调优"), ("02.03_chapter_test.ipynb", "2.3 章节实践")]
    assert all(s["title"]["untranslated"] == ["en"] and s["title"]["en"] == s["title"]["zh"] for s in first["sections"])
    # No table in the second course's README: its titles are its notebooks' first headings.
    advanced = plan_of(upstream_course_dir, ADVANCED)
    assert [s["title"]["zh"] for s in advanced["chapters"][0]["sections"]] == ["章节介绍", "章节练习"]
    config = (scratch(upstream_course_dir) / "mkdocs.yml").read_text(encoding="utf-8")
    assert 'courses: [".", "op_basics", "op_advanced"]' in config


def test_a_refused_notebook_is_left_out_with_the_fix_and_its_chapter_stands(upstream_course_dir):
    """02.03's question list has no type marker (an upstream defect): the import leaves it out with
    the check's words; the site publishes the rest of its chapter, and the link of the chapter's
    introduction to it is text with "not published yet", in both languages."""
    section = plan_of(upstream_course_dir, BASICS)["chapters"][1]["sections"][2]
    assert "question 1: the question has no type marker" in section["left_out"]
    assert "（判断题） （单选题） （多选题） （填空题）" in section["left_out"]
    site = upstream_course_dir
    assert not list(site.rglob("02.03_chapter_test.html"))
    for page, note in (("op_basics/02_practice/02.01_chapter_intro.html", "尚未发布"),
                       ("en/op_basics/02_practice/02.01_chapter_intro.html", "Not published yet")):
        text = article(site, page)
        assert not text.select('a[href*="02.03"]')
        assert [(s.get_text(), s.find_next_sibling("span").get_text()) for s in text.select(".course-unpublished")] == [
            ("编译自定义算子", note)]
        navigation = soup(site / page).select(".md-nav__item--coming-soon")
        assert [item.get_text(" ", strip=True) for item in navigation] == [f"2.2 性能调优 {'即将推出' if note == '尚未发布' else 'Coming soon'}",
                                                                           f"2.3 章节实践 {note}"]
    log = (scratch(site) / "import.log").read_text(encoding="utf-8")
    assert "left out: docs/op_basics/02_practice/02.03_chapter_test.ipynb: (cell c2), question 1" in log


def test_two_courses_numbered_as_each_other_keep_their_own_sections(upstream_course_dir):
    """`01_basics/answer/01.02_answer.txt` in the site's own course and `01_advanced/answer/01.02_answer.txt`
    in an imported one: a section is its folder and its answer file, so each keeps its quiz, its
    question ids and its stored progress."""
    site = upstream_course_dir
    sections = {page: article(site, page).select_one("form.quiz")["data-quiz-section"]
                for page in ("01_basics/01.02_practice.html", "02_kernels/01.02_kernel.html",
                             "op_advanced/01_advanced/01.02_chapter_practice.html",
                             "op_basics/01_basics/01.03_chapter_practice.html")}
    assert list(sections.values()) == ["01_basics/01.02", "02_kernels/01.02", "op_advanced/01_advanced/01.02",
                                       "op_basics/01_basics/01.03"]
    data = json.loads((site / "assets/quiz/progress.zh.js").read_text(encoding="utf-8")
                      .removeprefix("window.quizProgressData = ").rstrip(";\n"))
    listed = {entry["section"]: entry.get("was") for entry in data["sections"]}
    # The course at docs/ itself was the site's one course: its stored answers move from the ids of then.
    assert listed == {"01_basics/01.02": "01.02", "02_kernels/01.02": None, "op_basics/01_basics/01.03": None,
                      "op_advanced/01_advanced/01.02": None, "03_conv_basics/03.01": "03.01"}
    ids = [fieldset["data-quiz-id"] for page in sections for fieldset in article(site, page).select("fieldset")]
    assert len(ids) == len(set(ids))


def test_titles_as_upstream_writes_them(upstream_course_dir):
    """The page shows its notebook's own title ("算子概念"), the navigation and the tab the plan's
    ("1.2 算子概念"); a second first-level heading ("课后练习") is a part of the page; titles repeat
    across courses and chapters ("1.1 章节介绍", "章节练习")."""
    page = soup(upstream_course_dir / "op_basics/01_basics/01.02_concepts.html")
    text = page.select_one("article")
    assert [h.get_text(" ", strip=True).rstrip("¶ ") for h in text.find_all("h1")] == ["算子概念"]
    assert "课后练习" in [h.get_text(" ", strip=True).rstrip("¶ ") for h in text.find_all("h2")]
    assert page.title.get_text().startswith("1.2 算子概念")
    assert "课后练习" in [a.get_text(" ", strip=True) for a in page.select(".md-sidebar--secondary .md-nav__link")]
    practice = soup(upstream_course_dir / "op_advanced/01_advanced/01.02_chapter_practice.html")
    assert practice.title.get_text().startswith("章节练习")


def test_files_no_page_uses_stay_in_their_chapter(upstream_course_dir):
    """Sources, slides, requirements and a figure no page shows (a draw.io export) are neither
    published nor refused; the chapter's download carries the folder and the files its notebooks
    name, so that it runs as upstream's folder does."""
    site = upstream_course_dir
    published = sorted(p.relative_to(site).as_posix() for p in (site / BASICS).rglob("*") if p.is_file())
    assert published == ["op_basics/01_basics/01.01_chapter_intro.html", "op_basics/01_basics/01.02_concepts.html",
                         "op_basics/01_basics/01.03_chapter_practice.html", "op_basics/01_basics/images/operator.png",
                         "op_basics/01_basics/index.html", "op_basics/01_basics/print.html",
                         "op_basics/02_practice/02.01_chapter_intro.html", "op_basics/02_practice/print.html",
                         "op_basics/index.html", "op_basics/print.html"]  # print: each chapter and the course on paper
    with zipfile.ZipFile(site / "downloads" / "op_basics-02_practice-zh.zip") as archive:
        assert archive.namelist() == ["op_basics/02_practice/02.01_chapter_intro.ipynb", "op_basics/02_practice/requirements.txt",
                                      "op_basics/02_practice/src/02.01/custom_op/build.sh",
                                      "op_basics/02_practice/src/02.01/custom_op/op_kernel/add_custom.cpp"]
    with zipfile.ZipFile(site / "downloads" / "op_basics-01_basics-zh.zip") as archive:
        assert "op_basics/01_basics/README.md" in archive.namelist()


def test_an_untranslated_chapter_offers_one_archive(upstream_course_dir):
    """A chapter with no English file: its English pages offer the Chinese archive; no copy is written."""
    site = upstream_course_dir
    downloads = sorted(p.name for p in (site / "downloads").iterdir())
    assert [name for name in downloads if name.startswith(("op_", "upstream-course-02"))] == [
        "op_advanced-01_advanced-zh.zip", "op_basics-01_basics-zh.zip", "op_basics-02_practice-zh.zip",
        "upstream-course-02_kernels-zh.zip"]
    assert "upstream-course-01_basics-en.zip" in downloads  # a chapter with an English notebook has its own
    link = soup(site / "en/op_basics/02_practice/02.01_chapter_intro.html").select_one("a.run-it__download")["href"]
    assert link == "../../../downloads/op_basics-02_practice-zh.zip"


def test_the_check_gives_each_notebook_the_builds_verdict(upstream_course_dir):
    """tools/check_course.py --notebooks over the imported site: what the build did with each notebook."""
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "check_course.py"), "--notebooks",
                             "-f", str(scratch(upstream_course_dir) / "mkdocs.yml")],
                            capture_output=True, text=True, encoding="utf-8")
    assert result.returncode == 0, result.stdout
    verdicts = dict(re.findall(r"^(\S+\.ipynb)\s+(published|left out|refused)", result.stdout, flags=re.MULTILINE))
    built = {path.relative_to(upstream_course_dir).with_suffix(".ipynb").as_posix()
             for path in upstream_course_dir.rglob("*.html") if not path.relative_to(upstream_course_dir).parts[0] == "en"}
    assert {name for name, verdict in verdicts.items() if verdict == "published"} == {name for name in verdicts if name in built}
    assert [name for name, verdict in verdicts.items() if verdict != "published"] == ["op_basics/02_practice/02.03_chapter_test.ipynb"]
    assert "1 section left out by the plans:" in result.stdout
    assert "docs/op_basics/course.yml: 12 titles and summaries not translated into en yet" in result.stdout

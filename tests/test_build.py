"""The strict build: every notebook becomes a page in its language, nothing is
left as raw JSON, untranslated pages are built with a notice, and the notebook
conversion cache survives the language passes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers import (DOCS, EDGE_SITE, ONE_PAGE_COURSE, build_small_site, hook_paths, language_of, markdown_cell,
                     notebook_json, page_for, search_documents, soup, strict_build)


def test_strict_build_has_no_warning(site_build):
    _, result = site_build
    log = result.stdout + result.stderr
    assert "WARNING" not in log, log


@pytest.mark.parametrize("source", sorted(DOCS.rglob("*.ipynb")), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_notebook_is_an_html_page_in_its_language(source, site_dir):
    page = page_for(source, DOCS, site_dir)
    assert page.is_file(), f"{source} has no page at {page}"
    text = page.read_text(encoding="utf-8")
    assert text.lstrip().lower().startswith("<!doctype html>"), f"{page} is not HTML"
    assert '"nbformat"' not in text and '"cell_type"' not in text, f"{page} holds raw notebook JSON"
    assert soup(page).html["lang"] == language_of(source)


def test_untranslated_notebook_keeps_its_original_and_gets_a_notice(edge_site_dir):
    original = soup(edge_site_dir / "ch" / "only_zh.html")
    assert original.html["lang"] == "zh"
    assert original.select_one(".untranslated-notice") is None

    shown_in_english = soup(edge_site_dir / "en" / "ch" / "only_zh.html")
    assert shown_in_english.html["lang"] == "en"
    notice = shown_in_english.select_one(".untranslated-notice")
    assert "not been translated into English" in notice.get_text()
    assert notice.a["href"] == "../../ch/only_zh.html"
    assert shown_in_english.select_one('div[lang="zh"] h1').get_text(strip=True).startswith("仅中文的笔记本")


def test_untranslated_markdown_page_gets_a_notice(edge_site_dir):
    page = soup(edge_site_dir / "en" / "ch" / "only_zh_page.html")
    assert page.select_one(".untranslated-notice").a["href"] == "../../ch/only_zh_page.html"


def test_the_build_log_names_each_page_shown_untranslated(edge_site_build):
    """What README and AUTHORING.md (section 2) promise for a Chinese page without its English twin:
    it builds, with a notice on the page (above) and a line in the build log, and no warning."""
    _, result = edge_site_build
    log = result.stdout + result.stderr
    for source in ("ch/only_zh.ipynb", "ch/only_zh_page.md"):
        assert f"INFO    -  docs/{source} has no en version: shown in zh, with a notice" in log, source
    assert log.count("has no en version") == 2 and "WARNING" not in log


def test_chinese_headings_get_anchors_that_the_toc_uses(edge_site_dir):
    page = soup(edge_site_dir / "ch" / "twin.html")
    ids = {h["id"] for h in page.select("article h1, article h2, article h3")}
    assert {"双语笔记本", "第一节-术语", "11-小节"} <= ids
    toc_targets = {a["href"] for a in page.select(".md-sidebar--secondary a.md-nav__link")}
    assert {"#第一节-术语", "#11-小节"} <= toc_targets
    assert "" not in ids


def test_notebook_links_point_at_pages_and_language_images(edge_site_dir):
    english = soup(edge_site_dir / "en" / "ch" / "twin.html")
    # the figure's description is on the link that opens it (course_site/page/figures.py)
    assert english.select_one('article a[aria-label^="Figure"] img')["src"] == "./images/figure.svg"
    assert "Figure" in (edge_site_dir / "en" / "ch" / "images" / "figure.svg").read_text(encoding="utf-8")
    assert "示意图" in (edge_site_dir / "ch" / "images" / "figure.svg").read_text(encoding="utf-8")
    assert english.select_one('article a[href="only_zh.html"]') is not None


def test_notebook_pages_carry_no_inlined_css_or_scripts(site_dir):
    for source in DOCS.rglob("*.ipynb"):
        article = soup(page_for(source, DOCS, site_dir)).select_one("article")
        assert article.find("style") is None
        assert not [s for s in article.find_all("script") if "quiz" not in " ".join(s.get("class", []))]


def test_search_index_segments_chinese_with_jieba(site_dir):
    """Material segments Chinese only when jieba is importable, and says nothing otherwise: the
    index's Chinese text must come in jieba's words, split by zero-width spaces."""
    docs = search_documents(site_dir)
    home = next(d for d in docs if d["location"] == "" or d["location"] == "index.html")
    # "融合算子" is one word to jieba; unsegmented text would carry "的融合算子" or similar runs.
    words = [w for w in home["text"].split("\u200b") if w.strip()]
    assert len(words) > 50, "the Chinese home page's text was not segmented"
    assert "融合" in words or any(w.strip() == "融合" for w in words), words[:40]


def test_search_index_has_no_prompt_or_copy_noise(site_dir):
    index = json.dumps(search_documents(site_dir), ensure_ascii=False)
    assert "In [ ]" not in index
    assert "Copied!" not in index


def test_a_page_in_english_without_chinese_original_stops_the_build(tmp_path):
    result = build_small_site(
        tmp_path,
        {"index.md": "# 首页\n", "index.en.md": "# Home\n", "orphan.en.md": "# Orphan\n"},
        course="[{chapter: ch, title: {zh: 章, en: Ch}, sections: []}]",
    )
    assert result.returncode != 0
    assert (
        "docs/orphan.en.md: this en page needs its original in the default language (zh) at docs/orphan.md; none found"
        in result.stderr
    )


def test_a_page_missing_from_the_course_plan_stops_the_build(tmp_path):
    result = build_small_site(
        tmp_path,
        {"index.md": "# 首页\n", "stray.md": "# 游离页面\n"},
        course="[{chapter: ch, title: {zh: 章, en: Ch}, sections: []}]",
    )
    assert result.returncode != 0
    assert ("mkdocs.yml: docs/stray.md is not in the course plan\n  expected: add it to its course's course.yml "
            "(or move it out of docs/)") in result.stderr


def test_a_planned_section_without_its_file_stops_the_build(tmp_path):
    result = build_small_site(
        tmp_path,
        {"index.md": "# 首页\n"},
        course="[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: gone.ipynb, title: {zh: 缺, en: Gone}}]}]",
    )
    assert result.returncode != 0
    assert "docs/course.yml: chapters, ch, section gone.ipynb names ch/gone.ipynb, but docs/ch/gone.ipynb does not exist" in result.stderr


@pytest.fixture(scope="module")
def edge_site_built_twice(tmp_path_factory) -> tuple[str, str]:
    """The logs of a clean build of the edge site and of the build after it, from its cache."""
    folder = tmp_path_factory.mktemp("built_twice")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(folder / "cache" / "notebooks"))

    def log() -> str:
        result = strict_build(EDGE_SITE / "mkdocs.yml", folder / "site", EDGE_SITE, env)
        assert result.returncode == 0, result.stderr
        return result.stdout + result.stderr

    return log(), log()


def test_warm_rebuild_converts_no_notebook(edge_site_built_twice):
    """Cold build converts each notebook once; the second build converts none."""
    clean, warm = edge_site_built_twice
    notebooks = len(list((EDGE_SITE / "docs").rglob("*.ipynb")))
    assert clean.count("Converting notebook") == notebooks
    assert warm.count("Converting notebook") == 0


def test_search_index_holds_no_solution_text(site_dir):
    """Answers stay folded: their explanations are kept out of search results."""
    index = json.dumps(search_documents(site_dir), ensure_ascii=False)
    explanation = next(
        line for line in (DOCS / "01_basic_overview" / "answer" / "01.02_answer.en.txt").read_text(encoding="utf-8").splitlines()
        if line.startswith("Explanation:")
    )
    words = explanation.removeprefix("Explanation:").strip()[:40]
    assert words and words not in index


def test_every_page_has_its_own_meta_description(site_dir):
    descriptions = {}
    for page in sorted(site_dir.rglob("*.html")):
        meta = soup(page).find("meta", attrs={"name": "description"})
        assert meta is not None and meta["content"].strip(), f"{page} has no meta description"
        descriptions[page.relative_to(site_dir).as_posix()] = meta["content"]
    notebook_descriptions = [d for p, d in descriptions.items() if p.startswith(("01_", "en/01_"))]
    assert len(set(notebook_descriptions)) == len(notebook_descriptions), notebook_descriptions


def test_edge_site_runs_the_same_hooks_as_the_real_site():
    """The fixture lists the hooks itself (paths resolve from its own folder); keep it in step."""
    assert hook_paths(EDGE_SITE / "mkdocs.yml") == hook_paths()


def test_cells_tagged_run_at_build_show_their_output(edge_site_dir):
    for page, language in (("ch/runs.html", "zh"), ("en/ch/runs.html", "en")):
        document = soup(edge_site_dir / page)
        outputs = {o.find_parent(id=True)["id"]: o.select_one("pre").get_text() for o in document.select(".cell-output")}
        assert outputs == {
            "cell-id=environment": "env: DEMO_FLAGS=--enable_autofuse=true\n--enable_autofuse=true",
            "cell-id=escaped": "<b>escaped</b>\n42",
        }, page
        label = document.select_one(".cell-output__label").get_text()
        assert label == {"zh": "运行结果", "en": "Output"}[language]


def test_warm_rebuild_runs_no_cell(edge_site_built_twice):
    """The outputs are cached beside the notebook cache, by what they depend on."""
    clean, warm = edge_site_built_twice
    # runs.ipynb; runs.en.ipynb has the same tagged cells, so the same outputs
    assert clean.count("cells tagged run-at-build") == 1
    assert warm.count("cells tagged run-at-build") == 0


def test_a_failing_tagged_cell_stops_the_build_naming_notebook_and_cell(tmp_path):
    boom = {"cell_type": "code", "id": "boom", "metadata": {"tags": ["run-at-build"]}, "outputs": [],
            "execution_count": None, "source": "flags = {}\nflags['AUTOFUSE_FLAGS']"}
    result = build_small_site(tmp_path, {"index.md": "# 首页\n", "ch/x.ipynb": notebook_json(markdown_cell("t", "# 页"), boom)},
                              course=ONE_PAGE_COURSE)
    assert result.returncode != 0
    assert "docs/ch/x.ipynb: cell boom (tagged run-at-build) failed: KeyError: 'AUTOFUSE_FLAGS'" in result.stderr


def tagged_cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [cell["id"] for cell in cells if "run-at-build" in cell.get("metadata", {}).get("tags", [])]


RUN_NOTEBOOKS = sorted(p for p in DOCS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts and tagged_cells(p))


@pytest.mark.parametrize("notebook", RUN_NOTEBOOKS, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_cell_the_course_runs_shows_its_output_on_its_page(site_dir, notebook):
    """The real course, in both languages: each tagged cell has a non-empty output under it."""
    page = page_for(notebook, DOCS, site_dir)
    document = soup(page)
    shown = {o.find_parent(id=True)["id"]: o.select_one("pre").get_text() for o in document.select(".cell-output")}
    assert {f"cell-id={cell}" for cell in tagged_cells(notebook)} == set(shown), page
    assert all(text.strip() for text in shown.values()), page


def test_a_draft_in_a_dot_folder_and_a_note_in_an_excluded_folder_are_no_pages(tmp_path):
    """The review of the code (F1): `docs/.drafts/notes.md` and `docs/ch/answer/readme.md`, which
    MkDocs itself would not publish, stopped the build as "not in the course plan".  The build
    takes its pages from MkDocs' own file list (inventory.py)."""
    result = build_small_site(
        tmp_path, {"index.md": "# 首页\n", "ch/x.ipynb": notebook_json(markdown_cell("t", "# 页")),
                   ".drafts/notes.md": "# 草稿\n", "ch/answer/readme.md": "# 答案文件说明\n"},
        course=ONE_PAGE_COURSE,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    site = tmp_path / "site"
    assert (site / "ch" / "x.html").is_file()
    assert not (site / ".drafts").exists() and not (site / "ch" / "answer").exists()

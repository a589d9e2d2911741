"""A page is made again only when something it is made from changed (issue 19, item 5;
overrides/course_site/site/page_cache.py): the same site from the cache as without it, and every
input that changes a page changes its key."""

from __future__ import annotations

import json

import pytest

import functools
import os
import subprocess
import sys

from helpers import ONE_PAGE_COURSE, ROOT, build_small_site, markdown_cell, notebook_json

from course_site.course import inventory
from course_site.site import page_cache


def course(tmp_path, files):
    for name, text in files.items():
        (tmp_path / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nexclude_docs: |\n  answer/\n", encoding="utf-8")
    return inventory.of_config_file(tmp_path / "mkdocs.yml")


def test_the_build_key_follows_every_file_but_a_page_and_what_the_build_derived(tmp_path):
    files = course(tmp_path, {"ch/x.ipynb": "{}", "ch/images/f.svg": "<svg/>", "ch/answer/a.txt": "1.√"})
    first = page_cache.build_key(files, "plan", {"course": 1})
    assert page_cache.build_key(files, "plan", {"course": 1}) == first
    (tmp_path / "docs" / "ch" / "x.ipynb").write_text('{"changed": 1}', encoding="utf-8")
    assert page_cache.build_key(files, "plan", {"course": 1}) == first, "a page's own bytes are its key's"
    assert page_cache.build_key(files, "plan", {"course": 2}) != first
    (tmp_path / "docs" / "ch" / "images" / "f.svg").write_text("<svg><g/></svg>", encoding="utf-8")
    assert page_cache.build_key(files, "plan", {"course": 1}) != first
    added = course(tmp_path, {"ch/y.md": "# y"})
    assert page_cache.build_key(added, "plan", {"course": 1}) != page_cache.build_key(files, "plan", {"course": 1})


KEY = b"this machine's own key, 32 bytes"


def test_every_input_of_a_page_changes_its_key_and_nothing_else_does(tmp_path):
    cache = page_cache.PageCache(tmp_path / "pages", "build-1", KEY)
    page = ("ch/x.ipynb", "ch/x.html", "zh", "zh", "source", {"cell": "1\n"})
    key = cache.key("<p>x</p>", *page)
    assert cache.key("<p>x</p>", *page) == key
    assert page_cache.PageCache(None, "build-2", KEY).key("<p>x</p>", *page) != key
    assert page_cache.PageCache(None, "build-1", b"another machine's key, 32 bytes!").key("<p>x</p>", *page) != key
    assert cache.key("<p>y</p>", *page) != key
    for position, other in enumerate(("ch/y.ipynb", "en/ch/x.html", "en", "en", "source 2", {"cell": "2\n"})):
        changed = page[:position] + (other,) + page[position + 1:]
        assert cache.key("<p>x</p>", *changed) != key, f"input {position} is not in the key"


def test_a_kept_page_is_found_by_the_next_build_and_in_memory(tmp_path):
    cache = page_cache.PageCache(tmp_path / "pages", "b", KEY)
    assert cache.get("k") is None
    cache.put("k", {"html": "<p>made</p>", "result": {"toc": [1]}})
    assert page_cache.PageCache(tmp_path / "pages", "b", KEY).get("k") == {"html": "<p>made</p>", "result": {"toc": [1]}}
    memory = page_cache.PageCache(None, "b")
    memory.put("k", ["<p>made</p>", None])
    assert memory.get("k") == ["<p>made</p>", None]


def test_a_kept_entry_is_json_and_a_disk_cache_needs_the_machines_key(tmp_path):
    """An entry is read as data: a pickle that ran code as it loaded (review CRIT-2) is no entry."""
    import pickle

    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "k.json").write_bytes(pickle.dumps(("<p>x</p>", None)))
    assert page_cache.PageCache(folder, "b", KEY).get("k") is None
    page_cache.PageCache(folder, "b", KEY).put("j", {"html": "<p>y</p>"})
    assert json.loads((folder / "j.json").read_text(encoding="utf-8")) == {"html": "<p>y</p>"}
    with pytest.raises(ValueError):
        page_cache.PageCache(folder, "b")


def test_a_function_is_described_the_same_in_every_process():
    def describe_in_new_process() -> str:
        code = ("import sys, functools; sys.path[:0] = [sys.argv[1]]; from course_site.site import page_cache; "
                "from pymdownx.slugs import slugify; print(page_cache.describe(slugify(case='lower')))")
        return subprocess.run([sys.executable, "-c", code, str(ROOT / "overrides")], capture_output=True, text=True,
                              check=True, env=dict(os.environ, PYTHONHASHSEED="random")).stdout
    assert describe_in_new_process() == describe_in_new_process()
    assert "0x" not in page_cache.describe(functools.partial(int, base=2))


def test_a_site_built_from_its_cache_is_the_site_built_without_it_and_follows_a_figure(tmp_path):
    figure = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} 10"><rect width="{w}" height="10" fill="#fff"/></svg>'
    files = {"index.md": "# 首页\n", "ch/x.ipynb": notebook_json(markdown_cell("t", "# 页\n\n![图](images/f.svg)")),
             "ch/images/f.svg": figure.format(w=10)}

    def built(name: str) -> dict[str, bytes]:
        result = build_small_site(tmp_path, files, course=ONE_PAGE_COURSE)
        assert result.returncode == 0, result.stderr[-3000:]
        site = tmp_path / "site"
        pages = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*.html")}
        (tmp_path / "site").rename(tmp_path / name)
        return pages

    first = built("first")
    kept = sorted((tmp_path / "pages").iterdir())
    assert len(kept) == 4  # the notebook and the home page, in each language
    assert built("second") == first
    assert sorted((tmp_path / "pages").iterdir()) == kept, "the second build made no page again"
    files["ch/images/f.svg"] = figure.format(w=40)  # a figure's size is part of its page
    third = built("third")
    assert third["ch/x.html"] != first["ch/x.html"]
    # The pages made from the figure as it was are forgotten: the folder does not grow with edits.
    now = sorted((tmp_path / "pages").iterdir())
    assert len(now) == 4 and not set(now) & set(kept)


def test_a_build_forgets_the_pages_it_did_not_ask_for(tmp_path):
    earlier = page_cache.PageCache(tmp_path / "pages", "b", KEY)
    earlier.put("old", "<p>old</p>")
    earlier.put("same", "<p>same</p>")
    later = page_cache.PageCache(tmp_path / "pages", "b", KEY)
    assert later.get("same") == "<p>same</p>"
    later.put("new", "<p>new</p>")
    later.forget_unused()
    assert sorted(path.name for path in (tmp_path / "pages").iterdir()) == ["new.json", "same.json"]
    assert later.get("old") is None


TWO_PAGES = ("[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.md, title: {zh: 9.1 练习页, en: 9.1 Practice}},"
             " {file: y.md, title: {zh: 9.2 乙, en: 9.2 Y}}]}]")
QUIZ_PAGE = ("# 练习页\n\n1. （判断题）用 `AUTOFUSE_FLAGS` 开启。\n\n2. （单选题）哪一个？\n   A. 甲\n   B. 乙\n\n"
             "<!-- solutions: answer/09.01_answer.txt -->\n")


def test_an_edit_makes_only_its_own_pages_again_and_the_site_is_the_one_built_without_the_cache(tmp_path):
    """An answer file's edit remakes its page (in both languages: English shows the original), a
    home page's edit remakes the home page and its translation, now behind it; nothing else is
    made again (before, any of these made every page again: a serve rebuild cost a whole build).
    The site built from the caches (pages, search entries, the link check's readings) is the site
    built without them."""
    from course_site.course.translation_status import mark_done
    from course_site.languages import Languages

    files = {"index.md": "# 首页\n", "index.en.md": "# Home\n", "ch/x.md": QUIZ_PAGE, "ch/y.md": "# 9.2 乙\n\n正文。\n",
             "ch/answer/09.01_answer.txt": "1. √\n解析：对的。\n\n2. B\n解析：乙。\n"}
    project = tmp_path / "project"

    def built(name: str) -> set[str]:
        result = build_small_site(project, files, course=TWO_PAGES)
        assert result.returncode == 0, result.stderr[-3000:]
        (project / "site").rename(tmp_path / name)
        return {path.name for path in (project / "pages").iterdir()}

    def recorded() -> None:  # the translation is up to date, as tools/translations.py done says
        mark_done(project / "docs", Languages("zh", ("zh", "en"), {"zh": "中文", "en": "English"}), "index.en.md")
        files["index.en.md"] = (project / "docs" / "index.en.md").read_text(encoding="utf-8")

    built("scratch")  # the home pages the record is made of (the catalog mark is added on writing)
    recorded()
    first = built("first")
    assert len(first) == 6  # home, x and y, in each language

    files["ch/answer/09.01_answer.txt"] = files["ch/answer/09.01_answer.txt"].replace("对的。", "对的：它开启。")
    second = built("second")
    assert len(second - first) == 2, "the answer file's page in each language, and nothing else"
    assert "对的：它开启。" in (tmp_path / "second" / "en" / "ch" / "x.html").read_text(encoding="utf-8")

    files["index.md"] = "# 首页\n\n新的一段。\n"
    third = built("third")
    assert len(third - second) == 2, "the home page, and its translation, now behind it"
    assert "outdated-notice" in (tmp_path / "third" / "en" / "index.html").read_text(encoding="utf-8")

    fresh = tmp_path / "fresh"
    result = build_small_site(fresh, files, course=TWO_PAGES)
    assert result.returncode == 0, result.stderr[-3000:]
    site, from_cache = fresh / "site", tmp_path / "third"

    def made(folder):  # pages, the search index, notebook.css: all but archives (they hold file dates)
        return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()
                      and not p.name.endswith((".zip", ".gz")))

    assert made(site) == made(from_cache)
    assert "search/search_index.zh.js" in made(site)
    for name in made(site):
        assert (from_cache / name).read_bytes() == (site / name).read_bytes(), name

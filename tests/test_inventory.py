"""One course inventory (issue 19, item 1): docs/ is listed once per build, by MkDocs' own rules,
and each file read once; nothing else in the build lists docs/.

The last test watches a real build: a hook of its own records every directory listing of docs/
(`os.scandir`, `os.listdir`, which `os.walk`, `Path.rglob`, `Path.iterdir` and `shutil` all use)
with the innermost frame of the project's code that asked for it."""

from __future__ import annotations

import json
import os
from pathlib import Path

from helpers import ONE_PAGE_COURSE, ROOT, build_small_site, markdown_cell, notebook_json

from course_site.course import inventory


def write(docs: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")


def course_of(tmp_path: Path, files: dict[str, str], links: dict[str, str] | None = None) -> inventory.CourseInventory:
    write(tmp_path / "docs", files)
    for name, target in (links or {}).items():
        (tmp_path / "docs" / name).symlink_to(tmp_path / "docs" / target)
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nexclude_docs: |\n  answer/\n  data/\n", encoding="utf-8")
    return inventory.of_config_file(tmp_path / "mkdocs.yml")


def test_the_list_is_mkdocs_own_with_hidden_files_and_links_left_out(tmp_path):
    course = course_of(tmp_path, {
        "index.md": "# a", "ch/x.ipynb": "{}", "ch/x.en.ipynb": "{}", "ch/answer/x_answer.txt": "1.√",
        "ch/answer/readme.md": "# notes", "ch/data/d.csv": "1", ".drafts/notes.md": "# draft",
        "ch/.ipynb_checkpoints/x-checkpoint.ipynb": "{}", "ch/images/.f.svg.swp": "", "ch/images/f.svg": "<svg/>",
    }, links={"ch/images/link.svg": "ch/images/f.svg", "linked": "ch"})
    assert course.published == ("ch/images/f.svg", "ch/x.en.ipynb", "ch/x.ipynb", "index.md")
    assert course.kept_out == ("ch/answer/readme.md", "ch/answer/x_answer.txt", "ch/data/d.csv")
    assert course.pages() == ["ch/x.en.ipynb", "ch/x.ipynb", "index.md"]
    assert course.symlinks == ("ch/images/link.svg", "linked")
    assert course.under("ch/answer") == ["ch/answer/readme.md", "ch/answer/x_answer.txt"]
    assert course.files(".svg", ".txt") == ["ch/answer/x_answer.txt", "ch/images/f.svg"]


def test_a_file_is_read_again_only_when_it_changed_and_parsed_again_only_when_its_content_did(tmp_path):
    page = notebook_json(markdown_cell("t", "# 页"))
    course = course_of(tmp_path, {"ch/x.ipynb": page})
    first = course.notebook("ch/x.ipynb")
    assert course.notebook("ch/x.ipynb") is first
    path = course.path("ch/x.ipynb")
    path.write_text(page, encoding="utf-8")  # the same bytes, a new modification time: read, not parsed
    os.utime(path, ns=(1, 1))
    assert course.notebook("ch/x.ipynb") is first
    path.write_text(notebook_json(markdown_cell("t", "# 改过的页")), encoding="utf-8")
    assert course.notebook("ch/x.ipynb").cells[0].source == "# 改过的页"


def test_the_quiz_engine_sees_only_the_course_files(tmp_path):
    course = course_of(tmp_path, {"ch/x.ipynb": "{}", "ch/answer/03.02/a.cpp": "//", "ch/answer/03.02/.b.swp": ""})
    files = course.files_for_quizzes()
    folder = course.path("ch/answer/03.02")
    assert files.is_dir(folder) and not files.is_file(folder)
    assert files.files_in(folder) == [course.path("ch/answer/03.02/a.cpp")]
    assert not files.is_file(course.path("ch/answer/03.02/.b.swp"))


WATCHER = '''
"""Test hook: record each listing of docs/ with the project's innermost frame that asked for it."""
import atexit, json, os, traceback

DOCS, ROOT, RECORD = {docs!r}, {root!r}, {record!r}
OURS = tuple(os.path.join(ROOT, part) + os.sep for part in ("overrides", "quizzes", "tools"))
seen = set()


def _watch(original):
    def listing(path=".", *args, **kwargs):
        where = os.path.realpath(os.fsdecode(path)) if not isinstance(path, int) else ""
        if where == DOCS or where.startswith(DOCS + os.sep):
            ours = [f for f in traceback.extract_stack()[:-1] if f.filename.startswith(OURS)]
            seen.add(f"{{os.path.relpath(ours[-1].filename, ROOT)}}:{{ours[-1].name}}" if ours else "(not ours)")
        return original(path, *args, **kwargs)
    return listing


os.scandir, os.listdir = _watch(os.scandir), _watch(os.listdir)
atexit.register(lambda: open(RECORD, "w", encoding="utf-8").write(json.dumps(sorted(seen))))
'''


def test_nothing_but_the_inventory_lists_docs_during_a_build(tmp_path):
    """A course with every kind of file the build reads: pages in both languages, a quiz and its
    answer files, a reference solution that is a folder, a figure, a cell run at build."""
    record = tmp_path / "listings.json"
    hook = tmp_path / "watch_listings.py"
    hook.write_text(WATCHER.format(docs=str((tmp_path / "docs").resolve()), root=str(ROOT), record=str(record)),
                    encoding="utf-8")
    quiz = "## 练习\n\n1. （判断题）对吗？\n"
    quiz_en = "## Exercises\n\n1. (True/False) Right?\n"
    run = {"cell_type": "code", "id": "run", "metadata": {"tags": ["run-at-build"]}, "outputs": [],
           "execution_count": None, "source": "print(1)"}

    def cell(cell_id, source):
        return {"cell_type": "code", "id": cell_id, "metadata": {}, "outputs": [], "execution_count": None,
                "source": source}

    result = build_small_site(tmp_path, {
        "index.md": "# 首页\n", "index.en.md": "# Home\n",
        "ch/x.ipynb": notebook_json(markdown_cell("t", "# 页\n\n![图](images/f.svg)"), run, markdown_cell("q", quiz),
                                    cell("a", "!cat ./answer/01.01_answer.txt"), cell("s", "!cat ./answer/code")),
        "ch/x.en.ipynb": notebook_json(markdown_cell("t", "# Page\n\n![Figure](images/f.svg)"), run,
                                       markdown_cell("q", quiz_en), cell("a", "!cat ./answer/01.01_answer.en.txt"),
                                       cell("s", "!cat ./answer/code")),
        "ch/answer/01.01_answer.txt": "1. √\n", "ch/answer/01.01_answer.en.txt": "1. True\n",
        "ch/answer/code/a.py": "print('a')\n", "ch/answer/code/b.py": "print('b')\n",
        "ch/images/f.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fff"/></svg>',
        ".drafts/notes.md": "# 草稿\n",
    }, course=ONE_PAGE_COURSE, extra_hooks=(hook,))
    assert result.returncode == 0, result.stderr[-3000:]
    listed = set(json.loads(record.read_text(encoding="utf-8")))
    ours = {place for place in listed if not place.startswith("overrides/course_site/course/inventory.py:")}
    assert ours <= {"(not ours)"}, f"docs/ listed outside the inventory: {sorted(ours)}"
    # The watch saw listings at all: the inventory's, and MkDocs' own.
    assert "(not ours)" in listed and any(place.startswith("overrides/course_site/course/inventory.py:") for place in listed)

"""The end of a build (overrides/course_site/site/finish.py): its order's reasons, each shown by a
site finished in an order that breaks it (as tests/test_pipeline.py shows the page pipeline's)."""

from __future__ import annotations

import json
import zipfile

import pytest

from helpers import build_small_site

from course_site.site import finish

HOME = '# 首页\n\n<a href="autofuse-course-offline.zip" download>离线包</a>\n\n<!-- course-catalog -->\n'
NOTEBOOK = json.dumps({"cells": [
    {"cell_type": "markdown", "id": "t", "metadata": {}, "source": "# 1.1 节\n\n正文。"},
    {"cell_type": "code", "id": "c", "metadata": {}, "execution_count": None, "outputs": [], "source": "x = 1"},
], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
FILES = {"index.md": HOME, "index.en.md": HOME.replace("首页", "Home").replace('"autofuse', '"../autofuse'), "ch/a.ipynb": NOTEBOOK}
COURSE = "[{chapter: ch, title: {zh: 第一章, en: Chapter 1}, sections: [{file: a.ipynb, title: {zh: 1.1 节, en: 1.1 Section}}]}]"
# A hook after the site's own: it puts one step of the end of the build right after another.
REORDER = '''
import sys
from mkdocs.plugins import event_priority

@event_priority(-300)
def on_config(config):
    finish = sys.modules["course_site.site.finish"]
    steps = [step for step in finish.STEPS if step.__name__ != "{moved}"]
    moved = next(step for step in finish.STEPS if step.__name__ == "{moved}")
    steps.insert([step.__name__ for step in steps].index("{after}") + 1, moved)
    finish.STEPS = tuple(steps)
'''


def finished(tmp_path, moved: str | None = None, after: str | None = None):
    hooks = ()
    if moved:
        hook = tmp_path / "reorder.py"
        hook.write_text(REORDER.replace("{moved}", moved).replace("{after}", after), encoding="utf-8")
        hooks = (hook,)
    return build_small_site(tmp_path, FILES, COURSE, extra_hooks=hooks)


def package_names(tmp_path) -> list[str]:
    with zipfile.ZipFile(next((tmp_path / "site").glob("*-offline.zip"))) as package:
        return package.namelist()


def test_the_written_order_keeps_every_declared_need_and_a_broken_one_is_named():
    from course_site import order

    assert order.broken(finish.STEPS, finish.NEEDS) == []
    steps = [step for step in finish.STEPS if step is not finish.check_links]
    steps.insert(0, finish.check_links)
    assert "check_links before write_offline_package (it reads the home pages" in "; ".join(order.broken(steps, finish.NEEDS))


def test_the_package_holds_what_the_steps_before_it_write(tmp_path):
    """write_offline_package after write_archives: the package carries the chapter's archive."""
    assert finished(tmp_path).returncode == 0
    assert any(name.endswith("/downloads/test-ch-zh.zip") for name in package_names(tmp_path))
    broken = tmp_path / "broken"
    broken.mkdir()
    assert finished(broken, "write_offline_package", "write_stylesheet").returncode == 0
    assert not any(name.endswith("/downloads/test-ch-zh.zip") for name in package_names(broken))


@pytest.mark.parametrize("moved, after, missing", [
    ("check_links", "write_stylesheet", "downloads/test-ch-zh.zip"),  # before write_archives
    ("check_links", "write_sitemap", "-offline.zip"),  # before write_offline_package
])
def test_the_link_check_reads_the_site_as_the_steps_before_it_leave_it(tmp_path, moved, after, missing):
    """check_links last: the run box links the chapter's archive, the home page the offline package."""
    built = finished(tmp_path, moved, after)
    assert built.returncode != 0 and "broken links" in built.stderr and missing in built.stderr

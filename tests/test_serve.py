"""`mkdocs serve` tells the truth: an edit to the site's Python code takes effect on the next
rebuild, without restarting the server (overrides/course_site/hook.py reloads the packages)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from urllib.parse import urlsplit

from bs4 import BeautifulSoup

from helpers import ONE_PAGE_COURSE, ROOT, load_config, markdown_cell, notebook_json


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Serving:
    def __init__(self, project: Path, port: int):
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(project / "cache"))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-f", str(project / "mkdocs.yml"), "--dev-addr", f"127.0.0.1:{port}"],
            cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
        )
        self.lines: list[str] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()

    def wait_for(self, text: str, after: int = 0, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        with self.changed:
            while not any(text in line for line in self.lines[after:]):
                remaining = deadline - time.monotonic()
                assert remaining > 0 and self.process.poll() is None, "".join(self.lines[-30:])
                self.changed.wait(timeout=remaining)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def permalink_titles(url: str) -> set[str]:
    page = BeautifulSoup(urllib.request.urlopen(url).read().decode("utf-8"), "html.parser")
    return {link["title"] for link in page.select("a.headerlink")}


def test_a_python_edit_takes_effect_without_a_restart(tmp_path):
    """On a course of one page with the real configuration and a copy of the build's code: a
    rebuild of the real course would make every page again (the code is in every page's key) and
    show nothing more."""
    project = tmp_path / "project"
    for name in ("overrides", "quizzes"):
        shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns("__pycache__"))
    files = {"course.yml": f'title: {{zh: "测试课程", en: "Test course"}}\nname: test\npalette: true\nchapters: {ONE_PAGE_COURSE}\n',
             "index.md": "# 首页\n\n## 一节\n\n正文。\n\n<!-- course-catalog -->\n",
             "index.en.md": "# Home\n\n## A part\n\nText.\n\n<!-- course-catalog -->\n",
             "ch/x.ipynb": notebook_json(markdown_cell("t", "# 页\n\n正文。"))}
    for name, text in files.items():
        (project / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (project / "docs" / name).write_text(text, encoding="utf-8")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    port = free_port()
    mount = urlsplit(load_config()["site_url"]).path
    home = f"http://127.0.0.1:{port}{mount}index.html"
    server = Serving(project, port)
    try:
        server.wait_for("Serving on")
        assert permalink_titles(home) == {"本节链接"}
        # A module of the build (not a data file it reads afresh): the localised permalink title.
        module = project / "overrides" / "course_site" / "page" / "headings.py"
        mark = len(server.lines)
        module.write_text(module.read_text(encoding="utf-8").replace(
            'link["title"] = title', 'link["title"] = f"{title}（已改）"'), encoding="utf-8")
        server.wait_for("Reloading browsers", after=mark)
        assert permalink_titles(home) == {"本节链接（已改）"}
    finally:
        server.stop()

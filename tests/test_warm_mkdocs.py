"""A test build run as a fork of the warm zygote (tests/warm_mkdocs.py) is what `python -m mkdocs`
is: the same exit status and log, in its own folder and environment, stopped when killed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import warm_mkdocs
from helpers import build_small_site

STRAY_PAGE = {"index.md": "# 首页\n", "stray.md": "# 游离页面\n"}
NO_SECTIONS = "[{chapter: ch, title: {zh: 章, en: Ch}, sections: []}]"


def cold_build(folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(folder / "mkdocs.yml"), "-d",
                           str(folder / "site")], capture_output=True, text=True, encoding="utf-8", cwd=folder, env=env)


def without_times(log: str) -> str:
    return re.sub(r"built in [\d.]+ seconds", "built in _ seconds", log)


def test_a_failing_build_ends_and_logs_as_a_new_python_does(tmp_path):
    warm = build_small_site(tmp_path, STRAY_PAGE, NO_SECTIONS)
    cold = cold_build(tmp_path, dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(tmp_path / "cache")))
    assert "docs/stray.md is not in the course plan" in warm.stderr
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, cold.stderr)


def test_a_build_ends_and_logs_as_a_new_python_does_less_jiebas_start(tmp_path):
    """jieba's dictionary is loaded in the zygote, so its four lines of loading are not in the log."""
    warm = build_small_site(tmp_path, {"index.md": "# 首页\n\n融合算子把中间结果留在片上。\n", "index.en.md": "# Home\n"}, NO_SECTIONS)
    cold = cold_build(tmp_path, dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(tmp_path / "cache")))
    jieba = re.compile(r"^(Building prefix dict|Loading model|Prefix dict has been built).*\n", re.M)
    assert warm.returncode == cold.returncode == 0
    assert without_times(warm.stdout + warm.stderr) == without_times(jieba.sub("", cold.stdout + cold.stderr))


PROBE_HOOK = """
import os, sys
def on_config(config):
    print("folder", os.getcwd(), "probe", os.environ.get("PROBE"), "home", "HOME" in os.environ)
    print("to stderr", file=sys.stderr)
    if os.environ.get("PROBE") == "raise":
        raise ValueError("nothing caught this")
    if os.environ.get("PROBE") == "sleep":
        import time
        time.sleep(60)
"""


def probe(tmp_path: Path, value: str) -> warm_mkdocs.Run:
    (tmp_path / "probe_hook.py").write_text(PROBE_HOOK, encoding="utf-8")
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "mkdocs.yml").write_text("site_name: probe\nhooks: [probe_hook.py]\n", encoding="utf-8")
    return warm_mkdocs.start(["build", "-f", str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / "site")], tmp_path,
                             {"PATH": os.environ["PATH"], "PROBE": value})


def test_a_run_has_its_own_folder_and_exactly_its_environment(tmp_path):
    run = probe(tmp_path, "here")
    stdout, stderr = run.communicate()
    assert run.returncode == 0, stderr
    assert f"folder {tmp_path} probe here home False" in stdout
    assert "to stderr" in stderr and "to stderr" not in stdout


def test_an_exception_nothing_caught_ends_the_run_as_it_ends_python(tmp_path):
    run = probe(tmp_path, "raise")
    _, stderr = run.communicate()
    assert run.returncode == 1
    assert "Traceback (most recent call last)" in stderr and stderr.rstrip().endswith("ValueError: nothing caught this")


def test_a_killed_run_ends_at_once_as_killed(tmp_path):
    run = probe(tmp_path, "sleep")
    run.kill()
    run.communicate()
    assert run.returncode == warm_mkdocs.KILLED

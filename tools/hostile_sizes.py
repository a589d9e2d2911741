"""Figures: how long and how much memory a build takes on content at and past the size limits
(overrides/course_site/course/notebooks.py MAX_BYTES and MAX_CELLS, course/sanitise.py DEEPEST), each case a one-section site built with the real configuration, strict.

    .venv/bin/python tools/hostile_sizes.py [--only NAME ...]

Every case must end within CPU_CEILING_S processor seconds and MEMORY_CEILING_MB of peak memory.
Prints, for each case: the build's exit status, its processor time (user + system: a busy shared
machine disturbs it much less than the wall clock, also shown), its peak memory (the largest
resident set of the build process, ru_maxrss) and the build's first error line.  Cases past a
limit must end with an error naming their file; those at a limit must build: a case that does
not is marked, and the tool exits with 1 (tests/test_build_errors.py runs two quick cases).  The second security
review measured the first two before the limits: 20,000 cells still building after 300 s at
10.6 GB, 20,000 nested <div>s a segmentation fault after 175 s.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COURSE = "[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.ipynb, title: {zh: 页, en: Page}}]}]"


def notebook(*sources: str) -> str:
    cells = [{"cell_type": "markdown", "id": f"c{k}", "metadata": {}, "source": source} for k, source in enumerate(sources)]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


# Each case's expected outcome: True, it builds (at a limit); False, it stops naming its file.
CASES = {
    # past a limit: a named error
    "20,000 cells (N107)": {"ch/x.ipynb": notebook("# 页", *(f"段落 {k}。" for k in range(20_000)))},
    "20,000 nested <div>s (N98)": {"index.md": "# 首页\n\n" + "<div>" * 20_000 + "N98" + "</div>" * 20_000 + "\n"},
    "a 3 MB Markdown page": {"index.md": "# 首页\n\n" + "段落。\n\n" * 300_000},
    "a 2.1 MB notebook": {"ch/x.ipynb": notebook("# 页", "x" * 2_100_000)},
    # at a limit: builds (from FIRST_AT_A_LIMIT on)
    "1,000 cells": {"ch/x.ipynb": notebook("# 页", *(f"段落 {k}，一句话。" for k in range(999)))},
    "128 nested <div>s": {"index.md": "# 首页\n\n<!-- course-catalog -->\n\n" + "<div>" * 127 + "深" + "</div>" * 127 + "\n"},
    "a 1.9 MB Markdown page": {"index.md": "# 首页\n\n<!-- course-catalog -->\n\n" + "段落，一句话。\n\n" * 80_000},
}

FIRST_AT_A_LIMIT = "1,000 cells"
# What no case may pass, at a limit or past one (the review's were 10.6 GB and 300 s unfinished):
# the real course builds in about 330 MB and 20-60 CPU s, a GitHub runner has 16 GB.
MEMORY_CEILING_MB = 1500
CPU_CEILING_S = 180

# Run in a Python of its own, so that its peak memory is the build's alone.
MEASURE = """
import resource, subprocess, sys, time
started = time.monotonic()
run = subprocess.run(sys.argv[1:], capture_output=True, text=True, encoding="utf-8")
seconds = time.monotonic() - started
errors = [line for line in (run.stdout + run.stderr).splitlines() if line.startswith("ERROR")]
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(run.returncode, round(usage.ru_utime + usage.ru_stime, 1), round(seconds, 1), usage.ru_maxrss // 1024,
      (errors or [""])[0][:160], sep="\\t")
"""


def measure(name: str, files: dict[str, str], folder: Path) -> tuple[str, bool]:
    """The case's line of figures, and whether it ended as expected."""
    docs = folder / "docs"
    files = {"course.yml": f'title: {{zh: "测试课程", en: "Test course"}}\nname: test\npalette: true\nchapters: {COURSE}\n',
             "index.md": "# 首页\n\n<!-- course-catalog -->\n", "index.en.md": "# Home\n\n<!-- course-catalog -->\n",
             "ch/x.ipynb": notebook("# 页"), **files}
    for relative, text in files.items():
        (docs / relative).parent.mkdir(parents=True, exist_ok=True)
        (docs / relative).write_text(text, encoding="utf-8")
    config = folder / "mkdocs.yml"
    hooks = ROOT / "overrides" / "course_site" / "hook.py"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: docs\ntheme:\n  custom_dir: {ROOT / 'overrides'}\n"
                      f"hooks:\n  - {hooks}\nwatch: []\n", encoding="utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(folder / "cache"))
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(folder / "site")]
    result = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True,
                            encoding="utf-8", env=env, cwd=folder)
    status, cpu, wall, megabytes, error = (result.stdout.strip().split("\t") + [""] * 5)[:5]
    if at_a_limit(name):
        expected = status == "0"
    else:
        expected = status == "1" and any(f"docs/{relative}:" in error for relative in files)
    try:
        within = float(cpu) <= CPU_CEILING_S and int(megabytes) <= MEMORY_CEILING_MB
    except ValueError:  # no figures: the measuring run itself failed, which `expected` marks
        within = True
    line = f"{name:28} exit {status:>3}  {cpu:>6} s  {wall:>6} s  {megabytes:>6} MB  {error}"
    if not within:
        line += f"   <- OVER THE CEILING ({CPU_CEILING_S} CPU s, {MEMORY_CEILING_MB} MB)"
    return line + ("" if expected else "   <- NOT AS EXPECTED"), expected and within


def at_a_limit(name: str) -> bool:
    return list(CASES).index(name) >= list(CASES).index(FIRST_AT_A_LIMIT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", help="the cases whose names start so")
    arguments = parser.parse_args()
    unexpected = 0
    print(f"{'case':28} {'status':>8} {'CPU':>8} {'wall':>8} {'peak RSS':>9}  first error")
    for name, files in CASES.items():
        if arguments.only and not any(name.startswith(prefix) for prefix in arguments.only):
            continue
        with tempfile.TemporaryDirectory(prefix="hostile-size-") as folder:
            line, expected = measure(name, files, Path(folder))
            print(line, flush=True)
            unexpected += not expected
    sys.exit(1 if unexpected else 0)


if __name__ == "__main__":
    main()

"""The browser scripts' pure functions under node: quiz.js's grader and search.js's query
rewriting, from the same tables as their Python twins (tests/js/*.test.js, `node --test`).  The
browser tests then show that the scripts work on the built site; node shows, in a second, that
they compute what the tables say.  Alone: `node --test tests/js/*.test.js`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_browser_scripts_compute_what_the_tables_say():
    node = shutil.which("node")
    assert node, "node is not installed: tools/setup.sh --test installs it (Debian's package nodejs)"
    files = sorted((ROOT / "tests" / "js").glob("*.test.js"))
    assert {"quiz.test.js", "search.test.js"} <= {f.name for f in files}
    run = subprocess.run(
        [node, "--test", "--test-reporter=spec", *map(str, files)], cwd=ROOT, capture_output=True, text=True,
        encoding="utf-8", env=os.environ | {"PYTHON": sys.executable},  # tests/js/tables.py in this Python
    )
    assert run.returncode == 0, run.stdout + run.stderr

"""The project's own Python has no unused import, undefined name or shadowed definition
(pyflakes, as the notebooks' cells are checked in test_content.py); the review's F4 found a
function defined twice in tests/helpers.py."""

from __future__ import annotations

import io

from pyflakes.api import checkPath
from pyflakes.reporter import Reporter

from helpers import ROOT

FOLDERS = ("overrides", "quizzes", "tools", "tests")


def test_the_projects_python_passes_pyflakes():
    found = io.StringIO()
    reporter = Reporter(found, found)
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "node_modules" not in path.parts:
                checkPath(str(path), reporter)
    assert found.getvalue() == ""

"""The maps stay true (the code review's F8): every module of the build is named in the README's
table of the build or in the package's docstring, so a newcomer finds it."""

from __future__ import annotations

from helpers import ROOT

PACKAGE = ROOT / "overrides" / "course_site"


def test_every_module_of_the_build_is_on_a_map():
    maps = (ROOT / "README.md").read_text(encoding="utf-8") + (PACKAGE / "__init__.py").read_text(encoding="utf-8")
    unnamed = [path.name for path in sorted(PACKAGE.glob("*.py")) if path.name != "__init__.py" and path.name not in maps]
    assert unnamed == []

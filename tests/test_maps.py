"""The maps stay true, and the house keeps its rooms: every module of the build is named in the
package's docstring (and the README's table of the build names a module in each room), each
module stands in its stage's folder and imports only from its own stage and those below it, no
two modules import each other in a circle, and none is over 400 lines."""

from __future__ import annotations

import ast

import pytest

from helpers import ROOT

PACKAGE = ROOT / "overrides" / "course_site"
# From the top down: a module may import from its own stage and any stage after it in this list.
STAGES = (
    ("top", ("hook.py", "plugin.py", "pipeline.py")),
    ("site", ("site/",)),
    ("page", ("page/",)),
    ("course", ("course/",)),
    ("adapters", ("adapters/",)),
    ("ground", ("errors.py", "languages.py", "order.py", "addresses.py", "strings/", "__init__.py")),
)
LONGEST = 400


def modules() -> list[str]:
    return sorted(path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py"))


def stage_of(module: str) -> int:
    for rank, (_, places) in enumerate(STAGES):
        if any(module == place or (place.endswith("/") and module.startswith(place)) for place in places):
            return rank
    raise AssertionError(f"overrides/course_site/{module} is in no stage's folder: {[s for s, _ in STAGES]}")


def imports_of(module: str) -> set[str]:
    """The modules of the package that `module` imports (relative imports only: the package is
    loaded from its folder, so nothing imports it by its absolute name)."""
    path = PACKAGE / module
    package = path.relative_to(PACKAGE).parent.parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        base = list(package[: len(package) - (node.level - 1)])
        target = base + (node.module.split(".") if node.module else [])
        names = [target + [alias.name] for alias in node.names] if node.module is None else [target]
        for parts in names:
            for candidate in ("/".join(parts) + ".py", "/".join(parts) + "/__init__.py"):
                if (PACKAGE / candidate).is_file():
                    found.add(candidate)
    return found


def test_every_module_of_the_build_is_on_the_package_map():
    docstring = ast.get_docstring(ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8")))
    unnamed = [m for m in modules() if not m.endswith("__init__.py") and m.rsplit("/", 1)[-1] not in docstring
               and not m.startswith("strings/")]
    assert unnamed == []


def test_the_readme_table_leads_into_every_room():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(f"`{room}/" in readme for room in ("course", "page", "site", "adapters"))


@pytest.mark.parametrize("module", modules())
def test_a_module_imports_only_from_its_stage_and_those_below(module):
    upward = [imported for imported in imports_of(module) if stage_of(imported) < stage_of(module)]
    assert upward == [], f"{module} ({STAGES[stage_of(module)][0]}) imports from a stage above it"


def test_no_two_modules_import_each_other_in_a_circle():
    graph = {module: imports_of(module) for module in modules()}
    circles, state = [], {}

    def visit(module, path):
        state[module] = "open"
        for imported in sorted(graph[module]):
            if state.get(imported) == "open":
                circles.append(path[path.index(imported):] + [imported])
            elif imported not in state:
                visit(imported, path + [imported])
        state[module] = "done"

    for module in graph:
        if module not in state:
            visit(module, [module])
    assert circles == []


@pytest.mark.parametrize("module", modules())
def test_no_module_is_over_the_longest(module):
    lines = len((PACKAGE / module).read_text(encoding="utf-8").splitlines())
    assert lines <= LONGEST, f"{module} has {lines} lines: split it along what it does"


def test_the_checks_see_what_they_check():
    """The import reading finds a module's imports (a broken reader would pass every test above)."""
    assert "course/plan.py" in imports_of("plugin.py")
    assert "page/page_top.py" in imports_of("page/run_box.py")
    assert "languages.py" in imports_of("adapters/i18n.py")
    assert stage_of("site/archives.py") < stage_of("page/figures.py") < stage_of("course/plan.py")

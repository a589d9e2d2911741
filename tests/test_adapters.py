"""The guard on other projects' internals: each module of overrides/course_site/adapters/ was written
against exact versions, and overrides/ copies some of Material's template blocks.  When a pin or one of
those blocks changes, these tests fail and say where to look."""

from __future__ import annotations

import ast
import hashlib
import re
from importlib.metadata import version

import pytest

from helpers import ROOT, soup

from course_site import pipeline
from course_site.adapters import bleach, i18n, jupyter, material, material_search, nbconvert

ADAPTERS = (bleach, i18n, jupyter, material, material_search, nbconvert)
WRITTEN_AGAINST = [(module.__name__.rsplit(".", 1)[-1], package, version)
                   for module in ADAPTERS for package, version in module.WRITTEN_AGAINST.items()]

POINTER = (
    "overrides/course_site/adapters/{module}.py was written against {package} {expected}: read that project's "
    "changes for the module's functions, adjust them, then update its WRITTEN_AGAINST"
)


def pinned() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)", line)
        if match:
            pins[re.sub(r"[-_.]+", "-", match[1]).lower()] = match[2]
    return pins


def test_every_adapter_module_says_what_it_was_written_against():
    modules = {path.stem for path in (ROOT / "overrides" / "course_site" / "adapters").glob("*.py")} - {"__init__"}
    assert modules == {module.__name__.rsplit(".", 1)[-1] for module in ADAPTERS}
    assert all(module.WRITTEN_AGAINST for module in ADAPTERS)


@pytest.mark.parametrize("module, package, expected", WRITTEN_AGAINST)
def test_the_adapters_version_is_the_pinned_and_installed_one(module, package, expected):
    message = POINTER.format(module=module, package=package, expected=expected)
    assert pinned().get(package) == expected, message
    assert version(package) == expected, message


@pytest.mark.parametrize("template, block", sorted(material.OVERRIDDEN_TEMPLATES, key=str))
def test_overridden_material_templates_are_unchanged_upstream(template, block):
    recorded = material.OVERRIDDEN_TEMPLATES[(template, block)]
    current = material.text_hash(material.material_template_text(template, block))
    where = f"block {block} of {template}" if block else template
    assert current == recorded, (
        f"Material's {where} changed since overrides/ replaced it: compare Material's new text with "
        "overrides/main.html (or overrides/partials/), carry the change over, and record the new hash "
        "in material.OVERRIDDEN_TEMPLATES"
    )


@pytest.mark.parametrize("template, block", sorted(material.WORKED_AROUND_TEMPLATES, key=str))
def test_material_templates_worked_around_are_unchanged_upstream(template, block):
    recorded = material.WORKED_AROUND_TEMPLATES[(template, block)]
    current = material.text_hash(material.material_template_text(template, block))
    assert current == recorded, (
        f"Material's {template} changed since the site worked around it: read the workaround's note in "
        "material.WORKED_AROUND_TEMPLATES, check it is still needed and right against the new text, "
        "then record the new hash there"
    )


def test_the_material_bundle_is_found_not_hard_coded(site_dir):
    bundle = material.material_bundle()
    assert (site_dir / bundle).is_file()
    assert "bundle." not in (ROOT / "overrides" / "main.html").read_text(encoding="utf-8").replace(
        "material.material_bundle", ""
    ), "main.html names Material's bundle: use material_bundle (material.material_bundle())"
    script = soup(site_dir / "index.html").find("script", src=bundle)
    assert script is not None and script.has_attr("defer")


# Other projects whose code only the modules of adapters/ may import.
FOREIGN = ("material", "mkdocs_static_i18n", "mkdocs_jupyter", "nbconvert", "bleach")
# MkDocs' public API, which a hook may use anywhere: its events' objects, errors and utilities.
MKDOCS_PUBLIC = {
    "mkdocs.config", "mkdocs.exceptions", "mkdocs.plugins", "mkdocs.structure", "mkdocs.structure.files",
    "mkdocs.structure.nav", "mkdocs.structure.toc", "mkdocs.utils", "mkdocs.utils.meta", "mkdocs.utils.yaml",
}
# Attributes that reach into another object's make-up or into the other plugins.
REACHING = {"__class__", "__dict__", "__globals__", "plugins"}
CHECKED = [ROOT / "overrides" / "course_site", ROOT / "quizzes", ROOT / "tools"]


def reaches(source: str) -> list[str]:
    """Each place in `source` that imports another project's internals (by an import statement,
    `importlib.import_module` or `__import__`), or reads a private attribute or key (`x._y`,
    `getattr(x, "_y")`, `vars(x)["_y"]`, `config["plugins"]`) of anything but the object itself:
    `line: code`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names if alias.name.startswith("_")]
        elif isinstance(node, ast.Call) and _called(node) in ("import_module", "__import__") and node.args and _text(node.args[0]):
            names = [node.args[0].value]
        if any(name.split(".")[0] in FOREIGN or (name.split(".")[0] == "mkdocs" and name not in MKDOCS_PUBLIC)
               for name in names):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        attribute = None
        if isinstance(node, ast.Attribute) and not _is_own(node.value):
            attribute = node.attr
        elif isinstance(node, ast.Call) and _called(node) in ("getattr", "setattr", "hasattr", "delattr") and len(node.args) > 1 and _text(node.args[1]):
            attribute = node.args[1].value
        elif isinstance(node, ast.Subscript) and not _is_own(node.value) and _text(node.slice):
            attribute = node.slice.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and not _is_own(node.func.value) and node.args and _text(node.args[0])):
            attribute = node.args[0].value
        if attribute and (attribute in REACHING or (attribute.startswith("_") and not attribute.endswith("__"))):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def _called(call: ast.Call) -> str | None:
    """The name a call calls: `f(…)` and `module.f(…)` both call f."""
    return call.func.id if isinstance(call.func, ast.Name) else call.func.attr if isinstance(call.func, ast.Attribute) else None


def _text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _is_own(value: ast.expr) -> bool:
    """self, cls or super(): an object reading its own attributes."""
    return (isinstance(value, ast.Name) and value.id in ("self", "cls")) or (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super")


@pytest.mark.parametrize("code, reached", [
    # The review's mutation 4, which the word list let through.
    ("build = config.plugins.get('i18n').build_languages", "config.plugins"),
    ("kind = File.__class__", "File.__class__"),
    ("from mkdocs_static_i18n.plugin import I18n", "from mkdocs_static_i18n.plugin import I18n"),
    ("import material.plugins.search", "import material.plugins.search"),
    ("from nbconvert import HTMLExporter", "from nbconvert import HTMLExporter"),
    ("from mkdocs.commands.build import _build_page", "from mkdocs.commands.build import _build_page"),
    ("from mkdocs.utils import _removesuffix", "from mkdocs.utils import _removesuffix"),
    ("used = plugin._used_cache_paths", "plugin._used_cache_paths"),
    ("used = getattr(plugin, '_used_cache_paths')", "getattr(plugin, '_used_cache_paths')"),
    ("setattr(files, '_files', [])", "setattr(files, '_files', [])"),
    # A key read by subscript or .get(), an import by name, a namespace read as a dict.
    ("search = config['plugins']['search']", "config['plugins']"),
    ("search = config.get('plugins')", "config.get('plugins')"),
    ("plugin = importlib.import_module('material.plugins.search.plugin')",
     "importlib.import_module('material.plugins.search.plugin')"),
    ("plugin = import_module('mkdocs_static_i18n.plugin')", "import_module('mkdocs_static_i18n.plugin')"),
    ("build = __import__('mkdocs.commands.build')", "__import__('mkdocs.commands.build')"),
    ("used = vars(plugin)['_used_cache_paths']", "vars(plugin)['_used_cache_paths']"),
])
def test_the_guard_sees_each_way_of_reaching_in(code, reached):
    assert reaches(code) == [f"1: {reached}"]


@pytest.mark.parametrize("code", [
    "from mkdocs.structure.files import File, Files",
    "from mkdocs.utils import get_relative_url",
    "self._run_outputs = {}",
    "super().__init__(message)",
    "here = module.__file__",
    "plugin = importlib.import_module('course_site.plugin')",
    "title = page.meta['title']",
])
def test_the_guard_lets_the_public_api_and_an_objects_own_state_through(code):
    assert reaches(code) == []


# Places that read the `plugins` of mkdocs.yml loaded as YAML data, not MkDocs' plugin objects.
MKDOCS_YML_AS_DATA = {
    ("overrides/course_site/languages.py", "config.get('plugins', [])"),
    ("tools/generated_course.py", "config['plugins']"),
    ("tools/verify_hub.py", "yaml_load(f)['plugins']"),
}


def test_other_projects_are_reached_from_the_adapter_only():
    """No module of the build, the quiz engine or the tools outside adapters/ imports another
    project's internals or reads a private attribute of anything but itself."""
    offenders = [
        f"{path.relative_to(ROOT)}:{place}"
        for folder in CHECKED for path in sorted(folder.rglob("*.py"))
        if "adapters" not in path.relative_to(ROOT).parts and "node_modules" not in path.parts
        for place in reaches(path.read_text(encoding="utf-8"))
        if (path.relative_to(ROOT).as_posix(), place.split(": ", 1)[1]) not in MKDOCS_YML_AS_DATA
    ]
    assert offenders == [], "move these into the project's module of overrides/course_site/adapters/"


@pytest.mark.parametrize("site_file", sorted(material.MATERIAL_SCRIPTS_RELIED_ON))
def test_material_scripts_the_site_relies_on_are_unchanged(site_file):
    pattern, recorded = material.MATERIAL_SCRIPTS_RELIED_ON[site_file]
    assert (ROOT / site_file).is_file()
    assert material.text_hash(material.material_asset_text(pattern)) == recorded, (
        f"Material's {pattern} changed: recheck {site_file} against it (see its comment in "
        "material.MATERIAL_SCRIPTS_RELIED_ON), then record the new hash there"
    )


def css_text(css: str) -> str:
    """CSS without its comments, and white space only where it separates words."""
    css = re.sub(r"\s+", " ", re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL))
    css = re.sub(r":\s+", ":", re.sub(r"\s*([{};,>+])\s*", r"\1", css))
    return css.replace(";}", "}")


def test_site_css_styles_the_tables_the_build_boxes_as_material_styles_those_it_boxes():
    """The build boxes the content's tables itself, with a class that Material's script skips
    (material.box_tables): each of Material's rules for the tables it boxes is restated in
    site.css for that class, and no rule of the site's still selects a table without a class."""
    site_css = css_text((ROOT / "overrides" / "assets" / "stylesheets" / "site.css").read_text(encoding="utf-8"))
    rules = material.material_table_rules(pipeline.TABLE_CLASS)
    assert len(rules) >= 10  # Material 9.8.2 has 12
    assert [rule for rule in rules if css_text(rule) not in site_css] == []
    assert material.MATERIAL_BOXED_TABLES not in site_css


@pytest.mark.parametrize("vendored", sorted(material.VENDORED))
def test_vendored_files_are_as_vendored(vendored):
    digest = hashlib.sha256((ROOT / vendored).read_bytes()).hexdigest()
    assert digest == material.VENDORED[vendored], (
        f"{vendored} is not the file vendored: change it only by an upgrade (its version and licence "
        "file with it), then record its SHA-256 in material.VENDORED"
    )


@pytest.mark.parametrize("features, refused", [(["content.code.copy", "content.tooltips"], True),
                                               (["content.code.copy"], False), (None, False)])
def test_material_tooltips_turned_back_on_stop_the_build(features, refused):
    """Material's content.tooltips would build each title of the content as HTML (issue 30)."""
    from mkdocs.config.defaults import MkDocsConfig

    from course_site.errors import SiteError

    config = MkDocsConfig()
    config.load_dict({"site_name": "x", "theme": {"name": "material", **({"features": features} if features else {})}})
    assert config.validate() == ([], [])
    if refused:
        with pytest.raises(SiteError, match="content.tooltips"):
            material.refuse_html_tooltips(config)
    else:
        material.refuse_html_tooltips(config)

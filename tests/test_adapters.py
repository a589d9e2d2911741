"""The guard on other projects' internals: overrides/course_site/adapters.py was written against
exact versions, and overrides/ copies some of Material's template blocks.  When a pin or one of
those blocks changes, these tests fail and say where to look."""

from __future__ import annotations

import re
from importlib.metadata import version

import pytest

from helpers import ROOT, soup

from course_site import adapters

POINTER = (
    "overrides/course_site/adapters.py was written against {package} {expected}: read that project's "
    "changes for the functions marked with its name, adjust them, then update WRITTEN_AGAINST"
)


def pinned() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)", line)
        if match:
            pins[re.sub(r"[-_.]+", "-", match[1]).lower()] = match[2]
    return pins


@pytest.mark.parametrize("package", sorted(adapters.WRITTEN_AGAINST))
def test_the_adapters_version_is_the_pinned_and_installed_one(package):
    expected = adapters.WRITTEN_AGAINST[package]
    message = POINTER.format(package=package, expected=expected)
    assert pinned().get(package) == expected, message
    assert version(package) == expected, message


@pytest.mark.parametrize("template, block", sorted(adapters.OVERRIDDEN_TEMPLATES, key=str))
def test_overridden_material_templates_are_unchanged_upstream(template, block):
    recorded = adapters.OVERRIDDEN_TEMPLATES[(template, block)]
    current = adapters.text_hash(adapters.material_template_text(template, block))
    where = f"block {block} of {template}" if block else template
    assert current == recorded, (
        f"Material's {where} changed since overrides/ replaced it: compare Material's new text with "
        "overrides/main.html (or overrides/partials/), carry the change over, and record the new hash "
        "in adapters.OVERRIDDEN_TEMPLATES"
    )


def test_the_material_bundle_is_found_not_hard_coded(site_dir):
    bundle = adapters.material_bundle()
    assert (site_dir / bundle).is_file()
    assert "bundle." not in (ROOT / "overrides" / "main.html").read_text(encoding="utf-8").replace(
        "adapters.material_bundle", ""
    ), "main.html names Material's bundle: use material_bundle (adapters.material_bundle())"
    script = soup(site_dir / "index.html").find("script", src=bundle)
    assert script is not None and script.has_attr("defer")


def test_other_projects_are_reached_from_the_adapter_only():
    """No other module of the site's build names the internals the adapter wraps."""
    internals = re.compile(
        r"_used_cache_paths|current_language|\.building\b|get_language_config|abs_dest_path|_get_url"
        r"|cell-id=|jp-[A-Z]|highlight-ipynb|bundle\.[0-9a-f]{8}|extra\.alternate|\.locale\b"
    )
    package = ROOT / "overrides" / "course_site"
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(package.rglob("*.py")) if path.name != "adapters.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if internals.search(line)
    ]
    assert offenders == []

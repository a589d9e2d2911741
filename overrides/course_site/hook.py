"""The site's one MkDocs hook (mkdocs.yml: `hooks: [overrides/course_site/hook.py]`).

It loads the `course_site` package (this folder) and the quiz engine (`quizzes/` at the top of
the repository) from their folders, and hands every MkDocs event to a `CourseSite`
(plugin.py).  Under `mkdocs serve`, MkDocs loads a hook module once and keeps it; this module
therefore loads the two packages again at the start of a rebuild when one of their Python
files changed, so that an edit to any of them takes effect without restarting the server.

The priorities order these events against other plugins only (static-i18n, mkdocs-jupyter);
the order of the site's own work is written in plugin.py and pipeline.py.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

from mkdocs.plugins import CombinedEvent, event_priority

PACKAGES = {
    "quizzes": Path(__file__).resolve().parents[2] / "quizzes",
    "course_site": Path(__file__).resolve().parent,
}

_site = None
_loaded_sources: dict[str, float] | None = None


def _sources() -> dict[str, float]:
    return {str(p): p.stat().st_mtime for folder in PACKAGES.values() for p in sorted(folder.rglob("*.py"))}


def _load():
    """Import both packages afresh from their folders; return a new CourseSite."""
    global _loaded_sources
    for name, folder in PACKAGES.items():
        for module in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
            del sys.modules[module]
        spec = importlib.util.spec_from_file_location(
            name, folder / "__init__.py", submodule_search_locations=[str(folder)]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    _loaded_sources = _sources()
    return importlib.import_module("course_site.plugin").CourseSite()


def _site_for(config):
    global _site
    if _site is None or (_sources() != _loaded_sources and not _site.is_between_passes(config)):
        _site = _load()
    return _site


@event_priority(-200)  # after static-i18n's on_config (-100) has chosen the pass language
def on_config(config):
    return _site_for(config).on_config(config)


@event_priority(-100)  # after mkdocs-jupyter's on_pre_build (0) has reset its cache record
def on_pre_build(config):
    _site.on_pre_build(config)


@event_priority(-200)  # after static-i18n's on_files (-100) has rebuilt the file list
def on_files(files, config):
    return _site.on_files(files, config)


@event_priority(-200)  # after static-i18n's on_nav (-100) has made the pass language's navigation
def on_nav(nav, config, files):
    return _site.on_nav(nav, config, files)


def on_env(env, config, files):
    return _site.on_env(env, config, files)


def on_template_context(context, template_name, config):
    return _site.on_template_context(context, template_name, config)


def on_page_markdown(markdown, page, config, files):
    return _site.on_page_markdown(markdown, page, config, files)


def on_page_content(html, page, config, files):
    return _site.on_page_content(html, page, config, files)


def on_post_page(output, page, config):
    return _site.on_post_page(output, page, config)


@event_priority(-100)  # after static-i18n's language switcher (50)
def on_page_context(context, page, config, nav):
    return _site.on_page_context(context, page, config, nav)


@event_priority(0)  # before static-i18n's on_post_build (-100) starts the next language's pass
def _pages_written(config):
    _site.on_pages_written(config)


@event_priority(-200)  # after static-i18n's on_post_build (-100) has built the other languages
def _post_build(config):
    _site.on_post_build(config)


on_post_build = CombinedEvent(_pages_written, _post_build)

"""Keep mkdocs-jupyter's conversion cache warm across static-i18n's language passes.

mkdocs-jupyter forgets which cache entries it used at every ``on_pre_build``
and deletes the others at every ``on_post_build``.  static-i18n runs one whole
build per language, so each pass deleted the other language's entries and
every translated notebook was converted again on every build.  Here the
entries used by all passes of one build are pooled, and stale entries are
only evicted after the last pass.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.plugins import event_priority

from language_pass import is_first_pass, is_last_pass

_used_in_this_build: set[Path] = set()


@event_priority(-100)  # after mkdocs-jupyter has reset its own set
def on_pre_build(config) -> None:
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None:
        return
    if is_first_pass(config):
        _used_in_this_build.clear()
    # Share one set: every cache path the plugin records lands here.
    jupyter._used_cache_paths = _used_in_this_build


@event_priority(100)  # before mkdocs-jupyter evicts
def on_post_build(config) -> None:
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None or not jupyter.config["cache"]:
        return
    if is_last_pass(config):
        jupyter._used_cache_paths = _used_in_this_build
    else:
        # Later passes still need their entries: evict nothing yet.
        cache_dir = Path(jupyter.config["cache_dir"])
        jupyter._used_cache_paths = set(cache_dir.glob("*.json"))

"""mkdocs-jupyter: its conversion, its cache, and its notebook files as static-i18n leaves them."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from mkdocs.structure.files import File, Files

from . import nbconvert

WRITTEN_AGAINST = {"mkdocs": "1.6.1", "mkdocs-jupyter": "0.26.3"}


# ---------------------------------------------------------------------------
# MkDocs 1.6.1 with static-i18n 1.3.1 and mkdocs-jupyter 0.26.3
#
# static-i18n's on_files (priority -100) rebuilds every file as a plain mkdocs File, dropping
# mkdocs-jupyter's NotebookFile wrapper, so notebooks would be copied as raw JSON (static-i18n
# #198).  Called later, this marks them as pages again, in place: static-i18n's I18nFiles
# container and the destination paths it chose (`en/x.html` for `x.en.ipynb`) must survive.


class _NotebookPage(File):
    def is_documentation_page(self) -> bool:
        return True

    def is_static_page(self) -> bool:
        return False

    def is_media_file(self) -> bool:
        return False


def render_notebooks_as_pages(files: Files, config, folder: str) -> None:
    for file in files:
        if not file.src_uri.endswith(".ipynb") or isinstance(file, _NotebookPage):
            continue
        dest_uri = file.dest_uri
        if not dest_uri.endswith(".html"):
            dest_uri = dest_uri[: -len(".ipynb")] + ".html"
        if folder and not dest_uri.startswith(folder):
            # An untranslated notebook shown in another language: without the language folder
            # it would overwrite the original page.
            dest_uri = folder + dest_uri
        file.__class__ = _NotebookPage
        file.dest_uri = dest_uri
        file.url = file._get_url(config.use_directory_urls)
        # static-i18n passed the destination path where File expects the folder, so the derived
        # absolute path would be wrong: set it.
        file.abs_dest_path = os.path.normpath(os.path.join(config.site_dir, dest_uri))


# ---------------------------------------------------------------------------
# mkdocs-jupyter 0.26.3
#
# It forgets the cache entries it used at every on_pre_build and deletes the others at every
# on_post_build, so each language pass deleted the other language's entries.  The entries of
# all passes of one build are pooled here; stale ones are evicted after the last pass only.


def _jupyter(config):
    return config.plugins.get("mkdocs-jupyter")


class _EvictNothing(set):
    """Records every entry a pass uses, in the build's pool, and lets mkdocs-jupyter evict none."""

    def __init__(self, pool: set) -> None:
        super().__init__()
        self.pool = pool

    def add(self, path) -> None:
        self.pool.add(path)

    def __contains__(self, path) -> bool:
        return True


def pool_notebook_cache(config, pool: set, last_pass: bool) -> None:
    """Call from on_pre_build after mkdocs-jupyter's own (priority below 0): every pass records
    what it uses in `pool`; only the last pass lets mkdocs-jupyter evict what no pass used."""
    jupyter = _jupyter(config)
    if jupyter is not None:
        jupyter._used_cache_paths = pool if last_pass else _EvictNothing(pool)


# ---------------------------------------------------------------------------
# mkdocs-jupyter 0.26.3 and nbconvert 7.17.2
#
# The site changes how a notebook is converted (the language each is highlighted in; formulas
# marked: nbconvert.mark_formulas), but mkdocs-jupyter keys its cache by the notebook and its own
# settings only (plugin._compute_cache_key): a conversion cached before a change would be taken
# for one made after it.  Its key is extended with the code of these changes.


def convert_as_the_site_does() -> None:
    """The site's changes to mkdocs-jupyter's conversion (each below), installed once per process,
    with its cache keyed by them: an entry made by other code is not taken for the site's."""
    from mkdocs_jupyter import plugin

    highlight_each_notebook_in_its_language()
    nbconvert.mark_formulas()
    if getattr(plugin._compute_cache_key, "course_site", False):
        return
    compute_key, conversion = plugin._compute_cache_key, _conversion_fingerprint()

    def compute_cache_key(nb_path, config, exec_nb):
        return hashlib.sha256(f"{compute_key(nb_path, config, exec_nb)}\0{conversion}".encode("utf-8")).hexdigest()

    compute_cache_key.course_site = True
    plugin._compute_cache_key = compute_cache_key


def _conversion_fingerprint() -> str:
    """The code of the site's changes to the conversion: this module and nbconvert.py."""
    digest = hashlib.sha256()
    for module in (Path(__file__), Path(nbconvert.__file__)):
        digest.update(module.read_bytes())
    return digest.hexdigest()


def highlight_each_notebook_in_its_language() -> None:
    """mkdocs-jupyter highlights code cells in a module-wide language it takes from the kernelspec
    of the notebook it converts, and leaves as it was when a notebook has none: a notebook with
    no kernelspec was highlighted in the previous notebook's language.  Each conversion starts
    from the notebook's own language (language_info's, else Python), and a name Pygments does
    not know is tried without its version (xcpp says `C++17`)."""
    from mkdocs_jupyter import convert, nbconvert2

    if getattr(convert.nb2html, "course_site", False):
        return
    convert_notebook, highlight = convert.nb2html, nbconvert2._pygments_highlight

    def nb2html(nb_path, *args, **kwargs):
        nbconvert2.kernel_lang = notebook_language(Path(nb_path))
        return convert_notebook(nb_path, *args, **kwargs)

    def pygments_highlight(source, formatter, language, metadata=None):
        return highlight(source, formatter, lexer_name(language), metadata)

    nb2html.course_site = True
    convert.nb2html = nb2html
    nbconvert2._pygments_highlight = pygments_highlight


def notebook_html(path: Path) -> str:
    """A notebook converted to HTML as mkdocs-jupyter 0.26.3 converts it for a page (for tools
    that judge a notebook without building a site: tools/survey_upstream.py)."""
    from mkdocs_jupyter.nbconvert2 import nb2html

    convert_as_the_site_does()
    return nb2html(str(path))


def notebook_language(path: Path) -> str:
    """The language a notebook's code is in: the kernelspec's, else language_info's, else Python."""
    try:
        metadata = json.loads(path.read_text(encoding="utf-8")).get("metadata") or {}
    except (OSError, ValueError, AttributeError):
        return "python"
    named = (metadata.get("kernelspec") or {}).get("language") or (metadata.get("language_info") or {}).get("name")
    return lexer_name(str(named)) if named else "python"


def lexer_name(language: str | None) -> str | None:
    """`language` as Pygments knows it: as written, or lower case without a version (`C++17`)."""
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    if not language:
        return language
    for candidate in (language, language.lower(), language.lower().rstrip("0123456789.")):
        try:
            get_lexer_by_name(candidate)
            return candidate
        except ClassNotFound:
            continue
    return language


def notebook_cache_dir(config) -> Path:
    """Where mkdocs-jupyter caches conversions; the site keeps its own caches beside it."""
    jupyter = _jupyter(config)
    return Path(jupyter.config["cache_dir"] if jupyter is not None else ".cache/mkdocs-jupyter")


def notebook_cache_named(config) -> bool:
    """Whether mkdocs.yml (or NOTEBOOK_CACHE_DIR through it) names mkdocs-jupyter's cache folder."""
    jupyter = _jupyter(config)
    return jupyter is None or bool(jupyter.config["cache_dir"])


def set_notebook_cache_dir(config, folder: Path) -> None:
    """mkdocs-jupyter reads its cache_dir at each page (on_pre_page) and after the build (its
    eviction): set from on_config, it holds for both."""
    _jupyter(config).config["cache_dir"] = str(folder)


def notebook_toc_depth(config) -> int:
    jupyter = _jupyter(config)
    return jupyter.config["toc_depth"] if jupyter is not None else 6


def is_notebook(src_uri: str) -> bool:
    return src_uri.endswith(".ipynb")

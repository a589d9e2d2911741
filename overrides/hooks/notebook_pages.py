"""Keep notebooks as pages after mkdocs-static-i18n has rebuilt the file list.

static-i18n (on_files, priority -100) turns every file into a plain mkdocs
``File``, dropping mkdocs-jupyter's ``NotebookFile`` wrapper, so notebooks
would be copied as raw JSON under their ``.html`` name (static-i18n #198).
Running later, we mark them as documentation pages again.  The files are
changed in place: static-i18n's ``I18nFiles`` container and the dest paths it
computed (``en/x.html`` for ``x.en.ipynb``) must survive.
"""

from __future__ import annotations

import os

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

from language_pass import current_folder


class NotebookPage(File):
    """A notebook that MkDocs renders as a page (mkdocs-jupyter fills in the HTML)."""

    def is_documentation_page(self) -> bool:
        return True

    def is_static_page(self) -> bool:
        return False

    def is_media_file(self) -> bool:
        return False


def is_notebook(file: File) -> bool:
    return file.src_uri.endswith(".ipynb")


@event_priority(-200)
def on_files(files: Files, config) -> Files:
    folder = current_folder(config)
    for file in files:
        if is_notebook(file) and not isinstance(file, NotebookPage):
            dest_uri = file.dest_uri
            if not dest_uri.endswith(".html"):
                dest_uri = dest_uri[: -len(".ipynb")] + ".html"
            if folder and not dest_uri.startswith(folder):
                # An untranslated notebook shown in the other language: without
                # the prefix it would overwrite the original page.
                dest_uri = folder + dest_uri
            file.__class__ = NotebookPage
            file.dest_uri = dest_uri
            file.url = file._get_url(config.use_directory_urls)
            # Set, not derived: static-i18n passes the dest path where File expects
            # the dest folder, so File.abs_dest_path would be wrong.
            file.abs_dest_path = os.path.normpath(os.path.join(config.site_dir, dest_uri))
    return files

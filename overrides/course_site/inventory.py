"""What docs/ holds for the course, by MkDocs' own rules.

MkDocs decides which files are the site's (`get_files`: `exclude_docs`, which keeps answer files,
data and translation records off the site, and its rule for dot-files and dot-folders such as
`.drafts/` and `.ipynb_checkpoints/`).  The build takes its list of pages from here, so a draft
in a dot-folder or a note inside an excluded folder is what MkDocs says it is: not a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath

from mkdocs.structure.files import get_files

PAGE_SUFFIXES = (".md", ".ipynb")


@dataclass(frozen=True)
class CourseFiles:
    published: tuple[str, ...]  # docs-relative: what MkDocs puts on the site
    kept_out: tuple[str, ...]  # excluded by exclude_docs, but part of the course (answers, data, records)

    def pages(self) -> list[str]:
        return [name for name in self.published if PurePosixPath(name).suffix in PAGE_SUFFIXES]


def course_files(config) -> CourseFiles:
    published, kept_out = [], []
    for file in get_files(config):
        if any(part.startswith(".") for part in PurePosixPath(file.src_uri).parts):
            continue  # hidden: a draft, an editor's or Jupyter's own files, never the course's
        (published if file.inclusion.is_included() else kept_out).append(file.src_uri)
    return CourseFiles(tuple(sorted(published)), tuple(sorted(kept_out)))

"""A page the pipeline made before is not made again while nothing it is made from changed.

The pipeline (pipeline.py) is most of a warm build and of a `mkdocs serve` rebuild, and a page's
result depends on known inputs only.  Its key has two parts:

- the page's own (`PageCache.key`): its HTML from Markdown or nbconvert, where and in which
  language it is shown, its source file, the outputs of its cells run at build, its exercises
  (its entry in the course the quiz engine read) and its translation's state;
- what every page is made from (`build_key`): the plan, the site's words, the glossary, the
  quiz languages and what the catalog and the chapter ends show of the whole course
  (progress.what_pages_show), the names of the course's files and the bytes of every file that is
  not a page, except those the quiz engine read (answer files, reference solutions: what a page
  shows of them is in its exercises), the build's code and every installed package's version.

So an edit to one page, one answer file or one translation makes its own pages again, not the
site's (a `mkdocs serve` rebuild after a one-line edit); a figure, the plan or the code makes all.
A step that comes to read more of the course, or another page's state, must be keyed here.

A page whose content had a problem is never kept: its problems are found again, named, each build.
Entries live in memory (serve's rebuilds) and in a folder beside the notebook cache (the next build),
as JSON, each named by an HMAC under the machine's key (caches.py): a page kept is a page the
sanitiser passed, so an entry nobody can name from public inputs is one nobody can forge.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection
from importlib.metadata import distributions
from pathlib import Path

from ..course.inventory import CourseInventory
from .caches import keyed

CODE_FOLDERS = (Path(__file__).resolve().parents[1], Path(__file__).resolve().parents[3] / "quizzes")  # course_site/, quizzes/
PAGES = (".md", ".ipynb")


def build_key(course_files: CourseInventory, *derived: object, keyed_with_pages: Collection[str] = (),
              code: str | None = None) -> str:
    """What every page of this build is made from, beyond the page itself: `derived` are the
    build's own readings of the course (plan, glossary, ...), hashed by their repr;
    `keyed_with_pages`, files whose bytes reach a page only through what its own key holds;
    `code`: code_key(), when the caller has it."""
    digest = hashlib.sha256((code or code_key()).encode("utf-8"))
    for name in course_files.files():
        digest.update(f"\0{name}\0".encode("utf-8"))
        if not name.endswith(PAGES) and name not in keyed_with_pages:
            digest.update(hashlib.sha256(course_files.data(name)).digest())
    for value in derived:
        digest.update(repr(value).encode("utf-8"))
    return digest.hexdigest()


def code_key() -> str:
    """The build's code and every installed package's version: what anything made is made by."""
    digest = hashlib.sha256()
    for folder in CODE_FOLDERS:
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.read_bytes())
    digest.update(repr(sorted((d.metadata["Name"] or "", d.version) for d in distributions())).encode("utf-8"))
    return digest.hexdigest()


def describe(function) -> str:
    """A function as a key may hold it: its name and, for a partial, its arguments (a function's
    repr holds its address, new in every process)."""
    inner = getattr(function, "func", function)
    bound = (getattr(function, "args", ()), getattr(function, "keywords", {}))
    return f"{inner.__module__}.{inner.__qualname__}{bound!r}"


class PageCache:
    """What was made, by the HMAC of what it was made from (`build`: what all of it shares) under
    `key` (caches.secret()); any JSON value (a page: its HTML and PageResult as data)."""

    def __init__(self, folder: Path | None, build: str, key: bytes = b"") -> None:
        if folder is not None and not key:
            raise ValueError("a cache kept on disk is keyed with the machine's secret (caches.secret())")
        self.folder, self.build, self.secret = folder, build, key
        self.kept: dict[str, object] = {}
        self.used: set[str] = set()  # the keys this build asked for or made

    def key(self, html: str, *page: object) -> str:
        """`page`: where and how the page is shown, its source's text, its cells' outputs, its
        exercises and its translation's state."""
        return keyed(self.secret, self.build, html, repr(page))

    def get(self, key: str) -> object | None:
        self.used.add(key)
        if key in self.kept:
            return self.kept[key]
        if self.folder is None:
            return None
        try:
            self.kept[key] = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):  # never made, forgotten by another build, or cut short
            return None
        return self.kept[key]

    def put(self, key: str, made: object) -> None:
        self.used.add(key)
        self.kept[key] = made
        if self.folder:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / f"{key}.json").write_text(json.dumps(made, ensure_ascii=False), encoding="utf-8")

    def forget_unused(self) -> None:
        """Drop every page this build did not ask for: a page made from inputs that changed since
        is never asked for again, and the folder would grow with every edit (as mkdocs-jupyter's
        own cache evicts its unused entries after a build)."""
        self.kept = {key: made for key, made in self.kept.items() if key in self.used}
        if self.folder is not None and self.folder.is_dir():
            for path in self.folder.iterdir():
                if path.stem not in self.used and path.is_file():
                    path.unlink(missing_ok=True)

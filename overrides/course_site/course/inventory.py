"""What docs/ holds for the course, listed once per build by MkDocs' own rules, each file read once.

MkDocs decides which files are the site's (`get_files`: `exclude_docs`, which keeps answer files,
data and translation records off the site, and its rule for dot-files and dot-folders such as
`.drafts/` and `.ipynb_checkpoints/`).  Everything the build does with docs/ starts from this
list: the pages, the course check, the exercises (through quizzes.files), the translation survey,
the chapter archives, the checks of symbolic links and figures.  Nothing else lists docs/ (a test
watches the build's directory reads to say so).

Reading: a file's bytes are kept while its size and modification time stay the same, and a
notebook's parsed form while its bytes do, for the life of the process, so `mkdocs serve` reads
and parses again only what changed.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import nbformat
from mkdocs.config import load_config
from mkdocs.structure.files import get_files

from quizzes.cell_ids import read_notebook

PAGE_SUFFIXES = (".md", ".ipynb")

_BYTES: dict[str, tuple[tuple[int, int], bytes]] = {}  # absolute path -> ((size, mtime_ns), bytes)
_NOTEBOOKS: dict[str, nbformat.NotebookNode] = {}  # sha256 of the bytes -> the parsed notebook


@dataclass(frozen=True)
class CourseInventory:
    docs_dir: Path  # resolved
    published: tuple[str, ...]  # docs-relative: what MkDocs puts on the site
    kept_out: tuple[str, ...]  # excluded by exclude_docs, but part of the course (answers, data, records)
    symlinks: tuple[str, ...]  # docs-relative, never followed: the build refuses every one (published.py)
    _names: frozenset[str] = field(default=frozenset(), repr=False)

    @classmethod
    def from_config(cls, config) -> CourseInventory:
        docs_dir = Path(config.docs_dir).resolve()
        links = symlinks_under(docs_dir)
        published, kept_out = [], []
        for file in get_files(config):
            parts = PurePosixPath(file.src_uri).parts
            if any(part.startswith(".") for part in parts):
                continue  # hidden: a draft, an editor's or Jupyter's own files, never the course's
            if any("/".join(parts[: i + 1]) in links for i in range(len(parts))):
                continue  # reached through a link, which MkDocs follows: the link is the problem
            (published if file.inclusion.is_included() else kept_out).append(file.src_uri)
        return cls(docs_dir, tuple(sorted(published)), tuple(sorted(kept_out)), links,
                   frozenset(published) | frozenset(kept_out))

    def keeping_out(self, names: set[str]) -> CourseInventory:
        """The inventory with `names` kept out of the site (still the course's: read, checked where
        they are used, carried by the chapter archives): pages the plan does not publish."""
        moved = tuple(name for name in self.published if name in names)
        return CourseInventory(self.docs_dir, tuple(name for name in self.published if name not in names),
                               tuple(sorted(self.kept_out + moved)), self.symlinks, self._names)

    # -- the list -----------------------------------------------------------------------------

    def pages(self) -> list[str]:
        return [name for name in self.published if PurePosixPath(name).suffix in PAGE_SUFFIXES]

    def files(self, *suffixes: str) -> list[str]:
        """Every file of the course, published or kept out, with one of `suffixes` (all: none given)."""
        return sorted(name for name in self._names if not suffixes or name.endswith(suffixes))

    def under(self, folder: str) -> list[str]:
        """Every file of the course below the docs-relative `folder`."""
        prefix = folder.rstrip("/") + "/"
        return sorted(name for name in self._names if name.startswith(prefix))

    def has(self, name: str) -> bool:
        return name in self._names

    def path(self, name: str) -> Path:
        return self.docs_dir / name

    def name_of(self, path: Path) -> str | None:
        """The docs-relative name of `path`, when it is a file of the course."""
        try:
            name = path.resolve().relative_to(self.docs_dir).as_posix()
        except ValueError:
            return None
        return name if name in self._names else None

    # -- reading ------------------------------------------------------------------------------

    def data(self, name: str) -> bytes:
        return _read_bytes(self.path(name))

    def text(self, name: str) -> str:
        return self.data(name).decode("utf-8")

    def notebook(self, name: str) -> nbformat.NotebookNode:
        """The notebook, parsed once per content (quizzes.cell_ids); callers must not change it."""
        data = self.data(name)
        key = hashlib.sha256(data).hexdigest()
        if key not in _NOTEBOOKS:
            _NOTEBOOKS[key] = read_notebook(data.decode("utf-8"))
        return _NOTEBOOKS[key]

    def files_for_quizzes(self) -> InventoryFiles:
        return InventoryFiles(self)


@dataclass(frozen=True)
class InventoryFiles:
    """The inventory as the quiz engine reads files (quizzes.files.SourceFiles): only the course's.
    `read`: what the engine read through it (answer files, reference solutions), whose content
    reaches the pages only through the exercises it made (site/page_cache.py keys pages on them)."""

    inventory: CourseInventory
    read: set[str] = field(default_factory=set)

    def _name(self, path: Path) -> str | None:
        return self.inventory.name_of(path)

    def data(self, path: Path) -> bytes:
        name = self._name(path)
        if name is None:
            raise FileNotFoundError(path)
        self.read.add(name)
        return self.inventory.data(name)

    def is_file(self, path: Path) -> bool:
        return self._name(path) is not None

    def is_dir(self, path: Path) -> bool:
        try:
            folder = path.resolve().relative_to(self.inventory.docs_dir).as_posix()
        except ValueError:
            return False
        return bool(self.inventory.under(folder))

    def files_in(self, folder: Path) -> list[Path]:
        relative = folder.resolve().relative_to(self.inventory.docs_dir).as_posix()
        return [self.inventory.path(name) for name in self.inventory.under(relative)]

    def notebook(self, path: Path) -> nbformat.NotebookNode:
        name = self._name(path)
        if name is None:
            raise FileNotFoundError(path)
        return self.inventory.notebook(name)


def course_files(config) -> CourseInventory:
    return CourseInventory.from_config(config)


def of_config_file(config_file: Path) -> CourseInventory:
    """For the tools outside a build: the course of a mkdocs.yml, as its build would list it."""
    return course_files(load_config(str(config_file)))


def disk_state(docs_dir: Path) -> dict[str, tuple[int, int]]:
    """Every file now under docs/, hidden or not, with its size and modification time: what a cell
    run at build is checked against (run_at_build.py), where the course's list is not enough."""
    state = {}
    for here, folders, names in os.walk(docs_dir, followlinks=False):
        for name in names:
            path = Path(here) / name
            if not path.is_symlink():
                stat = path.stat()
                state[path.relative_to(docs_dir).as_posix()] = (stat.st_size, stat.st_mtime_ns)
    return state


SYMLINKS_EXPECTED = "a real file in docs/ (copy it), or no file"


def symlink_problems(docs_dir: Path, links: tuple[str, ...] | None = None) -> list[str]:
    """`links`: the inventory's, when it has just listed them."""
    links = symlinks_under(docs_dir) if links is None else links
    return [f"{docs_dir.name}/{link}: a symbolic link (to {os.readlink(docs_dir / link)}); the site and the archives "
            "would publish what it points to" for link in links]


def symlinks_under(docs_dir: Path) -> tuple[str, ...]:
    """Every symbolic link under docs/ (files and folders; never followed), docs-relative."""
    found = []
    for here, folders, names in os.walk(docs_dir, followlinks=False):
        for name in folders + names:
            path = Path(here) / name
            if path.is_symlink():
                found.append(path.relative_to(docs_dir).as_posix())
    return tuple(sorted(found))


def _read_bytes(path: Path) -> bytes:
    stat = path.stat()
    key, stamp = str(path), (stat.st_size, stat.st_mtime_ns)
    kept = _BYTES.get(key)
    if kept is None or kept[0] != stamp:
        kept = (stamp, path.read_bytes())
        _BYTES[key] = kept
    return kept[1]

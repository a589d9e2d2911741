"""The state of every translation in docs/: up to date, outdated (since when, which parts),
missing, or without a record; and marking a translation as up to date.

The records and fingerprints are translations.py's; this module reads the files, and git for
the dates.  "Outdated since" is the date of the first commit, after the version the record
matches, that changed the original's fingerprint (a change only in the working tree has no
date yet).  Without git, or without the commits (a shallow clone), there are no dates, or
late ones; everything else still works.

Used by the build (plugin.py: the build log, and the notice on outdated pages through the
pipeline's `outdated` step) and by tools/translations.py (the report, and `done`).
"""

from __future__ import annotations

import logging
import posixpath
import re
import subprocess
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from quizzes.sources import answer_file_of

from . import translations
from .. import addresses
from ..errors import SiteError
from .inventory import CourseInventory
from ..languages import Languages
from .translations import Changes, Record

log = logging.getLogger("mkdocs.plugins.course_site")

TRANSLATED = (".ipynb", ".md", ".txt", ".svg")  # the kinds of file that have translations
PAGES = (".ipynb", ".md")

log = logging.getLogger("mkdocs.plugins.course_site")

UP_TO_DATE, OUTDATED, MISSING, UNRECORDED = "up to date", "outdated", "missing", "no record"


@dataclass(frozen=True)
class FileState:
    original: str  # docs-relative: `ch/x.ipynb`
    translation: str  # `ch/x.en.ipynb`, existing or not
    language: str
    state: str  # UP_TO_DATE, OUTDATED, MISSING or UNRECORDED
    changes: Changes | None = None  # OUTDATED
    changed_on: str | None = None  # OUTDATED: YYYY-MM-DD, see the module's docstring
    base: str | None = None  # OUTDATED: the last commit whose original the record matches
    headings: Mapping[str, str | None] = field(default_factory=dict)  # cell id -> heading, in the original


@dataclass(frozen=True)
class Part:
    """One thing of an outdated page that changed in the original.

    kind: 'cell' (how: 'changed', 'added' or 'removed'), 'order' (cells moved), 'page' (a
    Markdown page), 'answers' or 'figure' (a file the page shows: `name` is its published name).
    `near`: cell ids of the translated notebook where the part is, or nearest to it, best first.
    """

    kind: str
    name: str | None = None
    how: str = "changed"
    near: tuple[str, ...] = ()


@dataclass(frozen=True)
class PageState:
    """A translated page that is behind: its own original changed, or a file it shows did."""

    translation: str
    original: str
    parts: tuple[Part, ...]
    changed_on: str | None  # the earliest date among its outdated files (None: unknown)


@dataclass(frozen=True)
class Survey:
    files: tuple[FileState, ...]  # every translation, and every missing page translation
    pages: Mapping[str, PageState]  # outdated translated pages, by their src_uri
    history: str  # 'git', 'shallow' (dates may be late) or 'none' (no dates)


# ---------------------------------------------------------------------------
# Reading docs/


class _Sidecars:
    def __init__(self, docs_dir: Path) -> None:
        self.docs_dir, self.cache = docs_dir, {}

    def entries(self, name: str) -> dict[str, str]:
        folder = posixpath.dirname(name)
        if folder not in self.cache:
            path = self.docs_dir / folder / translations.SIDECAR
            where = f"{self.docs_dir.name}/{posixpath.join(folder, translations.SIDECAR)}"
            self.cache[folder] = translations.read_sidecar(path.read_text(encoding="utf-8"), where) if path.is_file() else {}
        return self.cache[folder]


def survey(inventory: CourseInventory, languages: Languages, dates: bool = True) -> Survey:
    """Every translation of the course against its original; git for the dates unless `dates` is False."""
    docs_dir = inventory.docs_dir
    names = inventory.files(*TRANSLATED)
    present = set(names)
    sidecars = _Sidecars(docs_dir)
    history = GitHistory(docs_dir) if dates else None
    files = []
    for name in names:
        language = languages.of(name)
        if language == languages.default:
            if name.endswith(PAGES):
                files += [FileState(name, languages.translation(name, other), other, MISSING)
                          for other in languages.others if languages.translation(name, other) not in present]
            continue
        original = languages.original(name)
        if original not in present:
            continue  # the build stops on a page without its original; other files are not ours to judge
        files.append(_state(inventory, original, name, language, sidecars, history))
    files.sort(key=lambda f: f.translation)
    by_name = {f.translation: f for f in files}
    pages = {}
    for state in files:
        if state.translation.endswith(PAGES) and state.state in (UP_TO_DATE, OUTDATED):
            page = _page_state(inventory, state, by_name, languages)
            if page is not None:
                pages[state.translation] = page
    kind = "none" if history is None or history.root is None else ("shallow" if history.shallow else "git")
    return Survey(tuple(files), pages, kind)


def log_survey(survey: Survey, docs: str) -> None:
    """What a maintainer should know about the translations, in the build's log; never a warning,
    which would stop a strict build: a fix to an original may ship before its translation."""
    command = "tools/translations.py done"
    for state in survey.files:
        if state.state == OUTDATED:
            since = f"since {state.changed_on}" if state.changed_on else "(change not committed yet)"
            cells = f", cells {', '.join(state.changes.cells)}" if state.changes and state.changes.cells else ""
            log.info(f"{docs}/{state.translation} is behind {docs}/{state.original} {since}{cells}: "
                     f"its page says so; when it is updated, run {command} {docs}/{state.translation}")
        elif state.state == UNRECORDED:
            log.info(f"{docs}/{state.translation} has no translation record; when it matches "
                     f"{docs}/{state.original}, run {command} {docs}/{state.translation}")
    if survey.pages and survey.history != "git":
        log.info("translation dates: " + ("the git history is shallow, dates may be late (fetch it whole)"
                                          if survey.history == "shallow" else "no git history, so no dates"))


def _state(inventory: CourseInventory, original: str, name: str, language: str, sidecars: _Sidecars,
           history: GitHistory | None) -> FileState:
    docs_dir = inventory.docs_dir
    where = f"{docs_dir.name}/{name}"
    text = inventory.text(name) if translations.records_in(name) != "sidecar" else None
    recorded = translations.read_record(where, text, sidecars.entries(name))
    if recorded is None:
        return FileState(original, name, language, UNRECORDED)
    original_text = inventory.text(original)
    current = translations.record_of(f"{docs_dir.name}/{original}", original_text)
    changes = translations.compare(recorded, current)
    if changes is None:
        return FileState(original, name, language, UP_TO_DATE)
    headings = {}
    if original.endswith(".ipynb"):
        headings = translations.cell_headings(translations.read_notebook(original_text, original))
    changed_on, base = None, None
    if history is not None:
        changed_on, base = history.since(docs_dir / original, recorded.fingerprint,
                                         lambda text: translations.record_of(original, text).fingerprint)
    return FileState(original, name, language, OUTDATED, changes, changed_on, base, headings)


# ---------------------------------------------------------------------------
# Pages: what an outdated page shows a reader

_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?(?P<src>[^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")




def page_uses(name: str, text: str) -> list[tuple[str, str, str | None]]:
    """The files a translated page shows: (kind, docs-relative path, cell id) with kind
    'answers' (a notebook's answer cell) or 'figure' (a Markdown image, in a notebook or a page)."""
    folder = posixpath.dirname(name)
    uses = []

    def add(kind: str, reference: str, cell: str | None) -> None:
        path = reference.split("#", 1)[0].split("?", 1)[0]
        if path and addresses.is_relative(path):
            uses.append((kind, posixpath.normpath(posixpath.join(folder, path)), cell))

    if name.endswith(".ipynb"):
        for cell in translations.read_notebook(text, name).get("cells", []):
            source = "".join(cell.get("source", ""))
            if cell.get("cell_type") == "code" and answer_file_of(source):
                add("answers", answer_file_of(source), cell.get("id"))
            elif cell.get("cell_type") == "markdown":
                for image in _IMAGE.finditer(source):
                    add("figure", image["src"], cell.get("id"))
    else:
        for image in _IMAGE.finditer(text):
            add("figure", image["src"], None)
    return uses


def _cell_parts(state: FileState, order: list[str]) -> list[Part]:
    changes = state.changes

    def near(cell: str) -> tuple[str, ...]:
        if cell not in order:
            return (cell,)
        index = order.index(cell)
        return (cell, *reversed(order[:index]))

    parts = [Part("cell", c, "changed", near(c)) for c in changes.changed]
    parts += [Part("cell", c, "added", near(c)) for c in changes.added]
    parts += [Part("cell", c, "removed", (c,)) for c in changes.removed]
    if changes.reordered:
        parts.append(Part("order"))
    return parts


def _page_state(inventory: CourseInventory, state: FileState, by_name: Mapping[str, FileState],
                languages: Languages) -> PageState | None:
    outdated = []
    parts: list[Part] = []
    if state.state == OUTDATED:
        outdated.append(state)
        if state.translation.endswith(".ipynb"):
            parts += _cell_parts(state, list(state.headings))
        else:
            parts.append(Part("page"))
    for kind, used, cell in page_uses(state.translation, inventory.text(state.translation)):
        used_state = by_name.get(used)
        if used_state is None or used_state.state != OUTDATED or used_state in outdated:
            continue
        outdated.append(used_state)
        parts.append(Part(kind, posixpath.basename(languages.original(used)), "changed", (cell,) if cell else ()))
    if not outdated:
        return None
    dates = [f.changed_on for f in outdated if f.changed_on]
    return PageState(state.translation, state.original, tuple(parts), min(dates) if dates else None)


# ---------------------------------------------------------------------------
# Marking as done


def mark_done(docs_dir: Path, languages: Languages, name: str) -> Record:
    """Record that the translation `name` (docs-relative) matches its original as it is now."""
    docs_dir = docs_dir.resolve()
    where = f"{docs_dir.name}/{name}"
    language = languages.of(name)
    if language == languages.default:
        others = ", ".join(f"{docs_dir.name}/{languages.translation(name, o)}" for o in languages.others)
        raise SiteError("this is an original, not a translation", where=where, expected=f"its translation: {others}")
    if not (docs_dir / name).is_file():
        raise SiteError("there is no such file", where=where, expected="a translated file under docs/")
    original = languages.original(name)
    if not (docs_dir / original).is_file():
        raise SiteError(f"its original {docs_dir.name}/{original} does not exist", where=where)
    original_text = (docs_dir / original).read_text(encoding="utf-8")
    record = translations.record_of(original, original_text)
    kept = translations.records_in(name)
    if kept == "sidecar":
        sidecar = docs_dir / posixpath.dirname(name) / translations.SIDECAR
        side_where = f"{docs_dir.name}/{posixpath.join(posixpath.dirname(name), translations.SIDECAR)}"
        entries = translations.read_sidecar(sidecar.read_text(encoding="utf-8"), side_where) if sidecar.is_file() else {}
        entries[posixpath.basename(name)] = record.fingerprint
        sidecar.write_text(translations.sidecar_text(entries), encoding="utf-8", newline="")
        return record
    text = (docs_dir / name).read_text(encoding="utf-8")
    if kept == "notebook":
        own = [str(c.get("id")) for c in translations.read_notebook(text, where).get("cells", [])]
        if own != list(record.cells):
            raise SiteError(
                f"its cells are not those of {docs_dir.name}/{original} (ids {own} against {list(record.cells)})",
                where=where, expected="the original's cell ids, in the original's order (AUTHORING.md, 3.1)",
            )
    (docs_dir / name).write_text(translations.with_record(name, text, record), encoding="utf-8", newline="")
    return record


def translations_under(inventory: CourseInventory, languages: Languages, paths: Iterable[Path]) -> list[str]:
    """The translated files given (docs-relative), folders standing for every translation inside."""
    docs_dir = inventory.docs_dir
    found = []
    for path in paths:
        path = path.resolve()
        try:
            relative = path.relative_to(docs_dir).as_posix()
        except ValueError:
            raise SiteError("is not under docs/", where=str(path), expected=f"a file or folder under {docs_dir}") from None
        if path.is_dir():
            inside = inventory.files(*TRANSLATED) if relative == "." else inventory.under(relative)
            for name in inside:
                if name.endswith(TRANSLATED) and languages.of(name) != languages.default:
                    found.append(name)
        else:
            found.append(relative)
    return list(dict.fromkeys(found))


# ---------------------------------------------------------------------------
# git


class GitHistory:
    """The committed versions of a file, newest first, through the `git` command."""

    def __init__(self, folder: Path) -> None:
        top = self._git(folder, "rev-parse", "--show-toplevel")
        self.root = Path(top.decode("utf-8").strip()) if top is not None else None
        shallow = self._git(folder, "rev-parse", "--is-shallow-repository") if self.root else None
        self.shallow = shallow is not None and shallow.strip() == b"true"

    @staticmethod
    def _git(folder: Path, *arguments: str, stdin: bytes | None = None) -> bytes | None:
        try:
            result = subprocess.run(["git", "-C", str(folder), *arguments], input=stdin, capture_output=True, check=False)
        except OSError:
            return None
        return result.stdout if result.returncode == 0 else None

    def versions(self, path: Path) -> list[tuple[str, str, str | None]]:
        """(commit, date YYYY-MM-DD, text or None where the commit deleted it), newest first."""
        if self.root is None:
            return []
        relative = path.resolve().relative_to(self.root.resolve()).as_posix()
        log = self._git(self.root, "log", "--topo-order", "--format=%H %cs", "--", relative)
        if not log:
            return []
        commits = [line.split(" ", 1) for line in log.decode("utf-8").splitlines() if line.strip()]
        batch = self._git(self.root, "cat-file", "--batch",
                          stdin="".join(f"{commit}:{relative}\n" for commit, _ in commits).encode("utf-8")) or b""
        versions, position = [], 0
        for commit, date in commits:
            end = batch.index(b"\n", position)
            header = batch[position:end].split()
            position = end + 1
            if len(header) == 3 and header[1] == b"blob":
                size = int(header[2])
                versions.append((commit, date, batch[position:position + size].decode("utf-8", errors="replace")))
                position += size + 1
            else:
                versions.append((commit, date, None))
        return versions

    def since(self, path: Path, recorded: str, fingerprint: Callable[[str], str]) -> tuple[str | None, str | None]:
        """(date, base): the date of the oldest commit in the run of newest versions that differ from
        `recorded`, and the commit just before that run (None: not found)."""
        date = None
        for commit, day, text in self.versions(path):
            if text is not None:
                try:
                    if fingerprint(text) == recorded:
                        return date, commit
                except SiteError:
                    pass  # a version that did not parse differs
            date = day
        return date, None


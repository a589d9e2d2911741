"""Translations: which are behind their originals, and marking one as up to date.

    .venv/bin/python tools/translations.py report [PATH ...] [--check]
    .venv/bin/python tools/translations.py done PATH ...

report   every translated file under docs/ (or under the PATHs given), and every page without a
         translation, with its state: up to date; outdated since <date>, with the cells that
         changed and the git command that shows how; missing; no record.  With --check it exits
         with 1 unless everything listed is up to date (for CI).
done     after a translation was brought up to date: record that it matches its original as the
         original is now.  PATHs are translated files (`x.en.ipynb`, `page.en.md`,
         `answer/x.en.txt`, `images/a.en.svg`) or folders (every translation inside).

Both read the site's languages and docs folder from mkdocs.yml (`-f` for another one).  The
records and the states are overrides/course_site/course/translations.py and translation_status.py;
AUTHORING.md ("Translations") explains the workflow.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides")]  # quizzes/, and the site's build package course_site

from mkdocs.config import load_config  # noqa: E402

from course_site.adapters import i18n  # noqa: E402
from course_site.course import translation_status as status  # noqa: E402
from course_site.errors import SiteError  # noqa: E402
from course_site.course.inventory import CourseInventory  # noqa: E402
from course_site.languages import Languages  # noqa: E402


def read_site(config_file: Path) -> tuple[CourseInventory, Languages]:
    """The courses' files and the i18n plugin's languages (the default first), as the build reads them."""
    config = load_config(str(config_file))
    return CourseInventory.from_config(config), i18n.site_languages(config)


def _shown(docs_dir: Path, name: str) -> str:
    """A path as the reader of the report types it: relative to the current folder when inside it."""
    path = docs_dir / name
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return path.as_posix()
    return path.as_posix() if relative.startswith("..") else Path(relative).as_posix()


def describe(state: status.FileState, history: str) -> str:
    if state.state != status.OUTDATED:
        return state.state
    if state.changed_on and state.base:
        return f"outdated since {state.changed_on}"
    if state.changed_on:
        return f"outdated since {state.changed_on} or earlier (the recorded version is not in the git history)"
    if state.base:
        return "outdated (the change to the original is not committed yet)"
    return "outdated (no date: " + ("shallow git history)" if history == "shallow" else "no git history)")


def details(state: status.FileState, docs_dir: Path) -> list[str]:
    lines = []
    changes = state.changes
    if changes is not None:
        for how, cells in (("changed", changes.changed), ("added", changes.added), ("removed", changes.removed)):
            for cell in cells:
                heading = state.headings.get(cell)
                lines.append(f"cell {cell} {how}" + (f', under "{heading}"' if heading else ""))
        if changes.reordered:
            lines.append("cells moved")
    if state.base:
        lines.append(f"see how: git diff {state.base[:12]} -- {_shown(docs_dir, state.original)}")
    return lines


def report(course: CourseInventory, languages: Languages, paths: list[Path], check: bool) -> int:
    docs_dir = course.docs_dir
    found = status.survey(course, languages)
    wanted = _selection(docs_dir, paths)
    files = [f for f in found.files if wanted is None or any(_under(f, w) for w in wanted)]
    if not files:
        print("no translated file here")
        return 0
    width = max(len(_shown(docs_dir, f.translation)) for f in files)
    for state in files:
        print(f"{_shown(docs_dir, state.translation):<{width}}  {describe(state, found.history)}")
        for line in details(state, docs_dir):
            print(f"    {line}")
    counts = {s: sum(1 for f in files if f.state == s) for s in (status.UP_TO_DATE, status.OUTDATED, status.MISSING, status.UNRECORDED)}
    print(f"\n{len(files)} files: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    if counts[status.OUTDATED] or counts[status.UNRECORDED]:
        print("when a translation is up to date again: .venv/bin/python tools/translations.py done <its path>")
    if found.history == "shallow":
        print("the git history is shallow: dates may be late (fetch the whole history: git fetch --unshallow)")
    return 1 if check and len(files) != counts[status.UP_TO_DATE] else 0


def _selection(docs_dir: Path, paths: list[Path]) -> list[str] | None:
    if not paths:
        return None
    selection = []
    for path in paths:
        try:
            selection.append(path.resolve().relative_to(docs_dir.resolve()).as_posix())
        except ValueError:
            raise SiteError("is not under docs/", where=str(path), expected=f"a file or folder under {docs_dir}") from None
    return selection


def _under(state: status.FileState, selected: str) -> bool:
    if selected == ".":
        return True
    return any(name == selected or name.startswith(selected.rstrip("/") + "/") for name in (state.translation, state.original))


def done(course: CourseInventory, languages: Languages, paths: list[Path]) -> int:
    docs_dir = course.docs_dir
    names = status.translations_under(course, languages, paths)
    if not names:
        print("no translated file here")
        return 1
    for name in names:
        record = status.mark_done(docs_dir, languages, name)
        original = languages.original(name)
        print(f"recorded: {_shown(docs_dir, name)} matches {_shown(docs_dir, original)} ({record.fingerprint})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/translations.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("-f", "--config-file", type=Path, default=ROOT / "mkdocs.yml", help="the site's mkdocs.yml")
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("report", help="every translation's state")
    listing.add_argument("paths", nargs="*", type=Path, help="files or folders under docs/ (default: all)")
    listing.add_argument("--check", action="store_true", help="exit with 1 unless everything is up to date")
    marking = commands.add_parser("done", help="record that translations match their originals")
    marking.add_argument("paths", nargs="+", type=Path, help="translated files, or folders of them")
    arguments = parser.parse_args(argv)
    course, languages = read_site(arguments.config_file.resolve())
    try:
        if arguments.command == "report":
            return report(course, languages, arguments.paths, arguments.check)
        return done(course, languages, arguments.paths)
    except SiteError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

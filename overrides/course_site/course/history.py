"""When each page last changed, from git history (the footer shows it).

One `git log` per build reads the date of the last commit that touched each file under docs/.
A file with no commit yet (a new page being written) has no date, and the footer says nothing;
so does a build outside a git checkout (a downloaded source archive).  A shallow clone would
give every file the date of its one commit: the Pages workflow checks out the full history
(`fetch-depth: 0`).
"""

from __future__ import annotations

import datetime
import logging
import subprocess

from collections.abc import Mapping
from pathlib import Path

from ..strings import fill

log = logging.getLogger("mkdocs.plugins.course_site")

_COMMIT = "\x00"


def last_changed(docs_dir: Path) -> dict[str, datetime.date]:
    """docs-relative path -> the date of the last commit that changed it."""
    docs_dir = docs_dir.resolve()
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=docs_dir, capture_output=True,
                             text=True, encoding="utf-8", check=True).stdout.strip()
        output = subprocess.run(
            ["git", "log", "--format=%x00%cs", "--name-only", "--no-renames", "--", "."],
            cwd=docs_dir, capture_output=True, text=True, encoding="utf-8", check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        log.info("no git history for docs/: pages show no date of their last change")
        return {}
    prefix = docs_dir.relative_to(Path(top).resolve()).as_posix()
    return dates_from_log(output, "" if prefix == "." else prefix + "/")


def dates_from_log(output: str, prefix: str) -> dict[str, datetime.date]:
    """Parse `git log --format=<NUL>%cs --name-only` (newest first): the first date seen for a
    path is its last change.  Paths are made relative to `prefix` (docs/ in the repository)."""
    dates: dict[str, datetime.date] = {}
    current = None
    for line in output.splitlines():
        if line.startswith(_COMMIT):
            current = datetime.date.fromisoformat(line[1:].strip())
        elif line.strip() and current is not None and line.startswith(prefix):
            dates.setdefault(line[len(prefix):], current)
    return dates


def format_date(date: datetime.date, strings: Mapping[str, object]) -> str:
    """The date in the page's language: `date_format` with {year}, {month}, {day} and
    {month_name} (from `month_names`, January first)."""
    names = strings["month_names"]
    return fill(str(strings["date_format"]), year=date.year, month=date.month, day=date.day,
                month_name=names[date.month - 1])

#!/usr/bin/env python3
"""Re-check every record of docs/sources.yml against snapshots of the repositories it cites.

    .venv/bin/python tools/check_sources.py                    # snapshots under /work/.mirror
    .venv/bin/python tools/check_sources.py --mirror DIR       # DIR/<owner>+<name>/repo, bare git dirs
    .venv/bin/python tools/check_sources.py --repo hicann/ge=/path/to/ge.git   # one repository's git dir

For each identifier it reads the cited line at the cited commit and checks that the line holds the
recorded text (a record without text names a file or folder, which must exist there).  Then it
looks at the snapshot's newest commit (HEAD): the line is `unchanged`, `moved` (the text is on
another line or in another file: the new place is printed) or `vanished` (the text is nowhere in
the repository).  Records read through the stored index (`stored_index: true`) name commits that
no snapshot may hold; they are listed and checked only when a snapshot has their commit.

Exit status: 0 when every record holds at its commit and nothing vanished; 1 otherwise; 2 when a
repository has no snapshot (name its git dir with --repo, or fetch it).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sources_ledger  # noqa: E402

DEFAULT_MIRROR = Path("/work/.mirror")


class Snapshot:
    """A repository's git dir: files at any commit it holds, and its newest commit."""

    def __init__(self, gitdir: Path):
        self.gitdir = gitdir
        self.head = self._git("rev-parse", "HEAD").strip()

    def _git(self, *args: str) -> str:
        done = subprocess.run(["git", "-C", str(self.gitdir), *args], capture_output=True, text=True)
        return done.stdout if done.returncode == 0 else ""

    @lru_cache(maxsize=None)
    def has_commit(self, commit: str) -> bool:
        return bool(self._git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}").strip())

    @lru_cache(maxsize=None)
    def lines(self, commit: str, path: str) -> list[str] | None:
        """The file's lines at the commit; None when it is not there ([] for a folder)."""
        kind = self._git("cat-file", "-t", f"{commit}:{path}").strip()
        if kind == "tree":
            return []
        if kind != "blob":
            return None
        return self._git("show", f"{commit}:{path}").splitlines()

    def grep(self, text: str) -> list[str]:
        """Where the text stands at HEAD, as path:line."""
        found = self._git("grep", "-n", "-F", "-e", text, self.head, "--")
        return [":".join(hit.split(":", 3)[1:3]) for hit in found.splitlines()]

    def find_path(self, name: str) -> list[str]:
        """Paths at HEAD that end as the given one does (a moved file or folder)."""
        listing = self._git("ls-tree", "-r", "-t", "--name-only", self.head).splitlines()
        tail = "/" + name.rstrip("/").rsplit("/", 1)[-1]
        return [path for path in listing if ("/" + path).endswith(tail)]


def check(record: sources_ledger.Record, snapshot: Snapshot) -> tuple[str, str]:
    """(status, detail) of one identifier: wrong, unchanged, moved, vanished, or not-checked."""
    at = record.location
    if not snapshot.has_commit(at.commit):
        if record.stored_index:
            return "not-checked", f"commit {at.commit} is in no snapshot here (read through the stored index)"
        return "wrong", f"commit {at.commit} is not in the snapshot"
    then = snapshot.lines(at.commit, at.path)
    if then is None:
        return "wrong", f"{at.path} is not there at {at.commit}"
    if at.text:
        if not (0 < at.line <= len(then)) or at.text not in then[at.line - 1]:
            return "wrong", f"line {at.line} of {at.path} at {at.commit} does not hold {at.text!r}"
    now = snapshot.lines(snapshot.head, at.path)
    if not at.text:  # a file or folder
        if now is not None:
            return "unchanged", ""
        elsewhere = snapshot.find_path(at.path)
        return ("moved", "now " + ", ".join(elsewhere[:3])) if elsewhere else ("vanished", f"{at.path} is gone")
    if now is not None and 0 < at.line <= len(now) and at.text in now[at.line - 1]:
        return "unchanged", ""
    if now is not None:
        same_file = [number for number, line in enumerate(now, 1) if at.text in line]
        if same_file:
            return "moved", f"now {at.path}:{same_file[0]}"
    elsewhere = snapshot.grep(at.text)
    if elsewhere:
        return "moved", "now " + ", ".join(elsewhere[:3]) + (" …" if len(elsewhere) > 3 else "")
    return "vanished", f"{at.text!r} is nowhere in the repository"


def gitdirs(mirror: Path, named: list[str]) -> dict[str, Path]:
    found = {}
    if mirror.is_dir():
        for repo in mirror.glob("*+*/repo"):
            owner, name = repo.parent.name.split("+", 1)
            found[f"{owner}/{name}"] = repo
    for item in named:
        repo, _, path = item.partition("=")
        found[repo] = Path(path)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ledger", type=Path, default=sources_ledger.LEDGER)
    parser.add_argument("--mirror", type=Path, default=DEFAULT_MIRROR,
                        help="a folder of <owner>+<name>/repo git dirs (default /work/.mirror)")
    parser.add_argument("--repo", action="append", default=[], metavar="OWNER/NAME=GITDIR",
                        help="the git dir of one repository (repeatable; wins over --mirror)")
    parser.add_argument("--all", action="store_true", help="list unchanged records too")
    args = parser.parse_args(argv)

    records = [r for r in sources_ledger.load(args.ledger) if r.location]
    dirs = gitdirs(args.mirror, args.repo)
    snapshots = {repo: Snapshot(path) for repo, path in dirs.items()
                 if repo in {r.location.repo for r in records}}
    results: dict[str, list[tuple[sources_ledger.Record, str]]] = defaultdict(list)
    no_snapshot = Counter()
    for record in records:
        snapshot = snapshots.get(record.location.repo)
        if snapshot is None:
            if record.stored_index:
                results["not-checked"].append((record, "no snapshot of the repository here"))
            else:
                no_snapshot[record.location.repo] += 1
            continue
        status, detail = check(record, snapshot)
        results[status].append((record, detail))

    print(f"{len(records)} identifiers in {args.ledger.name}, "
          f"{len({r.location.repo for r in records})} repositories")
    for repo, snapshot in sorted(snapshots.items()):
        print(f"  {repo}: snapshot HEAD {snapshot.head[:10]} ({snapshot.gitdir})")
    for repo, count in sorted(no_snapshot.items()):
        print(f"  {repo}: NO SNAPSHOT, {count} records not checked (--repo {repo}=GITDIR)")
    order = ("wrong", "vanished", "moved", "not-checked", "unchanged")
    print("\n" + ", ".join(f"{status}: {len(results[status])}" for status in order))
    for status in order:
        if results[status] and (status != "unchanged" or args.all):
            print(f"\n{status}:")
            for record, detail in results[status]:
                print(f"  {record.quote!r} ({record.kind}) {record.location}" + (f"\n      {detail}" if detail else ""))
    if no_snapshot:
        return 2
    return 1 if results["wrong"] or results["vanished"] else 0


if __name__ == "__main__":
    sys.exit(main())

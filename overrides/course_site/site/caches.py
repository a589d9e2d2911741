"""Where a build keeps what it made, and the secret that keys what must not be forged.

Caches belong to the builder, never to the checkout: a contribution arrives as files, and a file it
commits under a cache folder would be taken for something the build made (a page already judged
safe, an output no cell printed).  So:

- by default every cache lives in the builder's own cache folder, `$XDG_CACHE_HOME` (else
  `~/.cache`), under `course-site/<checkout>-<hash of its path>/` (one folder per checkout: a
  build forgets the entries it did not use, and two checkouts sharing one would forget each
  other's); `NOTEBOOK_CACHE_DIR` (mkdocs.yml, mkdocs-jupyter's `cache_dir`) names another place
  for the notebook cache, and the site's caches go beside it;
- a cache folder holding a file that git tracks stops the build, naming the file;
- entries are JSON, read as data (never pickle, which runs code as it loads);
- what a forged entry could turn into content the sanitiser never saw (a verdict that a page
  passed, a cell's output, a page made before, what search indexed) is keyed with `secret()`:
  random bytes made once per user of the machine, kept in the cache folder, out of the checkout
  and out of reach of the cells the build runs (run_at_build.py: they see their folder only).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import subprocess
from pathlib import Path

from ..errors import SiteError

SITE_FOLDER = "course-site"
NOTEBOOKS = "mkdocs-jupyter"  # mkdocs-jupyter's own, when mkdocs.yml names none
SECRET = "secret.key"


def cache_home() -> Path:
    """The builder's cache folder for this site (every checkout's caches, and the secret)."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / SITE_FOLDER


def default_notebook_cache(checkout: Path) -> Path:
    """The notebook cache of the checkout whose mkdocs.yml is in `checkout`."""
    checkout = checkout.resolve()
    tag = hashlib.sha256(str(checkout).encode("utf-8")).hexdigest()[:12]
    return cache_home() / f"{checkout.name}-{tag}" / NOTEBOOKS


def secret() -> bytes:
    """The machine's key for cache entries: made once (32 random bytes, readable by its owner only)."""
    path = cache_home() / SECRET
    try:
        key = path.read_bytes()
        if len(key) >= 32:
            return key
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{SECRET}.{os.getpid()}")
    with open(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
        file.write(secrets.token_bytes(32))
    os.replace(partial, path)
    return path.read_bytes()


def keyed(key: bytes, *parts: str | bytes) -> str:
    """A cache entry's name: an HMAC of what it was made from, under the machine's key."""
    mac = hmac.new(key, digestmod=hashlib.sha256)
    for part in parts:
        mac.update(part if isinstance(part, bytes) else part.encode("utf-8", errors="surrogatepass"))
        mac.update(b"\0")
    return mac.hexdigest()


def check_untracked(folders: list[Path]) -> None:
    """Stop when git tracks a file under any of `folders` (a cache in a checkout: a committed
    entry would be read as one the build made)."""
    tracked = []
    for folder in dict.fromkeys(path.resolve() for path in folders):
        tracked += _tracked_under(folder)
    if tracked:
        raise SiteError(
            "git tracks files in the build's cache folders: " + ", ".join(str(path) for path in tracked),
            where="the caches (NOTEBOOK_CACHE_DIR, or mkdocs-jupyter's cache_dir in mkdocs.yml)",
            expected="caches that only the build writes: remove the files from git (git rm -r --cached), and keep "
                     "caches outside the checkout (the default: the builder's ~/.cache)")


def _tracked_under(folder: Path) -> list[Path]:
    existing = folder
    while not existing.is_dir():
        if existing.parent == existing:
            return []
        existing = existing.parent
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=existing, capture_output=True,
                             text=True, encoding="utf-8", check=True).stdout.strip()
        listed = subprocess.run(["git", "ls-files", "-z", "--", str(folder)], cwd=top, capture_output=True,
                                text=True, encoding="utf-8", check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []  # not in a git checkout, or no git: nothing can be committed there
    return [Path(top) / name for name in listed.split("\0") if name]

"""The sandbox each kernel that runs tagged cells runs in: Debian's bubblewrap (`bwrap`).

A cell comes with a contribution, so its kernel gets namespaces of its own and sees nothing of
the builder:

- no network (a network namespace of its own: not even the builder's loopback);
- its own processes only (a PID namespace: when the kernel ends, bwrap's init ends, and every
  process the cells started, detached or not, is killed with it; `--die-with-parent` ends it
  all if the build itself dies);
- a filesystem of its own: an empty root with, read-only, the system's programs and libraries
  (/usr) and the Python that runs the build (its prefix and base prefix, so the kernel imports
  what the build imports), and, writable, only its scratch folder (the copy of its chapter, its
  home, the kernel's sockets); no /etc, no home of the builder, no checkout;
- none of the builder's environment (`--clearenv`, then the few variables `environment` gives);
- limits (`LIMITS`): address space, processes, file size and CPU time; the build keeps the
  total time of its cells (run_at_build.py).

bwrap makes these namespaces as an ordinary user through a user namespace.  Started by root, it
makes them without one (root may), and the kernel then drops to `nobody` before any cell runs:
the kernel exempts root from the process limit, and a cell should hold no privilege.  Ubuntu
(23.10 and later, GitHub's runners included) refuses user namespaces to programs without an
AppArmor profile that allows them: README.md, "Cells run at build", says what to install.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BWRAP = "bwrap"
NOBODY = 65534
# Per kernel: 2 GiB of address space (a kernel takes about 400 MB), 64 processes, files up to
# 64 MiB, 300 s of CPU time (the build's cells have 300 s in all: run_at_build.TOTAL_TIME).
LIMITS = {"RLIMIT_AS": 2 << 30, "RLIMIT_NPROC": 64, "RLIMIT_FSIZE": 64 << 20, "RLIMIT_CPU": 300}

# Run inside the sandbox before the kernel: the limits, then (started by root) the drop to nobody.
_LAUNCH = """
import json, os, resource, sys
limits, nobody, argv = json.loads(sys.argv[1])
for name, value in limits.items():
    resource.setrlimit(getattr(resource, name), (value, value))
if os.getuid() == 0:
    os.setgroups([]); os.setgid(nobody); os.setuid(nobody)
os.execv(argv[0], argv)
"""


def command(argv: list[str], scratch: Path, workdir: Path, environment: dict[str, str]) -> list[str]:
    """`argv` (the kernel's command) as bwrap runs it: sees `scratch` (writable), starts in
    `workdir`, with exactly `environment`."""
    as_root = os.geteuid() == 0
    arguments = [_bwrap(), "--die-with-parent", "--new-session"]
    if as_root:
        arguments += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                      "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        arguments += ["--unshare-all", "--cap-drop", "ALL"]
    arguments += _filesystem(scratch)
    arguments += ["--chdir", str(workdir), "--clearenv"]
    for name, value in environment.items():
        arguments += ["--setenv", name, value]
    argv = [os.path.abspath(argv[0]), *argv[1:]]
    return arguments + ["--", argv[0], "-I", "-c", _LAUNCH, json.dumps([LIMITS, NOBODY, argv])]


def hand_over(scratch: Path) -> None:
    """Started by root, the kernel runs as nobody: its scratch folder becomes nobody's."""
    if os.geteuid() != 0:
        return
    scratch.chmod(0o711)  # bwrap, holding no capability of root's, must still reach the working folder
    for folder, names, files in os.walk(scratch):
        for name in [folder, *(os.path.join(folder, n) for n in names + files)]:
            os.chown(name, NOBODY, NOBODY, follow_symlinks=False)


def _filesystem(scratch: Path) -> list[str]:
    """An empty root, the system and the Python read-only, the scratch folder writable."""
    mounts: list[list[str]] = [["--ro-bind", "/usr", "/usr"]]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            mounts.append(["--symlink", os.readlink(top), top])
        elif os.path.isdir(top):
            mounts.append(["--ro-bind", top, top])
    links = []
    for prefix in dict.fromkeys(os.path.abspath(path) for path in (sys.prefix, sys.base_prefix)):
        real = os.path.realpath(prefix)
        if not real.startswith("/usr/"):
            mounts.append(["--ro-bind", real, real])
        linked = next((str(path) for path in reversed(Path(prefix).parents) if path.is_symlink()),
                      prefix if os.path.islink(prefix) else None)
        if linked and ["--symlink", os.path.realpath(linked), linked] not in links:
            links.append(["--symlink", os.path.realpath(linked), linked])
    mounts.append(["--bind", str(scratch), str(scratch)])
    system = ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    # The folders above what is mounted, readable by nobody (bwrap makes them 0700 otherwise).
    targets = [mount[-1] for mount in mounts + links]
    above = sorted({str(parent) for target in targets for parent in Path(target).parents
                    if str(parent) not in ("/", "/tmp")})
    folders = [arg for folder in above for arg in ("--perms", "0755", "--dir", folder)]
    return system + folders + [arg for mount in mounts + links for arg in mount]


def _bwrap() -> str:
    return shutil.which(BWRAP) or BWRAP


@functools.lru_cache(maxsize=1)
def unavailable() -> str | None:
    """Why no sandbox can start on this machine (bwrap's own words), or None when one can."""
    if shutil.which(BWRAP) is None:
        return "bubblewrap (bwrap) is not installed"
    # An empty scratch folder of its own, as a kernel gets: the temporary folder itself may hold
    # the very paths the sandbox makes (a checkout whose .venv is a link, under $TMPDIR).
    with tempfile.TemporaryDirectory(prefix="sandbox-probe-") as folder:
        probe = Path(folder)
        hand_over(probe)
        try:
            run = subprocess.run(command([sys.executable, "-c", "pass"], probe, probe, {}), capture_output=True,
                                 text=True, encoding="utf-8", timeout=60)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"bwrap could not run: {error}"
    if run.returncode != 0:
        return f"bwrap could not start a sandbox: {run.stderr.strip() or f'exit status {run.returncode}'}"
    return None

#!/usr/bin/env bash
# Set up what the site (and, with --test, its tests) needs, on a Debian or Ubuntu machine:
# a virtualenv in .venv made with Python 3.11, the pinned packages, and for the tests a Chromium,
# Chinese fonts, a math font and node.  Installs what is missing through apt-get (with sudo when not root), or stops
# with a message saying what to install.  Idempotent: a second run only checks.
#
#   tools/setup.sh [--test]
#
# PYTHON names another Python 3.11 interpreter (default: python3.11 on the PATH); CHROMIUM names
# the browser the tests drive (default: the first real one of chromium-headless-shell, chromium,
# chromium-browser, google-chrome, google-chrome-stable; see tools/browsing.py).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3.11}"
WANTED="3.11"

stop() {
  echo "tools/setup.sh: $*" >&2
  exit 1
}

SUDO=""
APT_LISTS_FRESH=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

apt_install() {
  # Debian and Ubuntu only; elsewhere the caller's message says what to install.
  command -v apt-get >/dev/null 2>&1 || return 1
  echo "tools/setup.sh: installing $* with apt-get" >&2
  # The package lists once per run: a fresh machine installs up to five packages here.
  if [ -z "$APT_LISTS_FRESH" ]; then
    $SUDO apt-get update -qq || return 1
    APT_LISTS_FRESH=1
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# -- Python 3.11 and its virtualenv --------------------------------------------------------------

if ! command -v "$PYTHON" >/dev/null 2>&1; then
  stop "$PYTHON not found: the site is built with Python $WANTED.
  Debian 12: apt-get install python3.11 python3.11-venv
  Ubuntu releases that do not package it: add-apt-repository ppa:deadsnakes/ppa, then the same
  Or set PYTHON to a Python $WANTED interpreter."
fi
VERSION="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
[ "$VERSION" = "$WANTED" ] || stop "$PYTHON is Python $VERSION; the site is built with Python $WANTED (set PYTHON to one)."

if [ ! -x .venv/bin/python ]; then
  rm -rf .venv  # what a failed attempt left
  if ! "$PYTHON" -m venv .venv >/dev/null 2>&1; then
    rm -rf .venv
    # Debian and Ubuntu ship venv's pip bootstrap in a package of its own.
    apt_install "python$VERSION-venv" || stop "$PYTHON cannot make a virtualenv: install python$VERSION-venv (apt-get install python$VERSION-venv)."
    "$PYTHON" -m venv .venv || stop "$PYTHON -m venv failed even with python$VERSION-venv installed."
  fi
fi
requirements=requirements.txt
[ "${1:-}" = "--test" ] && requirements=requirements-test.txt
# Every package with its hashes (the files PyPI serves): pip refuses any other file.
.venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r "$requirements"

# -- the sandbox of the cells the build runs (overrides/course_site/course/sandbox.py) ----------

if ! command -v bwrap >/dev/null 2>&1; then
  apt_install bubblewrap || echo "tools/setup.sh: bwrap not found: install bubblewrap; without it the build runs no
  cell tagged run-at-build (README.md, 'Cells run at build')." >&2
fi
if command -v bwrap >/dev/null 2>&1 && ! why="$(bwrap --ro-bind / / --unshare-all --die-with-parent --new-session true 2>&1)"; then
  # Ubuntu 23.10 and later refuse user namespaces to programs that AppArmor has no profile for.
  echo "tools/setup.sh: bwrap cannot start a sandbox here (${why%%$'\n'*}): the build will not run the cells
  tagged run-at-build.  On Ubuntu, tools/sandbox-apparmor.sh allows bwrap its user namespaces
  (README.md, 'Cells run at build')." >&2
fi

# -- for the tests: a Chromium, Chinese fonts, a math font and node -----------------------------

if [ "${1:-}" = "--test" ]; then
  # Debian: the tests drive Chromium's headless shell (tools/browsing.py says why), beside the
  # full browser that tools/lighthouse.sh runs.
  if grep -qsx 'ID=debian' /etc/os-release && [ -z "${CHROMIUM:-}" ] && ! command -v chromium-headless-shell >/dev/null 2>&1; then
    apt_install chromium-headless-shell || true
  fi
  if ! .venv/bin/python tools/browsing.py >/dev/null 2>&1; then
    # Debian's chromium is the browser itself; Ubuntu's is a wrapper around a snap, which does not
    # run in containers and cannot read the test sites under /tmp: never installed from here.
    if grep -qsx 'ID=debian' /etc/os-release; then
      apt_install chromium || true
    fi
    .venv/bin/python tools/browsing.py >/dev/null || stop "$(.venv/bin/python tools/browsing.py 2>&1)"
  fi
  # Node runs the browser scripts' pure functions on the tests' tables (tests/js/).
  if ! command -v node >/dev/null 2>&1; then
    apt_install nodejs || stop "node missing: install nodejs (the tests run quiz.js's and search.js's functions under node)."
  fi
  if ! fc-list 2>/dev/null | grep -i "Noto Sans CJK" >/dev/null; then  # not -q: fc-list must not get SIGPIPE
    apt_install fonts-noto-cjk fontconfig || stop "Chinese fonts missing: install fonts-noto-cjk (the screenshots need them)."
  fi
  # A font with a MATH table, as readers' systems have (site.css names them): formulas' brackets stretch.
  if ! fc-list 2>/dev/null | grep -i "DejaVu Math TeX Gyre" >/dev/null; then
    apt_install fonts-dejavu-extra fontconfig || stop "No math font: install fonts-dejavu-extra (the formulas' tests need it)."
  fi
fi

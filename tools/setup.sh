#!/usr/bin/env bash
# Set up everything the site and its tests need, on a fresh Debian machine with Python 3.11.
# Idempotent: a second run only checks.  Usage: tools/setup.sh [--test]
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3

if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
requirements=requirements.txt
[ "${1:-}" = "--test" ] && requirements=requirements-test.txt
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"

if [ "${1:-}" = "--test" ]; then
  # Browser tests drive Debian's Chromium (Playwright's own browser download is not used).
  if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
  fi
fi

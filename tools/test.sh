#!/usr/bin/env bash
# Set everything up, then run every test (build, links, budgets, browser, quizzes, content).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --test
export NO_MKDOCS_2_WARNING=1
# Two workers (pytest-xdist), each test module on one: the shared sites are built once first, by
# the controller (tests/conftest.py), then the modules run side by side.
# --no-loadscope-reorder: in the order tests/conftest.py gives (the longest modules first), not
# xdist's own (the modules with the most tests first).
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder "$@"

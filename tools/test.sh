#!/usr/bin/env bash
# Set everything up, then run every test (build, links, budgets, browser, quizzes, content).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --test
export NO_MKDOCS_2_WARNING=1
exec .venv/bin/python -m pytest "$@"

#!/usr/bin/env bash
# Set everything up, then build the site and serve it at http://127.0.0.1:8000/ with live reload.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
export NO_MKDOCS_2_WARNING=1
exec .venv/bin/mkdocs serve --dev-addr "${DEV_ADDR:-127.0.0.1:8000}" "$@"

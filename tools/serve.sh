#!/usr/bin/env bash
# Set everything up, then build the site and serve it at http://127.0.0.1:8000/ with live reload.
# DEV_ADDR (host:port, default 127.0.0.1:8000) is where; the site is served at its root there, not
# under the published site's path (plain `mkdocs serve` uses http://127.0.0.1:8000/autofuse-course/).
# Extra arguments go to `mkdocs serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
export NO_MKDOCS_2_WARNING=1
DEV_ADDR="${DEV_ADDR:-127.0.0.1:8000}"
# Serve at the root of the local address, not under the published site's path.
export SITE_URL="${SITE_URL:-http://$DEV_ADDR/}"
exec .venv/bin/mkdocs serve --dev-addr "$DEV_ADDR" "$@"

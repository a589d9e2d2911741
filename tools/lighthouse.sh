#!/usr/bin/env bash
# Lighthouse (mobile preset, simulated throttling) on every page of a fresh build, one page at a
# time, served as GitHub Pages serves it (tools/gzip_server.py: gzip, at the path of site_url, a
# missing address answered with 404.html and status 404: the 404 page is measured there).  Prints
# a table (page, the four category scores, total blocking time, DOM size) and exits 1 when a page
# is below the targets: performance >= 0.99, total blocking time <= 100 ms, accessibility, best
# practices and SEO 1.00 (issue 19, item 6; the 404 page's SEO without its status and noindex
# audits, which it fails by design: tools/lighthouse_table.py).
#
#   tools/lighthouse.sh [--site DIR] [--runs N] [--details] [PAGE.html ...]
#
# --site DIR   measure an existing build instead of building one
# --runs N     a page under target in its first run is measured N runs in all (default 3), and
#              its median run is the one shown: on a shared machine one run can be slowed by another
#              program.  The load average is printed with the table.
# --details    where each page's main-thread time went (style and layout, script, long tasks)
# PAGE.html    only these pages (paths in the site), e.g. en/01_basic_overview/01.03_enable_autofusion.html
#
# The JSON reports are kept in the folder printed at the start (LIGHTHOUSE_OUT names another).
# A tool, not a test: timings depend on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."

site="" runs=3 details="" pages=()
while [ $# -gt 0 ]; do
  case "$1" in
    --site) site="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --details) details="--details"; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) pages+=("$1"); shift ;;
  esac
done

tools/setup.sh --test
# The versions tools/package-lock.json records, without rewriting it.
[ -x tools/node_modules/.bin/lighthouse ] || npm ci --prefix tools --no-audit --no-fund --silent
if [ -z "$site" ]; then
  site="$(mktemp -d)"
  NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict -q -d "$site"
fi
if [ ${#pages[@]} -eq 0 ]; then
  mapfile -t pages < <(cd "$site" && find . -name '*.html' -printf '%P\n' | LC_ALL=C sort)
fi
out="${LIGHTHOUSE_OUT:-$(mktemp -d)}"
echo "reports in $out; load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

port="$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# As GitHub Pages serves it: at the path of mkdocs.yml's site_url, a missing address answered
# with 404.html and status 404.
prefix="$(cd tools && ../.venv/bin/python -c 'import gzip_server; print(gzip_server.site_prefix())')"
.venv/bin/python tools/gzip_server.py "$site" "$port" "$prefix" & server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
kill -0 $server  # the server must be up, or the scores would be someone else's

for page in "${pages[@]}"; do
  folder="$out/${page//\//__}"
  mkdir -p "$folder"
  # The 404 page as a reader meets it: at an address with no page, answered with status 404.
  url="http://127.0.0.1:$port$prefix$page" status=()
  [ "$page" = 404.html ] && url="http://127.0.0.1:$port${prefix}no-such-page.html" status=(--ignore-status-code)
  for run in $(seq 1 "$runs"); do
    CHROME_PATH="$(command -v chromium)" tools/node_modules/.bin/lighthouse "$url" "${status[@]}" \
      --quiet --output=json --output-path="$folder/$run.json" --throttling-method=simulate \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" >/dev/null
    # One run is enough when it meets the targets; one under them is measured N times in all.
    [ "$run" -eq 1 ] && .venv/bin/python tools/lighthouse_table.py --verdict "$folder/$run.json" && break
  done
done
.venv/bin/python tools/lighthouse_table.py "$out" $details

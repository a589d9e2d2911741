#!/usr/bin/env bash
# Lighthouse (mobile preset) on the home page and a notebook page of a fresh build, served with gzip.
# Prints the four category scores per page.  Usage: tools/lighthouse.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --test
# The versions tools/package-lock.json records, without rewriting it.
[ -x tools/node_modules/.bin/lighthouse ] || npm ci --prefix tools --no-audit --no-fund --silent
site="$(mktemp -d)"
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict -q -d "$site"
port="$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
.venv/bin/python tools/gzip_server.py "$site" "$port" & server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
kill -0 $server  # the server must be up, or the scores would be someone else's
for page in index.html en/index.html 01_basic_overview/01.02_autofuse_introduction.html en/01_basic_overview/01.03_enable_autofusion.html; do
  CHROME_PATH="$(command -v chromium)" tools/node_modules/.bin/lighthouse "http://127.0.0.1:$port/$page" \
    --quiet --output=json --output-path="$site/lh.json" \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" >/dev/null
  .venv/bin/python -c "
import json, sys
r = json.load(open('$site/lh.json', encoding='utf-8'))
scores = {k: round(v['score'] * 100) for k, v in r['categories'].items()}
print(f\"{'$page':55} \" + '  '.join(f'{k} {v}' for k, v in scores.items()))
failed = [a['id'] for a in r['audits'].values() if a.get('score') is not None and a['score'] < 1 and a.get('scoreDisplayMode') in ('binary', 'numeric', 'metricSavings')]
print('    below 1:', ', '.join(failed[:12]))
"
done

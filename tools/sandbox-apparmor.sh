#!/usr/bin/env bash
# Ubuntu 23.10 and later (GitHub's ubuntu-24.04 runners included) refuse unprivileged user
# namespaces to any program without an AppArmor profile that allows them, and bwrap then stops
# with "setting up uid map: Permission denied": the build cannot sandbox the cells it runs.
# This loads Ubuntu's recommended kind of fix, a profile for /usr/bin/bwrap alone that allows it
# user namespaces (the restriction stays for every other program), and checks that bwrap starts.
# Needs root (sudo); a second run only checks.
set -euo pipefail
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
if bwrap --ro-bind / / --unshare-all --die-with-parent --new-session true 2>/dev/null; then
  echo "tools/sandbox-apparmor.sh: bwrap starts a sandbox already"
  exit 0
fi
if [ ! -d /etc/apparmor.d ] || ! command -v apparmor_parser >/dev/null 2>&1; then
  echo "tools/sandbox-apparmor.sh: no AppArmor here; bwrap fails for another reason:" >&2
  bwrap --ro-bind / / --unshare-all true >&2 || true
  exit 1
fi
$SUDO tee /etc/apparmor.d/bwrap >/dev/null <<'PROFILE'
# bubblewrap may create user namespaces (the course site's cell sandbox, tools/sandbox-apparmor.sh).
abi <abi/4.0>,
include <tunables/global>

profile bwrap /usr/bin/bwrap flags=(unconfined) {
  userns,

  include if exists <local/bwrap>
}
PROFILE
$SUDO apparmor_parser -r /etc/apparmor.d/bwrap
bwrap --ro-bind / / --unshare-all --die-with-parent --new-session true
echo "tools/sandbox-apparmor.sh: bwrap starts a sandbox"

#!/usr/bin/env bash
# Debian's Chromium for the portal's browser tests (playwright-core drives /usr/bin/chromium; Playwright's own
# browser download cannot work here). Installed from Debian's packages when missing; a no-op afterwards.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "install-chromium: installing Debian's chromium package" >&2
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may have no package lists yet; try the install first, update and retry if it fails.
if ! $sudo apt-get install -y --no-install-recommends chromium >/dev/null 2>&1; then
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq --no-install-recommends chromium >&2
fi
/usr/bin/chromium --version >&2

#!/usr/bin/env bash
# Shared first steps of the start and test commands on a fresh clone: Node dependencies (installed from the
# lock file when it changed or nothing is installed) and the Temporal CLI (built once from Go modules, cached).
# `npm install --no-save` rather than `npm ci`: npm 11 leaves other platforms' optional packages (swc, turbo)
# out of the lock file and `npm ci` then refuses it; install still honours every locked version.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SCARF_ANALYTICS=false npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
stamp=node_modules/.ligature-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "bootstrap: installing Node dependencies" >&2
  npm install --no-save --no-audit --no-fund --loglevel=error >&2
  echo "$want" > "$stamp"
fi
TEMPORAL_CLI_PATH="$(bash deploy/tools/install-temporal.sh)"
export TEMPORAL_CLI_PATH

#!/usr/bin/env bash
# Runs every test against real Postgres, NATS and Temporal, then prints `N passed, N failed` last.
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
bash deploy/tools/install-chromium.sh
exec node --import tsx deploy/local/test.ts "$@"

#!/usr/bin/env bash
# Starts the whole platform locally: Postgres, NATS and Temporal are reused when reachable and started
# otherwise; then every service, the worker and the portal. Ctrl-C stops what this started.
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
exec node --import tsx deploy/local/start.ts "$@"

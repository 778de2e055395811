#!/usr/bin/env bash
# Builds the Temporal CLI (a real single-binary dev server with the Web UI) from Go modules, once, and
# caches it outside the work tree so fresh clones and CI runs on the same machine reuse it.
# v1.5.1 is pinned: 1.6.0 and later carry a `replace` directive that `go install pkg@version` refuses.
# Prints the binary's path on stdout; everything else goes to stderr.
set -euo pipefail
version="${TEMPORAL_CLI_VERSION:-v1.5.1}"
cache="${LIGATURE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ligature/tools}/temporal-$version"
bin="$cache/temporal"
if [ -x "$bin" ] && "$bin" --version >/dev/null 2>&1; then
  echo "$bin"; exit 0
fi
command -v go >/dev/null || { echo "install-temporal: Go is required (https://go.dev/dl) to build the Temporal CLI" >&2; exit 1; }
mkdir -p "$cache"
echo "install-temporal: building temporal $version from Go modules (first run only; several minutes on 2 cores)" >&2
GOBIN="$cache" go install "github.com/temporalio/cli/cmd/temporal@$version" >&2
"$bin" --version >&2
echo "$bin"

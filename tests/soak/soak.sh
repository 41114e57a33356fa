#!/bin/sh
# A bounded soak of the built daemon (not part of `make test`): MINUTES (default 30) of mixed load from several
# clients with imports and refreshes against loopback fixtures, printing the daemon's RSS over time; it fails on a
# 5xx or a lost request, a dead daemon, or RSS still growing over the second half (tests/soak/soak.mjs). Settings:
# SOAK_SAMPLE_S (30), SOAK_CLIENTS (8), SOAK_IMPORT_S (10), SOAK_REFRESH_S (20), SOAK_GROWTH_LIMIT_KB (4096).
# Needs node >= 20 (deploy/install-deps.sh test); no npm packages.
# Usage: sh tests/soak/soak.sh [BUILD_DIR] [MINUTES]
# Named soak.sh, not run.sh: tests/run-extra.sh runs every tests/*/run.sh within `make test`, and this one is by hand.
set -eu
build=${1:-build}
minutes=${2:-30}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
if [ ! -x "$build/gpurec" ] || ! command -v node >/dev/null 2>&1; then
    echo "soak: needs $build/gpurec and node (make; sh deploy/install-deps.sh test)"
    exit 1
fi
exec node "$here/soak.mjs" "$build/gpurec" "$minutes"

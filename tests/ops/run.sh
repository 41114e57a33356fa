#!/bin/sh
# Operations checks of the built daemon: access logs (JSON and text, levels, request ids, no secrets) and graceful
# shutdown on SIGTERM. Needs node >= 20 (deploy/install-deps.sh test); no npm packages.
# Usage: tests/ops/run.sh BUILD_DIR
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
if [ ! -x "$build/gpurec" ] || ! command -v node >/dev/null 2>&1; then
    echo "ops: needs $build/gpurec and node (make; sh deploy/install-deps.sh test)"
    echo "ops: 0 passed, 1 failed"
    exit 1
fi
exec node "$here/ops.mjs" "$build/gpurec"

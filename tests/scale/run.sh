#!/bin/sh
# The scale test (tests/scale/scale.mjs): three daemons following one publication behind a real round-robin nginx, on
# loopback ports, about a minute. Needs node >= 20 and nginx (deploy/install-deps.sh test).
# Usage: tests/scale/run.sh BUILD_DIR            (SCALE_LAYOUT=self-refresh measures the old layout instead)
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
PATH="$PATH:/usr/sbin"
if [ ! -x "$build/gpurec" ] || ! command -v node >/dev/null 2>&1 || ! command -v nginx >/dev/null 2>&1 ||
    ! command -v sqlite3 >/dev/null 2>&1; then
    echo "scale: needs $build/gpurec, node, nginx and sqlite3 (make; sh deploy/install-deps.sh test)"
    echo "scale: 0 passed, 1 failed"
    exit 1
fi
cd "$root"
exec node "$here/scale.mjs" "$build/gpurec"

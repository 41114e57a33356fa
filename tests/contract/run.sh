#!/bin/sh
# The API contract: lints openapi.yaml (Redocly), drives the built daemon through every operation and validates each
# answer against the spec (ajv), and checks the real /metrics output with promtool (all in contract.mjs).
# Usage: tests/contract/run.sh BUILD_DIR   (needs node >= 20, npm and promtool: deploy/install-deps.sh test)
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
binary="$build/gpurec"

if [ ! -x "$binary" ]; then
    echo "contract: $binary is missing (build it first)"
    echo "contract: 0 passed, 1 failed"
    exit 1
fi
for tool in node npm promtool; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "contract: $tool is missing (sh deploy/install-deps.sh test)"
        echo "contract: 0 passed, 1 failed"
        exit 1
    fi
done

cd "$here"
# Installs exactly package-lock.json; only the first run reaches the registry, later ones use npm's cache.
if [ ! node_modules/.package-lock.json -nt package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi

exec node contract.mjs "$binary"

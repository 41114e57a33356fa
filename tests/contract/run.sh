#!/bin/sh
# The API contract: lints openapi.yaml (Redocly), then drives the built daemon through every operation and validates
# each answer against the spec (ajv), and checks the real /metrics output with promtool.
# Usage: tests/contract/run.sh BUILD_DIR   (needs node >= 20, npm and promtool: deploy/install-deps.sh test)
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
binary="$build/gpurec"
failed=0

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
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.package-lock.json 2>/dev/null; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true NO_COLOR=1
echo "-- redocly lint openapi.yaml"
if ./node_modules/.bin/redocly lint --config redocly.yaml --format=stylish "$root/openapi.yaml" >"$tmp/lint.txt" 2>&1; then
    lint_ok=1
else
    lint_ok=0
fi
# the linter's banner boxes are noise here
grep -v -e '^ *[║╔╚]' -e '^$' "$tmp/lint.txt" || true
if [ "$lint_ok" -eq 0 ]; then
    echo "FAIL redocly lint openapi.yaml"
    failed=1
fi

echo "-- responses against openapi.yaml"
if ! node contract.mjs "$binary" "$tmp/metrics.txt"; then
    failed=1
fi

echo "-- promtool check metrics"
if [ -s "$tmp/metrics.txt" ]; then
    if promtool check metrics <"$tmp/metrics.txt"; then
        echo "promtool: the exposition is valid"
    else
        echo "FAIL promtool check metrics"
        failed=1
    fi
else
    echo "FAIL no /metrics output to check"
    failed=1
fi

[ "$failed" -eq 0 ]

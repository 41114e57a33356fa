#!/bin/sh
# Runs the checks that are not Check suites: each tests/<area>/run.sh (contract, browser, deployment files, fuzz
# smoke, benchmark smoke), given the build folder. Prints a total line.
# Usage: tests/run-extra.sh BUILD_DIR
set -u
build=${1:-build}
passed=0
failed=0
failures=""
for script in tests/*/run.sh; do
    [ -f "$script" ] || continue
    area=$(basename "$(dirname "$script")")
    echo "== $area"
    if sh "$script" "$build"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failures="$failures $area"
    fi
done
echo "extra: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "failed:$failures"; exit 1; }

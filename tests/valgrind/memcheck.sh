#!/bin/sh
# Runs the integration suites (those that start the real daemon, plus the crash-safety suite that drives the binary)
# under valgrind memcheck in one process each (CK_FORK=no). A suite fails on a failed check or on any memcheck error,
# a definite leak included. Several minutes long, so not part of `make test` (which runs the suites under ASan/UBSan);
# named memcheck.sh so tests/run-extra.sh does not pick it up.
# Usage: tests/valgrind/memcheck.sh BUILD_DIR [suite ...]
set -u
build=${1:-build}
shift 2>/dev/null || true
suites=${*:-"test_http test_hostile test_slow_clients test_load_refresh test_crash_safety test_api_estimate test_api_recommend test_api_ui test_worker"}
command -v valgrind >/dev/null 2>&1 || { echo "valgrind: not installed"; exit 1; }
export CK_FORK=no CK_DEFAULT_TIMEOUT=900 GPUREC_BIN="$build/gpurec"
logs=$(mktemp -d "${TMPDIR:-/tmp}/gpurec-valgrind.XXXXXX")
passed=0
failed=0
failures=""
for name in $suites; do
    suite="$build/tests/$name"
    [ -x "$suite" ] || { echo "$name: not built"; failed=$((failed + 1)); failures="$failures $name"; continue; }
    start=$(date +%s)
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        --show-leak-kinds=definite --track-fds=no "$suite" >"$logs/$name.log" 2>&1
    rc=$?
    took=$(( $(date +%s) - start ))
    checks=$(grep -E '^[0-9]+%: Checks' "$logs/$name.log" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
        echo "$name: clean, ${took}s ($checks)"
    else
        failed=$((failed + 1))
        failures="$failures $name"
        echo "$name: FAILED (exit $rc), ${took}s ($checks); log $logs/$name.log"
        grep -E '==[0-9]+== [A-Z]|:F:|:E:' "$logs/$name.log" | head -n 15 | sed 's/^/  | /'
    fi
done
echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "failed:$failures"; exit 1; }
rm -rf "$logs"

#!/bin/sh
# Runs every Check suite of one build folder from the repository root; prints each suite's result and a total.
# Usage: tests/run-suites.sh BUILD_DIR   (SUITES="test_a test_b" runs only those)
# tests/unit/ holds one suite per module; tests/system/ the suites that start the daemon (in-process or as a binary).
set -u
build=${1:-build}
passed=0
failed=0
failures=""
# Sanitizer builds are several times slower: give each test case room, and stop at the first ASan/UBSan report.
export CK_DEFAULT_TIMEOUT="${CK_DEFAULT_TIMEOUT:-120}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export GPUREC_BIN="$build/gpurec"
for suite in "$build"/tests/unit/test_* "$build"/tests/system/test_*; do
    case "$suite" in *.o|*.d) continue ;; esac
    [ -x "$suite" ] || continue
    name=$(basename "$suite")
    if [ -n "${SUITES:-}" ]; then
        case " $SUITES " in *" $name "*) ;; *) continue ;; esac
    fi
    echo "== $name ($build)"
    if "$suite"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failures="$failures $name"
    fi
done
echo "== all suites of $build"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "failed suites:$failures"; exit 1; }

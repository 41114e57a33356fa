#!/bin/sh
# Runs every Check suite of one build folder from the repository root; prints each suite's result and a total.
# Usage: tests/run-suites.sh BUILD_DIR   (SUITES="test_a test_b" runs only those)
# Environment: SUITE_JOBS=N runs N suites at a time (default: one more than the CPU count, since several suites spend
# most of their time waiting; 1 runs them one after another).
# tests/unit/<layer>/ holds one suite per module; tests/system/ the suites that start the daemon (in-process or as a binary).
#
# Suites run side by side cannot meet: each daemon listens on a port the kernel picks, each database and scratch file
# is made with mkstemp/mkdtemp, and every wait polls with a deadline. A suite's output is kept until it ends and then
# printed whole under its "== name" line (with its seconds), so the blocks never interleave. The longest suites start
# first (the property tests that take a CPU each under the sanitizers, and those that mostly wait on the daemon's own
# clocks: connection timeouts, retry backoff, the catalog watch), so the short ones fill the time around them.
set -u
build=${1:-build}
jobs=${SUITE_JOBS:-$(($(nproc 2>/dev/null || echo 1) + 1))}
case "$jobs" in '' | *[!0-9]* | 0) jobs=1 ;; esac
# Sanitizer builds are several times slower: give each test case room, and stop at the first ASan/UBSan report.
export CK_DEFAULT_TIMEOUT="${CK_DEFAULT_TIMEOUT:-120}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export GPUREC_BIN="$build/gpurec"

# The longest first, by their time in the sanitizer build (the order changes how well the time is filled, never what
# runs; a suite not named here follows them in the folders' order).
first="test_jsonw test_slow_clients test_refresh test_numfmt test_catalog_watch test_refresh_memory test_crash_safety"
first="$first test_load_refresh test_hostile test_worker test_http test_seed test_cli test_recommend test_catalog"

listed=""
for suite in "$build"/tests/unit/*/test_* "$build"/tests/system/test_*; do
    case "$suite" in *.o | *.d) continue ;; esac
    [ -x "$suite" ] || continue
    name=$(basename "$suite")
    if [ -n "${SUITES:-}" ]; then
        case " $SUITES " in *" $name "*) ;; *) continue ;; esac
    fi
    listed="$listed $suite"
done
order=""
for name in $first; do
    for suite in $listed; do
        [ "$(basename "$suite")" = "$name" ] && order="$order $suite"
    done
done
for suite in $listed; do
    case " $first " in *" $(basename "$suite") "*) continue ;; esac
    order="$order $suite"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/gpurec-suites.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP
# Each finished suite writes one line "folder/name status seconds" here (a line this short is written at once). The
# folder is part of its log's name: tests/unit/ and tests/system/ may hold suites of the same name.
mkfifo "$work/done"
exec 3<>"$work/done"

passed=0
failed=0
failures=""
running=0
started=$(date +%s)

# Waits for one running suite to end and prints its block.
collect() {
    read -r rel status seconds <&3
    running=$((running - 1))
    name=${rel#*/}
    echo "== $name ($build, ${seconds}s)"
    cat "$work/${rel%/*}-$name.log"
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
    else
        echo "$name: exit status $status"
        failed=$((failed + 1))
        failures="$failures $rel"
    fi
}

for suite in $order; do
    [ "$running" -lt "$jobs" ] || collect
    rel="$(basename "$(dirname "$suite")")/$(basename "$suite")"
    (
        t0=$(date +%s)
        "$suite" >"$work/${rel%/*}-${rel#*/}.log" 2>&1 3>&-
        status=$?
        echo "$rel $status $(($(date +%s) - t0))" >&3
    ) &
    running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
    collect
done
wait

echo "== all suites of $build ($jobs at a time, $(($(date +%s) - started))s)"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "failed suites:$failures"; exit 1; }

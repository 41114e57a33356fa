#!/bin/sh
# Stress run for tests that depend on timing (not part of `make test`): builds once, then runs ROUNDS rounds (default
# 10) of every Check suite (tests/run-suites.sh on the plain build; with ASAN=1 on the sanitizer build too) and the
# Node checks that start the daemon (tests/contract, tests/ops), while a busy loop per CPU keeps every core loaded.
# A test that waits for something the daemon does on its own time must poll with a deadline; one that assumes how
# fast the machine is fails here. The slow extras (browser, fuzz, benchmark, deployment files) are left to `make test`.
#
# The busy loops are bounded twice: killed by this script's exit trap, and by `timeout` (STRESS_MAX_SECONDS, default
# 5400) should the trap never run. Each round's output goes to BUILD/stress/round-N.log; a failed round's failures are
# printed. The last line reads "N passed, N failed" (rounds); the exit status is 1 when any round failed.
#
# Usage: sh tests/stress-suites.sh [ROUNDS]   (from the repository; needs what `make test` installs:
#        sh deploy/install-deps.sh test)
# Environment: BUILD (default build), ASAN=1 (also the AddressSanitizer + UBSan build, several times slower),
#              STRESS_MAX_SECONDS (bound of the whole run's load), STRESS_LOAD=0 (no load, to compare).
set -u
cd "$(dirname "$0")/.."
rounds=${1:-${ROUNDS:-10}}
build=${BUILD:-build}
asan=${ASAN:-0}
max_seconds=${STRESS_MAX_SECONDS:-5400}
logs="$build/stress"
load_pids=""

stop_load() {
    for pid in $load_pids; do
        kill "$pid" 2>/dev/null
    done
    for pid in $load_pids; do
        wait "$pid" 2>/dev/null
    done
    load_pids=""
}
trap stop_load EXIT
trap 'exit 130' INT TERM HUP

# ---- build once -----------------------------------------------------------------------------------------------------
bins=""
for src in tests/unit/*/test_*.c tests/system/test_*.c; do
    name=${src#tests/}
    bins="$bins tests/${name%.c}"
done
build_one() { # BUILD_DIR [make variables...]
    dir=$1
    shift
    targets="$dir/gpurec"
    for b in $bins; do
        targets="$targets $dir/$b"
    done
    # shellcheck disable=SC2086
    make -s -j2 BUILD="$dir" "$@" $targets >"$logs/build-$(basename "$dir").log" 2>&1 || {
        tail -n 30 "$logs/build-$(basename "$dir").log"
        echo "stress: the build in $dir failed"
        exit 1
    }
}
mkdir -p "$logs"
echo "stress: building $build"
build_one "$build"
if [ "$asan" = 1 ]; then
    san="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined"
    echo "stress: building $build/asan"
    build_one "$build/asan" CFLAGS="$san" LDFLAGS="$san"
fi
# The contract check's npm packages, before the clock starts (only the first run reaches the registry).
if [ ! tests/contract/node_modules/.package-lock.json -nt tests/contract/package-lock.json ]; then
    (cd tests/contract && npm ci --no-audit --no-fund --loglevel=error >/dev/null) || {
        echo "stress: npm ci in tests/contract failed"
        exit 1
    }
fi

# ---- load -----------------------------------------------------------------------------------------------------------
cpus=$(nproc 2>/dev/null || echo 2)
if [ "${STRESS_LOAD:-1}" != 0 ]; then
    i=0
    while [ "$i" -lt "$cpus" ]; do
        timeout "$max_seconds" sh -c 'while :; do :; done' &
        load_pids="$load_pids $!"
        i=$((i + 1))
    done
    echo "stress: $cpus busy loops (pids$load_pids, at most ${max_seconds}s), $rounds rounds"
else
    echo "stress: no load (STRESS_LOAD=0), $rounds rounds"
fi

# ---- rounds ---------------------------------------------------------------------------------------------------------
# piece NAME LOG COMMAND...: runs one piece of a round (bounded), appending to LOG; adds NAME to failed_pieces when
# it fails.
piece() {
    name=$1
    log=$2
    shift 2
    echo "==== $name" >>"$log"
    if ! timeout 1800 "$@" >>"$log" 2>&1; then
        failed_pieces="$failed_pieces $name"
    fi
}

passed=0
failed=0
started=$(date +%s)
round=1
while [ "$round" -le "$rounds" ]; do
    log="$logs/round-$round.log"
    : >"$log"
    failed_pieces=""
    round_start=$(date +%s)
    piece suites "$log" sh tests/run-suites.sh "$build"
    if [ "$asan" = 1 ]; then
        piece asan-suites "$log" sh tests/run-suites.sh "$build/asan"
    fi
    piece contract "$log" sh tests/contract/run.sh "$build"
    piece ops "$log" sh tests/ops/run.sh "$build"
    seconds=$(($(date +%s) - round_start))
    if [ -z "$failed_pieces" ]; then
        passed=$((passed + 1))
        echo "round $round: passed in ${seconds}s"
    else
        failed=$((failed + 1))
        echo "round $round: FAILED in ${seconds}s:$failed_pieces (log: $log)"
        # what failed: Check's failure lines, the failed suites, the Node checks' FAIL lines, sanitizer reports
        grep -aE '^[^ ]+:-?[0-9]+:[EFS]:|^failed suites:|^FAIL |^     |Fatal error|ERROR: AddressSanitizer|runtime error' \
            "$log" | head -n 40 | sed 's/^/  | /'
    fi
    round=$((round + 1))
done
stop_load
echo "stress: $rounds rounds in $(($(date +%s) - started))s under load on $cpus CPUs"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

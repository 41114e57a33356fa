#!/bin/sh
# Builds the libFuzzer targets (fuzz/fuzz_*.c) with clang and runs each for a few seconds from its seed corpus in
# tests/fuzz-corpus/<target>/ (new inputs go to a scratch folder, so the seeds stay as committed). A target fails when
# libFuzzer reports a crash, a leak, a timeout or a sanitizer error; its reproducer is kept in BUILD/fuzz/artifacts/.
# Prints each target's executions and a total line. `make fuzz FUZZ_SECONDS=N` runs this with N.
# Usage: tests/fuzz/run.sh BUILD_DIR [SECONDS_PER_TARGET]
set -u
build=${1:-build}
seconds=${2:-5}
if ! make -s BUILD="$build" fuzz-build >"${TMPDIR:-/tmp}/gpurec-fuzz-build.log" 2>&1; then
    tail -n 30 "${TMPDIR:-/tmp}/gpurec-fuzz-build.log"
    echo "fuzz: could not build the targets (clang and libclang-rt-14-dev are needed)"
    echo "fuzz: 0 passed, 1 failed"
    exit 1
fi
bins="$build/fuzz/fuzz"
artifacts="$build/fuzz/artifacts"
mkdir -p "$artifacts"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gpurec-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0
failures=""
total_execs=0
# Targets run side by side, one per CPU (FUZZ_JOBS overrides the count): each still fuzzes for its seconds of wall time
# on a CPU of its own, so it runs as many inputs as it would alone. Their lines come in the targets' order.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
case "$jobs" in '' | *[!0-9]* | 0) jobs=1 ;; esac

# start_target BIN: fuzzes one target in the background; its log goes to $scratch/NAME.log, its pid to $pids.
start_target() {
    bin=$1
    name=${bin##*/fuzz_}
    seeds="tests/fuzz-corpus/$name"
    mkdir -p "$scratch/$name"
    dict=""
    [ -f "fuzz/$name.dict" ] && dict="-dict=fuzz/$name.dict"
    # shellcheck disable=SC2086
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" \
        "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$artifacts/$name-" $dict "$scratch/$name" "$seeds" >"$scratch/$name.log" 2>&1 &
    pids="$pids $!"
}

# report BIN STATUS: prints one target's line (and its findings) and counts it.
report() {
    target=${1##*/}
    name=${target#fuzz_}
    rc=$2
    log="$scratch/$name.log"
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    execs=${execs:-0}
    total_execs=$((total_execs + execs))
    if [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
        echo "$target: $execs executions in ${seconds}s, no findings"
    else
        failed=$((failed + 1))
        failures="$failures $target"
        echo "$target: FAILED after $execs executions (exit $rc); reproducer under $artifacts/"
        grep -E 'ERROR|runtime error|SUMMARY|==[0-9]+==|#[0-9]+ 0x' "$log" | head -n 25 | sed 's/^/  | /'
    fi
}

# finish_batch: waits for every target started since the last batch and reports them in the order they started.
finish_batch() {
    set -- $batch
    for pid in $pids; do
        rc=0
        wait "$pid" || rc=$?
        report "$1" "$rc"
        shift
    done
    batch=""
    pids=""
}

batch=""
pids=""
count=0
for bin in "$bins"/fuzz_*; do
    case "$bin" in *.o|*.d) continue ;; esac
    [ -x "$bin" ] || continue
    start_target "$bin"
    batch="$batch $bin"
    count=$((count + 1))
    [ $((count % jobs)) -eq 0 ] && finish_batch
done
finish_batch
echo "fuzz: $total_execs executions in all"
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "failed:$failures"; exit 1; }

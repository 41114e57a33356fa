#!/bin/sh
# Benchmark smoke check for `make test`: runs bench/run.sh once at a tiny size (the seed and a 1k-offer catalog,
# 1-second wrk runs, one repeat, a small ingest file) and checks that it printed its whole table with figures in it.
# It proves the benchmark works; it judges no speed (timed checks are flaky on shared machines).
# Usage: tests/bench/run.sh BUILD_DIR
set -u
build=${1:-build}
out=$(mktemp "${TMPDIR:-/tmp}/gpurec-bench-smoke.XXXXXX")
trap 'rm -f "$out"' EXIT
fail() {
    echo "bench-smoke: $1"
    sed 's/^/  | /' "$out" | tail -n 40
    echo "bench-smoke: 0 passed, 1 failed"
    exit 1
}
# Bounded, with room for a loaded machine (it takes well under a minute on an idle one).
BENCH_SECONDS=1 BENCH_REPEAT=1 BENCH_SIZES=1000 BENCH_INGEST_ROWS=20000 BENCH_STRICT=0 \
    timeout 300 sh bench/run.sh "$build" >"$out" 2>&1 || fail "bench/run.sh failed"
grep -q '^endpoint .*req/s.*p50 ms.*p99 ms.*errors.*ratio' "$out" || fail "no table header"
for row in "baseline GET" "GET /healthz .* seed" "GET /v1/instances.* seed" "POST /v1/recommend.* seed" \
    "POST /v1/estimate .* seed" "GET /healthz .* 1k" "GET /v1/instances.* 1k" "POST /v1/recommend.* 1k" \
    "POST /v1/estimate .* 1k"; do
    # a row with a positive request rate, two latencies and an error count
    grep -Eq "^$row.* [1-9][0-9]* +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+ " "$out" || fail "no figures for: $row"
done
grep -Eq '^start-to-ready ms .* seed [0-9]+ +1k [0-9]+' "$out" || fail "no start-to-ready figures"
grep -Eq '^RSS MB .* seed [0-9]+' "$out" || fail "no RSS figures"
grep -q '^refresh ingest' "$out" || fail "no refresh ingest line"
echo "bench-smoke: 1 passed, 0 failed"

#!/bin/sh
# gpurec's benchmark, in one run: a bare libmicrohttpd baseline (bench/baseline.c: fixed 1.5 KB body, the daemon's
# threading) and the daemon on catalogs of the seed and of 1k, 10k and 100k offers (bench/synth-catalog), loaded by
# wrk (1 thread, 32 keep-alive connections, bench/wrk.lua). Prints one table: requests/s, p50 and p99 latency, errors
# and the ratio to the baseline of the same run, per endpoint and catalog; then start-to-ready time, RSS and the price
# refresh's ingest rate (bench/ingest.c), and each recommendation's cost in process (bench/recommend_loop.c). Figures
# are medians over BENCH_REPEAT runs; each repeat measures the baseline again just before each catalog, and a ratio is
# the median of the per-run ratios, so a noisy machine moves both sides of each.
#
# Usage: bench/run.sh [BUILD]      (BUILD: the build folder holding gpurec, default build; `make bench` passes it)
# Environment:
#   BENCH_SECONDS=10        seconds of load per wrk run
#   BENCH_REPEAT=3          runs per figure (medians are reported)
#   BENCH_SIZES="1000 10000 100000"   synthetic catalog sizes in offers (instance type x region); the seed is always run
#   BENCH_CONNECTIONS=32    wrk connections (one wrk thread)
#   BENCH_THREADS=1         server threads of both servers (GPUREC_THREADS; gpurec's own default is the CPU count).
#                           One, because wrk runs on the same machine: with two server threads on 2 CPUs, three
#                           busy threads share two cores, and where the scheduler puts them moved a run by +-25%
#                           (p99 jumping from 0.4 to 4 ms, at random, for the bare baseline as much as the daemon);
#                           with one, wrk and the server each keep a core and runs repeat within a few percent.
#   BENCH_INGEST_ROWS=500000  AWS offer-file rows for the ingest figure (0 skips it)
#   BENCH_LOOP_CALLS=2000   calls per round of the in-process loop (5 rounds per body and catalog)
#   BENCH_STRICT=0          1: exit 1 when a target is missed (otherwise only a failure to run is an error)
#   BENCH_KEEP=0            1: keep the work folder (databases, logs, raw results)
# Both servers and wrk share the machine's CPUs: nothing is pinned (taskset), so the figures are what this machine
# does with the load generator on the same cores. Both servers bind 127.0.0.1 only, on random high ports. The daemon
# runs with GPUREC_LOG_LEVEL=warn (no access log); one extra row measures /healthz with the access log on.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${1:-build}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
seconds=${BENCH_SECONDS:-10}
repeat=${BENCH_REPEAT:-3}
sizes=${BENCH_SIZES:-"1000 10000 100000"}
connections=${BENCH_CONNECTIONS:-32}
threads=${BENCH_THREADS:-1}
ingest_rows=${BENCH_INGEST_ROWS:-500000}
strict=${BENCH_STRICT:-0}
loop_calls=${BENCH_LOOP_CALLS:-2000}

gpurec="$build/gpurec"
[ -x "$gpurec" ] || { echo "bench: $gpurec is missing: run make first" >&2; exit 1; }
command -v wrk >/dev/null 2>&1 || { echo "bench: wrk is missing (sh deploy/install-deps.sh bench)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/gpurec-bench.XXXXXX")
server_pids=""

# Whether a server this script started (by its pid) still runs. The servers are started by bench/probe, which exits,
# so their parent is the init process, which may take a second or two to reap one that has exited: until then
# `kill -0` still finds it, as a zombie that no longer runs.
running() {
    state=$(sed -n 's/^State:[[:space:]]*\([A-Za-z]\).*/\1/p' "/proc/$1/status" 2>/dev/null) || return 1
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# Stops one server this script started (by its pid): TERM, then KILL after 5 s.
stop_pid() {
    victim=$1
    kill "$victim" 2>/dev/null || return 0
    n=0
    while running "$victim" && [ "$n" -lt 100 ]; do
        sleep 0.05
        n=$((n + 1))
    done
    kill -9 "$victim" 2>/dev/null || true
}

cleanup() {
    for pid in $server_pids; do
        stop_pid "$pid"
    done
    server_pids=""
    if [ "${BENCH_KEEP:-0}" = 1 ]; then
        echo "bench: work folder kept: $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# ---- tools ------------------------------------------------------------------------------------------------------
mkdir -p "$build/bench"
cc_flags="-std=c11 -Wall -Wextra -Wshadow -Wmissing-prototypes -Werror -O2 -g"
# shellcheck disable=SC2086
${CC:-cc} $cc_flags -o "$build/bench/baseline" bench/baseline.c $(pkg-config --cflags --libs libmicrohttpd)
# shellcheck disable=SC2086
${CC:-cc} $cc_flags -o "$build/bench/probe" bench/probe.c
probe="$build/bench/probe"
baseline="$build/bench/baseline"
# The in-process loop (bench/recommend_loop.c) links the daemon's own objects, so it needs the build folder they are
# in; a folder holding only the binary runs the load tests alone.
loop=""
loop_objs=$(find "$build/service" -name '*.o' ! -name main.o 2>/dev/null | sort)
if [ -n "$loop_objs" ] && [ -f "$build/gen/ui_assets.o" ]; then
    # shellcheck disable=SC2086
    ${CC:-cc} $cc_flags -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -Iservice $(pkg-config --cflags jansson sqlite3) \
        -c -o "$build/bench/recommend_loop.o" bench/recommend_loop.c
    # linked as the daemon is (the Makefile: the objects' own flags, optimised whole when they carry LTO code)
    # shellcheck disable=SC2086
    ${CC:-cc} -O2 -flto=auto -o "$build/bench/recommend_loop" "$build/bench/recommend_loop.o" $loop_objs \
        "$build/gen/ui_assets.o" $(pkg-config --libs libmicrohttpd jansson sqlite3 libcurl) -lpthread -lm
    loop="$build/bench/recommend_loop"
fi

# ---- catalogs ---------------------------------------------------------------------------------------------------
catalogs="seed"
GPUREC_DB="$work/seed.db" GPUREC_MIGRATIONS_DIR="$root/migrations" GPUREC_LOG_LEVEL=warn "$gpurec" migrate >/dev/null
for size in $sizes; do
    BUILD="$build" sh bench/synth-catalog "$size" "$work/$size.db" >"$work/synth-$size.txt"
    catalogs="$catalogs $size"
done
catalog_label() {
    case "$1" in
        seed) echo seed ;;
        *000000) echo "$(($1 / 1000000))M" ;;
        *000) echo "$(($1 / 1000))k" ;;
        *) echo "$1" ;;
    esac
}

# ---- request bodies ---------------------------------------------------------------------------------------------
printf '%s' '{"workload": {"kind": "inference", "model_params_b": 7, "precision": "fp16"}, "objective": "cost"}' \
    >"$work/recommend.json"
printf '%s' '{"workload": {"kind": "training", "model_params_b": 70, "precision": "bf16", "tokens_b": 100}, "objective": "time"}' \
    >"$work/recommend-train.json"
printf '%s' '{"workload": {"kind": "inference", "model": "llama-3.1-70b", "precision": "fp8"}, "objective": "balanced"}' \
    >"$work/recommend-model.json"
printf '%s' '{"workload": {"kind": "training", "model": "llama-2-70b", "tokens_b": 2000, "deadline_hours": 720}, "objective": "cost"}' \
    >"$work/recommend-deadline.json"
printf '%s' '{"items":[{"provider":"aws","instance_type":"p5.48xlarge","region":"us-east-1","count":2,"months":3}]}' \
    >"$work/estimate.json"

# name|method|path|body file|varied parameter: the endpoints, in table order. A varied parameter gets another value
# on every request (bench/wrk.lua), so the daemon's answer cache rarely holds the answer: the cost of a new query.
endpoints="healthz|GET|/healthz|
instances|GET|/v1/instances?gpu=h100-sxm-80gb&limit=20|
instances-new|GET|/v1/instances?gpu=h100-sxm-80gb&limit=20||min_gpu_memory_gb
recommend|POST|/v1/recommend|$work/recommend.json
recommend-train|POST|/v1/recommend|$work/recommend-train.json
recommend-model|POST|/v1/recommend|$work/recommend-model.json
recommend-deadline|POST|/v1/recommend|$work/recommend-deadline.json
estimate|POST|/v1/estimate|$work/estimate.json"

# ---- servers ----------------------------------------------------------------------------------------------------
# A port below Linux's ephemeral range (32768-60999 by default, /proc/sys/net/ipv4/ip_local_port_range): inside it,
# a port may be held by one of wrk's client sockets, and a connect to a port nobody listens on can be given that very
# port as its own and meet itself (a TCP self-connect), which left the probe waiting for an answer that never came.
random_port() {
    n=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
    echo $((20000 + n % 12000))
}

# start NAME CMD...: starts a server on a random free port (retrying on a port in use); sets port, pid, ready_ms.
# The command's words may contain @PORT@, replaced by the port.
start() {
    name=$1
    shift
    tries=0
    while :; do
        port=$(random_port)
        cmd=""
        for word in "$@"; do
            cmd="$cmd '$(printf '%s' "$word" | sed "s/@PORT@/$port/g")'"
        done
        if out=$(eval "\"$probe\" launch $port \"$work/$name.log\" -- $cmd"); then
            pid=${out#pid=}
            pid=${pid%% *}
            ready_ms=${out##*ready_ms=}
            server_log="$work/$name.log"
            server_pids="$server_pids $pid"
            return 0
        fi
        tries=$((tries + 1))
        if [ "$tries" -ge 5 ]; then
            echo "bench: $name did not start; its log:" >&2
            tail -n 20 "$work/$name.log" >&2
            exit 1
        fi
    done
}

stop() {
    stop_pid "$1"
    kept=""
    for p in $server_pids; do
        [ "$p" = "$1" ] || kept="$kept $p"
    done
    server_pids=$kept
}

daemon_cmd() { # db log_level
    echo "env GPUREC_DB=$1 GPUREC_LISTEN=127.0.0.1:@PORT@ GPUREC_THREADS=$threads GPUREC_LOG_LEVEL=$2 \
GPUREC_REFRESH_INTERVAL=0 GPUREC_MIGRATIONS_DIR=$root/migrations $gpurec serve"
}

# ---- load -------------------------------------------------------------------------------------------------------
# Says why a run failed: whether the server under load is still up, and the end of its log.
server_gone() {
    if running "$pid"; then
        echo "bench: the server (pid $pid) is still running; end of $server_log:" >&2
    else
        echo "bench: the server (pid $pid) has exited; end of $server_log:" >&2
    fi
    tail -n 20 "$server_log" >&2
    exit 1
}

# load KEY CATALOG METHOD PATH BODY [VARY]: one wrk run against $port; appends
# "KEY CATALOG rps p50_us p99_us errors repeat" to results. A request that does not answer 200 before the load is a
# failure of the run, not a figure.
load() {
    key=$1 catalog=$2 method=$3 path=$4 body=$5 vary=${6:-}
    if [ -n "$body" ]; then
        check=$("$probe" request "$port" "$method" "$path" "$body") || server_gone
    else
        check=$("$probe" request "$port" "$method" "$path") || server_gone
    fi
    status=$(printf '%s\n' "$check" | head -n 1 | sed 's/^status=\([0-9]*\).*/\1/')
    if [ "$status" != 200 ]; then
        echo "bench: $method $path on catalog $catalog answered $status, not 200:" >&2
        printf '%s\n' "$check" | head -c 2000 >&2
        echo >&2
        exit 1
    fi
    printf '%s\n' "$check" | head -n 1 | sed "s/^/$key $catalog /" >>"$work/sizes.txt"
    line=$(BENCH_METHOD=$method BENCH_BODY_FILE=$body BENCH_VARY=$vary \
        wrk -t1 -c"$connections" -d"${seconds}s" -s bench/wrk.lua \
        "http://127.0.0.1:$port$path" | grep '^bench-result') || {
        echo "bench: wrk failed on $method $path" >&2
        exit 1
    }
    rps=$(echo "$line" | sed 's/.* rps=\([0-9.]*\).*/\1/')
    p50=$(echo "$line" | sed 's/.* p50_us=\([0-9]*\).*/\1/')
    p99=$(echo "$line" | sed 's/.* p99_us=\([0-9]*\).*/\1/')
    status_errors=$(echo "$line" | sed 's/.* status_errors=\([0-9]*\).*/\1/')
    socket_errors=$(echo "$line" | sed 's/.* socket_errors=\([0-9]*\).*/\1/')
    echo "$key $catalog $rps $p50 $p99 $((status_errors + socket_errors)) $r" >>"$work/results.txt"
    running "$pid" || server_gone
    printf '  %-16s %-5s %10.0f req/s  p50 %5.2f ms  p99 %6.2f ms  errors %s\n' "$key" "$(catalog_label "$catalog")" \
        "$rps" "$(echo "$p50" | awk '{print $1 / 1000}')" "$(echo "$p99" | awk '{print $1 / 1000}')" \
        "$((status_errors + socket_errors))" >&2
}

: >"$work/results.txt"
: >"$work/servers.txt"
: >"$work/sizes.txt"
echo "bench: $repeat x (baseline + daemon on: $catalogs), ${seconds}s per run, wrk 1 thread $connections connections," \
    "server threads $threads, work folder $work" >&2
r=1
while [ "$r" -le "$repeat" ]; do
    echo "bench: run $r of $repeat" >&2
    for catalog in $catalogs; do
        # the baseline again just before each catalog's daemon, so each ratio compares two servers measured a
        # minute apart rather than across the whole run (this machine's speed drifts by tens of percent)
        start baseline "$baseline" @PORT@ "$threads"
        bpid=$pid
        load baseline-get "$catalog" GET /healthz ""
        load baseline-post-recommend "$catalog" POST /v1/recommend "$work/recommend.json"
        load baseline-post-estimate "$catalog" POST /v1/estimate "$work/estimate.json"
        stop "$bpid"
        # shellcheck disable=SC2046
        start "gpurec-$catalog" $(daemon_cmd "$work/$catalog.db" warn)
        dpid=$pid
        echo "$catalog ready_ms $ready_ms" >>"$work/servers.txt"
        while IFS='|' read -r key method path body vary; do
            load "$key" "$catalog" "$method" "$path" "$body" "$vary"
        done <<EOF
$endpoints
EOF
        rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$dpid/status")
        hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$dpid/status")
        echo "$catalog rss_kb $rss" >>"$work/servers.txt"
        echo "$catalog hwm_kb $hwm" >>"$work/servers.txt"
        stop "$dpid"
        if [ "$catalog" = seed ]; then
            # what the access log costs: /healthz on the seed with one log line per request (to a file)
            # shellcheck disable=SC2046
            start gpurec-logged $(daemon_cmd "$work/seed.db" info)
            load healthz-logged seed GET /healthz ""
            stop "$pid"
        fi
    done
    r=$((r + 1))
done

# ---- in process -------------------------------------------------------------------------------------------------
# Each recommendation body on each catalog, called in a loop without the network (bench/recommend_loop.c): a figure
# that two builds can be compared by on a shared machine, where the load tests' ratios move by a few percent.
: >"$work/loop.txt"
if [ -n "$loop" ]; then
    while IFS='|' read -r key method path body vary; do
        case "$key" in recommend*) ;; *) continue ;; esac
        for catalog in $catalogs; do
            line=$("$loop" "$work/$catalog.db" "$body" "$loop_calls" 5) || {
                echo "bench: recommend_loop failed on $body, catalog $catalog" >&2
                exit 1
            }
            echo "$key $(catalog_label "$catalog") $(echo "$line" | sed 's/.*us_per_call=\([0-9.]*\).*/\1/')" \
                >>"$work/loop.txt"
        done
    done <<EOF
$endpoints
EOF
fi

# ---- refresh ingest ---------------------------------------------------------------------------------------------
ingest_line="refresh ingest: not measured (BENCH_INGEST_ROWS=0)"
if [ "$ingest_rows" -gt 0 ]; then
    if [ -f bench/ingest.c ] && BUILD="$build" sh bench/ingest.sh "$ingest_rows" "$work" >"$work/ingest.txt" 2>"$work/ingest.err"; then
        ingest_line=$(grep '^refresh ingest' "$work/ingest.txt" || echo "refresh ingest: no figure (see bench/ingest.sh)")
    else
        ingest_line="refresh ingest: not measured: $(tail -n 1 "$work/ingest.err" 2>/dev/null || echo 'bench/ingest.c missing')"
    fi
fi

# ---- table ------------------------------------------------------------------------------------------------------
offers_of() {
    if [ "$1" = seed ]; then
        echo "seed"
    else
        sed -n 's/.*: \([0-9]*\) offers .*, \([0-9]*\) price rows.*/\1 offers, \2 prices/p' "$work/synth-$1.txt"
    fi
}
awk_status=0
{
    echo "gpurec benchmark ($(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) CPUs, $(uname -r))"
    echo "wrk 1 thread, $connections keep-alive connections, ${seconds}s per run, median of $repeat runs;" \
        "both servers $threads threads (MHD internal pool + epoll), 127.0.0.1, no CPU pinning (wrk shares the CPUs);" \
        "daemon GPUREC_LOG_LEVEL=warn"
    for catalog in $catalogs; do
        [ "$catalog" = seed ] && continue
        echo "catalog $(catalog_label "$catalog"): $(offers_of "$catalog") (bench/synth-catalog $catalog)"
    done
    awk -v strict="$strict" -v catalogs="$catalogs" '
        function median(list,    n, a, i, j, t) {
            n = split(list, a, " ")
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        function label(c) { if (c == "seed" || c == "-") return c; if (c % 1000000 == 0) return c / 1000000 "M";
                            if (c % 1000 == 0) return c / 1000 "k"; return c }
        FILENAME ~ /results/ {
            # baselines are measured before each catalog; the table shows them once, over every measurement
            k = ($1 ~ /^baseline/) ? $1 SUBSEP "-" : $1 SUBSEP $2
            rps[k] = rps[k] " " $3; p50[k] = p50[k] " " $4; p99[k] = p99[k] " " $5; err[k] += $6
            if (!(k in seen)) { seen[k] = 1; order[++count] = k }
            one[$1 SUBSEP $2 SUBSEP $7] = $3; runs[$1 SUBSEP $2] = runs[$1 SUBSEP $2] " " $7
            next
        }
        FILENAME ~ /servers/ { v[$1 SUBSEP $2] = v[$1 SUBSEP $2] " " $3; next }
        END {
            names["baseline-get"] = "baseline GET (fixed body)"
            names["baseline-post-recommend"] = "baseline POST (recommend body)"
            names["baseline-post-estimate"] = "baseline POST (estimate body)"
            names["healthz"] = "GET /healthz"
            names["healthz-logged"] = "GET /healthz, access log on"
            names["instances"] = "GET /v1/instances?gpu=h100..&limit=20"
            names["instances-new"] = "  the same, a new query each time"
            names["recommend"] = "POST /v1/recommend (7B inference)"
            names["recommend-train"] = "POST /v1/recommend (70B training)"
            names["recommend-model"] = "POST /v1/recommend (llama-3.1-70b served, fp8)"
            names["recommend-deadline"] = "POST /v1/recommend (llama-2-70b, 30-day deadline)"
            names["estimate"] = "POST /v1/estimate"
            base["healthz"] = "baseline-get"; base["healthz-logged"] = "baseline-get"; base["instances"] = "baseline-get"
            base["instances-new"] = "baseline-get"
            base["recommend"] = "baseline-post-recommend"; base["recommend-train"] = "baseline-post-recommend"
            base["recommend-model"] = "baseline-post-recommend"; base["recommend-deadline"] = "baseline-post-recommend"
            base["estimate"] = "baseline-post-estimate"
            printf "%-38s %-7s %9s %8s %8s %7s %7s  %s\n", "endpoint", "catalog", "req/s", "p50 ms", "p99 ms", "errors", "ratio", "targets"
            missed = 0
            for (i = 1; i <= count; i++) {
                split(order[i], kc, SUBSEP); key = kc[1]; cat = kc[2]
                r = median(rps[order[i]]); a = median(p50[order[i]]) / 1000; b = median(p99[order[i]]) / 1000
                e = err[order[i]]
                ratio = "-"; goal = ""
                if (key in base) {
                    # each run against the baseline measured just before it in the same run; the median of those
                    nr = split(runs[key SUBSEP cat], rl, " "); ratios = ""
                    for (j = 1; j <= nr; j++) ratios = ratios " " one[key SUBSEP cat SUBSEP rl[j]] / one[base[key] SUBSEP cat SUBSEP rl[j]]
                    q = median(ratios); ratio = sprintf("%.2f", q)
                    t = ""
                    if (key == "healthz") t = 0.8
                    if (key == "instances") t = 0.4
                    if (key == "recommend" && cat == "seed") t = 0.25
                    if (key == "recommend" && cat == 10000) t = 0.15
                    if (key == "recommend" && cat == 100000) t = 0.05
                    if (key == "recommend-deadline" && cat == 100000) t = 0.15
                    ok = 1; goal = ""
                    if (t != "") { goal = sprintf("ratio>=%.2f", t); if (q < t) ok = 0 }
                    goal = goal (goal == "" ? "" : " ") "p99<=10ms errors=0"
                    if (b > 10 || e > 0) ok = 0
                    if (key == "healthz-logged") goal = "(logging cost, no target)"
                    else if (key == "instances-new") goal = "(answer cache missed, no target)"
                    else { goal = goal (ok ? "  ok" : "  MISSED"); if (!ok) missed++ }
                }
                printf "%-38s %-7s %9.0f %8.2f %8.2f %7d %7s  %s\n", names[key], label(cat), r, a, b, e, ratio, goal
            }
            print ""
            printf "%-38s", "start-to-ready ms (exec to /readyz 200)"
            n = split(catalogs, list, " ")
            for (i = 1; i <= n; i++) if ((list[i] SUBSEP "ready_ms") in v) printf "  %s %.0f", label(list[i]), median(v[list[i] SUBSEP "ready_ms"])
            printf "\n%-38s", "RSS MB after the load (VmRSS; peak)"
            for (i = 1; i <= n; i++) if ((list[i] SUBSEP "rss_kb") in v)
                printf "  %s %.0f (%.0f)", label(list[i]), median(v[list[i] SUBSEP "rss_kb"]) / 1024, median(v[list[i] SUBSEP "hwm_kb"]) / 1024
            printf "\n"
            big = (100000 SUBSEP "ready_ms") in v
            if (big) {
                rm = median(v[100000 SUBSEP "ready_ms"]); rs = median(v[100000 SUBSEP "rss_kb"]) / 1024
                printf "targets at 100k offers: start-to-ready %.0f ms <= 1000 %s; RSS %.0f MB <= 128 %s\n", rm,
                       rm <= 1000 ? "ok" : "MISSED", rs, rs <= 128 ? "ok" : "MISSED"
                if (rm > 1000) missed++
                if (rs > 128) missed++
            }
            print "targets missed: " missed > "/dev/stderr"
            if (strict == 1 && missed > 0) exit 3
        }' "$work/results.txt" "$work/servers.txt" || awk_status=$?
    if [ -s "$work/loop.txt" ]; then
        echo "in process, us per call (bench/recommend_loop.c: body read, ranking, answer; median of 5 rounds of" \
            "$loop_calls calls; no target)"
        # one line per body, its catalogs in the order they ran (loop.txt holds them so: key, catalog label, us)
        awk '$1 != key { if (key != "") printf "\n"; key = $1; printf "  %-22s", key }
             { printf "  %s %.2f", $2, $3 } END { if (key != "") printf "\n" }' "$work/loop.txt"
    fi
    echo "$ingest_line"
} >"$work/table.txt"
cat "$work/table.txt"
[ "$awk_status" -eq 0 ] || exit "$awk_status"

#!/bin/sh
# The container image, built from the Dockerfile and run for real with podman, checked over loopback:
# - the base: `debian:bookworm-slim` made locally with debootstrap and kept between runs (setup.sh says how, and what
#   podman needs on these machines: runc, cgroupfs, file events, ulimits the sandbox allows, storage in the cache);
# - the build: `podman build --format docker` (the OCI format would drop HEALTHCHECK) with the host's network, which
#   reaches the Debian mirror for the Dockerfile's apt-get steps; the build stage is built too, for its debug file;
# - the image: user 10001, a HEALTHCHECK, a stripped binary whose build ID matches the build stage's debug file;
# - a run read-only, as the image's user, without capabilities, with a named volume at /var/lib/gpurec, on the host's
#   network on a free 127.0.0.1 port (no bridge network or port forwarding needed): /healthz, /readyz with offers,
#   POST /v1/recommend, /ui/, the HEALTHCHECK (`podman healthcheck run`: no systemd runs its timer here), SIGTERM
#   (podman stop) ends it with exit code 0, and a second run on the same volume comes ready again;
# - the HEALTHCHECK for a `[::]:8080` listener, in a container with a network namespace of its own;
# - deploy/docker-compose.yml through podman-compose: the podman command it renders (recorded by podman-record, as
#   podman-compose 1.0.3 has no `config` command) keeps the secrets unset unless set, and, run here, comes healthy by
#   the compose file's own healthcheck with the admin token from the environment.
# Every wait has a deadline; the containers and volumes are removed at the end, even on failure or interrupt.
# Usage: tests/container/test.sh   (as root: `make test-container` installs what it needs first)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/setup.sh"

passed=0
failed=0
run_id="$(date +%s)-$$"
prefix="gpurec-test-$run_id"
label="org.gpurec.test=$run_id"
image=localhost/gpurec:test
build_image=localhost/gpurec:test-build
tmp=$(mktemp -d /tmp/gpurec-container.XXXXXX)

ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() {
    failed=$((failed + 1))
    echo "FAIL - $1"
    [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/    /'
    return 0
}
# check NAME COMMAND...: passes when the command succeeds
check() {
    name=$1
    shift
    if "$@" >"$tmp/out" 2>&1; then ok "$name"; else not_ok "$name" "$(tail -n 20 "$tmp/out")"; fi
}
# wait_for SECONDS COMMAND...: polls every 0.2 s until the command succeeds or the deadline passes
wait_for() {
    deadline=$(($(date +%s) + $1))
    shift
    while ! "$@" >/dev/null 2>&1; do
        [ "$(date +%s)" -ge "$deadline" ] && return 1
        sleep 0.2
    done
}
# pm ARGS...: podman bounded in time, without the test's lock (fd 8), which conmon must not keep
pm() { timeout 120 podman "$@" 8>&-; }

cleanup() {
    ids=$(podman ps -aq --filter "label=$label" 2>/dev/null)
    # shellcheck disable=SC2086
    [ -n "$ids" ] && timeout 60 podman rm -f -v -t 0 $ids >/dev/null 2>&1
    for v in "$prefix-data" "$prefix-v6" "$prefix-compose"; do
        timeout 60 podman volume rm -f "$v" >/dev/null 2>&1
    done
    rm -rf "$tmp"
}
finish() {
    trap - EXIT INT TERM
    cleanup
    echo "container: $passed passed, $failed failed"
    [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
    exit $?
}
trap finish EXIT
trap 'not_ok "interrupted"; finish' INT TERM

# ---- what the test needs --------------------------------------------------------------------------------------------
if [ "$(id -u)" != 0 ]; then
    not_ok "runs as root (podman and debootstrap need it)"
    exit 1
fi
missing=""
for tool in podman podman-compose debootstrap runc curl python3 readelf flock timeout; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
    not_ok "tools:$missing missing (sh deploy/install-deps.sh container)"
    exit 1
fi
podman_setup || { not_ok "podman configuration in $GPUREC_CONTAINER_CACHE"; exit 1; }
# one container test at a time on a machine: they share the image tags and the layer cache
exec 8>"$GPUREC_CONTAINER_CACHE/test.lock"
flock -w 1800 8 || { not_ok "another container test held $GPUREC_CONTAINER_CACHE/test.lock for 30 minutes"; exit 1; }

# ---- base image and build -------------------------------------------------------------------------------------------
start=$(date +%s)
if timeout 900 sh -c ". '$here/setup.sh'; base_ensure" >"$tmp/base.log" 2>&1; then
    ok "base image $base_image ($(($(date +%s) - start)) s)"
else
    not_ok "base image $base_image" "$(tail -n 20 "$tmp/base.log")"
    exit 1
fi
build() {
    timeout 1800 podman build --format docker --network host --pull=never "$@" -f "$root/Dockerfile" "$root" 8>&- \
        >>"$tmp/build.log" 2>&1
}
start=$(date +%s)
if build -t "$image"; then
    ok "podman build ($(($(date +%s) - start)) s)"
else
    not_ok "podman build" "$(tail -n 30 "$tmp/build.log")"
    exit 1
fi
size=$(pm image inspect --format '{{.Size}}' "$image")
echo "# image $image: $size bytes ($((size / 1000000)) MB)"
if ! build --target build -t "$build_image"; then
    not_ok "podman build --target build" "$(tail -n 30 "$tmp/build.log")"
    exit 1
fi
# images of earlier builds that no tag reaches any more (the layers of this one stay cached)
pm image prune -f >/dev/null 2>&1

# ---- the image ------------------------------------------------------------------------------------------------------
user=$(pm image inspect --format '{{.Config.User}}' "$image")
check "image user is 10001:10001 (is $user)" test "$user" = 10001:10001
health=$(pm image inspect --format '{{json .Config.Healthcheck.Test}}' "$image")
check "image has the HEALTHCHECK (docker format)" sh -c 'case "$1" in *"/dev/tcp/"*) exit 0 ;; esac; exit 1' - \
    "$health"

copy_out() { # copy_out IMAGE PATH DEST: a file out of an image, without running it
    cid=$(pm create --label "$label" "$1") && pm cp "$cid:$2" "$3" && pm rm -v "$cid" >/dev/null 2>&1
}
build_id() { readelf -n "$1" 2>/dev/null | sed -n 's/.*Build ID: *//p'; }
if copy_out "$image" /usr/bin/gpurec "$tmp/gpurec" && copy_out "$build_image" /debug/gpurec.debug "$tmp/gpurec.debug"
then
    readelf -S -W "$tmp/gpurec" >"$tmp/sections"
    readelf -S -W "$tmp/gpurec.debug" >"$tmp/debug-sections" 2>/dev/null
    check "the image's binary is stripped (no .symtab, no .debug_*)" \
        sh -c '! grep -q -E " \.(symtab|debug_[a-z]+) " "$1"' - "$tmp/sections"
    check "the image's binary links its debug file (.gnu_debuglink)" grep -q ' \.gnu_debuglink ' "$tmp/sections"
    check "the build stage keeps the symbols (/debug/gpurec.debug has .debug_info and .symtab)" \
        sh -c 'grep -q " \.debug_info " "$1" && grep -q " \.symtab " "$1"' - "$tmp/debug-sections"
    bin_id=$(build_id "$tmp/gpurec")
    debug_id=$(build_id "$tmp/gpurec.debug")
    check "binary and debug file share one build ID ($bin_id)" test -n "$bin_id" -a "$bin_id" = "$debug_id"
    echo "# /usr/bin/gpurec: $(wc -c <"$tmp/gpurec") bytes stripped; /debug/gpurec.debug: $(wc -c <"$tmp/gpurec.debug") bytes"
else
    not_ok "copy the binary out of the image and the debug file out of the build stage"
fi

# ---- a read-only, non-root run with a named volume ------------------------------------------------------------------
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
port=$(free_port)
base="http://127.0.0.1:$port"
data="$prefix-data"
pm volume create --label "$label" "$data" >/dev/null
# run NAME ARGS...: a container of the image in the background, read-only, without capabilities
run() {
    name=$1
    shift
    pm run -d --name "$name" --label "$label" --read-only --cap-drop ALL --security-opt no-new-privileges "$@" \
        >>"$tmp/run.log" 2>&1
}
# ready NAME URL: polls until URL answers 200, or the container stops, or 60 s pass
ready() {
    deadline=$(($(date +%s) + 60))
    while [ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$2")" != 200 ]; do
        running=$(podman inspect --format '{{.State.Running}}' "$1" 2>/dev/null)
        [ "$running" = true ] || return 1
        [ "$(date +%s)" -ge "$deadline" ] && return 1
        sleep 0.2
    done
}
ctr="$prefix-main"
env_offline="-e GPUREC_PROVIDERS=feed -e GPUREC_REFRESH_INTERVAL=0"
# shellcheck disable=SC2086
if run "$ctr" --network host -v "$data:/var/lib/gpurec" -e "GPUREC_LISTEN=127.0.0.1:$port" $env_offline "$image" &&
    ready "$ctr" "$base/readyz"; then
    ok "the container comes ready on 127.0.0.1:$port"
else
    not_ok "the container comes ready on 127.0.0.1:$port" "$(tail -n 5 "$tmp/run.log"; pm logs "$ctr" 2>&1 | tail -n 20)"
fi

# http METHOD PATH [CURL_ARGS...]: an answer's body into $tmp/body, its status and content type into $status, $type
http() {
    method=$1 path=$2
    shift 2
    out=$(curl -s -m 10 -o "$tmp/body" -w '%{http_code} %{content_type}' -X "$method" "$@" "$base$path")
    status=${out%% *}
    type=${out#* }
}
json() { python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print($1)" "$tmp/body" 2>/dev/null; }

http GET /healthz
check "GET /healthz 200 (got $status)" test "$status" = 200
http GET /readyz
offers=$(json 'd.get("offers", 0)')
check "GET /readyz 200 with offers (got $status, offers ${offers:-none})" test "$status" = 200 -a "${offers:-0}" -gt 0
http POST /v1/recommend -H 'Content-Type: application/json' --data-binary '{"workload": {"kind": "inference", "model_params_b": 7, "precision": "fp16"}}'
count=$(json 'len(d.get("recommendations", []))')
check "POST /v1/recommend 200 with recommendations (got $status, ${count:-no} recommendations)" \
    test "$status" = 200 -a "${count:-0}" -gt 0
http GET /ui/
check "GET /ui/ 200 text/html (got $status $type)" \
    sh -c 'test "$1" = 200 && case "$2" in text/html*) exit 0 ;; esac; exit 1' - "$status" "$type"

pid=$(pm inspect --format '{{.State.Pid}}' "$ctr")
uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
check "the process runs as uid 10001 (is ${uid:-unknown})" test "$uid" = 10001
check "the root filesystem is read-only" sh -c '! podman exec "$1" touch /usr/share/gpurec/probe' - "$ctr"
owner=$(pm exec "$ctr" stat -c %u /var/lib/gpurec/gpurec.db 2>/dev/null)
check "the database is on the volume, owned by 10001 (is ${owner:-missing})" test "$owner" = 10001

check "HEALTHCHECK: healthy" wait_for 30 podman healthcheck run "$ctr"
state=$(pm inspect --format '{{.State.Health.Status}}' "$ctr")
check "HEALTHCHECK: podman inspect says healthy (says $state)" test "$state" = healthy
# the same check must fail where nothing answers: run the image's command against a closed port
hc_script=$(python3 -c 'import json, sys; t = json.loads(sys.argv[1]); print(t[3])' "$health")
check "HEALTHCHECK: fails on a port where nothing listens" \
    sh -c '! podman exec -e GPUREC_LISTEN=127.0.0.1:1 "$1" bash -c "$2"' - "$ctr" "$hc_script"

start=$(date +%s)
pm stop -t 20 "$ctr" >/dev/null 2>&1
code=$(pm inspect --format '{{.State.ExitCode}}' "$ctr")
took=$(($(date +%s) - start))
check "SIGTERM (podman stop) ends it with exit code 0 (got $code after $took s)" test "$code" = 0 -a "$took" -lt 20

ctr2="$prefix-again"
# shellcheck disable=SC2086
if run "$ctr2" --network host -v "$data:/var/lib/gpurec" -e "GPUREC_LISTEN=127.0.0.1:$port" $env_offline "$image" &&
    ready "$ctr2" "$base/readyz"; then
    ok "a second container on the same volume comes ready"
else
    not_ok "a second container on the same volume comes ready" "$(pm logs "$ctr2" 2>&1 | tail -n 20)"
fi
pm rm -f -v -t 10 "$ctr2" >/dev/null 2>&1

# ---- HEALTHCHECK for a [::] listener, in the container's own network namespace ------------------------------------
ctr6="$prefix-v6"
pm volume create --label "$label" "$prefix-v6" >/dev/null
# shellcheck disable=SC2086
run "$ctr6" --network none -v "$prefix-v6:/var/lib/gpurec" -e 'GPUREC_LISTEN=[::]:8080' $env_offline "$image"
check "HEALTHCHECK: healthy with GPUREC_LISTEN=[::]:8080" wait_for 60 podman healthcheck run "$ctr6"
pm rm -f -v -t 10 "$ctr6" >/dev/null 2>&1

# ---- deploy/docker-compose.yml through podman-compose ---------------------------------------------------------------
token="container-test-token-$run_id"
: >"$tmp/calls"
if env -u GPUREC_GCP_API_KEY -u GPUREC_CORS_ORIGINS GPUREC_ADMIN_TOKEN="$token" GPUREC_PODMAN_RECORD="$tmp/calls" \
    timeout 120 podman-compose --podman-path "$here/podman-record" -f "$root/deploy/docker-compose.yml" up -d \
    >"$tmp/compose.log" 2>&1; then
    port=$(free_port)
    base="http://127.0.0.1:$port"
    cc="$prefix-compose"
    pm volume create --label "$label" "$cc" >/dev/null
    problems=$(python3 "$here/compose-run.py" "$tmp/calls" "$image" "$cc" "$cc" "127.0.0.1:$port" "$label" \
        "$tmp/compose.args" 2>&1)
    check "podman-compose renders the service: secrets from the environment, no \${...} left, per-IP cap 0" \
        test -z "$problems"
    [ -n "$problems" ] && printf '%s\n' "$problems" | sed 's/^/    /'
    # the rendered command, run with the admin token set and the GCP key and CORS origins unset
    if env -u GPUREC_GCP_API_KEY -u GPUREC_CORS_ORIGINS GPUREC_ADMIN_TOKEN="$token" \
        xargs -0 -a "$tmp/compose.args" timeout 120 podman >>"$tmp/run.log" 2>&1 8>&- && ready "$cc" "$base/readyz"; then
        ok "the podman-compose service comes ready"
        check "the podman-compose service is healthy by the compose file's healthcheck" \
            wait_for 30 podman healthcheck run "$cc"
        pm exec "$cc" env >"$tmp/env" 2>&1
        check "compose: an unset secret stays unset (GPUREC_GCP_API_KEY, GPUREC_CORS_ORIGINS)" \
            sh -c '! grep -q -E "^(GPUREC_GCP_API_KEY|GPUREC_CORS_ORIGINS)=" "$1"' - "$tmp/env"
        check "compose: a set secret comes through (GPUREC_ADMIN_TOKEN)" grep -q -x "GPUREC_ADMIN_TOKEN=$token" "$tmp/env"
        http POST /v1/admin/refresh
        check "compose: /v1/admin/refresh without the token is 401 (got $status)" test "$status" = 401
        http POST /v1/admin/refresh -H "Authorization: Bearer $token"
        # 409 or 429: one is running or ran just now, which the token also had to pass for
        check "compose: /v1/admin/refresh with the token is taken: 202, 409 or 429 (got $status)" \
            sh -c 'case "$1" in 202 | 409 | 429) exit 0 ;; esac; exit 1' - "$status"
        start=$(date +%s)
        pm stop -t 20 "$cc" >/dev/null 2>&1
        code=$(pm inspect --format '{{.State.ExitCode}}' "$cc")
        check "compose: SIGTERM ends it with exit code 0 (got $code)" test "$code" = 0 -a $(($(date +%s) - start)) -lt 20
    else
        not_ok "the podman-compose service comes ready" "$(tail -n 5 "$tmp/run.log"; pm logs "$cc" 2>&1 | tail -n 20)"
    fi
else
    not_ok "podman-compose up (rendering only)" "$(tail -n 20 "$tmp/compose.log")"
fi

#!/bin/sh
# Builds bench/ingest.c against the daemon's objects and runs it on a fresh 10k-offer catalog.
# Usage: bench/ingest.sh RECORDS WORKDIR   (BUILD names the build folder; prints the "refresh ingest:" line)
set -eu
records=$1
work=$2
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
objs=$(find "$build/service" -name '*.o' ! -name main.o | sort)
[ -n "$objs" ] || { echo "ingest: no objects under $build/service: run make first" >&2; exit 1; }
libs="libmicrohttpd jansson sqlite3 libcurl"
# shellcheck disable=SC2046,SC2086
${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow -Wmissing-prototypes -Werror \
    -O2 -g -I"$root/service" -o "$build/bench/ingest" "$root/bench/ingest.c" $objs "$build/gen/ui_assets.o" \
    $(pkg-config --cflags --libs $libs) -lpthread -lm
rm -f "$work/ingest.db"
BUILD="$build" sh "$root/bench/synth-catalog" 10000 "$work/ingest.db" >/dev/null
"$build/bench/ingest" "$records" "$work/ingest.db"

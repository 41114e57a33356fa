#!/bin/sh
# The web page's browser test: starts the built daemon on a free port with a fresh database, drives the page in
# Debian's chromium (headless, through playwright-core) and stops the daemon. Screenshots go to BUILD/ui-screenshots/.
# Usage: sh tests/ui/run.sh [BUILD]   (from anywhere; BUILD defaults to "build", relative to the repository)
# Installs what it needs: chromium from Debian (deploy/install-deps.sh ui), playwright-core from the npm registry
# (package-lock.json). No browser is ever downloaded: playwright-core drives /usr/bin/chromium.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
build=${1:-build}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
daemon="$build/gpurec"
shots="$build/ui-screenshots"

if [ ! -x "$daemon" ]; then
    echo "ui: $daemon is not built (make BUILD=$build)" >&2
    echo "ui: 0 passed, 1 failed"
    exit 1
fi
if [ ! -x /usr/bin/chromium ] || ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    sh deploy/install-deps.sh ui test
fi
if [ ! -f tests/ui/node_modules/playwright-core/package.json ]; then
    (cd tests/ui && npm ci --no-audit --no-fund --loglevel=error)
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/gpurec-ui.XXXXXX")
pid=""
stop() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT TERM

# A port the kernel says is free right now.
port=$(node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')

export GPUREC_DB="$work/gpurec.db"
export GPUREC_LISTEN="127.0.0.1:$port"
export GPUREC_REFRESH_INTERVAL=0 # the seed catalog only: the test never reaches the providers' price APIs
export GPUREC_LOG_LEVEL=warn
"$daemon" migrate >"$work/migrate.log" 2>&1 || { cat "$work/migrate.log" >&2; echo "ui: 0 passed, 1 failed"; exit 1; }
"$daemon" serve >"$work/daemon.log" 2>&1 &
pid=$!

base="http://127.0.0.1:$port/"
if ! node -e '
    const url = process.argv[1] + "readyz";
    const deadline = Date.now() + 30000; /* a loaded machine starts slower */
    (async () => {
        while (Date.now() < deadline) {
            try { if ((await fetch(url)).status === 200) process.exit(0); } catch (_) { /* not listening yet */ }
            await new Promise((r) => setTimeout(r, 100));
        }
        process.exit(1);
    })();' "$base"; then
    echo "ui: the daemon did not become ready on $base; its log:" >&2
    cat "$work/daemon.log" >&2
    echo "ui: 0 passed, 1 failed"
    exit 1
fi

rm -rf "$shots"
status=0
(cd tests/ui && GPUREC_UI_BASE="$base" GPUREC_UI_SHOTS="$shots" node ui.test.mjs) || status=$?
if [ "$status" -ne 0 ]; then
    echo "ui: daemon log:" >&2
    tail -n 40 "$work/daemon.log" >&2
fi
exit "$status"

#!/bin/sh
# The container and deployment files, checked without a Docker engine or a cluster: the Dockerfile's build commands
# (make, make install DESTDIR=...) run into a temporary root, its runtime packages are checked against ldd, its
# HEALTHCHECK runs against a live daemon, both Kubernetes layouts are rendered by kubectl's kustomize and validated
# against the Kubernetes object schemas, and the one-refresher flow runs with the manifests' own scripts.
# Usage: tests/deploy/run.sh BUILD_DIR   (needs node, npm, dpkg, readelf and Debian's kubectl: deploy/install-deps.sh
# test)
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
for tool in node npm ldd dpkg readelf make; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "deploy: $tool is missing (sh deploy/install-deps.sh test)"
        echo "deploy: 0 passed, 1 failed"
        exit 1
    fi
done
if [ ! -x "$build/gpurec" ]; then
    echo "deploy: $build/gpurec is missing (build it first)"
    echo "deploy: 0 passed, 1 failed"
    exit 1
fi
cd "$here"
if [ ! node_modules/.package-lock.json -nt package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
exec node deploy.mjs "$build"

#!/bin/sh
# The export texts parsed by real parsers: SkyPilot tasks by the yaml package, Terraform by HashiCorp's HCL parser
# (@cdktf/hcl2json, compiled to WebAssembly), Kubernetes manifests against the published API schemas
# (kubernetes-models) and Karpenter's NodePool against the fields of its CRD. The texts come from the unit test binary
# (test_export --emit), so build it first: make build/tests/unit/engine/test_export (make check builds it too).
# Usage: tests/export/run.sh BUILD_DIR   (needs node and npm: deploy/install-deps.sh test)
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "export: $tool is missing (sh deploy/install-deps.sh test)"
        echo "export: 0 passed, 1 failed"
        exit 1
    fi
done
if [ ! -x "$build/tests/unit/engine/test_export" ]; then
    echo "export: $build/tests/unit/engine/test_export is missing (make check builds it)"
    echo "export: 0 passed, 1 failed"
    exit 1
fi
cd "$here"
if [ ! node_modules/.package-lock.json -nt package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
exec node export.mjs "$build/tests/unit/engine/test_export"

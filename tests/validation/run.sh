#!/bin/sh
# The validation set (tests/validation/README.md): builds the runner in BUILD_DIR, runs every case through the engine
# and checks each category against tests/validation/floors.json. Prints the category lines; the whole per-case table
# only when a floor is missed or a case is unreadable.
# Usage: tests/validation/run.sh BUILD_DIR
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 1
if ! make -s --no-print-directory BUILD="$build" "$build/tests/validation/validate" >/dev/null; then
    echo "validation: cannot build $build/tests/validation/validate"
    exit 1
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$build/tests/validation/validate" tests/validation >"$out" 2>&1
status=$?
if [ "$status" -eq 0 ]; then
    grep -E '^(serving|training|finetune_memory) +cases|^validate:' "$out"
else
    cat "$out"
fi
exit "$status"

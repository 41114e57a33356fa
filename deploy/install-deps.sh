#!/bin/sh
# Installs the Debian packages gpurec needs, only those missing, running `apt-get update` at most once.
# Usage: deploy/install-deps.sh build|test|bench|ui|container ...   (as root on Debian 12; a no-op when all are present)
set -eu

build_pkgs="gcc make pkg-config libmicrohttpd-dev libjansson-dev libsqlite3-dev libcurl4-openssl-dev"
test_pkgs="check sqlite3 valgrind prometheus clang libclang-rt-14-dev curl ca-certificates"
bench_pkgs="wrk"
ui_pkgs="chromium chromium-driver fonts-dejavu-core"
# the container test (tests/container): podman with runc, podman-compose (python3), debootstrap for the base image,
# curl for the checks, readelf (binutils) for the stripped binary
container_pkgs="podman runc podman-compose python3 debootstrap curl ca-certificates binutils"

want=""
for group in "$@"; do
    case "$group" in
        build) want="$want $build_pkgs" ;;
        test)
            want="$want $build_pkgs $test_pkgs"
            # Node.js may come from elsewhere on a machine (with its own npm): only ask Debian for what is missing
            command -v node >/dev/null 2>&1 || want="$want nodejs"
            command -v npm >/dev/null 2>&1 || want="$want npm"
            ;;
        bench) want="$want $build_pkgs $bench_pkgs" ;;
        ui) want="$want $ui_pkgs" ;;
        container) want="$want $container_pkgs" ;;
        *) echo "install-deps: unknown group '$group' (build, test, bench, ui, container)" >&2; exit 2 ;;
    esac
done

missing=""
for pkg in $want; do
    # A nodejs build that bundles npm (e.g. NodeSource's) conflicts with Debian's npm package: take the command.
    [ "$pkg" = npm ] && command -v npm >/dev/null 2>&1 && continue
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    case "$status" in
        *"install ok installed"*) ;;
        *) missing="$missing $pkg" ;;
    esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
    echo "install-deps: missing Debian packages:$missing (run as root, or install them)" >&2
    exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing

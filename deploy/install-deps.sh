#!/bin/sh
# Installs the Debian packages gpurec needs, only those missing, running `apt-get update` at most once.
# Usage: deploy/install-deps.sh build|test|bench|ui|container ...   (as root on Debian 12; a no-op when all are present)
set -eu

build_pkgs="gcc make pkg-config libmicrohttpd-dev libjansson-dev libsqlite3-dev libcurl4-openssl-dev"
# nginx: the round-robin proxy in front of three replicas in the scale test (tests/scale), started by the test itself
# on loopback ports with its own configuration; the package's own service is not needed
test_pkgs="check sqlite3 valgrind prometheus clang libclang-rt-14-dev curl ca-certificates nginx"
bench_pkgs="wrk"
ui_pkgs="chromium chromium-driver fonts-dejavu-core"
# tests/deploy renders deploy/k8s with the kustomize built into Debian's kubectl (package kubernetes-client). Where
# /usr/bin/kubectl already belongs to another package (a cloud SDK's kubectl), the two cannot both be installed:
# Debian's package is then unpacked into this folder instead, and the test finds it there.
kubectl_dir=/opt/gpurec-test/kubernetes-client
# the container test (tests/container): podman with runc, podman-compose (python3), debootstrap for the base image,
# curl for the checks, readelf (binutils) for the stripped binary
container_pkgs="podman runc podman-compose python3 debootstrap curl ca-certificates binutils"

want=""
want_kubectl=""
for group in "$@"; do
    case "$group" in
        build) want="$want $build_pkgs" ;;
        test)
            want="$want $build_pkgs $test_pkgs"
            # Node.js may come from elsewhere on a machine (with its own npm): only ask Debian for what is missing
            command -v node >/dev/null 2>&1 || want="$want nodejs"
            command -v npm >/dev/null 2>&1 || want="$want npm"
            want_kubectl=1
            ;;
        bench) want="$want $build_pkgs $bench_pkgs" ;;
        ui) want="$want $ui_pkgs" ;;
        container) want="$want $container_pkgs" ;;
        *) echo "install-deps: unknown group '$group' (build, test, bench, ui, container)" >&2; exit 2 ;;
    esac
done

installed() {
    case "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" in
        *"install ok installed"*) return 0 ;;
        *) return 1 ;;
    esac
}

unpack_kubectl=""
if [ -n "$want_kubectl" ] && ! installed kubernetes-client; then
    if [ -e /usr/bin/kubectl ]; then
        [ -x "$kubectl_dir/usr/bin/kubectl" ] || unpack_kubectl=1
    else
        want="$want kubernetes-client"
    fi
fi

missing=""
for pkg in $want; do
    # A nodejs build that bundles npm (e.g. NodeSource's) conflicts with Debian's npm package: take the command.
    [ "$pkg" = npm ] && command -v npm >/dev/null 2>&1 && continue
    installed "$pkg" || missing="$missing $pkg"
done
[ -z "$missing" ] && [ -z "$unpack_kubectl" ] && exit 0

if [ "$(id -u)" != 0 ]; then
    [ -n "$unpack_kubectl" ] && missing="$missing kubernetes-client (into $kubectl_dir)"
    echo "install-deps: missing Debian packages:$missing (run as root, or install them)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if [ -n "$missing" ]; then
    echo "install-deps: installing$missing"
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
fi
if [ -n "$unpack_kubectl" ]; then
    echo "install-deps: unpacking kubernetes-client into $kubectl_dir (/usr/bin/kubectl is not Debian's)"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # apt-get download writes into the current folder as the _apt user, where that user may
    chown _apt "$work" 2>/dev/null || true
    (cd "$work" && apt-get download -qq kubernetes-client)
    rm -rf "$kubectl_dir.new"
    mkdir -p "$kubectl_dir.new"
    dpkg-deb -x "$work"/kubernetes-client_*.deb "$kubectl_dir.new"
    rm -rf "$kubectl_dir"
    mv "$kubectl_dir.new" "$kubectl_dir"
fi

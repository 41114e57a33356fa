# Sourced by tests/container/test.sh and podman.sh: podman's configuration for this machine and the Debian base image
# the Dockerfile's FROM names, both kept in one cache folder so that only the first run pays for them.
#
# What the development and CI machines need, and why (each set here, nothing by hand):
# - No registry is reachable, so `debian:bookworm-slim` is made locally: debootstrap (minbase variant) of Debian 12
#   from the mirror this machine's apt already uses, slimmed (no docs, man pages, locales, apt lists or caches; dpkg
#   told to skip them on later installs, apt told to drop downloaded packages), then `podman import`ed under that
#   name. Kept as $GPUREC_CONTAINER_CACHE/base-$base_recipe.tar and rebuilt only when that file is missing (remove it
#   to take newer Debian packages into the base; the Dockerfile's own apt-get steps always take the current ones).
# - The image's apt-get steps need the mirror: the build runs with the host's network (`--network host`), which
#   reaches it as the host does, so the base needs no build or runtime packages of its own.
# - No systemd runs as PID 1: cgroup manager cgroupfs, events to a file (no journald). podman's healthcheck timers are
#   systemd units, so none runs (podman logs "unable to get systemd connection" at start and stop); the test runs
#   `podman healthcheck run` itself.
# - runc as the OCI runtime: Debian 12's podman takes crun or runc; `deploy/install-deps.sh container` installs runc.
# - The sandbox lets no process raise a resource limit, even as root (`prlimit --nofile=N` above the hard limit is
#   refused), and rootful podman asks for nofile and nproc of 1048576 ("error setting rlimit type 7: operation not
#   permitted"): containers get nofile at this shell's hard limit and nproc 4096 (enough for the daemon's threads;
#   podman's own processes run with a lower nproc limit than this shell, so the shell's value fails as well).
# - Storage: overlay under the cache folder (graphroot), run state under /run/gpurec-container, so nothing here
#   touches another podman user's images or containers. Use tests/container/podman.sh to run podman by hand with the
#   same settings.
# Variables: GPUREC_CONTAINER_CACHE (default /var/cache/gpurec-container), GPUREC_DEBIAN_MIRROR and
# GPUREC_DEBIAN_SECURITY_MIRROR (default: the ones in /etc/apt/sources.list*).

GPUREC_CONTAINER_CACHE=${GPUREC_CONTAINER_CACHE:-/var/cache/gpurec-container}
# Bump when the recipe of the base image changes: a new name makes the next run build the base again.
base_recipe=r1
base_image=debian:bookworm-slim

# The first URI that apt's sources give for a suite ($1: bookworm or bookworm-security), one-line or deb822 format.
apt_mirror_of()
{
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk -v suite="$1" '
            /^[ \t]*deb[ \t]/ { u = 2; if ($2 ~ /^\[/) { for (u = 2; u <= NF && $u !~ /\]$/; u++); u++ }
                                if ($(u + 1) == suite) { print $u; exit } }
            /^URIs:/ { uris = $2 }
            /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) found = 1 }
            /^Types:/ { if ($0 !~ /[ \t]deb([ \t]|$)/) skip = 1 }
            /^[ \t]*$/ { if (found && !skip && uris != "") { print uris; exit } found = 0; skip = 0; uris = "" }
            END { if (found && !skip && uris != "") print uris }
        ' "$f" | head -n 1
    done | head -n 1
}

# Writes podman's configuration into the cache folder and points podman (and podman-compose) at it.
podman_setup()
{
    mkdir -p "$GPUREC_CONTAINER_CACHE/storage" /run/gpurec-container || return 1
    nofile=$(ulimit -Hn)
    case "$nofile" in unlimited | '') nofile=1048576 ;; esac
    [ "$nofile" -gt 1048576 ] && nofile=1048576
    cat >"$GPUREC_CONTAINER_CACHE/containers.conf.new" <<EOF
# written by tests/container/setup.sh
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=4096:4096"]

[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
runtime = "runc"
tmp_dir = "/run/gpurec-container/libpod"
EOF
    cat >"$GPUREC_CONTAINER_CACHE/storage.conf.new" <<EOF
# written by tests/container/setup.sh
[storage]
driver = "overlay"
graphroot = "$GPUREC_CONTAINER_CACHE/storage"
runroot = "/run/gpurec-container/storage"
EOF
    for f in containers.conf storage.conf; do
        mv "$GPUREC_CONTAINER_CACHE/$f.new" "$GPUREC_CONTAINER_CACHE/$f" || return 1
    done
    CONTAINERS_CONF=$GPUREC_CONTAINER_CACHE/containers.conf
    CONTAINERS_STORAGE_CONF=$GPUREC_CONTAINER_CACHE/storage.conf
    export CONTAINERS_CONF CONTAINERS_STORAGE_CONF
}

# debootstrap into a temporary folder, slim it, and leave it as the base tarball.
base_build()
{
    tar_file=$1
    mirror=${GPUREC_DEBIAN_MIRROR:-$(apt_mirror_of bookworm)}
    security=${GPUREC_DEBIAN_SECURITY_MIRROR:-$(apt_mirror_of bookworm-security)}
    mirror=${mirror:-http://deb.debian.org/debian}
    security=${security:-http://deb.debian.org/debian-security}
    work=$(mktemp -d "$GPUREC_CONTAINER_CACHE/base.XXXXXX") || return 1
    echo "container: debootstrap bookworm from $mirror (once; kept in $tar_file)"
    if ! debootstrap --variant=minbase bookworm "$work/root" "$mirror" >"$work/debootstrap.log" 2>&1; then
        tail -n 20 "$work/debootstrap.log"
        rm -rf "$work"
        return 1
    fi
    r=$work/root
    rm -f "$r/etc/apt/sources.list"
    cat >"$r/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    # what a slim image leaves out, now and on every later install
    cat >"$r/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
EOF
    cat >"$r/etc/apt/apt.conf.d/slim" <<'EOF'
APT::Keep-Downloaded-Packages "false";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
Acquire::Languages "none";
EOF
    find "$r/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    find "$r/usr/share/doc" -mindepth 1 -type d -empty -delete
    rm -rf "$r"/usr/share/man/* "$r"/usr/share/info/* "$r"/usr/share/groff/* "$r"/usr/share/lintian/* \
        "$r"/usr/share/locale/* "$r"/var/cache/apt/* "$r"/var/lib/apt/lists/* "$r"/var/log/*.log \
        "$r"/var/log/apt/* "$r"/tmp/* "$r"/var/tmp/*
    # podman provides these at run time; the image must not carry the build machine's
    rm -f "$r/etc/resolv.conf" "$r/etc/hostname"
    : >"$r/etc/machine-id"
    tar --numeric-owner -C "$r" -cf "$work/base.tar" . && mv "$work/base.tar" "$tar_file"
    status=$?
    rm -rf "$work"
    return $status
}

# Makes sure $base_image is in podman's storage, from the cached tarball (built first when missing).
base_ensure()
{
    tar_file=$GPUREC_CONTAINER_CACHE/base-$base_recipe.tar
    have=$(podman image inspect --format '{{index .Labels "org.gpurec.base-recipe"}}' "$base_image" 2>/dev/null || true)
    [ "$have" = "$base_recipe" ] && [ -f "$tar_file" ] && return 0
    (
        # one machine, several checkouts: one base build at a time
        flock 9
        if [ ! -f "$tar_file" ]; then
            base_build "$tar_file" || exit 1
        fi
        have=$(podman image inspect --format '{{index .Labels "org.gpurec.base-recipe"}}' "$base_image" 2>/dev/null || true)
        [ "$have" = "$base_recipe" ] && exit 0
        echo "container: podman import $tar_file as $base_image"
        podman import --quiet --change 'CMD ["bash"]' --change "LABEL org.gpurec.base-recipe=$base_recipe" \
            "$tar_file" "$base_image" >/dev/null
    ) 9>"$GPUREC_CONTAINER_CACHE/base.lock"
}

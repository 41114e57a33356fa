#!/bin/sh
# podman with the settings of the container test (tests/container/setup.sh says which and why), the local Debian base
# image made first when it is missing. Usage, from the repository root, as root:
#   sh tests/container/podman.sh build --format docker --network host --pull=never -t gpurec .
#   sh tests/container/podman.sh run --rm --network host -e GPUREC_LISTEN=127.0.0.1:8080 gpurec
set -eu
. "$(dirname "$0")/setup.sh"
podman_setup
base_ensure
exec podman "$@"

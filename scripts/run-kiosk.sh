#!/usr/bin/env bash
# `make kiosk`: the Showcase in kiosk mode under cage (one fullscreen app: on the machine's display, or in a
# window of the running Wayland session).
#   scripts/run-kiosk.sh SHOWCASE [ARGS…]
# cage refuses root: as root it runs as uid 4242, in a private mount namespace whose /tmp/.X11-unix is its own
# (cage 0.1.4 always starts Xwayland, which gives up on a directory another user owns).
set -euo pipefail
bin=$1; shift
for tool in cage Xwayland; do
  command -v "$tool" >/dev/null || { echo "make kiosk needs cage and Xwayland: apt-get install cage xwayland" >&2; exit 1; }
done
[ "$(id -u)" -ne 0 ] && exec cage -- "$bin" --kiosk "$@"

runtime=$(mktemp -d /tmp/waylandui-kiosk-XXXXXX)
chmod 700 "$runtime"
chown 4242:4242 "$runtime"
trap 'rm -rf "$runtime"' EXIT
XDG_RUNTIME_DIR="$runtime" HOME="$runtime" unshare -m sh -c \
  'mkdir -p -m 1777 /tmp/.X11-unix && mount -t tmpfs -o mode=1777 tmpfs /tmp/.X11-unix &&
   exec setpriv --reuid=4242 --regid=4242 --clear-groups cage -- "$@"' kiosk "$bin" --kiosk "$@"

#!/usr/bin/env bash
# `make kiosk`: the Showcase in kiosk mode under cage (one fullscreen app: on the machine's display, or in a
# window of the running Wayland or X11 session). With no display at all (no session, no DRM device), cage
# would wait forever: the kiosk then runs in a headless cage and its first screen is written to kiosk.png.
#   scripts/run-kiosk.sh SHOWCASE [ARGS…]
# cage refuses root: as root it runs as uid 4242, in a private mount namespace whose /tmp/.X11-unix is its own
# (cage 0.1.4 always starts Xwayland, which gives up on a directory another user owns).
# SIGINT and SIGTERM end cage and the app (SIGKILL if cage has not exited after three seconds).
set -euo pipefail
bin=$1; shift
for tool in cage Xwayland; do
  command -v "$tool" >/dev/null || { echo "make kiosk needs cage and Xwayland: apt-get install cage xwayland" >&2; exit 1; }
done

has_display() {
  [ -n "${WLR_BACKENDS:-}" ] || [ -n "${WAYLAND_SOCKET:-}" ] || [ -n "${DISPLAY:-}" ] && return 0
  local socket="${WAYLAND_DISPLAY:-wayland-0}"
  case "$socket" in /*) ;; *) socket="${XDG_RUNTIME_DIR:-/nonexistent}/$socket";; esac
  [ -S "$socket" ] && return 0
  compgen -G "${KIOSK_DRM_DIRECTORY:-/dev/dri}/card*" >/dev/null     # the variable: for tests on machines with a GPU
}

runtime=$(mktemp -d /tmp/waylandui-kiosk-XXXXXX)
chmod 700 "$runtime"
screenshot=()
if ! has_display; then
  echo "make kiosk: no display here (no Wayland or X11 session, no DRM device in /dev/dri), so the kiosk runs in a" \
       "headless cage and its first screen goes to kiosk.png; run it in a desktop session or on a console to see it." >&2
  export WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1
  screenshot=(--screenshot "$runtime/kiosk.png")
fi

child=""
stop() {
  [ -n "$child" ] || return 0
  kill -TERM "$child" 2>/dev/null || true
  for _ in $(seq 30); do kill -0 "$child" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL "$child" 2>/dev/null || true
}
trap 'rm -rf "$runtime"' EXIT
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM

# cage runs in the background so this shell hears SIGINT/SIGTERM at once; `wait` returns cage's status.
if [ "$(id -u)" -ne 0 ]; then
  cage -- "$bin" --kiosk "${screenshot[@]}" "$@" &
else
  chown 4242:4242 "$runtime"
  # unshare and setpriv exec: the background pid is cage's own.
  XDG_RUNTIME_DIR="$runtime" HOME="$runtime" unshare -m sh -c \
    'mkdir -p -m 1777 /tmp/.X11-unix && mount -t tmpfs -o mode=1777 tmpfs /tmp/.X11-unix &&
     exec setpriv --reuid=4242 --regid=4242 --clear-groups cage -- "$@"' kiosk "$bin" --kiosk "${screenshot[@]}" "$@" &
fi
child=$!
status=0
wait "$child" || status=$?
child=""
if [ ${#screenshot[@]} -gt 0 ] && [ -f "$runtime/kiosk.png" ]; then
  mv "$runtime/kiosk.png" kiosk.png
  echo "make kiosk: the kiosk's first screen is in $(pwd)/kiosk.png" >&2
fi
exit "$status"

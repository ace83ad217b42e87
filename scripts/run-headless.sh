#!/usr/bin/env bash
# Runs a Wayland client in a private headless weston, waits for its first frame, and writes a screenshot.
#   scripts/run-headless.sh OUT.png CLIENT [ARGS…]
# Used by `make run` when no compositor is reachable.
set -euo pipefail
out=$(realpath -m "$1"); shift

runtime=$(mktemp -d /tmp/waylandui-run-XXXXXX)
chmod 700 "$runtime"
weston_pid=""; client_pid=""
cleanup() {
  [ -n "$client_pid" ] && kill "$client_pid" 2>/dev/null || true
  [ -n "$weston_pid" ] && kill "$weston_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$runtime"
}
trap cleanup EXIT


export XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=wayland-headless
weston --backend=headless-backend.so --socket="$WAYLAND_DISPLAY" --idle-time=0 --use-pixman \
  --width=1280 --height=800 --debug -c "$(cd "$(dirname "$0")" && pwd)/weston-headless.ini" >"$runtime/weston.log" 2>&1 </dev/null &
weston_pid=$!
for _ in $(seq 500); do [ -S "$runtime/$WAYLAND_DISPLAY" ] && break; sleep 0.01; done
[ -S "$runtime/$WAYLAND_DISPLAY" ] || { echo "weston did not start:"; tail "$runtime/weston.log"; exit 1; }

WAYLAND_UI_PROBE="$runtime/probe" "$@" >"$runtime/client.log" 2>&1 </dev/null &
client_pid=$!
for _ in $(seq 1000); do grep -q '^frame 1 ' "$runtime/probe" 2>/dev/null && break; sleep 0.01; done
grep -q '^frame 1 ' "$runtime/probe" 2>/dev/null || { echo "the client drew no frame:"; cat "$runtime/client.log"; exit 1; }

(cd "$runtime" && weston-screenshooter >/dev/null 2>&1)
mv "$runtime"/wayland-screenshot-*.png "$out"
echo "No Wayland compositor was reachable, so the showcase ran in a headless weston; its screen is in $out"

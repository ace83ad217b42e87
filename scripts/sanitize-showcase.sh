#!/usr/bin/env bash
# `make sanitize`, its Showcase part: a Showcase built with AddressSanitizer draws the launcher and every demo
# offscreen (LeakSanitizer checks each at exit), then, under headless weston, plays the attract recording (14 s
# of taps, drags and pinches through the launcher and the demos); any AddressSanitizer report fails the step.
#   scripts/sanitize-showcase.sh SHOWCASE
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
runtime=$(mktemp -d /tmp/waylandui-asan-XXXXXX)
chmod 700 "$runtime"
weston_pid=""; app_pid=""
cleanup() {
  for pid in $app_pid $weston_pid; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$runtime"
}
trap cleanup EXIT
export ASAN_OPTIONS=detect_leaks=1
export LSAN_OPTIONS=suppressions=$here/lsan-suppressions.txt:print_suppressions=0

failed=0
for demo in launcher 000 001 002 touch photo cards scripts inspector; do
  args=(--size 800x600 --screenshot "$runtime/$demo.png")
  [ "$demo" = launcher ] || args+=(--demo "$demo")
  if ! WAYLAND_DISPLAY=no-such-compositor XDG_RUNTIME_DIR=$runtime "$bin" "${args[@]}" >"$runtime/$demo.log" 2>&1; then
    echo "sanitize: Showcase $demo offscreen failed:" >&2
    grep -A40 -m1 "ERROR: \(Address\|Leak\)Sanitizer" "$runtime/$demo.log" >&2 || tail -20 "$runtime/$demo.log" >&2
    failed=1
  fi
done

export XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=wayland-asan
weston --backend=headless-backend.so --socket="$WAYLAND_DISPLAY" --idle-time=0 --use-pixman \
  --width=800 --height=600 -c "$here/weston-headless.ini" >"$runtime/weston.log" 2>&1 </dev/null &
weston_pid=$!
for _ in $(seq 3000); do [ -S "$runtime/$WAYLAND_DISPLAY" ] && break; sleep 0.01; done
WAYLAND_UI_PROBE=$runtime/probe "$bin" --replay "$here/../Sources/Showcase/Resources/Attract.jsonl" \
  >"$runtime/replay.log" 2>&1 </dev/null &
app_pid=$!
# The replay's end, or the app's (a crash or a sanitizer report ends it early); 10 minutes at most.
started=$SECONDS
while kill -0 "$app_pid" 2>/dev/null && ! grep -q '^replay finished' "$runtime/probe" 2>/dev/null \
  && [ $((SECONDS - started)) -lt 600 ]; do sleep 0.2; done
if grep -q "ERROR: AddressSanitizer" "$runtime/replay.log" || ! grep -q '^replay finished' "$runtime/probe" 2>/dev/null; then
  echo "sanitize: Showcase replay under weston failed:" >&2
  grep -A40 -m1 "ERROR: AddressSanitizer" "$runtime/replay.log" >&2 || tail -20 "$runtime/replay.log" >&2
  failed=1
fi
[ "$failed" = 0 ] && echo "sanitize: Showcase clean under AddressSanitizer (9 screens offscreen, the attract replay)" >&2
exit $failed

#!/bin/bash
# firstframe.sh N CLIENT [ARGS...]: launch-to-first-frame of a Wayland client under a private headless weston
# (1280x800, pixman): the time from starting the process to its second wl_surface.commit (the first with a
# buffer; the first commit is the bare xdg_surface), counted by commitcount.so. Prints N times in ms, one a line.
N=$1; shift
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=${E2E_BIN:-$HERE/../../.build/bench-e2e}
make -s -C "$HERE" O="$BIN" "$BIN/commitcount.so" >/dev/null || exit 1
BIN=$(cd "$BIN" && pwd)
rt=$(mktemp -d /tmp/firstframe.XXXX); chmod 700 "$rt"
export XDG_RUNTIME_DIR=$rt WAYLAND_DISPLAY=wl-ff
weston --backend=headless-backend.so --socket=wl-ff --idle-time=0 --use-pixman --width=1280 --height=800 >"$rt/w.log" 2>&1 &
W=$!
for i in $(seq 300); do [ -S "$rt/wl-ff" ] && break; sleep 0.01; done
for r in $(seq "$N"); do
  rm -f "$rt/c" "$rt/c.live"
  t0=$(date +%s%N)
  LD_PRELOAD="$BIN/commitcount.so" COMMITCOUNT_OUT="$rt/c" "$@" >/dev/null 2>&1 &
  P=$!
  for i in $(seq 5000); do
    n=$(od -An -tu8 -N8 "$rt/c.live" 2>/dev/null | tr -d ' '); [ -n "$n" ] && [ "$n" -ge 2 ] && break; sleep 0.001
  done
  t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000000 ))
  kill $P; wait $P 2>/dev/null
done
kill $W; wait $W 2>/dev/null; rm -rf "$rt"

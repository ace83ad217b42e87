#!/usr/bin/env bash
# `make soak`: each demo under headless weston for MINUTES (default 10) of scripted input (flings, drags, pinches,
# taps, a cancel now and then), sampling the app's RSS, open descriptors and threads every 10 s. Prints, per demo,
# the figures at the end of each minute and the growth per minute after the first (warm-up) minute; the goal is
# no growth after warm-up and a peak RSS within 1.5x of the first minute's. Not part of CI (it takes an hour+).
#   scripts/soak.sh SHOWCASE [MINUTES] [DEMO…]
set -euo pipefail
bin=$1; minutes=${2:-10}; shift 2 || shift $#
demos=("$@"); [ ${#demos[@]} -gt 0 ] || demos=(000 001 002 touch photo cards scripts inspector)
here=$(cd "$(dirname "$0")" && pwd)

runtime=$(mktemp -d /tmp/waylandui-soak-XXXXXX)
chmod 700 "$runtime"
weston_pid=""; app_pid=""; feeder_pid=""
cleanup() {
  for pid in $feeder_pid $app_pid $weston_pid; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$runtime"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

gcc -shared -fPIC -O2 -o "$runtime/weston-inject.so" "$here/../Tests/CompositorHarness/Weston/weston-inject.c" \
  $(pkg-config --cflags --libs libweston-10 wayland-server)

# One round of input (about 4 s) at 1280x800: what a visitor does to a demo.
script() {
  local x y i
  for i in 0 1 2; do                                   # flings across the screen
    y=$((250 + i * 150))
    echo "touch down 0 200 $y"
    for x in 260 380 560 800 1050; do echo "touch motion 0 $x $((y + i * 7))"; echo "sleep 0.016"; done
    echo "touch up 0"; echo "sleep 0.1"
  done
  echo "touch down 0 640 400"; echo "touch down 1 740 400"      # a two-finger pinch and turn
  for i in 1 2 3 4 5 6 7 8; do echo "touch motion 0 $((640 - i * 12)) $((400 - i * 4))"; echo "touch motion 1 $((740 + i * 12)) $((400 + i * 4))"; echo "sleep 0.016"; done
  echo "touch up 0"; echo "touch up 1"; echo "sleep 0.1"
  echo "motion 640 400"; echo "button 272 1"                    # a mouse drag, a press held past long-press
  for x in 660 700 760 820; do echo "motion $x 420"; echo "sleep 0.02"; done
  echo "sleep 0.6"; echo "button 272 0"; echo "sleep 0.1"
  echo "touch down 2 300 300"; echo "touch up 2"; echo "sleep 0.05"; echo "touch down 2 300 300"; echo "touch up 2"   # double tap
  echo "touch down 3 500 500"; echo "touch motion 3 520 520"; echo "touch cancel"; echo "sleep 0.2"
  echo "axis 0 30"; echo "axis 0 -30"; echo "sleep 0.2"
}

# Feeds rounds of input to the FIFO until killed.
feed() {
  exec 3>"$runtime/inject.fifo"
  while true; do
    while read -r line; do
      case $line in sleep*) sleep "${line#sleep }" ;; *) echo "$line" >&3 ;; esac
    done < <(script)
  done
}

calc() { awk "BEGIN { printf \"%.4f\", $1 }"; }

sample() {   # rss_kb fds threads of $1
  local rss threads
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$1/status")
  threads=$(awk '/^Threads/ {print $2}' "/proc/$1/status")
  echo "$rss $(ls "/proc/$1/fd" | wc -l) $threads"
}

export XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=wayland-soak
WESTON_INJECT_FIFO="$runtime/inject.fifo" WESTON_INJECT_ACKS="$runtime/acks" \
  weston --backend=headless-backend.so --socket="$WAYLAND_DISPLAY" --idle-time=0 --use-pixman --width=1280 --height=800 \
  --shell=kiosk-shell.so -c "$here/weston-headless.ini" --modules="$runtime/weston-inject.so" >"$runtime/weston.log" 2>&1 </dev/null &
weston_pid=$!
for _ in $(seq 1000); do [ -p "$runtime/inject.fifo" ] && [ -S "$runtime/$WAYLAND_DISPLAY" ] && break; sleep 0.01; done
[ -S "$runtime/$WAYLAND_DISPLAY" ] || { echo "soak: weston did not start:"; tail "$runtime/weston.log"; exit 1; }

verdict=0
for demo in "${demos[@]}"; do
  : >"$runtime/probe"
  WAYLAND_UI_PROBE="$runtime/probe" "$bin" --demo "$demo" --fullscreen --no-cursor >"$runtime/app.log" 2>&1 </dev/null &
  app_pid=$!
  for _ in $(seq 2000); do grep -q '^shown 1' "$runtime/probe" 2>/dev/null && break; sleep 0.01; done
  feed & feeder_pid=$!
  echo "soak: demo $demo, $minutes min of input (minute: RSS MB, descriptors, threads)"
  declare -a rss_at=() fds_at=() threads_at=()
  peak=0
  for minute in $(seq "$minutes"); do
    for _ in 1 2 3 4 5 6; do
      sleep 10
      kill -0 "$app_pid" 2>/dev/null || { echo "soak: demo $demo DIED:"; tail "$runtime/app.log"; verdict=1; break 2; }
      read -r rss fds threads < <(sample "$app_pid")
      [ "$rss" -gt "$peak" ] && peak=$rss
    done
    rss_at[minute]=$rss; fds_at[minute]=$fds; threads_at[minute]=$threads
    printf '  %2d: %7.1f MB %4d fds %3d threads\n' "$minute" "$(calc "$rss / 1024")" "$fds" "$threads"
  done
  kill "$feeder_pid" 2>/dev/null || true; wait "$feeder_pid" 2>/dev/null || true; feeder_pid=""
  kill "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; app_pid=""
  if [ "${rss_at[$minutes]:-}" != "" ] && [ "$minutes" -ge 2 ]; then
    span=$((minutes - 1))
    growth=$(calc "(${rss_at[$minutes]} - ${rss_at[1]}) / 1024 / $span")
    ratio=$(calc "$peak / ${rss_at[1]}")
    printf '  growth after minute 1: %+.2f MB/min, %+.2f fds/min, %+.2f threads/min; peak RSS %.2fx the first minute'"'"'s\n' \
      "$growth" "$(calc "(${fds_at[$minutes]} - ${fds_at[1]}) / $span")" \
      "$(calc "(${threads_at[$minutes]} - ${threads_at[1]}) / $span")" "$ratio"
    if awk "BEGIN { exit !($ratio > 1.5) }" || [ "${fds_at[$minutes]}" -gt "${fds_at[1]}" ]; then
      echo "  demo $demo: NOT within the goal"; verdict=1
    fi
  fi
done
exit $verdict

#!/bin/bash
# Headless mutter 43 session for WaylandUI tests.  Usage: mutter-session.sh RUNTIME_DIR WIDTH HEIGHT
# See README.md in this directory for the contract.  Everything this script starts stays in its own
# process group (pgid == this script's pid) and is stopped on SIGTERM/SIGINT or when mutter or the
# driver dies.
set -u

if [ $# -ne 3 ]; then
    echo "usage: $0 RUNTIME_DIR WIDTH HEIGHT" >&2
    exit 2
fi

# Become a process-group leader without changing pid (setsid only forks when we already lead a
# group, and then we do not need it).  All children inherit the group, so a last-resort
# `kill -KILL -- -PID` from the fixture reaches everything.
if [ "$(ps -o pgid= -p $$ | tr -d ' ')" != "$$" ] && [ -z "${MUTTER_SESSION_SETSID:-}" ]; then
    MUTTER_SESSION_SETSID=1 exec setsid "$0" "$@"
fi

unset MUTTER_SESSION_SETSID
R=$1 W=$2 H=$3
HERE=$(cd "$(dirname "$0")" && pwd)
DISPLAY_NAME=wl-test
T0=$(date +%s.%N)

elapsed() { awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.3f", b - a}'; }
log() { echo "[session $(date +%T.%3N)] $*"; }

pids=()          # started children, in start order
names=()
FAILED=0

fail() {
    log "FAILED: $*"
    [ -e "$R/failed" ] || echo "$*" > "$R/failed"
    FAILED=1
}

alive() {  # pid still running (a zombie counts as gone)
    local st
    st=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
    [ -n "$st" ] && [ "$st" != Z ]
}

teardown() {
    trap '' TERM INT HUP
    local i p deadline
    # stop in reverse start order: driver, mutter, wireplumber, pipewire, dbus-daemon
    for ((i=${#pids[@]}-1; i>=0; i--)); do
        p=${pids[i]}
        if alive "$p"; then kill -TERM "$p" 2>/dev/null; fi
        deadline=$((SECONDS + 2))
        while alive "$p" && [ $SECONDS -lt $deadline ]; do sleep 0.02; done
        if alive "$p"; then log "${names[i]} ($p) ignored SIGTERM, killing"; kill -KILL "$p" 2>/dev/null; fi
        wait "$p" 2>/dev/null
    done
    # anything else left in our process group (e.g. a bus-activated service, a gst-launch)
    local left
    left=$(ps -e -o pid=,pgid= | awk -v g=$$ '$2 == g && $1 != g {print $1}')
    for p in $left; do
        if alive "$p"; then
            log "stray $(ps -o comm= -p "$p") ($p), killing"; kill -KILL "$p" 2>/dev/null
        fi
    done
    rm -f "$R/bus"
    log "stopped after $(elapsed) s"
}

SLEEP_PID=
on_signal() {
    log "got $1, stopping"
    [ -n "$SLEEP_PID" ] && kill "$SLEEP_PID" 2>/dev/null
    teardown
    exit $FAILED
}
trap 'on_signal TERM' TERM
trap 'on_signal INT' INT
trap 'on_signal HUP' HUP

start() {  # start NAME CMD...  -> child in background, output in $R/NAME.log
    local name=$1; shift
    "$@" > "$R/$name.log" 2>&1 < /dev/null &
    pids+=($!); names+=("$name")
    log "started $name pid $!"
}

wait_file() {  # wait_file PATH TIMEOUT_S PID_OF_PRODUCER WHAT
    local deadline=$((SECONDS + $2))
    while [ ! -e "$1" ]; do
        if ! alive "$3"; then fail "$4 exited before creating $1 (see $R/$4.log): $(tail -n 1 "$R/$4.log" 2>/dev/null)"; return 1; fi
        if [ $SECONDS -ge $deadline ]; then fail "timed out after $2 s waiting for $1 (see $R/$4.log)"; return 1; fi
        sleep 0.01
    done
}

die_on_fail() { if [ $FAILED -ne 0 ]; then teardown; exit 1; fi; }

[ -d "$R" ] || { echo "runtime dir $R does not exist" >&2; exit 2; }
rm -f "$R/ready" "$R/failed" "$R/.driver-ready"
for tool in dbus-daemon pipewire wireplumber mutter gst-launch-1.0 /usr/bin/python3; do
    command -v "$tool" > /dev/null || { fail "missing program: $tool (install Tests/CompositorHarness/Mutter/packages.txt)"; exit 1; }
done

export XDG_RUNTIME_DIR=$R
# keep pipewire/wireplumber state and any config out of the user's home
export XDG_CONFIG_HOME=$R/config XDG_STATE_HOME=$R/state
mkdir -p "$XDG_CONFIG_HOME" "$XDG_STATE_HOME"
# GSettings defaults only: no dconf-service activation, nothing read from the user's settings.
# (org.gnome.desktop.interface enable-animations=false does NOT stop the default plugin's
# 250 ms map/destroy animations; see README.)
export GSETTINGS_BACKEND=memory
export NO_AT_BRIDGE=1 GTK_A11Y=none      # no at-spi bus
unset WAYLAND_DISPLAY DISPLAY DBUS_SESSION_BUS_ADDRESS

# 0. the compositor plugin: by default our noanim-plugin.c (no window animations, flat background),
#    built here in the background while the rest starts.  MUTTER_SESSION_PLUGIN=/path/to/prebuilt.so
#    uses that file; MUTTER_SESSION_PLUGIN=default uses mutter's own default plugin (animations on).
PLUGIN=${MUTTER_SESSION_PLUGIN:-}
PLUGIN_BUILD_PID=
if [ -z "$PLUGIN" ]; then
    PLUGIN=$R/noanim-plugin.so
    command -v gcc > /dev/null || { fail "missing program: gcc (needed to build noanim-plugin.c; or set MUTTER_SESSION_PLUGIN)"; exit 1; }
    gcc -shared -fPIC -O2 -o "$PLUGIN" "$HERE/noanim-plugin.c" $(pkg-config --cflags --libs gobject-2.0 gmodule-2.0 2>/dev/null || echo -I/usr/include/glib-2.0 -I/usr/lib/x86_64-linux-gnu/glib-2.0/include -lgobject-2.0 -lgmodule-2.0 -lglib-2.0) > "$R/plugin-build.log" 2>&1 < /dev/null &
    PLUGIN_BUILD_PID=$!
    pids+=($!); names+=(plugin-build)
fi

# 1. private session bus
start dbus-daemon dbus-daemon --session --nofork --nopidfile --address="unix:path=$R/bus"
wait_file "$R/bus" 10 "${pids[-1]}" dbus-daemon; die_on_fail
export DBUS_SESSION_BUS_ADDRESS=unix:path=$R/bus

# 2. pipewire + wireplumber (mutter's ScreenCast needs a pipewire context; links need a session manager)
start pipewire pipewire
wait_file "$R/pipewire-0" 10 "${pids[-1]}" pipewire; die_on_fail
start wireplumber wireplumber

# 3. mutter
PLUGIN_ARGS=()
if [ -n "$PLUGIN_BUILD_PID" ]; then
    wait "$PLUGIN_BUILD_PID" || { fail "building noanim-plugin.c failed (see $R/plugin-build.log): $(head -n 1 "$R/plugin-build.log")"; die_on_fail; }
fi
if [ "$PLUGIN" != default ]; then
    [ -f "$PLUGIN" ] || { fail "mutter plugin $PLUGIN does not exist"; die_on_fail; }
    PLUGIN_ARGS=(--mutter-plugin="$PLUGIN")
fi
start mutter mutter --headless --wayland --no-x11 --wayland-display=$DISPLAY_NAME --virtual-monitor "${W}x${H}" "${PLUGIN_ARGS[@]}"
MUTTER_PID=${pids[-1]}
wait_file "$R/$DISPLAY_NAME" 30 "$MUTTER_PID" mutter; die_on_fail

# 4. the driver (RemoteDesktop + ScreenCast, warm-up, FIFO)
start driver /usr/bin/python3 -u "$HERE/mutter-driver.py" "$R" "$DISPLAY_NAME"
DRIVER_PID=${pids[-1]}
wait_file "$R/.driver-ready" 60 "$DRIVER_PID" driver; die_on_fail
alive "$MUTTER_PID" || { fail "mutter exited during start-up (see $R/mutter.log)"; die_on_fail; }

echo "$$" > "$R/ready.tmp" && mv "$R/ready.tmp" "$R/ready"
log "ready after $(elapsed) s"

# stay in the foreground until mutter or the driver dies (or a signal arrives: the trap runs then)
while alive "$MUTTER_PID" && alive "$DRIVER_PID"; do
    sleep 0.2 &
    SLEEP_PID=$!
    wait $SLEEP_PID 2>/dev/null
done
if ! alive "$MUTTER_PID"; then fail "mutter exited unexpectedly (see $R/mutter.log)"; else fail "driver exited unexpectedly (see $R/driver.log)"; fi
teardown
exit 1

#!/bin/bash
# Self-test of the mutter harness contract (README.md).  Usage: selftest.sh [RUNS] [WIDTH HEIGHT]
# Each run: start mutter-session.sh in a fresh runtime dir, wait for `ready`, screenshot the empty
# desktop, start wev, wait until a screenshot shows its window, inject pointer/button/axis/key/touch
# through the FIFO and check wev's output (surface-local coordinates), screenshot again, close wev
# and check the next screenshot no longer shows it (no stale frames), SIGTERM the session and check
# that no process of it is left.  Prints one line per run with timings; exits non-zero on failure.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
RUNS=${1:-1}
W=${2:-1280}
H=${3:-720}
PASS=0
FAILS=0

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

alive() {
    local st
    st=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
    [ -n "$st" ] && [ "$st" != Z ]
}

run_once() {
    local n=$1 R SP t0 t_ready WEV rc=0
    R=$(mktemp -d /tmp/mutter-selftest.XXXXXX); chmod 700 "$R"
    ERR=""
    err() { [ -z "$ERR" ] && ERR="$*"; echo "  run $n: FAIL: $*" >&2; return 1; }

    # commands go through the FIFO; wait for the ack of this exact line
    cmd() {
        local line=$1 before deadline
        before=$(wc -l < "$R/acks")
        printf '%s\n' "$line" > "$R/input.fifo"
        deadline=$(( $(now_ms) + 20000 ))
        while [ "$(wc -l < "$R/acks")" -le "$before" ]; do
            [ "$(now_ms)" -lt "$deadline" ] || { err "no ack for '$line'"; return 1; }
            sleep 0.005
        done
        local a; a=$(sed -n "$((before + 1))p" "$R/acks")
        [ "$a" = "ok $line" ] || { err "ack for '$line' was '$a'"; return 1; }
    }
    wev_has() {  # wev_has REGEX TIMEOUT_MS
        local deadline=$(( $(now_ms) + $2 ))
        until grep -aEq "$1" "$R/wev.txt"; do
            [ "$(now_ms)" -lt "$deadline" ] || { err "wev never printed /$1/"; return 1; }
            sleep 0.01
        done
    }
    pixel() { convert "$1" -format "%[hex:p{$2,$3}]" info:; }
    window_box() {  # prints "W H X Y" of what differs from empty.png (fuzz hides gradient dithering)
        convert "$R/empty.png" "$1" -compose difference -composite -fuzz 3% -trim -format '%w %h %X %Y' info: 2>/dev/null | tr -d '+' | awk '$3 >= 0 {print}'
    }   # (an empty difference trims to "1 1 -1 -1": printed as nothing)

    t0=$(now_ms)
    "$HERE/mutter-session.sh" "$R" "$W" "$H" > "$R/session.log" 2>&1 < /dev/null &
    SP=$!
    while [ ! -e "$R/ready" ]; do
        if [ -e "$R/failed" ] || ! alive $SP; then err "session failed: $(cat "$R/failed" 2>/dev/null)"; break; fi
        [ $(( $(now_ms) - t0 )) -lt 60000 ] || { err "no ready after 60 s"; break; }
        sleep 0.01
    done
    t_ready=$(( $(now_ms) - t0 ))

    local shots=() t box ww wh wx wy cx cy lx ly
    if [ -z "$ERR" ]; then
        t=$(now_ms); cmd "screenshot $R/empty.png"; shots+=($(( $(now_ms) - t )))
        # the client under test
        XDG_RUNTIME_DIR=$R WAYLAND_DISPLAY=wl-test stdbuf -oL -eL wev > "$R/wev.txt" 2>&1 < /dev/null &
        WEV=$!
        wev_has 'xdg_toplevel\] configure: width: [1-9]' 5000
        # poll screenshots until the window is visible
        box=""
        for i in $(seq 50); do
            t=$(now_ms); cmd "screenshot $R/mapped.png" || break; shots+=($(( $(now_ms) - t )))
            # mutter's default plugin animates a new window in (opacity 0->255, scale 0.5->1, 250 ms):
            # wait for the full-size, fully opaque window
            box=$(window_box "$R/mapped.png")
            if [ -n "$box" ]; then
                read -r ww wh wx wy <<< "$box"
                if [ "$ww" -ge 640 ] && [ "$wh" -ge 480 ]; then
                    case $(pixel "$R/mapped.png" $((wx + ww / 2)) $((wy + wh / 2))) in 666666FF|EEEEEEFF) MAP_TRIES=$i; break ;; esac
                fi
            fi
            box=""
        done
        [ -n "$box" ] || err "wev window never appeared in a screenshot"
    fi
    if [ -z "$ERR" ]; then
        read -r ww wh wx wy <<< "$box"
        cx=$((wx + ww / 2)); cy=$((wy + wh / 2))
        case $(pixel "$R/mapped.png" $cx $cy) in
            666666FF|EEEEEEFF) ;;
            *) err "pixel $cx,$cy of mapped.png is $(pixel "$R/mapped.png" $cx $cy), not wev's checkerboard" ;;
        esac
        WINDOW="${ww}x${wh}+${wx}+${wy}"
    fi
    if [ -z "$ERR" ]; then
        lx=$((cx - wx)); ly=$((cy - wy))
        cmd "motion $cx $cy" && cmd "motion $((cx + 10)) $((cy + 5))" &&
        cmd "button 272 1" && cmd "button 272 0" &&
        cmd "axis 0 1" && cmd "wheel 0 -1" &&
        cmd "key 30 1" && cmd "key 30 0" &&
        cmd "touch down 0 $((cx - 40)) $((cy - 20))" && cmd "touch motion 0 $((cx - 30)) $((cy - 10))" && cmd "touch up 0" &&
        cmd "touch down 3 $((cx + 40)) $((cy + 20))" && cmd "touch down 4 $((cx + 80)) $((cy + 40))" &&
        cmd "touch motion 4 $((cx + 90)) $((cy + 50))" && cmd "touch up 3" && cmd "touch up 4" &&
        cmd "motion $((cx + 1)) $((cy + 1))"
    fi
    if [ -z "$ERR" ]; then
        wev_has "wl_pointer\] enter: .*x, y: $lx\.0+, $ly\.0+" 3000 &&
        wev_has "wl_pointer\] motion: .*x, y: $((lx + 10))\.0+, $((ly + 5))\.0+" 3000 &&
        wev_has 'button: 272 \(left\), state: 1 \(pressed\)' 3000 &&
        wev_has 'button: 272 \(left\), state: 0 \(released\)' 3000 &&
        wev_has 'wl_pointer\] axis: .*axis: 0 \(vertical\), value: 1\.' 3000 &&
        wev_has 'wl_pointer\] axis: .*axis: 0 \(vertical\), value: -10\.0' 3000 &&
        wev_has 'key: 38; state: 1 \(pressed\)' 3000 &&
        wev_has 'key: 38; state: 0 \(released\)' 3000 &&
        wev_has "wl_touch\] down: .*id: 288; x, y: $((lx - 40))\.0+, $((ly - 20))\.0+" 3000 &&
        wev_has "wl_touch\] motion: .*id: 288; x, y: $((lx - 30))\.0+, $((ly - 10))\.0+" 3000 &&
        wev_has 'wl_touch\] up: .*id: 288' 3000 &&
        wev_has "wl_touch\] down: .*id: 291; x, y: $((lx + 40))\.0+, $((ly + 20))\.0+" 3000 &&
        wev_has "wl_touch\] down: .*id: 292; x, y: $((lx + 80))\.0+, $((ly + 40))\.0+" 3000 &&
        wev_has "wl_touch\] motion: .*id: 292; x, y: $((lx + 90))\.0+, $((ly + 50))\.0+" 3000 &&
        wev_has 'wl_touch\] up: .*id: 291' 3000 &&
        wev_has 'wl_touch\] up: .*id: 292' 3000 &&
        wev_has "wl_pointer\] (enter|motion): .*x, y: $((lx + 1))\.0+, $((ly + 1))\.0+" 3000
    fi
    if [ -z "$ERR" ]; then
        t=$(now_ms); cmd "screenshot $R/after-input.png"; shots+=($(( $(now_ms) - t )))
        [ -n "$(window_box "$R/after-input.png")" ] || err "window missing from after-input.png"
    fi
    if [ -n "${WEV:-}" ]; then kill "$WEV" 2>/dev/null; wait "$WEV" 2>/dev/null; fi
    if [ -z "$ERR" ]; then
        # the window is gone now: a fresh screenshot must not show it (guards against stale frames)
        local gone=""
        for i in $(seq 20); do
            t=$(now_ms); cmd "screenshot $R/closed.png" || break; shots+=($(( $(now_ms) - t )))
            if [ -z "$(window_box "$R/closed.png")" ]; then gone=1; break; fi
        done
        [ -n "$gone" ] || err "closed wev still visible in screenshots (stale frame?)"
        CLOSED_TRIES=$i
    fi

    # teardown
    local t_stop leftover
    t=$(now_ms)
    kill -TERM $SP 2>/dev/null
    while alive $SP; do
        [ $(( $(now_ms) - t )) -lt 10000 ] || { err "session still running 10 s after SIGTERM"; kill -KILL -- -$SP; break; }
        sleep 0.005
    done
    t_stop=$(( $(now_ms) - t ))
    wait $SP 2>/dev/null; rc=$?
    [ $rc -eq 0 ] || [ -n "$ERR" ] || err "session exit status $rc after SIGTERM"
    # nothing of the session may remain: not in its process group, not using its runtime dir
    leftover=$(ps -e -o pid=,pgid=,stat=,comm= | awk -v g=$SP '$2 == g && $3 !~ /^Z/')
    for p in $(ls /proc | grep -E '^[0-9]+$'); do
        [ "$p" = $$ ] && continue
        if { tr '\0' '\n' < /proc/$p/environ; } 2>/dev/null | grep -qx "XDG_RUNTIME_DIR=$R" && alive "$p"; then
            leftover+=" $(ps -o pid=,comm= -p "$p")"
        fi
    done
    [ -z "$leftover" ] || err "processes left after teardown: $leftover"

    local s=""; for x in "${shots[@]}"; do s+="$x "; done
    if [ -z "$ERR" ]; then
        PASS=$((PASS + 1))
        echo "run $n: PASS ready=${t_ready}ms window=$WINDOW map_shots=$MAP_TRIES screenshots_ms=[${s% }] closed_after=${CLOSED_TRIES} teardown=${t_stop}ms"
        rm -rf "$R"
    else
        FAILS=$((FAILS + 1))
        echo "run $n: FAIL ($ERR) ready=${t_ready}ms teardown=${t_stop}ms; kept $R"
    fi
}

for n in $(seq "$RUNS"); do run_once "$n"; done
echo "selftest: $PASS/$RUNS passed"
[ $FAILS -eq 0 ]

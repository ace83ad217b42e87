#!/usr/bin/env bash
# `make bench-e2e`: the end-to-end figures of the frame pipeline, beside the GTK4 peer in the same run.
#   Each demo (the scope 002, drag-reveal 000 and card stack) fullscreen under headless sway at 1920x1080 and
#   3840x2160, dragged by a scripted pointer: client CPU per commit, commits/s, idle CPU, peak RSS; with the
#   scope, the GTK4 peer alternates with it (A B A B …) and the ratio per round is printed; then WaylandUI's
#   input ▸ commit and commit ▸ presented latencies, p50/p99 (ms), per round. Then launch to first
#   committed frame under headless weston, for the Showcase and the peer.
# It drives the team's end-to-end harness (E2E_DIR, default ../shared/bench/e2e beside the checkout: an
# LD_PRELOAD commit counter, a virtual pointer, sway) and the GTK4 peer (GTK_PEER_DIR, ../shared/bench/gtk4-peer).
# Knobs: ROUNDS (3), MODES ("1920x1080 3840x2160"), DEMOS ("002 000 cards"), LAUNCHES (10).
set -euo pipefail
cd "$(dirname "$0")/.."
E2E_DIR=${E2E_DIR:-../shared/bench/e2e}
GTK_PEER_DIR=${GTK_PEER_DIR:-../shared/bench/gtk4-peer}
[ -x "$E2E_DIR/run.sh" ] || { echo "bench-e2e: no end-to-end harness at $E2E_DIR (set E2E_DIR)"; exit 1; }
E2E_DIR=$(cd "$E2E_DIR" && pwd)
export ROUNDS=${ROUNDS:-3}
# run.sh's work directory: each round's client log holds WaylandUI's probe lines (fd 2), among them the
# input ▸ commit and commit ▸ presented latencies it measures (the peer ignores the variable).
export RUN=${RUN:-/tmp/bench-e2e-run} WAYLAND_UI_PROBE=2
modes=${MODES:-1920x1080 3840x2160}
demos=${DEMOS:-002 000 cards}

swift build -c release --product Showcase >/dev/null
showcase=$(swift build -c release --show-bin-path)/Showcase
peer=()
if [ -d "$GTK_PEER_DIR" ] && make -s -C "$GTK_PEER_DIR" scope >/dev/null 2>&1; then
    peer=(env GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 "$(cd "$GTK_PEER_DIR" && pwd)/scope")
else
    echo "bench-e2e: no GTK4 peer (needs $GTK_PEER_DIR and libgtk-4-dev); WaylandUI figures only"
fi

# WaylandUI's latencies per round, ms: the line its release frame reported (the whole run's samples).
latency() {
    local log
    for log in "$RUN"/A*.log; do
        grep -h '^hud latency' "$log" | tail -n 1 |
            sed "s|^hud latency|WaylandUI latency, round $(basename "$log" .log | tr -dc 0-9):|"
    done
}

for mode in $modes; do
    for demo in $demos; do
        echo "== demo $demo at $mode$([ "$demo" = 002 ] && [ ${#peer[@]} -gt 0 ] && echo ', A = WaylandUI, B = GTK4 peer')"
        if [ "$demo" = 002 ] && [ ${#peer[@]} -gt 0 ]; then
            MODE=$mode PEER="${peer[*]}" "$E2E_DIR/run.sh" "$showcase" --demo "$demo" | sed -n '/summary/,$p'
        else
            MODE=$mode "$E2E_DIR/run.sh" "$showcase" --demo "$demo" | sed -n '/summary/,$p'
        fi
        latency
    done
done

launches=${LAUNCHES:-10}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "== launch to first committed frame, headless weston 1280x800, median of $launches (ms)"
launchProbe=$(mktemp /tmp/bench-e2e-launch.XXXX)
echo "WaylandUI Showcase --demo 002: $(WAYLAND_UI_PROBE=$launchProbe "$E2E_DIR/firstframe.sh" "$launches" "$showcase" \
    --demo 002 | median)"
# Its phases, each the median over the launches (the client reports them with its first commit).
echo "  phases (ms): $(awk '/^launch / {
        for (i = 2; i <= NF; i++) { split($i, kv, "="); if (!(kv[1] in seen)) { seen[kv[1]] = 1; order[++n] = kv[1] }
            v[kv[1], ++c[kv[1]]] = kv[2] }
    } END {
        for (k = 1; k <= n; k++) { name = order[k]; m = c[name]
            for (i = 1; i <= m; i++) a[i] = v[name, i]
            for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            printf "%s=%s ", name, a[int((m + 1) / 2)] }
    }' "$launchProbe")"
rm -f "$launchProbe"
if [ ${#peer[@]} -gt 0 ]; then
    echo "GTK4 peer:                     $("$E2E_DIR/firstframe.sh" "$launches" "${peer[@]}" | median)"
fi

#!/usr/bin/env bash
# `make bench-e2e`: the end-to-end figures of the frame pipeline, each beside the GTK4 peer in the same run.
#   Each demo (the scope 002, drag-reveal 000 and card stack) fullscreen under headless sway at 1920x1080 and
#   3840x2160, dragged by a scripted pointer, alternating with the GTK4 peer of the same demo (A B A B …):
#   client CPU per commit, commits/s while dragging, idle CPU, peak RSS; WaylandUI's input ▸ commit and
#   commit ▸ presented latencies (its probe's `hud latency` line); then launch to the first committed frame under
#   headless weston, for each demo and its peer. A table at the end puts each figure beside the peer's and the goal.
# Everything it needs is in Benchmarks/EndToEnd (the LD_PRELOAD commit counter, the virtual pointer, the harness,
# the GTK4 peer), built into .build/bench-e2e; `scripts/install-deps.sh --bench` installs GTK 4 and jq.
# WaylandUI's figures include its probe (a line per input event and per frame: about 9% of the scope's CPU).
# Knobs: ROUNDS (3), MODES ("1920x1080 3840x2160"), DEMOS ("002 000 cards"), LAUNCHES (10), PEER (1; 0: without
# the peer), RUN (/tmp/bench-e2e: one directory per mode and demo, with each launch's log and rounds.tsv),
# SHOWCASE (a Showcase binary to measure instead of the release build), SMAPS=1 (each round's resident memory after
# the drag by kind: shm, libraries, executable, heap), TABLE_ONLY=1 (only the table, from the
# directories an earlier run left in RUN).
set -euo pipefail
cd "$(dirname "$0")/.."
E2E_DIR=$PWD/Benchmarks/EndToEnd
export E2E_BIN=$PWD/.build/bench-e2e
export ROUNDS=${ROUNDS:-3}
# Each round's client log holds WaylandUI's probe lines (fd 2), among them the latencies it measures.
export WAYLAND_UI_PROBE=2
modes=${MODES:-1920x1080 3840x2160}
demos=${DEMOS:-002 000 cards}
runRoot=${RUN:-/tmp/bench-e2e}
withPeer=${PEER:-1}
unset PEER

peer=(env GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 "$E2E_BIN/peer")

if [ -z "${TABLE_ONLY:-}" ]; then
scripts/install-deps.sh --bench
make -s -C "$E2E_DIR" O="$E2E_BIN" >/dev/null
if [ -n "${SHOWCASE:-}" ]; then
    showcase=$(realpath "$SHOWCASE")
else
    swift build -c release --product Showcase >/dev/null
    showcase=$(swift build -c release --show-bin-path)/Showcase
fi
rm -rf "$runRoot"
mkdir -p "$runRoot"
for mode in $modes; do
    for demo in $demos; do
        echo "== demo $demo at $mode: A = WaylandUI$([ "$withPeer" = 1 ] && echo ', B = GTK4 peer')"
        run=$runRoot/$mode-$demo
        if [ "$withPeer" = 1 ]; then
            RUN=$run MODE=$mode PEER="${peer[*]} --demo $demo" "$E2E_DIR/run.sh" "$showcase" --demo "$demo"
        else
            RUN=$run MODE=$mode "$E2E_DIR/run.sh" "$showcase" --demo "$demo"
        fi | sed -n '/summary/,$p'
        # SMAPS=1: what each round's client had resident after the drag, by kind (run.sh writes it).
        if [ -n "${SMAPS:-}" ] && [ -f "$run/memory.txt" ]; then cat "$run/memory.txt"; fi
        # WaylandUI's latencies per round (its last report covers the whole launch).
        for log in "$run"/A*.log; do
            grep -h '^hud latency' "$log" | tail -n 1 | sed "s|^hud latency|$(basename "$log" .log) latency|" || true
        done | tee "$run/latency.txt"
    done
done

launches=${LAUNCHES:-10}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "== launch to first committed frame, headless weston 1280x800, median of $launches (ms)"
for demo in $demos; do
    probe=$(mktemp /tmp/bench-e2e-launch.XXXX)
    ours=$(WAYLAND_UI_PROBE=$probe "$E2E_DIR/firstframe.sh" "$launches" "$showcase" --demo "$demo" | median)
    theirs=-
    [ "$withPeer" = 1 ] && theirs=$("$E2E_DIR/firstframe.sh" "$launches" "${peer[@]}" --demo "$demo" | median)
    echo "$demo $ours $theirs" >>"$runRoot/launch.txt"
    # WaylandUI's phases, each the median over the launches (the client reports them with its first commit), and
    # cpu, its main thread's CPU time up to that commit (steadier than the phases on a loaded machine).
    echo "demo $demo: WaylandUI $ours, GTK4 peer $theirs; WaylandUI's phases (ms): $(awk '/^launch / {
        for (i = 2; i <= NF; i++) { split($i, kv, "="); if (!(kv[1] in seen)) { seen[kv[1]] = 1; order[++n] = kv[1] }
            v[kv[1], ++c[kv[1]]] = kv[2] }
    } END {
        for (k = 1; k <= n; k++) { name = order[k]; m = c[name]
            for (i = 1; i <= m; i++) a[i] = v[name, i]
            for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            printf "%s=%s ", name, a[int((m + 1) / 2)] }
    }' "$probe")"
    rm -f "$probe"
done
fi

# The table: medians over rounds; the ratio is WaylandUI / GTK4 per round, then its median.
echo
echo "== WaylandUI beside the GTK4 peer (median over $ROUNDS rounds; ratio = WaylandUI / GTK4, median of the rounds)"
for mode in $modes; do
    for demo in $demos; do
        run=$runRoot/$mode-$demo
        [ -f "$run/rounds.tsv" ] || continue
        awk -F'\t' -v mode="$mode" -v demo="$demo" -v latency="$run/latency.txt" -v launch="$runRoot/launch.txt" '
        function med(arr, n,   i, j, x) {
            if (!n) return ""
            for (i = 2; i <= n; i++) { x = arr[i]; for (j = i - 1; j > 0 && arr[j] > x; j--) arr[j + 1] = arr[j]; arr[j + 1] = x }
            return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2
        }
        function fmt(x) { return x == "" ? "-" : sprintf(x >= 100 ? "%.0f" : x >= 10 ? "%.1f" : "%.3g", x) }
        function row(name, col, goal,   t, n, i, r, a, b, ra, rn) {
            for (t = 0; t < 2; t++) { n = 0; for (i = 1; i <= NR; i++) if (tag[i] == (t ? "B" : "A")) { v[++n] = val[i, col] }; m[t] = med(v, n); delete v }
            rn = 0
            for (r in roundsA) if (((r SUBSEP col) in B) && B[r, col] > 0) ra[++rn] = A[r, col] / B[r, col]
            printf "%-7s %-10s %-28s %12s %10s %8s   %s\n", demo, mode, name, fmt(m[0]), fmt(m[1]), rn ? sprintf("%.2f", med(ra, rn)) : "-", goal
        }
        { tag[NR] = $1; for (k = 3; k <= NF; k++) val[NR, k] = $k
          if ($1 == "A") { roundsA[$2] = 1; for (k = 3; k <= NF; k++) A[$2, k] = $k } else for (k = 3; k <= NF; k++) B[$2, k] = $k }
        END {
            big = mode == "3840x2160"
            row("CPU per commit, drag (ms)", 6, "<= 0.5")
            row("commits/s while dragging", 7, "60")
            row("idle CPU, 2 s (ms)", 8, "0")
            row("peak RSS (MiB)", 10, big ? "<= 0.8x GTK4" : "<= 40")
            n = 0; while ((getline line < latency) > 0) {
                nf = split(line, f, " "); for (i = 1; i <= nf; i++) { split(f[i], kv, "="); if (kv[1] == "p50" && !p50[n + 1]) p50[n + 1] = kv[2]; else if (kv[1] == "p99" && !p99[n + 1]) p99[n + 1] = kv[2] }
                n++ }
            printf "%-7s %-10s %-28s %12s %10s %8s   %s\n", demo, mode, "input > commit p50/p99 (ms)", n ? fmt(med(p50, n)) "/" fmt(med(p99, n)) : "-", "-", "-", "p99 <= 2"
            while ((getline line < launch) > 0) { split(line, f, " "); if (f[1] == demo && !big)
                printf "%-7s %-10s %-28s %12s %10s %8s   %s\n", demo, "weston", "launch to first frame (ms)", f[2], f[3], (f[3] > 0 ? sprintf("%.2f", f[2] / f[3]) : "-"), "<= 80" }
        }' "$run/rounds.tsv"
    done
done

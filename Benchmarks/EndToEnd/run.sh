#!/bin/bash
# run.sh CLIENT [ARGS...]: end-to-end drag benchmark of one Wayland client under headless
# sway 1.7 (pixman renderer, one 1920x1080 output). scripts/bench-e2e.sh drives it.
#
# Each round starts the client afresh, as root with LD_PRELOAD=commitcount.so, and waits
# until sway has mapped its window. It then makes the window fullscreen, waits until it
# settles, and does a WARMUP-step drag. Then comes the measured drag: press at the window
# centre, STEPS relative motions of (DX,DY) px one every US microseconds, release, wait
# DRAIN s. The direction flips every LEG steps, so the path stays on screen. Then IDLE s
# with no input, then SIGTERM. The client gets the caller's environment (e.g.
# GSK_RENDERER=cairo) minus DISPLAY. CLIENT must be the Wayland client itself, or exec it.
# Client CPU is the sum of /proc/PID/task/*/schedstat (ns). utime+stime from /proc/PID/stat
# comes in 10 ms ticks, so it serves only as a cross-check; a warning is printed if the two
# disagree. The drag phase runs from press to release+DRAIN.
#
# Env knobs: ROUNDS=5 STEPS=400 DX=3 DY=2 US=8000 LEG=200 WARMUP=50 IDLE=2 DRAIN=0.3
#            PEER='cmd args'  a second client, run in alternation A B A B ...;
#                             per-round ratios A/B of CPU ms per commit are printed
#            RUN=/tmp/bench-e2e-run  work dir (wiped): logs, commit reports, rounds.tsv
#            MODE=1920x1080          the headless output's size
#            SWAY_UID=4242           sway 1.7 refuses to run as root
#            PERF_OUT=FILE           `perf record -g` of client A during round 1's drag phase into FILE
#                                    (that round's CPU figures then include perf's overhead)
#            SMAPS=1                 each round's client mappings just after the drag into RUN/TAGn.smaps,
#                                    and what is resident by kind (shm, libraries, heap) into RUN/memory.txt
#            SWAY_ARGS=-Dnoatomic    layout changes (map, fullscreen) apply without waiting for
#                                    the client; stock sway 1.7 makes weston-simple-shm abort
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
RUN=${RUN:-/tmp/bench-e2e-run}; ROUNDS=${ROUNDS:-5}; STEPS=${STEPS:-400}; DX=${DX:-3}; DY=${DY:-2}
US=${US:-8000}; LEG=${LEG:-200}; WARMUP=${WARMUP:-50}; IDLE=${IDLE:-2}; DRAIN=${DRAIN:-0.3}
SWAY_UID=${SWAY_UID:-4242}; SWAY_ARGS=${SWAY_ARGS--Dnoatomic}; TCK=$(getconf CLK_TCK)
CMD_A=("$@"); CMD_B=(); [ -n "${PEER:-}" ] && read -ra CMD_B <<< "$PEER"
BIN=${E2E_BIN:-$HERE/../../.build/bench-e2e}
make -s -C "$HERE" O="$BIN" "$BIN/commitcount.so" "$BIN/vptr" >&2 || exit 1
BIN=$(cd "$BIN" && pwd)

die() { echo "run.sh: $*" >&2; exit 1; }
PIDS=(); CLIENT=""
cleanup() {
    exec 3>&- 4<&-
    [ -n "$CLIENT" ] && kill -KILL "$CLIENT" 2>/dev/null
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
    sleep 0.2
    for p in "${PIDS[@]}"; do kill -KILL "$p" 2>/dev/null; done
    wait 2>/dev/null
}
trap cleanup EXIT

# ---- headless sway as $SWAY_UID, own XDG_RUNTIME_DIR; readiness via an exec sentinel
rm -rf "$RUN"; mkdir -p "$RUN/xdg" "$RUN/home" || die "cannot create $RUN"
chmod 700 "$RUN/xdg"; chown "$SWAY_UID:$SWAY_UID" "$RUN/xdg" "$RUN/home"
cat > "$RUN/sway.conf" <<'EOF'
xwayland disable
output HEADLESS-1 mode 1920x1080 position 0 0
default_border none
default_floating_border none
focus_follows_mouse no
mouse_warping none
exec sh -c 'echo "$WAYLAND_DISPLAY $SWAYSOCK" > "$XDG_RUNTIME_DIR/r.tmp" && mv "$XDG_RUNTIME_DIR/r.tmp" "$XDG_RUNTIME_DIR/ready"'
EOF
[ -n "${MODE:-}" ] && sed -i "s/mode 1920x1080/mode $MODE/" "$RUN/sway.conf"
# setpriv and env both exec, so $! is sway itself
setpriv --reuid="$SWAY_UID" --regid="$SWAY_UID" --clear-groups env -i PATH=/usr/bin:/bin \
    HOME="$RUN/home" XDG_RUNTIME_DIR="$RUN/xdg" WLR_BACKENDS=headless WLR_HEADLESS_OUTPUTS=1 \
    WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 sway $SWAY_ARGS -c "$RUN/sway.conf" >"$RUN/sway.log" 2>&1 </dev/null &
SWAY=$!; PIDS+=("$SWAY")
for i in $(seq 250); do [ -s "$RUN/xdg/ready" ] && break; sleep 0.02; done
read -r WAYLAND_DISPLAY SWAYSOCK < "$RUN/xdg/ready" || die "sway did not start (see $RUN/sway.log)"
export XDG_RUNTIME_DIR="$RUN/xdg" WAYLAND_DISPLAY SWAYSOCK
unset DISPLAY

# ---- virtual pointer (gives the seat a pointer); one ack line per command on fd 4
mkfifo "$RUN/vin" "$RUN/vout"
env -u LD_PRELOAD -u WAYLAND_DEBUG "$BIN/vptr" <"$RUN/vin" >"$RUN/vout" 2>"$RUN/vptr.err" &
PIDS+=("$!")
exec 3>"$RUN/vin" 4<"$RUN/vout"
read -r -t 10 ack <&4 || die "vptr did not start (see $RUN/vptr.err)"
pointer() { echo "$*" >&3; read -r -t 60 ack <&4 || die "vptr: no answer to '$*'"; }

# ---- helpers
alive() { local s; { read -r s < "/proc/$1/stat"; } 2>/dev/null || return 1; s=${s##*) }; [ "${s:0:1}" != Z ]; }
ticks() {  # T = utime+stime of pid $1 (all threads, also exited ones), in clock ticks
    local s; { read -r s < "/proc/$1/stat"; } 2>/dev/null || { T=0; return 1; }
    s=${s##*) }; set -- $s; T=$(( ${12} + ${13} ))
}
cpu_ns() {  # NS = on-CPU time of the live threads of pid $1 (schedstat), in ns
    local f a n=0
    for f in /proc/$1/task/*/schedstat; do read -r a _ < "$f" && n=$((n + a)); done 2>/dev/null
    NS=$n
}
live() { mapfile -t LIVE < <(od -An -tu8 -w8 -v -N $(( 17 * 8 )) "$OUT.live" 2>/dev/null); LIVE[0]=$(( ${LIVE[0]:-0} )); }
snap() {  # "time client_ns client_ticks sway_ns commits first_ns last_ns hist[14]"
    cpu_ns "$CLIENT"; ticks "$CLIENT"; local c=$NS t=$T; cpu_ns "$SWAY"; live
    echo "$EPOCHREALTIME $c $t $NS ${LIVE[*]}"
}
view() {  # "centre_x centre_y fullscreen_mode" of the window of client pid $1; empty until mapped
    swaymsg -t get_tree | jq -r --argjson p "$1" 'first(.. | objects | select(.pid? == $p))
        | "\(.rect.x + (.rect.width / 2 | floor)) \(.rect.y + (.rect.height / 2 | floor)) \(.fullscreen_mode)"'
}
settle() {  # until no commit for 0.5 s; at most 3 s (an animating client never settles)
    local last=-1 same=0 i
    for i in $(seq 30); do
        live
        if [ "${LIVE[0]}" = "$last" ]; then same=$((same + 1)); [ $same -ge 5 ] && return
        else same=0; last=${LIVE[0]}; fi
        sleep 0.1
    done
}
stop() {  # $1 = log name. SIGTERM; SIGKILL after 5 s; reap
    kill -TERM "$CLIENT"
    for i in $(seq 100); do alive "$CLIENT" || break; sleep 0.05; done
    alive "$CLIENT" && { echo "run.sh: pid $CLIENT ignored SIGTERM, killing it" >&2; kill -KILL "$CLIENT"; }
    wait "$CLIENT" 2>/dev/null; echo "[run.sh] client exit status $?" >> "$RUN/$1.log"; CLIENT=""
}

measure() {  # $1 = A|B, $2 = round, then the command. Appends one line to rounds.tsv:
    # the 11 table columns, 14 histogram bins of the drag phase, drag CPU from /proc/PID/stat
    local tag=$1 r=$2 v="" cx cy fs s0 s1 s2 hwm i; shift 2
    OUT="$RUN/$tag$r.commits"; rm -f "$OUT" "$OUT.live"
    LD_PRELOAD="$BIN/commitcount.so${LD_PRELOAD:+:$LD_PRELOAD}" COMMITCOUNT_OUT="$OUT" \
        "$@" >"$RUN/$tag$r.log" 2>&1 </dev/null &
    CLIENT=$!
    for i in $(seq 400); do
        alive "$CLIENT" || die "$tag: client exited before mapping a window (see $RUN/$tag$r.log)"
        v=$(view "$CLIENT"); [ -n "$v" ] && break; sleep 0.05
    done
    [ -n "$v" ] || die "$tag: no window with pid $CLIENT after 20 s (does CLIENT exec the real client?)"
    live; [ "${LIVE[0]}" -gt 0 ] || die "$tag: window mapped but no commit counted (LD_PRELOAD not effective?)"
    swaymsg "[pid=$CLIENT] fullscreen enable" >/dev/null || swaymsg fullscreen enable >/dev/null
    settle
    read -r cx cy fs <<< "$(view "$CLIENT")"
    [ "$fs" = 1 ] || echo "run.sh: $tag$r: the window did not become fullscreen" >&2
    swaymsg seat seat0 cursor set "$cx" "$cy" >/dev/null
    if [ "$WARMUP" -gt 0 ]; then
        pointer press; pointer move "$WARMUP" "$DX" "$DY" "$US" "$LEG"; pointer release; settle
    fi
    swaymsg seat seat0 cursor set "$cx" "$cy" >/dev/null; sleep 0.2
    s0=$(snap)
    local perf=""
    if [ -n "${PERF_OUT:-}" ] && [ "$tag$r" = A1 ]; then
        perf record -g -q -o "$PERF_OUT" -p "$CLIENT" 2>"$RUN/perf.err" & perf=$!
        sleep 0.5
    fi
    pointer press; pointer move "$STEPS" "$DX" "$DY" "$US" "$LEG"; pointer release
    sleep "$DRAIN"; s1=$(snap)
    # SMAPS=1: the client's mappings just after the drag, for a breakdown of its memory (libraries, shm, heap).
    if [ -n "${SMAPS:-}" ]; then
        cat "/proc/$CLIENT/smaps" > "$RUN/$tag$r.smaps" 2>/dev/null
        # Resident MiB by kind: shared memory (the window's buffers), libraries, the executable, the rest (heap,
        # anonymous mappings, stacks).
        awk -v exe="$(readlink -f "/proc/$CLIENT/exe")" -v tag="$tag$r" '
            /^[0-9a-f]+-[0-9a-f]+ / { name = $6; for (i = 7; i <= NF; i++) name = name " " $i
                kind = name ~ /memfd:|^\/dev\/shm|SYSV/ ? "shm" : name == exe ? "executable" : name ~ /\.so/ ? "libraries" : "heap+other" }
            /^Rss:/ { rss[kind] += $2; total += $2 }
            END { printf "%s resident after the drag (MiB): shm %.1f, libraries %.1f, executable %.1f, heap+other %.1f, total %.1f\n",
                tag, rss["shm"] / 1024, rss["libraries"] / 1024, rss["executable"] / 1024, rss["heap+other"] / 1024, total / 1024 }
        ' "$RUN/$tag$r.smaps" | tee -a "$RUN/memory.txt"
    fi
    [ -n "$perf" ] && { kill -INT "$perf"; wait "$perf"; }
    sleep "$IDLE";  s2=$(snap)
    alive "$CLIENT" || die "$tag: client died during the measurement (see $RUN/$tag$r.log)"
    hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$CLIENT/status")
    stop "$tag$r"; live
    grep -q "^commits=${LIVE[0]} " "$OUT" 2>/dev/null ||
        echo "run.sh: $tag$r: exit report $OUT missing or differs from the live count ${LIVE[0]}" >&2
    awk -v tag="$tag" -v r="$r" -v tck="$TCK" -v hwm="$hwm" -v s0="$s0" -v s1="$s1" -v s2="$s2" 'BEGIN {
        split(s0, a); split(s1, b); split(s2, c)  # 1 time, 2 client ns, 3 client ticks, 4 sway ns, 5 commits, 8.. hist
        wall = b[1] - a[1]; n = b[5] - a[5]; cpu = (b[2] - a[2]) / 1e6; icpu = (c[2] - b[2]) / 1e6
        printf "%s\t%d\t%.2f\t%d\t%.1f\t%.3f\t%.1f\t%.1f\t%d\t%.1f\t%.1f", tag, r, wall, n, cpu,
               n ? cpu / n : 0, n / wall, icpu, c[5] - b[5], hwm / 1024, (b[4] - a[4]) / 1e6
        for (i = 8; i <= 21; i++) printf "\t%d", b[i] - a[i]
        st = (b[3] - a[3]) * 1000 / tck   # cross-check against utime+stime (10 ms ticks, includes exited threads)
        printf "\t%.0f\n", st
        if (st - cpu > 20 + 0.02 * cpu || cpu - st > 20 + 0.02 * cpu)
            printf "run.sh: %s%d: drag CPU from schedstat %.1f ms vs /proc/PID/stat %.0f ms\n", tag, r, cpu, st > "/dev/stderr"
    }' >> "$RUN/rounds.tsv"
    tail -1 "$RUN/rounds.tsv" | awk -F'\t' '{ printf "%-5s %-3s %7s %8s %7s %10s %10s %12s %13s %12s %12s\n",
        $2, $1, $3, $4, $5, $6, $7, $8, $9, $10, $11 }'
}

# ---- rounds
echo "sway $(swaymsg -t get_version | jq -r .human_readable), $(swaymsg -t get_outputs | jq -r '.[0] | "\(.name) \(.current_mode.width)x\(.current_mode.height)"'), pixman"
echo "A: ${CMD_A[*]}"; [ ${#CMD_B[@]} -gt 0 ] && echo "B: ${CMD_B[*]}"
echo "drag: $STEPS x ($DX,$DY) px every $US us, reversing every $LEG steps; warm-up $WARMUP steps; drain ${DRAIN}s; idle ${IDLE}s"
printf "%-5s %-3s %7s %8s %7s %10s %10s %12s %13s %12s %12s\n" round cli drag_s commits cpu_ms ms/commit commits/s \
    idle_cpu_ms idle_commits peak_rss_MiB sway_cpu_ms
for r in $(seq "$ROUNDS"); do
    measure A "$r" "${CMD_A[@]}"
    [ ${#CMD_B[@]} -gt 0 ] && measure B "$r" "${CMD_B[@]}"
done

# ---- summary: median [min-max] per client; ratios A/B; drag-phase commit intervals
awk -F'\t' '
function f(x) { return sprintf(x >= 1000 || x <= -1000 ? "%.0f" : "%.4g", x) }
function med(k, t,   n, i, j, x, s) {   # median [min-max] of column k for tag t
    n = 0; for (i = 1; i <= NR; i++) if (tag[i] == t) s[++n] = val[i, k]
    for (i = 2; i <= n; i++) { x = s[i]; for (j = i - 1; j > 0 && s[j] > x; j--) s[j + 1] = s[j]; s[j + 1] = x }
    return f(n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2) " [" f(s[1]) "-" f(s[n]) "]"
}
{ tag[NR] = $1; rnd[NR] = $2; for (k = 3; k <= NF; k++) val[NR, k] = $k; if ($1 == "B") hasb = 1
  if ($6 > 0) per[$1, $2] = $6 }
END {
    split("drag_s commits cpu_ms ms/commit commits/s idle_cpu_ms idle_commits peak_rss_MiB sway_cpu_ms", name, " ")
    print "\nsummary: median [min-max] over rounds"
    printf "%-14s %-26s %s\n", "", "A", hasb ? "B" : ""
    for (k = 3; k <= 11; k++) printf "%-14s %-26s %s\n", name[k - 2], med(k, "A"), hasb ? med(k, "B") : ""
    if (hasb) {
        n = 0; line = ""
        for (i = 1; i <= NR; i++) if (tag[i] == "A" && per["B", rnd[i]] > 0) {
            x = per["A", rnd[i]] / per["B", rnd[i]]; line = line sprintf(" %.2f", x); rt[++n] = x
        }
        for (i = 2; i <= n; i++) { x = rt[i]; for (j = i - 1; j > 0 && rt[j] > x; j--) rt[j + 1] = rt[j]; rt[j + 1] = x }
        if (n) printf "ratio A/B ms/commit per round:%s  -> median %.2f [%.2f-%.2f]\n", line,
            n % 2 ? rt[(n + 1) / 2] : (rt[n / 2] + rt[n / 2 + 1]) / 2, rt[1], rt[n]
    }
    split("0-1 1-2 2-4 4-8 8-12 12-15 15-18 18-25 25-34 34-50 50-100 100-250 250-1000 1000+", bin, " ")
    for (t = 0; t < 2; t++) {
        T = t ? "B" : "A"; tot = 0; for (b = 1; b <= 14; b++) h[b] = 0
        for (i = 1; i <= NR; i++) if (tag[i] == T) for (b = 1; b <= 14; b++) { h[b] += val[i, 11 + b]; tot += val[i, 11 + b] }
        if (!tot) continue
        line = ""; for (b = 1; b <= 14; b++) if (h[b]) line = line " " bin[b] ":" (h[b] < tot / 100 ? "<1" : sprintf("%.0f", 100 * h[b] / tot)) "%"
        print T " drag-phase gaps between commits, ms:" line
    }
}' "$RUN/rounds.tsv"
echo "files: $RUN (rounds.tsv, per-launch logs and commit reports)"

#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets (-sanitize=fuzzer,address) and runs each for SECONDS (default 60),
# FUZZ_JOBS of them at a time (default 1).
#   scripts/fuzz.sh [SECONDS] [TARGET…]
# Targets: scanner (protocol XML ▸ Swift), images (PNG and JPEG through Raster), text (shaping arbitrary UTF-8),
# recording (the input-recording parser), gestures (the gesture system fed arbitrary event streams), assets (an
# asset catalog's Contents.json as colour set, image set and group).
# The image, text, recording, gesture and asset fuzzers are linked (libFuzzer brings `main`) from the objects of
# the instrumented build `make sanitize` uses (scripts/sanitize-build.sh: Raster or UICore and their harness targets,
# Fuzz/Raster and Fuzz/UICore), so nothing is compiled twice; the scanner, an executable target, is compiled with
# Fuzz/WaylandScanner into one binary here. Findings are written to .build/fuzz/<target>-crash-*;
# new corpus entries to .build/fuzz/corpus/<target> (seeds: Fuzz/Seeds and the test fixtures).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(scanner images text recording gestures assets)
out=.build/fuzz
mkdir -p "$out"

# Relinks $out/$1 from the objects of the modules named after it when any is newer.
link() {
  local binary=$out/$1; shift
  local objects=() module
  for module in "$@"; do objects+=("$bin_path/$module.build/"*.o); done
  if [ -x "$binary" ] && [ -z "$(find "${objects[@]}" -newer "$binary" | head -1)" ]; then return; fi
  echo "fuzz: linking $binary" >&2
  swiftc -sanitize=fuzzer,address "${objects[@]}" -o "$binary"
}

# The scanner: its sources (minus main.swift) and Fuzz/WaylandScanner, unless the binary is newer than all of them.
build_scanner() {
  local binary=$out/scanner-fuzzer sources
  mapfile -t sources < <(find Sources/WaylandScanner Fuzz/WaylandScanner -name '*.swift' ! -name main.swift | sort)
  if [ -x "$binary" ] && [ -z "$(find "${sources[@]}" -newer "$binary" | head -1)" ]; then return; fi
  echo "fuzz: building $binary" >&2
  swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name WaylandUI -O -g -module-name WaylandScanner \
    "${sources[@]}" -o "$binary"
}

binary_for() {
  case $1 in
    scanner) echo scanner-fuzzer ;;
    images|text) echo raster-fuzzer ;;
    recording|gestures|assets) echo uicore-fuzzer ;;
    *) echo "fuzz: unknown target $1 (scanner, images, text, recording, gestures, assets)" >&2; exit 2 ;;
  esac
}

seeds_for() {
  case $1 in
    scanner) echo protocols ;;
    images) echo Tests/RasterTests/References/fixture-alpha.png Tests/RasterTests/References/fixture-gradient.jpg Fuzz/Seeds/images ;;
    recording) echo Sources/Showcase/Resources/Attract.jsonl ;;
    *) echo "Fuzz/Seeds/$1" ;;
  esac
}

bin_path=$(scripts/sanitize-build.sh bin-path)
for binary in $(for target in "${targets[@]}"; do binary_for "$target"; done | sort -u); do
  case $binary in
    scanner-fuzzer) build_scanner ;;
    raster-fuzzer)
      scripts/sanitize-build.sh build --target RasterFuzz
      link raster-fuzzer RasterFuzz Raster ;;
    uicore-fuzzer)
      scripts/sanitize-build.sh build --target UICoreFuzz
      link uicore-fuzzer UICoreFuzz UICore Combine CoreGraphics _Testing_CoreGraphics ;;
  esac
done

# Runs one target for $seconds; its output goes to $out/<target>.log, a summary to stderr.
run_target() {
  local target=$1 corpus=$out/corpus/$1 seeds=$out/seeds/$1
  mkdir -p "$corpus" "$seeds"
  for seed in $(seeds_for "$target"); do
    if [ -d "$seed" ]; then find "$seed" -maxdepth 1 -type f -exec cp {} "$seeds/" \; ; else cp "$seed" "$seeds/"; fi
  done
  echo "fuzz: $target for $seconds s" >&2
  # Leaks are LeakSanitizer's business in `make sanitize`; here caches (fonts, glyphs) outlive the inputs.
  if ! ASAN_OPTIONS=detect_leaks=0 FUZZ_TARGET=$target "$out/$(binary_for "$target")" -max_total_time="$seconds" -timeout=20 \
       -rss_limit_mb=3072 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$out/$target-" "$corpus" "$seeds" \
       >"$out/$target.log" 2>&1; then
    echo "fuzz: $target FOUND A PROBLEM; see $out/$target.log and $out/$target-crash-*" >&2
    tail -40 "$out/$target.log" >&2
    return 1
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$out/$target.log" | sed "s/^/fuzz: $target /" >&2 || true
}

# FUZZ_JOBS targets at a time (default 1): each fuzzer is one process on one core. Each is waited for by its
# PID, oldest first (all run equally long): `wait -n` also reaps this shell's process substitutions (`< <(find …)`),
# which miscounted the jobs and failed a run whose fuzzers had all passed.
jobs=${FUZZ_JOBS:-1}
status=0
pids=()
for target in "${targets[@]}"; do
  if [ "${#pids[@]}" -ge "$jobs" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
  run_target "$target" &
  pids+=("$!")
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status

#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets (-sanitize=fuzzer,address) and runs each for SECONDS (default 60),
# FUZZ_JOBS of them at a time (default 1).
#   scripts/fuzz.sh [SECONDS] [TARGET…]
# Targets: scanner (protocol XML ▸ Swift), images (PNG and JPEG through Raster), text (shaping arbitrary UTF-8),
# recording (the input-recording parser), gestures (the gesture system fed arbitrary event streams), assets (an
# asset catalog's Contents.json as colour set, image set and group).
# Each module's sources are compiled with Fuzz/<Module>/ into one binary (libFuzzer brings `main`), outside
# SwiftPM, which cannot link a target without `main`. Findings are written to .build/fuzz/<target>-crash-*;
# new corpus entries to .build/fuzz/corpus/<target> (seeds: Fuzz/Seeds and the test fixtures).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(scanner images text recording gestures assets)
out=.build/fuzz
mkdir -p "$out"

swift_flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name WaylandUI -O -g)
c_flags=()
for flag in $(pkg-config --cflags pixman-1 freetype2 harfbuzz fontconfig libpng libjpeg); do c_flags+=(-Xcc "$flag"); done

# Builds $out/$1 from module $2's sources (minus main.swift) and Fuzz/$2, unless it is newer than all of them.
# Further arguments go to swiftc.
build() {
  local binary=$out/$1 module=$2; shift 2
  local sources
  mapfile -t sources < <(find "Sources/$module" "Fuzz/$module" -name '*.swift' ! -path "Sources/$module/main.swift" | sort)
  # The libraries of the modules it imports count as inputs too (for freshness, not for swiftc).
  local inputs=("${sources[@]}")
  [ "$module" = UICore ] && inputs+=("$out/modules")
  if [ -x "$binary" ] && [ -z "$(find "${inputs[@]}" -newer "$binary" | head -1)" ]; then return; fi
  echo "fuzz: building $binary" >&2
  swiftc "${swift_flags[@]}" -module-name "$module" "$@" "${sources[@]}" -o "$binary"
}

# Builds the module $1 (a library target the fuzzed module imports) into $out/modules: its .swiftmodule and a
# static library, instrumented like the fuzzer, unless they are newer than its sources.
build_module() {
  local module=$1 library=$out/modules/lib$1.a
  local sources
  mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
  if [ -f "$library" ] && [ -z "$(find "${sources[@]}" -newer "$library" | head -1)" ]; then return; fi
  echo "fuzz: building $library" >&2
  mkdir -p "$out/modules"
  swiftc "${swift_flags[@]}" -I "$out/modules" -emit-library -static -emit-module -module-name "$module" \
    -emit-module-path "$out/modules/$module.swiftmodule" "${sources[@]}" -o "$library"
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
    images) echo Tests/RasterTests/References/fixture-alpha.png Tests/RasterTests/References/fixture-gradient.jpg ;;
    recording) echo Sources/Showcase/Resources/Attract.jsonl ;;
    *) echo "Fuzz/Seeds/$1" ;;
  esac
}

for target in "${targets[@]}"; do
  case $(binary_for "$target") in
    scanner-fuzzer) build scanner-fuzzer WaylandScanner ;;
    raster-fuzzer)
      build raster-fuzzer Raster -I Sources/CPixman -I Sources/CFreeType -I Sources/CHarfBuzz -I Sources/CFontconfig \
        -I Sources/CPNG -I Sources/CJPEG "${c_flags[@]}" ;;
    uicore-fuzzer)
      # UICore imports Combine and CoreGraphics (SwiftPM targets of their own).
      build_module Combine
      build_module CoreGraphics
      build uicore-fuzzer UICore -I "$out/modules" -L "$out/modules" -lCombine -lCoreGraphics ;;
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

# FUZZ_JOBS targets at a time (default 1): each fuzzer is one process on one core.
jobs=${FUZZ_JOBS:-1}
status=0
running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
  run_target "$target" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit $status

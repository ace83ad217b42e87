#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets and runs each for SECONDS (default 60), FUZZ_JOBS of them at a time
# (default 1).
#   scripts/fuzz.sh BUILD_DIR SECONDS [TARGET…]
# Targets: scanner (protocol XML ▸ Swift), images (PNG and JPEG through Raster), text (shaping arbitrary UTF-8),
# recording (the input-recording parser), gestures (the gesture system fed arbitrary event streams), assets (an
# asset catalog's Contents.json as colour set, image set and group).
# The modules under test come from `make sanitize`'s build (BUILD_DIR, the debug products of its scratch path:
# AddressSanitizer plus libFuzzer's coverage instrumentation), so CI compiles them once for both steps. Each fuzzer
# is Fuzz/<Module>/ compiled as a module of its own that imports the module under test (`@testable`), linked with
# that module's objects and libFuzzer (which brings `main`; SwiftPM cannot link a target without one). Findings
# are written to .build/fuzz/<target>-crash-*; new corpus entries to .build/fuzz/corpus/<target> (seeds:
# Fuzz/Seeds and the test fixtures).
set -euo pipefail
cd "$(dirname "$0")/.."
products=$1; shift
seconds=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(scanner images text recording gestures assets)
out=.build/fuzz
mkdir -p "$out"

# The harnesses use the modules' package (engine) API, so they compile in SwiftPM's package: its name is the
# root package's identity (the checkout's directory name), as that build passed it to the compiler.
package=$(grep -o '"-package-name","[^"]*"' "$products/../../debug.yaml" 2>/dev/null | head -1 | cut -d'"' -f4)
[ -n "$package" ] || { echo "fuzz: no build in $products; run make sanitize's build first" >&2; exit 2; }
swift_flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -package-name "$package"
  -I "$products/Modules")
c_flags=()
for flag in $(pkg-config --cflags pixman-1 freetype2 harfbuzz fontconfig libpng libjpeg); do c_flags+=(-Xcc "$flag"); done

# Builds $out/$1 from Fuzz/$2 and the objects of the modules $3 (space-separated, the module under test first),
# unless it is newer than all of them. Further arguments go to swiftc.
build() {
  local binary=$out/$1 module=$2 linked=$3; shift 3
  local sources objects=()
  mapfile -t sources < <(find "Fuzz/$module" -name '*.swift' | sort)
  for name in $linked; do
    [ -d "$products/$name.build" ] || { echo "fuzz: no $products/$name.build; run make sanitize's build first" >&2; exit 2; }
    mapfile -t -O "${#objects[@]}" objects < <(find "$products/$name.build" -name '*.swift.o' | sort)
  done
  if [ -x "$binary" ] && [ -z "$(find "${sources[@]}" "${objects[@]}" -newer "$binary" | head -1)" ]; then return; fi
  echo "fuzz: building $binary" >&2
  swiftc "${swift_flags[@]}" -module-name "${module}Fuzz" "$@" "${sources[@]}" "${objects[@]}" -o "$binary"
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
    scanner-fuzzer) build scanner-fuzzer WaylandScanner WaylandScanner ;;
    raster-fuzzer)
      build raster-fuzzer Raster Raster -I Sources/CPixman -I Sources/CFreeType -I Sources/CHarfBuzz \
        -I Sources/CFontconfig -I Sources/CPNG -I Sources/CJPEG "${c_flags[@]}" \
        $(pkg-config --libs pixman-1 freetype2 harfbuzz fontconfig libpng libjpeg) ;;
    # UICore imports Combine and CoreGraphics (SwiftPM targets of their own).
    uicore-fuzzer) build uicore-fuzzer UICore "UICore Combine CoreGraphics" ;;
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

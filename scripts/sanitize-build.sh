#!/usr/bin/env bash
# The one instrumented build `make sanitize` and `make fuzz` share, in a scratch path of its own (SANITIZE_PATH,
# default .build/asan): AddressSanitizer, plus libFuzzer's coverage instrumentation (what `-sanitize=fuzzer` adds;
# outside a fuzzer the AddressSanitizer runtime's no-op callbacks take it), so the fuzzers are linked from these
# objects rather than compiled again. WAYLANDUI_SANITIZE_BUILD=1 makes Package.swift declare only what runs here.
#   scripts/sanitize-build.sh build [ARGUMENT…]     swift build (e.g. --build-tests, --target UICoreFuzz)
#   scripts/sanitize-build.sh test [ARGUMENT…]      swift test --skip-build (e.g. --filter RasterTests)
#   scripts/sanitize-build.sh bin-path              the directory of the built products
set -euo pipefail
cd "$(dirname "$0")/.."
export WAYLANDUI_SANITIZE_BUILD=1
read -ra swift <<<"${SWIFT:-swift}"  # as make's $(SWIFT): a command, possibly with arguments
scratch=(--scratch-path "${SANITIZE_PATH:-.build/asan}")
flags=(-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
command=${1:?build, test or bin-path}; shift
case $command in
  build) exec "${swift[@]}" build "${scratch[@]}" "${flags[@]}" "$@" ;;
  test) exec "${swift[@]}" test --skip-build "${scratch[@]}" "${flags[@]}" "$@" ;;
  bin-path) exec "${swift[@]}" build "${scratch[@]}" "${flags[@]}" --show-bin-path ;;
  *) echo "sanitize-build: build, test or bin-path, not $command" >&2; exit 2 ;;
esac

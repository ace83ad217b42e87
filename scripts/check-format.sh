#!/usr/bin/env bash
# The house style: swift-format (shipped with the toolchain) with the project's .swift-format, over Sources and
# Tests. `scripts/check-format.sh --fix` (or `make format`) rewrites the files; without it, any finding fails.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--fix" ]; then
    swift-format format --in-place --recursive --parallel Sources Tests
    exit 0
fi
findings=$(mktemp)
trap 'rm -f "$findings"' EXIT
swift-format lint --recursive --parallel Sources Tests 2>"$findings" || true
if [ -s "$findings" ]; then
    sort -u "$findings" | head -n 50
    echo "format: $(sort -u "$findings" | wc -l) findings by swift-format (run 'make format' to fix most of them)"
    exit 1
fi
echo "format: swift-format finds nothing in Sources and Tests"

#!/usr/bin/env bash
# The house style: swift-format (shipped with the toolchain) with the project's .swift-format, over Sources and
# Tests. `scripts/check-format.sh --fix` (or `make format`) rewrites the files; without it, any finding fails.
# The seed programs (Sources/Showcase/Seeds, linked from the UICore tests) stay as their articles wrote them.
set -euo pipefail
cd "$(dirname "$0")/.."
files=()
while IFS= read -r file; do
    [ -L "$file" ] || files+=("$file")
done < <(git ls-files -- 'Sources/*.swift' 'Tests/*.swift' | grep -v '^Sources/Showcase/Seeds/')
if [ "${1:-}" = "--fix" ]; then
    swift-format format --in-place --parallel "${files[@]}"
    exit 0
fi
findings=$(mktemp)
trap 'rm -f "$findings"' EXIT
swift-format lint --parallel "${files[@]}" 2>"$findings" || true
if [ -s "$findings" ]; then
    sort -u "$findings" | head -n 50
    echo "format: $(sort -u "$findings" | wc -l) findings by swift-format (run 'make format' to fix most of them)"
    exit 1
fi
echo "format: swift-format finds nothing in Sources and Tests"

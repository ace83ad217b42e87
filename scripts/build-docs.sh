#!/usr/bin/env bash
# `make docs`: builds the DocC catalog of WaylandUI (Sources/WaylandUI/WaylandUI.docc) with the toolchain's
# docc, adding the supported-API article generated from the symbol graphs. Writes .build/docs/WaylandUI.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/docs
rm -rf "$out" && mkdir -p "$out/graphs"
# It also tries the package's test modules, which have no interface to read, and exits non-zero for them: the
# graphs needed are checked for instead.
swift package dump-symbol-graph --minimum-access-level public >"$out/symbol-graph.log" 2>&1 || true
graphs=$(dirname "$(find .build -path "./$out" -prune -o -name WaylandUI.symbols.json -newer "$out/graphs" -print | head -n 1)")
[ -f "$graphs/WaylandUI.symbols.json" ] || { tail -n 30 "$out/symbol-graph.log"; echo "docs: no symbol graph for WaylandUI"; exit 1; }
cp "$graphs"/WaylandUI*.symbols.json "$graphs"/UICore*.symbols.json "$graphs"/UIVocabulary*.symbols.json "$out/graphs/"
cp -R Sources/WaylandUI/WaylandUI.docc "$out/WaylandUI.docc"
python3 scripts/supported-api.py "$out/graphs" "$out/WaylandUI.docc/SupportedAPI.md"
docc convert "$out/WaylandUI.docc" --additional-symbol-graph-dir "$out/graphs" --fallback-display-name WaylandUI \
    --fallback-bundle-identifier org.waylandui.WaylandUI --output-path "$out/WaylandUI.doccarchive" \
    --warnings-as-errors >"$out/docc.log" 2>&1 || { cat "$out/docc.log" | tail -n 40; echo "docs: docc failed"; exit 1; }
echo "docs: built $out/WaylandUI.doccarchive"

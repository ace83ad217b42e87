#!/usr/bin/env bash
# Compares the public symbols of WaylandUI (and WaylandUITesting) with the checked-in list api/WaylandUI.symbols.txt,
# so that every change to the public surface is deliberate. `scripts/check-public-api.sh --update` (or `make api`)
# rewrites the list after a change meant to be public.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# It also tries the package's test modules, which have no interface to read, and exits non-zero for them: the
# graphs needed are checked for by public-api.py instead.
swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1 || true
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
[ -n "$graphs" ] && [ -d "$graphs" ] || { tail -n 30 "$log"; echo "public API: swift package dump-symbol-graph wrote no graphs"; exit 1; }
current=$(python3 scripts/public-api.py "$graphs")
if [ "${1:-}" = "--update" ]; then
    printf '%s\n' "$current" >api/WaylandUI.symbols.txt
    echo "public API: api/WaylandUI.symbols.txt rewritten ($(wc -l <api/WaylandUI.symbols.txt) symbols)"
elif diff -u api/WaylandUI.symbols.txt <(printf '%s\n' "$current") >"$log"; then
    echo "public API: $(wc -l <api/WaylandUI.symbols.txt) public symbols, as listed in api/WaylandUI.symbols.txt"
else
    cat "$log"
    echo "public API: the public symbols differ from api/WaylandUI.symbols.txt (- listed, + now public)."
    echo "Make the new declarations internal or package, or run 'make api' if they are meant to be public."
    exit 1
fi

#!/usr/bin/env python3
"""Lists the public symbols an app sees through `import WaylandUI` (and a test through `import WaylandUITesting`),
one per line, from the symbol graphs `swift package dump-symbol-graph` writes, so that every change to the public
surface shows up as a change to a checked-in file.

Usage: public-api.py SYMBOL_GRAPH_DIR > api/WaylandUI.symbols.txt
"""
import json
import pathlib
import sys

# `import WaylandUI` re-exports UICore, UIVocabulary, Combine and CoreGraphics; `import WaylandUITesting` re-exports CompositorHarness.
MODULES = ["WaylandUI", "UICore", "UIVocabulary", "Combine", "CoreGraphics", "WaylandUITesting", "CompositorHarness"]


def graphs_of(directory, module):
    """The module's own graph and its extensions of other modules (`Module@Other`), not other modules whose name
    starts the same way (`WaylandUITesting` is not part of `WaylandUI`)."""
    return [directory / f"{module}.symbols.json"] + sorted(directory.glob(f"{module}@*.symbols.json"))


def declaration(symbol):
    return " ".join("".join(f["spelling"] for f in symbol.get("declarationFragments", [])).split())


def main():
    directory = pathlib.Path(sys.argv[1])
    lines = set()
    for module in MODULES:
        paths = graphs_of(directory, module)
        if not paths[0].exists():
            sys.exit(f"public-api: no symbol graph for {module} in {directory}")
        for path in paths:
            for symbol in json.loads(path.read_text()).get("symbols", []):
                # Protocol extension members repeated on each conforming type: listed once, on the protocol.
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                    continue
                kind = symbol["kind"]["identifier"].removeprefix("swift.")
                lines.add(f"{module} {kind} {'.'.join(symbol['pathComponents'])} :: {declaration(symbol)}")
    sys.stdout.write("".join(line + "\n" for line in sorted(lines)))


main()

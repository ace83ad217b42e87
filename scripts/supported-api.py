#!/usr/bin/env python3
"""Writes the DocC article listing WaylandUI's public API, from the symbol graphs `swift package
dump-symbol-graph` writes, so the table can never disagree with the code.

Usage: supported-api.py SYMBOL_GRAPH_DIR OUT.md
"""
import json
import pathlib
import sys

# What an app sees through `import WaylandUI`: WaylandUI itself and the modules it re-exports.
MODULES = ["WaylandUI", "UICore", "UIVocabulary"]
TYPE_KINDS = {"swift.struct": "struct", "swift.class": "class", "swift.enum": "enum", "swift.protocol": "protocol"}


def load(directory, module):
    """The symbols and relationships of one module's graphs (its own and its extensions of others)."""
    symbols, relationships = [], []
    # `WaylandUI@UICore` extends another module; `WaylandUITesting` is another module and not listed.
    paths = [directory / f"{module}.symbols.json"] + sorted(directory.glob(f"{module}@*.symbols.json"))
    for path in paths:
        graph = json.loads(path.read_text())
        symbols += graph.get("symbols", [])
        relationships += graph.get("relationships", [])
    return symbols, relationships


def section_of(kind, name, conformances):
    if kind == "protocol":
        return "Protocols"
    if "Shape" in conformances or "InsettableShape" in conformances:
        return "Shapes"
    if "View" in conformances:
        return "Views"
    if "Scene" in conformances:
        return "Scenes"
    if "Gesture" in conformances:
        return "Gestures"
    if "DynamicProperty" in conformances:
        return "State and data flow"
    return "Other types"


def main():
    directory, output = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    sections = {}
    modifiers = set()
    for module in MODULES:
        symbols, relationships = load(directory, module)
        by_id = {s["identifier"]["precise"]: s for s in symbols}
        conformances = {}
        for relation in relationships:
            if relation["kind"] == "conformsTo":
                target = by_id.get(relation["target"])
                name = target["names"]["title"] if target else relation.get("targetFallback", "").split(".")[-1]
                conformances.setdefault(relation["source"], set()).add(name)
        for symbol in symbols:
            path = symbol["pathComponents"]
            kind = symbol["kind"]["identifier"]
            if symbol.get("accessLevel") != "public" or any(p.startswith("_") for p in path):
                continue
            if kind in TYPE_KINDS and len(path) == 1:
                own = conformances.get(symbol["identifier"]["precise"], set())
                section = section_of(TYPE_KINDS[kind], path[0], own)
                sections.setdefault(section, set()).add(f"`{path[0]}`")
            elif kind == "swift.method" and len(path) == 2 and path[0] == "View":
                modifiers.add(f"`{path[1].split('(')[0]}`")
    lines = [
        "# Supported API",
        "",
        "What `import WaylandUI` offers today, generated from the code by `make docs`.",
        "",
        "## Overview",
        "",
        "Each name below is public and follows SwiftUI's spelling and signatures. A SwiftUI name that is not",
        "listed does not exist in WaylandUI yet.",
        "",
    ]
    for title in ["Views", "Shapes", "Scenes", "Gestures", "State and data flow", "Protocols", "Other types"]:
        names = sorted(sections.get(title, set()), key=str.lower)
        if names:
            lines += [f"### {title} ({len(names)})", "", ", ".join(names), ""]
    names = sorted(modifiers, key=str.lower)
    lines += [f"### View modifiers ({len(names)})", "", ", ".join(names), ""]
    output.write_text("\n".join(lines))
    print(f"supported API: {sum(len(v) for v in sections.values())} types, {len(names)} modifiers")


main()

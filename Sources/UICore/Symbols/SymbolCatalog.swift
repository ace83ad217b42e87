import Foundation

/// The outline of one symbol in its 16×16 box: shapes filled in order.
package struct SymbolOutline: Hashable, Sendable {
    package struct Shape: Hashable, Sendable {
        package var path: Path
        package var eoFill: Bool
    }
    package var shapes: [Shape]
    /// The size of the box the paths are drawn in.
    package static let boxSize: CGFloat = 16
}

/// SF Symbol names drawn with Bootstrap Icons outlines (the tables in SymbolNameTable.swift and SymbolOutlines*.swift,
/// generated from scripts/symbols/sf-symbol-names.txt). Tables are read and outlines parsed at first use.
@MainActor
package enum SymbolCatalog {
    /// SF name ▸ icon name.
    private static var iconNames: [String: String]?
    /// Icon name ▸ its line of path data.
    private static var outlineLines: [String: Substring]?
    private static var parsedOutlines: [String: SymbolOutline] = [:]
    private static var reportedNames = Set<String>()
    /// Where "no such symbol" goes (standard error; tests listen here).
    package static var log: (String) -> Void = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) }

    /// Every SF Symbol name the catalog draws.
    package static var names: [String] { Array(iconTable().keys) }

    /// The outline for `name` seen through `variants` (`.fill`, `.circle`…: the most specific name that exists), or
    /// `nil` if no form of the name is known.
    package static func outline(systemName name: String, variants: SymbolVariants = .none) -> SymbolOutline? {
        guard let resolved = resolvedName(name, variants: variants), let icon = iconTable()[resolved] else {
            return nil
        }
        return outline(icon: icon)
    }

    /// The symbol name `variants` turn `name` into: SF's order is base, `.slash`, shape, `.fill`
    /// (`bell.slash.fill`, `person.crop.circle.fill`). Variants without a matching symbol are left out, fill first.
    package static func resolvedName(_ name: String, variants: SymbolVariants) -> String? {
        let table = iconTable()
        var base = name
        var fill = variants.contains(.fill)
        var slash = variants.contains(.slash)
        var shape = variants.shape
        // A name that already carries a variant keeps it.
        if base.hasSuffix(".fill") {
            base.removeLast(5)
            fill = true
        }
        for suffix in ["circle", "square", "rectangle"] where base.hasSuffix(".\(suffix)") && shape == suffix {
            shape = nil
        }
        if base.hasSuffix(".slash") { slash = false }
        let shapes = shape.map { [$0, nil] } ?? [nil]
        for withSlash in slash ? [true, false] : [false] {
            for withShape in shapes {
                for withFill in fill ? [true, false] : [false] {
                    var candidate = base
                    if withSlash { candidate += ".slash" }
                    if let withShape { candidate += ".\(withShape)" }
                    if withFill { candidate += ".fill" }
                    if table[candidate] != nil { return candidate }
                }
            }
        }
        return nil
    }

    /// The outline drawn for a name the catalog does not know (a question mark in a square), reporting the
    /// name once.
    package static func placeholder(forUnknown name: String) -> SymbolOutline {
        if reportedNames.insert(name).inserted {
            log(
                "Image(systemName: \"\(name)\"): no such symbol (\(iconTable().count) SF Symbol names are drawn); drawing a placeholder"
            )
        }
        return placeholderOutline
    }

    /// A question mark in a square: what an unknown symbol or a missing image draws.
    package static var placeholderOutline: SymbolOutline {
        outline(icon: "question-square") ?? SymbolOutline(shapes: [])
    }

    private static func outline(icon: String) -> SymbolOutline? {
        if let parsed = parsedOutlines[icon] { return parsed }
        guard let line = outlineIndex()[icon] else { return nil }
        var shapes: [SymbolOutline.Shape] = []
        for field in line.split(separator: "\t").dropFirst() {
            let eoFill = field.hasPrefix("!")
            do {
                shapes.append(.init(path: try SVGPathParser.parse(eoFill ? field.dropFirst() : field), eoFill: eoFill))
            } catch {
                log("symbol outline \"\(icon)\" is damaged (\(error)); its shape is left out")
            }
        }
        let outline = SymbolOutline(shapes: shapes)
        parsedOutlines[icon] = outline
        return outline
    }

    private static func iconTable() -> [String: String] {
        if let iconNames { return iconNames }
        var table: [String: String] = [:]
        for pair in Self.nameTable.split(whereSeparator: { $0 == "\n" || $0 == "\t" }) {
            let fields = pair.split(separator: " ")
            if fields.count == 2 { table[String(fields[0])] = String(fields[1]) }
        }
        iconNames = table
        return table
    }

    private static func outlineIndex() -> [String: Substring] {
        if let outlineLines { return outlineLines }
        var table: [String: Substring] = [:]
        for source in outlineTables {
            for line in source.split(separator: "\n") {
                guard let tab = line.firstIndex(of: "\t") else { continue }
                table[String(line[..<tab])] = line
            }
        }
        outlineLines = table
        return table
    }
}

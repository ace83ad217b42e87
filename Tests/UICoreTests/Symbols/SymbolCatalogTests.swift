import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor
@Suite(.serialized) struct SymbolCatalogTests {
    @Test func atLeastThreeHundredNamesAndEveryOutlineParsesInsideItsBox() {
        var logged: [String] = []
        let saved = SymbolCatalog.log
        SymbolCatalog.log = { logged.append($0) }
        defer { SymbolCatalog.log = saved }
        let names = SymbolCatalog.names
        #expect(names.count >= 300, "\(names.count)")
        for name in names {
            guard let outline = SymbolCatalog.outline(systemName: name) else {
                Issue.record("\(name): no outline")
                continue
            }
            // The bounds of the flattened outline (control points may lie outside it).
            let points = outline.shapes.flatMap { $0.path.polygons().flatMap { $0 } }
            let xs = points.map(\.x)
            let ys = points.map(\.y)
            let bounds = CGRect(
                x: xs.min() ?? 0, y: ys.min() ?? 0, width: (xs.max() ?? 0) - (xs.min() ?? 0),
                height: (ys.max() ?? 0) - (ys.min() ?? 0))
            #expect(
                max(bounds.width, bounds.height) > 4 && min(bounds.width, bounds.height) > 0.5, "\(name): \(bounds)")
            // Bootstrap's outlines overshoot their box by up to 1.5 units; a misread number lands far away.
            #expect(
                bounds.minX >= -2 && bounds.maxX <= 18 && bounds.minY >= -2 && bounds.maxY <= 18,
                "\(name) leaves its box: \(bounds)")
        }
        #expect(logged.isEmpty, "\(logged)")
    }

    @Test func theMostUsedNamesAreThere() {
        for name in [
            "plus", "xmark", "checkmark", "trash", "gear", "gearshape", "star.fill", "heart.fill", "person.circle",
            "magnifyingglass", "chevron.right", "chevron.left", "house", "house.fill", "square.and.arrow.up",
            "pencil", "bell", "envelope", "calendar", "clock", "info.circle", "exclamationmark.triangle.fill",
            "xmark.circle.fill", "plus.circle.fill", "checkmark.circle.fill", "arrow.clockwise", "ellipsis",
            "photo", "play.fill", "pause.fill", "list.bullet", "slider.horizontal.3", "person.crop.circle.fill",
        ] {
            #expect(SymbolCatalog.outline(systemName: name) != nil, "\(name)")
        }
    }

    @Test func variantsPickTheMostSpecificNameThatExists() {
        #expect(SymbolCatalog.resolvedName("heart", variants: .fill) == "heart.fill")
        #expect(SymbolCatalog.resolvedName("xmark", variants: .circle.fill) == "xmark.circle.fill")
        #expect(SymbolCatalog.resolvedName("xmark.circle", variants: .circle.fill) == "xmark.circle.fill")
        #expect(SymbolCatalog.resolvedName("bell", variants: .slash.fill) == "bell.slash.fill")
        #expect(SymbolCatalog.resolvedName("xmark", variants: .circle) == "xmark.circle")
        // No filled xmark: the fill is left out; a name that already says fill keeps it.
        #expect(SymbolCatalog.resolvedName("xmark", variants: .fill) == "xmark")
        #expect(SymbolCatalog.resolvedName("star.fill", variants: .none) == "star.fill")
        #expect(SymbolCatalog.resolvedName("no.such.thing", variants: .fill) == nil)
        #expect(SymbolVariants.circle.fill.contains(.fill) && SymbolVariants.circle.fill.contains(.circle))
        #expect(!SymbolVariants.fill.contains(.circle))
        // The filled heart is another outline than the heart.
        #expect(
            SymbolCatalog.outline(systemName: "heart", variants: .fill)
                == SymbolCatalog.outline(systemName: "heart.fill"))
        #expect(SymbolCatalog.outline(systemName: "heart") != SymbolCatalog.outline(systemName: "heart.fill"))
    }

    @Test func anUnknownNameDrawsThePlaceholderAndIsReportedOnce() {
        var logged: [String] = []
        let saved = SymbolCatalog.log
        SymbolCatalog.log = { logged.append($0) }
        defer { SymbolCatalog.log = saved }
        let name = "unknown.symbol.\(UUID().uuidString)"
        let graph = makeGraph(
            VStack {
                Image(systemName: name)
                Image(systemName: name).font(.title)
            }, width: 100, height: 100)
        graph.update()
        #expect(logged.count == 1 && logged[0].contains(name) && logged[0].contains("placeholder"), "\(logged)")
        // The placeholder is drawn: a question mark in a square, in the foreground colour.
        let fills = graph.displayList.items.filter { if case .fill = $0 { return true } else { return false } }
        #expect(fills.count >= 2, "\(graph.displayList)")
    }
}

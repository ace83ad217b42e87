import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// A subview's column in `ColumnsLayout` (`layoutValue(key:value:)`).
private struct Column: LayoutValueKey {
    static let defaultValue = 0
}

/// Places each subview at the top of its `Column`, 50 points per column, at its ideal size.
private struct ColumnsLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let columns = subviews.map { $0[Column.self] }.max().map { $0 + 1 } ?? 0
        return CGSize(
            width: CGFloat(columns) * 50, height: subviews.map { $0.sizeThatFits(.unspecified).height }.max() ?? 0)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews {
            subview.place(
                at: CGPoint(x: bounds.minX + CGFloat(subview[Column.self]) * 50, y: bounds.minY), proposal: .unspecified
            )
        }
    }
}

/// A view whose state outlives layout switches, and that hands out its binding.
private struct Tally: View {
    let name: String
    let bindings: Box
    @State private var count = 0
    var body: some View {
        let _ = bindings.values[name] = $count
        Text("\(name)\(count)")
    }
}

@MainActor private final class Box { var values: [String: Binding<Int>] = [:] }

/// Switches between a row and a column of the same two views.
private struct Switcher: View {
    let wide: Bool
    let bindings: Box
    var body: some View {
        let layout = wide ? AnyLayout(HStackLayout(spacing: 0)) : AnyLayout(VStackLayout(spacing: 0))
        layout {
            Tally(name: "a", bindings: bindings)
            Tally(name: "b", bindings: bindings)
        }
    }
}

@MainActor
@Suite struct LayoutExtrasTests {
    @Test func layoutValuesReachTheContainer() {
        let graph = makeGraph(
            ColumnsLayout {
                Color.red.frame(width: 10, height: 10).layoutValue(key: Column.self, value: 2)
                Color.green.frame(width: 10, height: 10)  // the default: column 0
                Color.blue.frame(width: 10, height: 10).layoutValue(key: Column.self, value: 1).padding(5)
            }, width: 150, height: 20)
        graph.update()
        // 3 columns × 50 = 150 wide, 20 high (the padded blue): the container fills the window from (0, 0).
        #expect(approx(frame(of: "Layout<ColumnsLayout>", in: graph), CGRect(x: 0, y: 0, width: 150, height: 20)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 0), CGRect(x: 100, y: 0, width: 10, height: 10)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 0, y: 0, width: 10, height: 10)))
        // The value passes through the padding wrapped around it.
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 2), CGRect(x: 55, y: 5, width: 10, height: 10)))
    }

    @Test func aChangedLayoutValueRelaysOut() {
        struct Movable: View {
            let column: Int
            var body: some View {
                ColumnsLayout {
                    Color.red.frame(width: 10, height: 10).layoutValue(key: Column.self, value: column)
                    Color.green.frame(width: 10, height: 10).layoutValue(key: Column.self, value: 2)
                }
            }
        }
        let graph = makeGraph(Movable(column: 0), width: 150, height: 10)
        graph.update()
        #expect(frame(of: "Rectangle", in: graph)?.minX == 0)
        graph.setRoot(Movable(column: 1))
        graph.update()
        #expect(frame(of: "Rectangle", in: graph)?.minX == 50)
    }

    @Test func anyLayoutSwitchesKeepingState() {
        let bindings = Box()
        let graph = makeGraph(Switcher(wide: true, bindings: bindings), width: 200, height: 200)
        graph.update()
        bindings.values["a"]!.wrappedValue = 7
        graph.update()
        let rowA = frame(of: "Text", in: graph)!
        let rowB = frame(of: "Text", in: graph, occurrence: 1)!
        #expect(rowA.maxX == rowB.minX && rowA.minY == rowB.minY, "side by side: \(rowA) \(rowB)")

        graph.setRoot(Switcher(wide: false, bindings: bindings))
        graph.update()
        let columnA = frame(of: "Text", in: graph)!
        let columnB = frame(of: "Text", in: graph, occurrence: 1)!
        #expect(columnA.maxY == columnB.minY && columnA.midX == columnB.midX, "stacked: \(columnA) \(columnB)")
        let strings = graph.displayList.items.compactMap { item -> String? in
            if case .text(let op) = item { return op.string } else { return nil }
        }
        #expect(strings == ["a7", "b0"], "the state survived the switch")
    }

    @Test func viewThatFitsTakesTheFirstThatFits() {
        func shown(width: CGFloat, index: Int) -> CGRect? {
            let graph = makeGraph(
                ViewThatFits {
                    Color.red.frame(width: 300, height: 20)
                    Color.green.frame(width: 150, height: 20)
                    Color.blue.frame(width: 100, height: 20)
                }, width: width, height: 100)
            graph.update()
            #expect(graph.displayList.items.count == 1, "only the chosen view draws: \(graph.displayList)")
            return frame(of: "Rectangle", in: graph, occurrence: index)
        }
        // The chosen child (index among the three) is centred in the window.
        #expect(approx(shown(width: 400, index: 0), CGRect(x: 50, y: 40, width: 300, height: 20)))
        #expect(approx(shown(width: 200, index: 1), CGRect(x: 25, y: 40, width: 150, height: 20)))
        // None fits: the last one.
        #expect(approx(shown(width: 90, index: 2), CGRect(x: -5, y: 40, width: 100, height: 20)))
    }

    @Test func viewThatFitsMeasuresIdealSizesOnlyAlongItsAxes() {
        // Text's ideal width is its one-line width (approximate measurer: 17 pt body ⇒ 8.5 per character).
        let long = String(repeating: "x", count: 40)  // 340 ideal
        let graph = makeGraph(
            ViewThatFits(in: .horizontal) {
                Text(long)
                Text("short")
            }, width: 200, height: 100)
        graph.update()
        let strings = graph.displayList.items.compactMap { item -> String? in
            if case .text(let op) = item { return op.string } else { return nil }
        }
        #expect(strings == ["short"])
        // Only vertically constrained: the long text wraps to fit 200 wide, and fits in 100 high.
        let vertical = makeGraph(
            ViewThatFits(in: .vertical) {
                Text(long)
                Text("short")
            }, width: 200, height: 100)
        vertical.update()
        #expect(vertical.displayList.items.contains { if case .text(let op) = $0 { op.string == long } else { false } })
    }

    @Test func viewThatFitsHitTestsOnlyTheShownView() {
        var tapped: [String] = []
        let graph = makeGraph(
            ViewThatFits {
                Color.red.frame(width: 300, height: 100).onTapGesture { tapped.append("wide") }
                Color.green.frame(width: 100, height: 100).onTapGesture { tapped.append("narrow") }
            }, width: 200, height: 100)
        graph.update()
        let gestures = GestureSystem(graph: graph)
        gestures.handle(frame: [.pointerDown(CGPoint(x: 100, y: 50), time: 0, button: .primary)])
        gestures.handle(frame: [.pointerUp(CGPoint(x: 100, y: 50), time: 50, button: .primary)])
        #expect(tapped == ["narrow"])
    }
}

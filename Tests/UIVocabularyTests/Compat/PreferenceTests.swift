import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

private struct HeightSum: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value += nextValue() }
}

private struct Names: PreferenceKey {
    static let defaultValue: [String] = []
    static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
}

private struct FirstBounds: PreferenceKey {
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) { value = value ?? nextValue() }
}

private struct CenterPoint: PreferenceKey {
    static func reduce(value: inout Anchor<CGPoint>?, nextValue: () -> Anchor<CGPoint>?) {
        value = value ?? nextValue()
    }
}

@MainActor private final class Seen {
    var heights: [CGFloat] = []
    var names: [[String]] = []
    var rects: [CGRect] = []
    var points: [CGPoint] = []
}

private struct Rows: View {
    var second: CGFloat
    let seen: Seen
    var body: some View {
        VStack(spacing: 0) {
            Color.red.frame(height: 20).preference(key: HeightSum.self, value: 20)
            Color.blue.frame(height: second).preference(key: HeightSum.self, value: second)
            Color.green.frame(height: 10)  // sets nothing: takes no part in the sum
        }
        .onPreferenceChange(HeightSum.self) { seen.heights.append($0) }
    }
}

@MainActor
@Suite struct PreferenceTests {
    @Test func siblingsReduceAndOnPreferenceChangeRunsOnlyOnChanges() {
        let seen = Seen()
        let graph = makeGraph(Rows(second: 30, seen: seen), width: 100, height: 100)
        graph.update()
        #expect(seen.heights == [50])
        graph.setRoot(Rows(second: 40, seen: seen))
        graph.update()
        graph.setRoot(Rows(second: 40, seen: seen))
        graph.update()
        #expect(seen.heights == [50, 60])
    }

    @Test func theOuterPreferenceReplacesTheInnerAndTransformSeesTheCombinedValue() {
        let seen = Seen()
        let view = VStack {
            Text("a").preference(key: Names.self, value: ["inner"]).preference(key: Names.self, value: ["outer"])
            Text("b").preference(key: Names.self, value: ["b"])
            Text("c")
        }
        .transformPreference(Names.self) { $0.append("transformed") }
        .onPreferenceChange(Names.self) { seen.names.append($0) }
        let graph = makeGraph(view, width: 100, height: 100)
        graph.update()
        #expect(seen.names == [["outer", "b", "transformed"]])
    }

    @Test func transformPreferenceWithoutValuesStartsFromTheDefault() {
        let seen = Seen()
        let view = Text("x").transformPreference(Names.self) { $0.append("only") }
            .onPreferenceChange(Names.self) { seen.names.append($0) }
        let graph = makeGraph(view, width: 100, height: 100)
        graph.update()
        #expect(seen.names == [["only"]])
    }

    /// An anchor set on the second row, read by an overlay on the stack: in the overlay's coordinates.
    @Test func anchorPreferenceResolvesInTheReadersGeometry() {
        let seen = Seen()
        let view = VStack(spacing: 0) {
            Color.red.frame(width: 50, height: 20)
            Color.blue.frame(width: 40, height: 30)
                .anchorPreference(key: FirstBounds.self, value: .bounds) { $0 }
                .anchorPreference(key: CenterPoint.self, value: .center) { $0 }
        }
        .overlayPreferenceValue(FirstBounds.self) { anchor in
            GeometryReader { proxy in
                if let anchor {
                    let rect = proxy[anchor]
                    Color.yellow.frame(width: rect.width, height: rect.height).offset(x: rect.minX, y: rect.minY)
                        .onAppear { seen.rects.append(rect) }
                }
            }
        }
        .backgroundPreferenceValue(CenterPoint.self) { anchor in
            GeometryReader { proxy in
                if let anchor { Color.clear.onAppear { seen.points.append(proxy[anchor]) } }
            }
        }
        // The stack is 50×50, centred in 200×200 at (75, 75); the blue row is at (80, 95) in the window.
        let graph = makeGraph(view, width: 200, height: 200)
        graph.update()
        #expect(seen.rects == [CGRect(x: 5, y: 20, width: 40, height: 30)])
        #expect(seen.points == [CGPoint(x: 25, y: 35)])
        // The overlay drew the highlight over the blue row, in window points.
        #expect(graph.displayList.description.contains("fill rect [80,95 40x30] rgb(255,204,0)"))
    }

    @Test func anchorSourcesResolveInTheViewsFrame() {
        let frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(Anchor<CGRect>.Source.bounds.resolve(frame).valueInWindow == frame)
        #expect(
            Anchor<CGRect>.Source.rect(CGRect(x: 5, y: 5, width: 10, height: 10)).resolve(frame).valueInWindow
                == CGRect(x: 15, y: 25, width: 10, height: 10))
        #expect(Anchor<CGPoint>.Source.bottomTrailing.resolve(frame).valueInWindow == CGPoint(x: 110, y: 70))
        #expect(Anchor<CGPoint>.Source.point(CGPoint(x: 1, y: 2)).resolve(frame).valueInWindow == CGPoint(x: 11, y: 22))
        #expect(
            Anchor<CGPoint>.Source.unitPoint(UnitPoint(x: 0.5, y: 0.2)).resolve(frame).valueInWindow
                == CGPoint(x: 60, y: 30))
    }
}

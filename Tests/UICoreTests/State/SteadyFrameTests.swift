import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// What a frame that changes only a value reuses: built-in modifiers wait for their elements where they are
/// (no copy is kept), a mask's content keeps its environment, and the damage of a frame is merged in place.
@MainActor
@Suite struct SteadyFrameTests {
    /// A dot dragged along a line, built from modifiers on primitive views only (as the seed-002 scope is).
    private struct Dot: View {
        let probe: Probe
        @State private var x = 0
        var body: some View {
            let _ = probe.evaluated("dot")
            let _ = probe.bindings["x"] = $x
            Text("dot")
                .frame(width: 20, height: 20)
                .padding(2)
                .opacity(0.5)
                .position(x: CGFloat(x) + 20, y: 20)
                .mask(Circle().frame(width: 30, height: 30).position(x: CGFloat(x) + 20, y: 20))
                .gesture(DragGesture().onChanged { _ in })
        }
    }

    private struct Counter: View {
        let probe: Probe
        @State private var count = 0
        var body: some View {
            let _ = probe.evaluated("counter")
            let _ = probe.bindings["count"] = $count
            Text("count \(count)")
        }
    }

    /// Modifiers applied to a custom view: its body's elements are wrapped when it re-evaluates on its own.
    private struct Padded: View {
        let probe: Probe
        var body: some View {
            let _ = probe.evaluated("padded")
            Counter(probe: probe).padding(10).frame(width: 200)
        }
    }

    @Test func modifiersOnViewsBuiltAtOnceAreNeverCopied() {
        let probe = Probe()
        let graph = makeGraph(Dot(probe: probe), width: 300, height: 100)
        graph.update()
        let before = frame(of: "Text", in: graph)
        for step in 1...5 {
            probe.bindings["x"]!.wrappedValue = step * 10
            graph.update()
        }
        #expect(probe.evaluations["dot"] == 6)
        // The body ran six times with six modifiers each: none was copied into a closure to be kept.
        #expect(graph.elementModifierCopies == 0)
        // And each still applied: the text moved with its position.
        #expect(frame(of: "Text", in: graph)?.minX == (before?.minX ?? 0) + 50)
    }

    @Test func modifiersOnACustomViewAreKeptAndApplyWhenItReevaluatesAlone() {
        let probe = Probe()
        let graph = makeGraph(Padded(probe: probe), width: 300, height: 100)
        graph.update()
        // The padding and the frame wait for the counter's body: they are kept by its node.
        #expect(graph.elementModifierCopies == 2)
        let before = frame(of: "Text", in: graph)
        probe.bindings["count"]!.wrappedValue = 12_345
        graph.update()
        #expect(probe.evaluations == ["padded": 1, "counter": 2])
        #expect(texts(graph.displayList) == ["count 12345"])
        // The counter's new text is still padded and framed: 10 points in from a 200-point frame centred in 300.
        let after = frame(of: "Text", in: graph)
        #expect(before != nil && after != nil)
        #expect(after?.midX == 150)
        #expect(allNodes(graph).contains { $0 is PaddingNode && $0.children.contains { $0 is TextNode } })
        #expect(graph.elementModifierCopies == 2, "the parent did not run again: nothing more was copied")
    }

    @Test func aMaskRebuiltOnEveryFrameKeepsItsContentsEnvironment() {
        let probe = Probe()
        let graph = makeGraph(Dot(probe: probe), width: 300, height: 100)
        graph.update()
        func maskEnvironment() -> EnvironmentValues? {
            allNodes(graph).first { $0 is SecondaryHostNode }?.children.first?.environment
        }
        let first = maskEnvironment()
        probe.bindings["x"]!.wrappedValue = 10
        graph.update()
        let second = maskEnvironment()
        #expect(first != nil && second != nil)
        #expect(first.map { second?.isIdentical(to: $0) ?? false } == true)
        // Still the mask's opaque foreground.
        #expect(second?.foregroundStyle != nil)
    }

    @Test func damageIsMergedInPlaceInTheOrderItWasFound() {
        var rects = [
            CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 5, y: 5, width: 10, height: 10),
            CGRect(x: 100, y: 0, width: 10, height: 10), CGRect(x: 105, y: 5, width: 10, height: 10),
            CGRect(x: 50, y: 50, width: 5, height: 5), CGRect(x: 12, y: 12, width: 90, height: 2),
        ]
        DamageTracker.merge(&rects)
        // The first two merge; the next two merge; the lone one stays; the last joins both merged pairs.
        #expect(
            rects == [
                CGRect(x: 50, y: 50, width: 5, height: 5), CGRect(x: 0, y: 0, width: 115, height: 15),
            ])
        var many = (0..<70).map { CGRect(x: $0 * 20, y: 0, width: 10, height: 10) }
        DamageTracker.merge(&many)
        #expect(many == [CGRect(x: 0, y: 0, width: 1390, height: 10)])
        var none: [CGRect] = []
        DamageTracker.merge(&none)
        #expect(none.isEmpty)
    }
}

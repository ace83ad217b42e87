import Foundation
import Testing

@_spi(Engine) @testable import UICore

// Modifiers on a custom view whose body is several views apply to each of those views, as with `Group`
// (SwiftUI's semantics). Texts measure 8.5 points per character and 22 high (ApproximateTextMeasurer, 17 pt).

private struct TwoTexts: View {
    var body: some View {
        Text("a")
        Text("bb")
    }
}

private struct TwoSquares: View {
    var body: some View {
        Color.red.frame(width: 10, height: 10)
        Color.green.frame(width: 20, height: 10)
    }
}

/// A custom view whose body is another custom view: the modifiers reach the inner view's several views.
private struct Forwarding: View {
    var body: some View { TwoSquares() }
}

/// Several views or one, chosen by state inside the view.
private struct Switching: View {
    @State var several = true
    var body: some View {
        if several {
            Color.red.frame(width: 10, height: 10)
            Color.green.frame(width: 20, height: 10)
        } else {
            Color.blue.frame(width: 30, height: 10)
        }
    }
}

/// Type-erased content that is a multi-view custom view or a single view, chosen by state.
private struct ErasedSwitching: View {
    @State var several = false
    var body: some View {
        several ? AnyView(TwoSquares()) : AnyView(Color.blue.frame(width: 30, height: 10))
    }
}

/// Counts its taps in state and shows the count in its first view.
private struct Counter: View {
    @State var count = 0
    var body: some View {
        Text("n\(count)")
        Color.red.frame(width: 10, height: 10).onTapGesture { count += 1 }
    }
}

private struct PadAndBack: ViewModifier {
    func body(content: Content) -> some View {
        content.padding(3).background(Color.black)
    }
}

@MainActor
@Suite struct CustomViewDistributionTests {
    @Test func paddingOnAMultiViewCustomViewPadsEachView() {
        let graph = makeGraph(VStack(spacing: 0) { TwoTexts().padding(5) }, width: 200, height: 200)
        graph.update()
        // Two padded texts stacked (32 high each), not one padding around two overlapping texts.
        #expect(approx(frame(of: "VStack", in: graph), CGRect(x: 86.5, y: 68, width: 27, height: 64)))
        #expect(approx(frame(of: "Text(\"a\")", in: graph), CGRect(x: 95.75, y: 73, width: 8.5, height: 22)))
        #expect(approx(frame(of: "Text(\"bb\")", in: graph), CGRect(x: 91.5, y: 105, width: 17, height: 22)))
        // One per text, none around both.
        #expect(graph.layoutDescription.components(separatedBy: "padding").count - 1 == 2)
    }

    @Test func aChainOfModifiersAppliesToEachViewInOrder() {
        let graph = makeGraph(
            HStack(spacing: 0) { TwoSquares().padding(2).background(Color.black) }, width: 200, height: 100)
        graph.update()
        #expect(approx(frame(of: "HStack", in: graph), CGRect(x: 81, y: 43, width: 38, height: 14)))
        // Each square padded, then backed by a black rectangle of the padded size.
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 0), CGRect(x: 83, y: 45, width: 10, height: 10)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 81, y: 43, width: 14, height: 14)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 2), CGRect(x: 97, y: 45, width: 20, height: 10)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 3), CGRect(x: 95, y: 43, width: 24, height: 14)))
        // Black, red, black, green: one background per square.
        #expect(graph.displayList.items.count == 4)
    }

    @Test func aSingleViewBodyKeepsOneWrapper() {
        struct One: View { var body: some View { Color.red.frame(width: 10, height: 10) } }
        let graph = makeGraph(HStack(spacing: 0) { One().padding(2) }, width: 100, height: 100)
        graph.update()
        #expect(approx(frame(of: "padding", in: graph), CGRect(x: 43, y: 43, width: 14, height: 14)))
        // The one padding node lays out as usual, around the body's one view.
        #expect(graph.rootNode.layoutChildren[0].layoutChildren.map(\.debugName) == ["padding"])
        #expect(graph.layoutDescription.components(separatedBy: "padding").count - 1 == 1)
    }

    @Test func modifiersReachTheViewsOfANestedCustomView() {
        let graph = makeGraph(HStack(spacing: 0) { Forwarding().padding(1) }, width: 100, height: 100)
        graph.update()
        #expect(approx(frame(of: "HStack", in: graph), CGRect(x: 33, y: 44, width: 34, height: 12)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 46, y: 45, width: 20, height: 10)))
    }

    @Test func aCustomModifierAppliesToEachView() {
        let graph = makeGraph(HStack(spacing: 0) { TwoSquares().modifier(PadAndBack()) }, width: 200, height: 100)
        graph.update()
        #expect(approx(frame(of: "HStack", in: graph), CGRect(x: 79, y: 42, width: 42, height: 16)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 0), CGRect(x: 82, y: 45, width: 10, height: 10)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 2), CGRect(x: 98, y: 45, width: 20, height: 10)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 3), CGRect(x: 95, y: 42, width: 26, height: 16)))
    }

    @Test func aCustomModifierOnAGroupAppliesToEachView() {
        let graph = makeGraph(
            HStack(spacing: 0) {
                Group {
                    Color.red.frame(width: 10, height: 10)
                    Color.green.frame(width: 20, height: 10)
                }.modifier(PadAndBack())
            }, width: 200, height: 100)
        graph.update()
        #expect(approx(frame(of: "HStack", in: graph), CGRect(x: 79, y: 42, width: 42, height: 16)))
    }

    @Test func effectsApplyToEachView() {
        let graph = makeGraph(
            HStack(spacing: 0) { TwoSquares().opacity(0.5).border(Color.blue, width: 1) }, width: 100, height: 100)
        graph.update()
        #expect(approx(frame(of: "HStack", in: graph), CGRect(x: 35, y: 45, width: 30, height: 10)))
        // One border per square, each around its own square.
        let strokes = graph.displayList.items.filter { if case .stroke = $0 { true } else { false } }
        #expect(strokes.count == 2)
        let layers = graph.displayList.items.filter {
            if case .layer(let layer) = $0, case .opacity(0.5) = layer.effect { true } else { false }
        }
        #expect(layers.count == 2)
        #expect(graph.displayList.items.count == 4)
    }

    @Test func aRunTimeSwitchBetweenSeveralViewsAndOne() {
        let graph = makeGraph(HStack(spacing: 0) { Switching().padding(2) }, width: 100, height: 100)
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 38)
        let node = allNodes(graph).compactMap { $0 as? CompositeNode<Switching> }.first!
        node.view.several = false  // writes the state through the node's storage
        graph.update()
        #expect(approx(frame(of: "HStack", in: graph), CGRect(x: 33, y: 43, width: 34, height: 14)))
        node.view.several = true
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 38)
    }

    @Test func theWrapperPassesThroughOnlyWhileTheContentIsSeveralViews() {
        let graph = makeGraph(HStack(spacing: 0) { ErasedSwitching().padding(2) }, width: 100, height: 100)
        graph.update()
        #expect(approx(frame(of: "padding", in: graph), CGRect(x: 33, y: 43, width: 34, height: 14)))
        let node = allNodes(graph).compactMap { $0 as? CompositeNode<ErasedSwitching> }.first!
        node.view.several = true
        graph.update()
        #expect(approx(frame(of: "HStack", in: graph), CGRect(x: 31, y: 43, width: 38, height: 14)))
        #expect(approx(frame(of: "padding", in: graph, occurrence: 1), CGRect(x: 45, y: 43, width: 24, height: 14)))
        node.view.several = false
        graph.update()
        #expect(approx(frame(of: "padding", in: graph), CGRect(x: 33, y: 43, width: 34, height: 14)))
        #expect(frame(of: "padding", in: graph, occurrence: 1) == nil)
    }

    @Test func newModifierValuesReachTheViewsOfAnUnchangedCustomView() {
        struct Padded: View {
            let amount: CGFloat
            var body: some View { HStack(spacing: 0) { TwoSquares().padding(amount) } }
        }
        let graph = makeGraph(Padded(amount: 1), width: 100, height: 100)
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 34)
        let squares = allNodes(graph).compactMap { $0 as? CompositeNode<TwoSquares> }.first!
        graph.setRoot(Padded(amount: 4))
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 46)
        #expect(squares.evaluationCount == 1)  // its body did not run again, only the modifiers changed
        #expect(allNodes(graph).contains { $0 === squares })
    }

    @Test func stateSurvivesAndTapsReachEachDistributedView() {
        let log = CallLog()
        let h = GestureHarness(
            HStack(spacing: 0) {
                Counter().padding(5).onTapGesture { log("outer") }
            }, width: 200, height: 100)
        // "n0" is 17 wide: the padded text spans x 76.5…103.5, the padded square 103.5…123.5 (centred, 47 wide).
        #expect(approx(frame(of: "Rectangle", in: h.graph), CGRect(x: 108.5, y: 45, width: 10, height: 10)))
        h.down(113, 50, at: 0)
        h.up(at: 20)
        #expect(log.entries.isEmpty)  // the square's own tap wins over the outer one attached to it
        #expect(frame(of: "Text(\"n1\")", in: h.graph) != nil)
        h.down(90, 50, at: 100)
        h.up(at: 120)
        #expect(log.entries == ["outer"])  // the text has its own copy of the outer tap
        h.down(105, 50, at: 200)  // in the square's padding: nothing drawn there, nothing hit (as in SwiftUI)
        h.up(at: 220)
        #expect(log.entries == ["outer"])
        h.down(113, 50, at: 300)
        h.up(at: 320)
        #expect(frame(of: "Text(\"n2\")", in: h.graph) != nil)  // the state lived on in the one composite node
        #expect(allNodes(h.graph).filter { $0 is CompositeNode<Counter> }.count == 1)
    }
}

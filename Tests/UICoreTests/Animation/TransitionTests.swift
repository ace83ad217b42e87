import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class Shown {
    var on = false
}

/// Insertion and removal transitions.
@MainActor
@Suite struct TransitionTests {
    private struct V: View {
        let shown: Shown
        let transition: AnyTransition?
        var body: some View {
            ZStack {
                Color.blue.frame(width: 100, height: 100)
                if shown.on {
                    if let transition {
                        Color.red.frame(width: 50, height: 50).transition(transition)
                    } else {
                        Color.red.frame(width: 50, height: 50)
                    }
                }
            }
        }
    }

    private let blue = "fill rect [0,0 100x100] rgb(0,122,255)"
    private let red = "fill rect [25,25 50x50] rgb(255,59,48)"

    @Test func defaultOpacityTransitionKeepsTheViewUntilItsRemovalEnds() {
        let shown = Shown()
        let graph = makeGraph(V(shown: shown, transition: nil), width: 100, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { shown.on = true }
        #expect(graph.update(at: 0).description == "\(blue)\nlayer opacity 0\n  \(red)")
        #expect(graph.update(at: 0.5).description == "\(blue)\nlayer opacity 0.5\n  \(red)")
        #expect(graph.update(at: 1).description == "\(blue)\n\(red)" && !graph.isAnimating)
        withAnimation(.linear(duration: 1)) { shown.on = false }
        #expect(graph.update(at: 2).description == "\(blue)\n\(red)")
        #expect(graph.update(at: 2.5).description == "\(blue)\nlayer opacity 0.5\n  \(red)")
        #expect(graph.layoutDescription.contains("[25,25 50x50]"))  // still in the graph while it leaves
        #expect(graph.update(at: 3).description == blue && !graph.isAnimating && !graph.needsUpdate)
        #expect(!graph.layoutDescription.contains("[25,25 50x50]"))
    }

    @Test func unanimatedChangesInsertAndRemoveAtOnce() {
        let shown = Shown()
        let graph = makeGraph(V(shown: shown, transition: .scale), width: 100, height: 100)
        graph.update(at: 0)
        shown.on = true
        #expect(graph.update(at: 0).description == "\(blue)\n\(red)" && !graph.isAnimating)
        shown.on = false
        #expect(graph.update(at: 0).description == blue && !graph.isAnimating)
    }

    @Test func moveScaleSlideAsymmetricAndCombined() {
        func frames(_ transition: AnyTransition) -> (insertMid: String, removeMid: String) {
            let shown = Shown()
            let graph = makeGraph(V(shown: shown, transition: transition), width: 100, height: 100)
            graph.update(at: 0)
            withAnimation(.linear(duration: 1)) { shown.on = true }
            graph.update(at: 0)
            let insertMid = graph.update(at: 0.5).description
            graph.update(at: 1)
            withAnimation(.linear(duration: 1)) { shown.on = false }
            graph.update(at: 2)
            let removeMid = graph.update(at: 2.5).description
            graph.update(at: 3)
            graph.update(at: 3)
            #expect(graph.displayList.description == blue)
            return (insertMid, removeMid)
        }
        let move = frames(.move(edge: .top))
        #expect(move.insertMid == "\(blue)\nlayer transform [1.0, 0.0, 0.0, 1.0, 0.0, -25.0]\n  \(red)")
        let scale = frames(.scale)
        #expect(scale.insertMid == "\(blue)\nlayer transform [0.5, 0.0, 0.0, 0.5, 25.0, 25.0]\n  \(red)")
        let slide = frames(.slide)
        #expect(slide.insertMid == "\(blue)\nlayer transform [1.0, 0.0, 0.0, 1.0, -25.0, 0.0]\n  \(red)")
        #expect(slide.removeMid == "\(blue)\nlayer transform [1.0, 0.0, 0.0, 1.0, 25.0, 0.0]\n  \(red)")
        let asymmetric = frames(.asymmetric(insertion: .identity, removal: .opacity))
        #expect(asymmetric.insertMid == "\(blue)\n\(red)")
        #expect(asymmetric.removeMid == "\(blue)\nlayer opacity 0.5\n  \(red)")
        let push = frames(.push(from: .top))
        #expect(
            push.insertMid
                == "\(blue)\nlayer opacity 0.5\n  layer transform [1.0, 0.0, 0.0, 1.0, 0.0, -25.0]\n    \(red)")
        #expect(
            push.removeMid
                == "\(blue)\nlayer opacity 0.5\n  layer transform [1.0, 0.0, 0.0, 1.0, 0.0, 25.0]\n    \(red)")
        // Phased transitions are built into the view: a modifier between two states, a `Transition`.
        let fade = frames(.modifier(active: Fade(amount: 0), identity: Fade(amount: 1)))
        #expect(fade.insertMid == "\(blue)\nlayer opacity 0.5\n  \(red)" && fade.removeMid == fade.insertMid)
        let slideBy = frames(AnyTransition(SlideBy()))
        #expect(slideBy.insertMid == "\(blue)\nfill rect [5,25 50x50] rgb(255,59,48)", "\(slideBy)")
        #expect(slideBy.removeMid == "\(blue)\nfill rect [45,25 50x50] rgb(255,59,48)", "\(slideBy)")
        let mixed = frames(
            .asymmetric(insertion: .modifier(active: Fade(amount: 0), identity: Fade(amount: 1)), removal: .scale))
        #expect(mixed.insertMid == "\(blue)\nlayer opacity 0.5\n  \(red)")
        #expect(mixed.removeMid == "\(blue)\nlayer transform [0.5, 0.0, 0.0, 0.5, 25.0, 25.0]\n  \(red)")
        let combined = frames(AnyTransition.opacity.combined(with: .move(edge: .leading)))
        #expect(
            combined.insertMid
                == "\(blue)\nlayer opacity 0.5\n  layer transform [1.0, 0.0, 0.0, 1.0, -25.0, 0.0]\n    \(red)")
    }

    private struct Fade: ViewModifier {
        let amount: Double
        func body(content: Content) -> some View { content.opacity(amount) }
    }

    private struct SlideBy: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View { content.offset(x: phase.value * 40) }
    }

    @Test func blurReplaceBlursScalesAndFades() {
        struct B: View {
            let shown: Shown
            var body: some View {
                ZStack {
                    if shown.on { Color.red.frame(width: 50, height: 50).transition(.blurReplace) }
                }
                .frame(width: 100, height: 100)
            }
        }
        let shown = Shown()
        let graph = makeGraph(B(shown: shown), width: 100, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { shown.on = true }
        graph.update(at: 0)
        let mid = graph.update(at: 0.5).description
        #expect(mid.contains("opacity 0.5") && mid.contains("blur 5") && mid.contains("[0.9, 0.0, 0.0, 0.9"), "\(mid)")
        #expect(graph.update(at: 1).description == red && !graph.isAnimating)
    }

    /// A custom view whose body is two views: a transition on it applies to each of them.
    private struct Pair: View {
        var body: some View {
            Color.red.frame(width: 50, height: 50)
            Color.green.frame(width: 10, height: 10)
        }
    }

    private struct WithPair: View {
        let shown: Shown
        var body: some View {
            ZStack {
                Color.blue.frame(width: 100, height: 100)
                if shown.on { Pair().transition(.opacity) }
            }
        }
    }

    @Test func aTransitionOnACustomViewAppliesToEachOfItsViewsAndTheViewLeavesAfterThem() {
        let shown = Shown()
        let graph = makeGraph(WithPair(shown: shown), width: 100, height: 100)
        let green = "fill rect [45,45 10x10] rgb(52,199,89)"
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { shown.on = true }
        graph.update(at: 0)
        #expect(
            graph.update(at: 0.5).description == "\(blue)\nlayer opacity 0.5\n  \(red)\nlayer opacity 0.5\n  \(green)")
        #expect(graph.update(at: 1).description == "\(blue)\n\(red)\n\(green)" && !graph.isAnimating)
        withAnimation(.linear(duration: 1)) { shown.on = false }
        graph.update(at: 2)
        #expect(
            graph.update(at: 2.5).description == "\(blue)\nlayer opacity 0.5\n  \(red)\nlayer opacity 0.5\n  \(green)")
        #expect(allNodes(graph).contains { $0 is CompositeNode<Pair> })  // still in the graph while its views leave
        graph.update(at: 3)
        #expect(graph.update(at: 3).description == blue && !graph.isAnimating)
        #expect(!allNodes(graph).contains { $0 is CompositeNode<Pair> })
    }
}

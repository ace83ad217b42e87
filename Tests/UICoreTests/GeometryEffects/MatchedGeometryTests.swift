import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class HeroState {
    var expanded = false
}

/// A thumbnail at the top-leading corner that becomes a card further in: one view moving, as a hero.
private struct Hero: View {
    let state: HeroState
    @Namespace var namespace
    var body: some View {
        ZStack(alignment: .topLeading) {
            if state.expanded {
                Color.red.matchedGeometryEffect(id: "card", in: namespace)
                    .frame(width: 100, height: 60)
                    .padding(.leading, 40).padding(.top, 20)
            } else {
                Color.red.matchedGeometryEffect(id: "card", in: namespace).frame(width: 20, height: 20)
            }
        }
        .frame(width: 200, height: 100, alignment: .topLeading)
    }
}

/// Views that take their geometry from one source: placed before it, so the source is placed after them.
private struct Followers: View {
    let properties: MatchedGeometryProperties
    @Namespace var namespace
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Color.green.matchedGeometryEffect(id: 7, in: namespace, properties: properties, isSource: false)
                .frame(width: 10, height: 10)
            Color.red.matchedGeometryEffect(
                id: 7, in: namespace, properties: properties, anchor: .topLeading, isSource: false
            )
            .frame(width: 10, height: 10)
            Color.blue.frame(width: 80, height: 40).matchedGeometryEffect(id: 7, in: namespace)
        }
        .frame(width: 100, height: 100, alignment: .topLeading)
    }
}

@MainActor
@Suite struct MatchedGeometryTests {
    private let red = "rgb(255,59,48)"

    @Test func anInsertedSourceAnimatesFromTheRemovedOnesFrameWhichFollowsIt() {
        let state = HeroState()
        let graph = makeGraph(Hero(state: state), width: 200, height: 100)
        #expect(graph.update(at: 0).description == "fill rect [0,0 20x20] \(red)")
        withAnimation(.linear(duration: 1)) { state.expanded = true }
        // At the start both are where the thumbnail was: the card fades in, the thumbnail out.
        let start = graph.update(at: 0).description
        #expect(start.components(separatedBy: "fill rect [0,0 20x20] \(red)").count == 3, "\(start)")
        // Half-way: the frame is half-way from (0,0 20x20) to (40,20 100x60), for both views.
        let mid = graph.update(at: 0.5).description
        #expect(mid.components(separatedBy: "fill rect [20,10 60x40] \(red)").count == 3, "\(mid)")
        #expect(mid.components(separatedBy: "layer opacity 0.5").count == 3, "\(mid)")
        graph.update(at: 1)
        #expect(graph.update(at: 1).description == "fill rect [40,20 100x60] \(red)")
        #expect(!graph.isAnimating)
        // And back, with a spring: it ends at the thumbnail.
        withAnimation(.spring(duration: 0.3)) { state.expanded = false }
        graph.update(at: 2)
        let back = graph.update(at: 2.1).description
        #expect(!back.contains("[0,0 20x20]") && !back.contains("[40,20 100x60]"), "\(back)")
        graph.update(at: 5)
        #expect(graph.update(at: 5).description == "fill rect [0,0 20x20] \(red)" && !graph.isAnimating)
    }

    @Test func withoutAnimationTheSwapIsImmediate() {
        let state = HeroState()
        let graph = makeGraph(Hero(state: state), width: 200, height: 100)
        graph.update(at: 0)
        state.expanded = true
        #expect(graph.update(at: 0).description == "fill rect [40,20 100x60] \(red)" && !graph.isAnimating)
    }

    @Test func nonSourceViewsTakeTheSourcesFramePositionOrSize() {
        let source = "fill rect [0,20 80x40] rgb(0,122,255)"
        let whole = makeGraph(Followers(properties: .frame), width: 100, height: 100)
        #expect(
            whole.update(at: 0).description
                == "fill rect [0,20 80x40] rgb(52,199,89)\nfill rect [0,20 80x40] \(red)\n\(source)",
            "\(whole.displayList)")
        // Position only: each keeps its size; its anchor goes to the source's same anchor.
        let position = makeGraph(Followers(properties: .position), width: 100, height: 100)
        #expect(
            position.update(at: 0).description
                == "fill rect [35,35 10x10] rgb(52,199,89)\nfill rect [0,20 10x10] \(red)\n\(source)",
            "\(position.displayList)")
        // Size only: each keeps its place (its anchor where it was) at the source's size.
        let size = makeGraph(Followers(properties: .size), width: 100, height: 100)
        #expect(
            size.update(at: 0).description
                == "fill rect [-35,-15 80x40] rgb(52,199,89)\nfill rect [0,10 80x40] \(red)\n\(source)",
            "\(size.displayList)")
        // Layout around them is unchanged: the stack still gives them 10×10.
        #expect(
            approx(
                frame(of: "matchedGeometryEffect", in: size, occurrence: 1), CGRect(x: 0, y: 10, width: 10, height: 10))
        )
    }

    @Test func namespacesAreDistinctPerViewAndStableAcrossUpdates() {
        struct Probe: View {
            @Namespace var a
            @Namespace var b
            let seen: (Namespace.ID, Namespace.ID) -> Void
            var body: some View {
                seen(a, b)
                return Color.clear
            }
        }
        var ids: [(Namespace.ID, Namespace.ID)] = []
        let graph = makeGraph(Probe { ids.append(($0, $1)) }, width: 10, height: 10)
        graph.update(at: 0)
        graph.setRoot(Probe { ids.append(($0, $1)) })
        graph.update(at: 0)
        #expect(ids.count == 2 && ids[0].0 != ids[0].1 && ids[0].0 == ids[1].0 && ids[0].1 == ids[1].1)
    }

    /// A namespace's storage, installed again by the same view value when the view updates itself, goes away
    /// with the view and its graph.
    @Test func aNamespaceIsReleasedWithItsGraph() {
        struct Holder: View {
            let state: HeroState
            let seen: (NamespaceStorage) -> Void
            @Namespace var namespace
            var body: some View {
                seen(_namespace.storage)
                return Color.red.matchedGeometryEffect(id: "card", in: namespace)
                    .frame(width: state.expanded ? 100 : 20, height: 20)
            }
        }
        var storages: [Weak<NamespaceStorage>] = []
        var graph: Weak<ViewGraph>?
        do {
            let state = HeroState()
            let built = makeGraph(Holder(state: state) { storages.append(Weak($0)) }, width: 200, height: 100)
            built.update(at: 0)
            state.expanded = true
            built.update(at: 0)
            #expect(frame(of: "matchedGeometryEffect", in: built)?.width == 100)
            graph = Weak(built)
        }
        #expect(storages.count >= 2)
        #expect(graph?.value == nil)
        #expect(storages.allSatisfy { $0.value == nil })
    }
}

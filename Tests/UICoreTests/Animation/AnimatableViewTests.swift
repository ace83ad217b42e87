import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class Level {
    var value: Double = 0
}

/// A custom modifier whose data animates: its body sees the presented value each frame.
private struct Shift: ViewModifier, Animatable {
    var amount: Double
    var animatableData: Double {
        get { amount }
        set { amount = newValue }
    }
    func body(content: Content) -> some View { content.offset(x: amount) }
}

/// A custom view whose data animates.
private struct Bar: View, Animatable {
    var fraction: Double
    var animatableData: Double {
        get { fraction }
        set { fraction = newValue }
    }
    var body: some View { Color.blue.frame(width: 100 * fraction, height: 10) }
}

@MainActor
@Suite struct AnimatableViewTests {
    @Test func customAnimatableModifierEvaluatesItsBodyEachFrame() {
        struct V: View {
            let level: Level
            var body: some View { Color.red.frame(width: 10, height: 10).modifier(Shift(amount: level.value)) }
        }
        let level = Level()
        let graph = makeGraph(V(level: level), width: 100, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { level.value = 40 }
        #expect(graph.update(at: 0).description == "fill rect [45,45 10x10] rgb(255,59,48)")
        #expect(graph.update(at: 0.25).description == "fill rect [55,45 10x10] rgb(255,59,48)")
        #expect(graph.update(at: 1).description == "fill rect [85,45 10x10] rgb(255,59,48)" && !graph.isAnimating)
    }

    @Test func customAnimatableViewEvaluatesItsBodyEachFrame() {
        struct V: View {
            let level: Level
            var body: some View { Bar(fraction: level.value) }
        }
        let level = Level()
        let graph = makeGraph(V(level: level), width: 200, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 2)) { level.value = 1 }
        graph.update(at: 0)
        #expect(graph.update(at: 1).description == "fill rect [75,45 50x10] rgb(0,122,255)")
        #expect(graph.update(at: 2).description == "fill rect [50,45 100x10] rgb(0,122,255)" && !graph.isAnimating)
        // Without animation it snaps.
        level.value = 0.5
        #expect(graph.update(at: 3).description == "fill rect [75,45 50x10] rgb(0,122,255)" && !graph.isAnimating)
    }
}

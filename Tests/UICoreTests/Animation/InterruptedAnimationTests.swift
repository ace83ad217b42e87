import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class Dimmer {
    var dimmed = false
}

/// An animation interrupting a running one: timing curves run beside it and add up, springs merge.
@MainActor
@Suite struct InterruptedAnimationTests {
    private struct Card: View {
        let dimmer: Dimmer
        var body: some View {
            Color.blue.frame(width: 100, height: 100).opacity(dimmer.dimmed ? 0.5 : 1)
        }
    }

    @Test func anInterruptingTimingCurveRunsBesideTheRunningOne() {
        let dimmer = Dimmer()
        let graph = makeGraph(Card(dimmer: dimmer), width: 300, height: 300)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { dimmer.dimmed = true }
        graph.update(at: 0)
        #expect(graph.update(at: 0.5).description.hasPrefix("layer opacity 0.75\n"))
        withAnimation(.linear(duration: 1)) { dimmer.dimmed = false }
        // The first animation still goes 1 → 0.5 (at 1 s: done, -0.5) and the second 0.5 → 1 (half way,
        // +0.25): 1 - 0.5 + 0.25. Restarting from the presented 0.75 would give 0.875.
        #expect(graph.update(at: 0.5).description.hasPrefix("layer opacity 0.75\n"))
        #expect(graph.update(at: 1).description.hasPrefix("layer opacity 0.75\n"))
        #expect(graph.update(at: 1.3).description.hasPrefix("layer opacity 0.9\n"))
        #expect(graph.update(at: 1.5).description == "fill rect [100,100 100x100] rgb(0,122,255)")
        #expect(!graph.isAnimating)
    }

    @Test func timingCurvesAddUpInEveryAnimatedProperty() {
        var vector = AnimatedVector()
        _ = vector.set([1], animation: nil, at: 0)
        _ = vector.set([0.5], animation: .linear(duration: 1), at: 0)
        _ = vector.set([1], animation: .linear(duration: 1), at: 0.5)
        #expect(vector.presented(at: 1) == [0.75])
        let vectorRunsAt1 = vector.finishIfComplete(at: 1)
        let vectorRunsAt1_5 = vector.finishIfComplete(at: 1.5)
        #expect(vectorRunsAt1 && !vectorRunsAt1_5 && vector.presented(at: 1.5) == [1])

        var value = AnimatedValue(1.0)
        _ = value.set(0.5, animation: .linear(duration: 1), at: 0)
        _ = value.set(1, animation: .linear(duration: 1), at: 0.5)
        #expect(value.presented(at: 1) == 0.75)
        let valueRunsAt1 = value.finishIfComplete(at: 1)
        let valueRunsAt1_5 = value.finishIfComplete(at: 1.5)
        #expect(valueRunsAt1 && !valueRunsAt1_5 && value.presented(at: 1.5) == 1)
    }

    @Test func aSpringMergesWithWhatRuns() {
        var vector = AnimatedVector()
        _ = vector.set([1], animation: nil, at: 0)
        _ = vector.set([0.5], animation: .linear(duration: 1), at: 0)
        _ = vector.set([1], animation: .spring(response: 0.5, dampingFraction: 1), at: 0.5)
        // It starts where the value is (0.75) with its velocity (-0.5 per second), and nothing else runs.
        #expect(abs(vector.presented(at: 0.5)[0] - 0.75) < 1e-9)
        #expect(abs(vector.velocity(at: 0.5)[0] + 0.5) < 1e-9)
        #expect(abs(vector.presented(at: 5)[0] - 1) < 1e-3)
        let runsAt5 = vector.finishIfComplete(at: 5)
        #expect(!runsAt5)
    }
}

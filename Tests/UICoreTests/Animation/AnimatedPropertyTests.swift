import CompositorHarness
import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class Knobs {
    var on = false
    var other = false
    var x: CGFloat = 0
}

/// Property animations in a view graph on a virtual clock.
@MainActor
@Suite struct AnimatedPropertyTests {
    private struct Card: View {
        let knobs: Knobs
        var body: some View {
            Color.blue.frame(width: 100, height: 100)
                .shadow(radius: knobs.on ? 8 : 0)
                .opacity(knobs.other ? 0.5 : 1)
                .offset(x: knobs.x)
        }
    }

    private func card(_ knobs: Knobs) -> (ViewGraph, (Double) -> String) {
        let graph = makeGraph(Card(knobs: knobs), width: 300, height: 300)
        graph.update(at: 0)
        return (graph, { graph.update(at: $0).description })
    }

    @Test func withAnimationLinearProgressIsExact() {
        let knobs = Knobs()
        let (graph, at) = card(knobs)
        withAnimation(.linear(duration: 1)) { knobs.on = true }
        #expect(graph.needsUpdate)
        #expect(!at(10).contains("shadow") && graph.isAnimating)  // 0 %: radius 0, nothing drawn
        #expect(at(10.25).hasPrefix("layer shadow rgba(0,0,0,0.33) radius 2 offset"))
        #expect(at(10.5).hasPrefix("layer shadow rgba(0,0,0,0.33) radius 4 offset"))
        #expect(graph.isAnimating)
        #expect(at(11).hasPrefix("layer shadow rgba(0,0,0,0.33) radius 8 offset"))
        // Over: the host may stop asking for frames.
        #expect(!graph.isAnimating && !graph.needsUpdate)
    }

    @Test func changesWithoutAnimationSnap() {
        let knobs = Knobs()
        let (graph, at) = card(knobs)
        knobs.on = true
        #expect(
            at(1).hasPrefix("layer shadow rgba(0,0,0,0.33) radius 8 offset") && !graph.isAnimating && !graph.needsUpdate
        )
    }

    @Test func offsetAnimatesItsPlacement() {
        let knobs = Knobs()
        let (graph, at) = card(knobs)
        withAnimation(.easeInOut(duration: 2)) { knobs.x = 100 }
        #expect(at(0) == "fill rect [100,100 100x100] rgb(0,122,255)")
        #expect(at(1) == "fill rect [150,100 100x100] rgb(0,122,255)")  // the curve's midpoint
        #expect(at(2) == "fill rect [200,100 100x100] rgb(0,122,255)" && !graph.isAnimating)
        // Hit testing follows what is drawn.
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 250, y: 150)) != nil)
    }

    @Test func springInterruptionKeepsValueAndVelocity() {
        var property = AnimatedVector()
        _ = property.set([0], animation: nil, at: 0)
        let started = property.set([100], animation: .spring(response: 0.5, dampingFraction: 0.7), at: 0)
        #expect(started)
        let before = (property.presented(at: 0.2)[0], property.velocity(at: 0.2)[0])
        #expect(before.0 > 10 && before.1 > 10)
        // Retargeted mid-flight: same value, same velocity at the moment of the change, then it heads back.
        let retargeted = property.set([-50], animation: .spring(response: 0.3, dampingFraction: 1), at: 0.2)
        #expect(retargeted)
        #expect(abs(property.presented(at: 0.2)[0] - before.0) < 1e-9)
        #expect(abs(property.velocity(at: 0.2)[0] - before.1) < 1e-9)
        // No jump just after either (finite differences agree with the velocity).
        let h = 1e-5
        let slope = (property.presented(at: 0.2 + h)[0] - property.presented(at: 0.2)[0]) / h
        #expect(abs(slope - before.1) < 0.01 * abs(before.1))
        #expect(abs(property.presented(at: 5)[0] + 50) < 1e-3)
        let running = property.finishIfComplete(at: 5)
        #expect(!running)
        #expect(property.presented(at: 5) == [-50])
    }

    @Test func curveInterruptionRunsBesideTheRunningAnimation() {
        let knobs = Knobs()
        let (graph, at) = card(knobs)
        withAnimation(.linear(duration: 1)) { knobs.x = 100 }
        _ = at(0)
        #expect(at(0.5) == "fill rect [150,100 100x100] rgb(0,122,255)")
        withAnimation(.linear(duration: 1)) { knobs.x = 0 }
        #expect(at(0.5) == "fill rect [150,100 100x100] rgb(0,122,255)")  // no jump
        // The first animation ends at +100 while the second, half way, has taken 50 off.
        #expect(at(1) == "fill rect [150,100 100x100] rgb(0,122,255)")
        #expect(at(1.5) == "fill rect [100,100 100x100] rgb(0,122,255)" && !graph.isAnimating)
    }

    private struct Implicit: View {
        let knobs: Knobs
        var body: some View {
            Color.blue.frame(width: 100, height: 100)
                .shadow(radius: knobs.on || knobs.other ? 8 : 0)
                .animation(.linear(duration: 1), value: knobs.on)
                .opacity(knobs.on ? 0.5 : 1)
        }
    }

    @Test func animationValueAnimatesOnlyItsValuesChangesAndOnlyBeforeIt() {
        let knobs = Knobs()
        let graph = makeGraph(Implicit(knobs: knobs), width: 300, height: 300)
        graph.update(at: 0)
        // An unrelated change (the watched value is the same): the shadow snaps.
        knobs.other = true
        #expect(
            graph.update(at: 1).description.hasPrefix("layer shadow rgba(0,0,0,0.33) radius 8 offset")
                && !graph.isAnimating)
        knobs.other = false
        graph.update(at: 2)
        #expect(!graph.displayList.description.contains("shadow"))
        // The watched value changes: the shadow (before the modifier) animates, the opacity (after it) snaps.
        knobs.on = true
        #expect(graph.update(at: 3).description == "layer opacity 0.5\n  fill rect [100,100 100x100] rgb(0,122,255)")
        #expect(graph.isAnimating)
        #expect(
            graph.update(at: 3.5).description.hasPrefix(
                "layer opacity 0.5\n  layer shadow rgba(0,0,0,0.33) radius 4 offset"))
        #expect(
            graph.update(at: 4).description.hasPrefix(
                "layer opacity 0.5\n  layer shadow rgba(0,0,0,0.33) radius 8 offset"))
        #expect(!graph.isAnimating)
    }

    @Test func withAnimationReachesEffectsAfterAnAnimationModifierToo() {
        let knobs = Knobs()
        let graph = makeGraph(Implicit(knobs: knobs), width: 300, height: 300)
        graph.update(at: 0)
        withAnimation(.linear(duration: 2)) { knobs.on = true }
        // The shadow uses the modifier's 1 s animation; the opacity after it the transaction's 2 s one.
        #expect(graph.update(at: 1).description == "fill rect [100,100 100x100] rgb(0,122,255)")  // both begin now
        #expect(
            graph.update(at: 2).description
                == "layer opacity 0.75\n  layer shadow rgba(0,0,0,0.33) radius 8 offset 0x0\n    fill rect [100,100 100x100] rgb(0,122,255)"
        )
        #expect(graph.update(at: 3).description.hasPrefix("layer opacity 0.5\n") && !graph.isAnimating)
    }

    @Test func idleGraphAsksForNoFrames() {
        let knobs = Knobs()
        var requests = 0
        let graph = makeGraph(Card(knobs: knobs), width: 300, height: 300)
        graph.onNeedsUpdate = { requests += 1 }
        graph.update(at: 0)
        #expect(!graph.needsUpdate && !graph.isAnimating)
        withAnimation(.linear(duration: 0.1)) { knobs.on = true }
        #expect(requests == 1)
        var frames = 0
        var time = 0.0
        while graph.needsUpdate || graph.isAnimating {
            time += 1.0 / 60
            graph.update(at: time)
            frames += 1
        }
        #expect((6...8).contains(frames))  // 0.1 s at 60 Hz from the frame that applied the change, then nothing
        let idleRequests = requests
        #expect(!graph.needsUpdate && graph.animations.animatingNodeCount == 0)
        #expect(requests == idleRequests)
    }
}

@Observable @MainActor private final class Size {
    var wide = false
}

/// Fixed frame sizes animate, and the layout around them follows.
@MainActor
@Suite struct FrameAnimationTests {
    private struct V: View {
        let size: Size
        var body: some View {
            HStack(spacing: 0) {
                Color.blue.frame(width: size.wide ? 100 : 50, height: 20)
                Color.red.frame(width: 10, height: 20)
            }
        }
    }

    @Test func frameWidthAnimatesAndNeighboursMove() {
        let size = Size()
        let graph = makeGraph(V(size: size), width: 200, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { size.wide = true }
        graph.update(at: 0)
        #expect(
            graph.update(at: 0.5).description
                == "fill rect [57.5,40 75x20] rgb(0,122,255)\nfill rect [132.5,40 10x20] rgb(255,59,48)")
        #expect(
            graph.update(at: 1).description
                == "fill rect [45,40 100x20] rgb(0,122,255)\nfill rect [145,40 10x20] rgb(255,59,48)")
        #expect(!graph.isAnimating)
    }
}

@Observable @MainActor private final class Spot {
    var right = false
}

@MainActor
@Suite struct PositionAnimationTests {
    @Test func positionAnimatesWithASpringAndSettles() {
        struct V: View {
            let spot: Spot
            var body: some View { Color.red.frame(width: 10, height: 10).position(x: spot.right ? 90 : 10, y: 50) }
        }
        let spot = Spot()
        let graph = makeGraph(V(spot: spot), width: 100, height: 100)
        graph.update(at: 0)
        withAnimation(.spring(response: 0.5, dampingFraction: 1)) { spot.right = true }
        #expect(graph.update(at: 0).description == "fill rect [5,45 10x10] rgb(255,59,48)")
        let x = 10 + 80 * Animation.spring(response: 0.5, dampingFraction: 1).fraction(at: 0.2)
        #expect(graph.update(at: 0.2).description == "fill rect [\(fmt(x - 5)),45 10x10] rgb(255,59,48)")
        var t = 0.2
        while graph.isAnimating && t < 5 {
            t += 1.0 / 60
            graph.update(at: t)
        }
        #expect(t < 2 && graph.displayList.description == "fill rect [85,45 10x10] rgb(255,59,48)")
    }
}

@Observable @MainActor private final class Ping {
    var on = false
}

@MainActor
@Suite struct AnimationFrameRequestTests {
    private struct V: View {
        let ping: Ping
        var body: some View { Color.blue.frame(width: 10, height: 10).opacity(ping.on ? 0 : 1) }
    }

    /// The host ignores `onNeedsUpdate` while it draws: the graph asks again once the update is over,
    /// for as long as something animates, and not at all once nothing does.
    @Test func animatingGraphAsksForTheNextFrameAfterTheUpdate() async throws {
        let ping = Ping()
        let graph = makeGraph(V(ping: ping), width: 10, height: 10)
        var requests = 0
        graph.onNeedsUpdate = { requests += 1 }
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { ping.on = true }
        #expect(requests == 1)
        graph.update(at: 0.1)
        #expect(await waitUntil { requests == 2 })
        graph.update(at: 1.1)  // over
        #expect(!graph.isAnimating)
        try await Task.sleep(for: .milliseconds(50))
        #expect(requests == 2)
    }
}

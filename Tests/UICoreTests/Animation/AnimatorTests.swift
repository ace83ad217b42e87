import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class Taps {
    var count = 0
}

private struct Pose {
    var scale = 1.0
    var offset: CGFloat = 0
    var angle = Angle.zero
}

private let red = "fill rect [0,0 10x10] rgb(255,59,48)"

/// Keyframe timelines, keyframe animators and phase animators, sampled on the virtual clock.
@MainActor
@Suite(.serialized) struct AnimatorTests {
    private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func keyframeTimelineTracksAreExact() {
        let timeline = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(2.0, duration: 1)
                MoveKeyframe(0.5)
                LinearKeyframe(1.0, duration: 0.5, timingCurve: .easeIn)
            }
            KeyframeTrack(\.offset) {
                CubicKeyframe(10, duration: 1, startVelocity: 0, endVelocity: 0)
                CubicKeyframe(0, duration: 1)
            }
            KeyframeTrack(\.angle) {
                SpringKeyframe(.degrees(90), duration: 0.5, spring: Spring(duration: 0.5, bounce: 0))
            }
        }
        #expect(timeline.duration == 2)
        #expect(near(timeline.value(time: 0.5).scale, 1.5))
        // The move applies at its time: the last segment starts from 0.5.
        #expect(near(timeline.value(time: 1).scale, 0.5))
        #expect(abs(UnitCurve.easeIn.value(at: 0.5) - 0.3153568) < 1e-6)
        #expect(near(timeline.value(time: 1.25).scale, 0.5 + 0.5 * UnitCurve.easeIn.value(at: 0.5)))
        #expect(timeline.value(time: 1.75).scale == 1)
        // Hermite with zero end velocities: 3s² − 2s³ of the way.
        #expect(near(Double(timeline.value(time: 0.25).offset), 1.5625))
        // Back down with the slope between its neighbours (0 → 0 over 2 s: flat) and at rest at the end.
        #expect(near(Double(timeline.value(time: 1.5).offset), 5))
        // A critically damped spring (ω = 4π) from 0 towards 90°, cut off after 0.5 s where it is then.
        let omega = 4 * Double.pi
        func spring(_ t: Double) -> Double { .pi / 2 - .pi / 2 * (1 + omega * t) * exp(-omega * t) }
        #expect(near(timeline.value(time: 0.25).angle.radians, spring(0.25)))
        #expect(near(timeline.value(time: 2).angle.radians, spring(0.5)))
        // Outside the timeline: clamped; NaN time: the start.
        #expect(timeline.value(time: -1).scale == 1 && timeline.value(time: 9).scale == 1)
        #expect(timeline.value(time: Double.nan).offset == 0)
        #expect(near(timeline.value(progress: 0.25).scale, 1.5))
    }

    @Test func keyframeAnimatorPlaysOnEachTriggerFromWhereItEnded() {
        struct V: View {
            let taps: Taps
            var body: some View {
                Color.red.frame(width: 10, height: 10)
                    .keyframeAnimator(initialValue: 1.0, trigger: taps.count) { content, opacity in
                        content.opacity(opacity)
                    } keyframes: { start in
                        LinearKeyframe(start / 2, duration: 1)
                    }
            }
        }
        let taps = Taps()
        let graph = makeGraph(V(taps: taps), width: 10, height: 10)
        #expect(graph.update(at: 0).description == red && !graph.isAnimating)
        taps.count += 1
        graph.update(at: 0)
        #expect(graph.update(at: 0.5).description == "layer opacity 0.75\n  \(red)")
        #expect(graph.update(at: 1).description == "layer opacity 0.5\n  \(red)")
        #expect(!graph.isAnimating)
        #expect(graph.update(at: 3).description == "layer opacity 0.5\n  \(red)")
        // The next run starts from 0.5.
        taps.count += 1
        graph.update(at: 4)
        graph.update(at: 4.5)
        #expect(graph.update(at: 5).description == "layer opacity 0.25\n  \(red)")
    }

    @Test func repeatingKeyframesLoopAndStopWhenNotRepeating() {
        struct V: View {
            let repeating: Bool
            var body: some View {
                KeyframeAnimator(initialValue: CGFloat(0), repeating: repeating) { x in
                    Color.red.frame(width: 10, height: 10).offset(x: x)
                } keyframes: { _ in
                    LinearKeyframe(CGFloat(8), duration: 1)
                    LinearKeyframe(CGFloat(4), duration: 1)
                }
            }
        }
        let graph = makeGraph(V(repeating: true), width: 20, height: 10)
        graph.update(at: 0)
        #expect(graph.update(at: 0.25).description == "fill rect [7,0 10x10] rgb(255,59,48)")
        #expect(graph.update(at: 1.5).description == "fill rect [11,0 10x10] rgb(255,59,48)")
        #expect(graph.update(at: 2.25).description == "fill rect [7,0 10x10] rgb(255,59,48)" && graph.isAnimating)
        graph.setRoot(V(repeating: false))
        #expect(graph.update(at: 2.5).description == "fill rect [5,0 10x10] rgb(255,59,48)")
        graph.update(at: 2.6)
        #expect(!graph.isAnimating)
    }

    @Test func phaseAnimatorWithoutTriggerCyclesContinuously() {
        let view = Color.red.frame(width: 10, height: 10)
            .phaseAnimator([1.0, 0.0]) { content, opacity in
                content.opacity(opacity)
            } animation: { _ in
                .linear(duration: 1)
            }
        let graph = makeGraph(view, width: 10, height: 10)
        #expect(graph.update(at: 0).description == red && graph.isAnimating)
        graph.update(at: 0)
        #expect(graph.update(at: 0.5).description == "layer opacity 0.5\n  \(red)")
        #expect(graph.update(at: 1).description == "layer opacity 0\n  \(red)")
        #expect(graph.update(at: 1.25).description == "layer opacity 0.25\n  \(red)")
        #expect(graph.update(at: 2).description == red)
        #expect(graph.update(at: 2.5).description == "layer opacity 0.5\n  \(red)" && graph.isAnimating)
    }

    @Test func springPhasesAdvanceAtTheSpringsLogicalCompletion() {
        // A critically damped spring of response 0.5 s is logically complete at 0.5 s (about 98.6 % of the way);
        // it settles (to a thousandth) only at about 0.73 s. The next phase starts at the former.
        let view = Color.red.frame(width: 10, height: 10)
            .phaseAnimator([0.0, 100.0]) { content, x in
                content.offset(x: x)
            } animation: { _ in
                .spring(response: 0.5, dampingFraction: 1)
            }
        let graph = makeGraph(view, width: 200, height: 10)
        func x(at time: Double) -> Double {
            let line = graph.update(at: time).description
            let start = line.index(line.firstIndex(of: "[")!, offsetBy: 1)
            // The square is centred (at 95) and offset by the phase's value.
            return Double(line[start..<line.firstIndex(of: ",")!])! - 95
        }
        graph.update(at: 0)
        // The first frame after the one that showed the first phase starts the change into the second.
        graph.update(at: 0)
        let omega = 2 * Double.pi / 0.5
        func towards100(_ t: Double) -> Double { 100 - 100 * (1 + omega * t) * exp(-omega * t) }
        #expect(abs(x(at: 0.25) - towards100(0.25)) < 0.01)
        #expect(abs(x(at: 0.49) - towards100(0.49)) < 0.01)
        let atCompletion = x(at: 0.5)
        #expect(abs(atCompletion - towards100(0.5)) < 0.01 && atCompletion < 99)
        // Heading back to 0 already (a spring that waited to settle would still be near 99.6 and rising).
        #expect(x(at: 0.6) < atCompletion - 5)
        // And the phase after that starts at 1.0 s.
        let low = x(at: 1)
        #expect(low < 3 && x(at: 1.1) > low + 5)
    }

    @Test func phaseAnimatorWithTriggerPlaysEveryPhaseOnceAndReturns() {
        struct V: View {
            let taps: Taps
            var body: some View {
                PhaseAnimator([1.0, 0.0, 0.5], trigger: taps.count) { opacity in
                    Color.red.frame(width: 10, height: 10).opacity(opacity)
                } animation: { phase in
                    phase == 0.5 ? .linear(duration: 2) : .linear(duration: 1)
                }
            }
        }
        let taps = Taps()
        let graph = makeGraph(V(taps: taps), width: 10, height: 10)
        #expect(graph.update(at: 0).description == red && !graph.isAnimating)
        #expect(graph.update(at: 5).description == red)
        taps.count = 1
        graph.update(at: 10)
        #expect(graph.update(at: 10.5).description == "layer opacity 0.5\n  \(red)")
        // Into 0.5 over 2 s, then back to 1 over 1 s; then it rests.
        graph.update(at: 11)
        #expect(graph.update(at: 12).description == "layer opacity 0.25\n  \(red)")
        graph.update(at: 13)
        #expect(graph.update(at: 13.5).description == "layer opacity 0.75\n  \(red)")
        graph.update(at: 14)
        #expect(graph.update(at: 14).description == red && !graph.isAnimating)
    }

    @Test func badKeyframesAndPhasesDrawNothingLogOnceAndNeverCrash() {
        withCapturedInvalidValueLog { log in
            let view = VStack(spacing: 0) {
                Color.red.frame(width: 10, height: 10)
                    .keyframeAnimator(initialValue: 1.0) { content, scale in
                        content.scaleEffect(scale)
                    } keyframes: { _ in
                        LinearKeyframe(Double.nan, duration: 1)
                        LinearKeyframe(2.0, duration: .infinity)
                    }
                PhaseAnimator([Double]()) { opacity in Color.blue.opacity(opacity) }
                Color.black.frame(width: 10, height: 10)
            }
            let graph = makeGraph(view, width: 10, height: 20)
            graph.update(at: 0)
            graph.update(at: 0.5)
            #expect(graph.displayList.description == "fill rect [0,10 10x10] rgb(0,0,0)", "\(graph.displayList)")
            graph.update(at: 1.5)
            #expect(log.lines.count == 3, "\(log.lines)")
        }
    }
}

import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary
@testable import WaylandUI

/// What a window asks for after each frame (`WindowHost.afterFrame`), and a stand-in host driving timeline views
/// with it on the virtual clock: at each 60 Hz vsync it draws when a frame was asked for (and the compositor
/// sends frame callbacks) or a wake's time has come, as `WindowHost` does.
@MainActor
@Suite struct FramePacingTests {
    @Test func afterFrameAsksForNoAnimationFrameAndNoWakeWhileSuspended() {
        typealias Host = WindowHost
        #expect(Host.afterFrame(needsUpdate: false, isAnimating: true, nextWake: nil, suspended: false) == .frame)
        #expect(
            Host.afterFrame(needsUpdate: false, isAnimating: false, nextWake: 60, suspended: false) == .wake(at: 60))
        #expect(Host.afterFrame(needsUpdate: false, isAnimating: false, nextWake: nil, suspended: false) == .nothing)
        #expect(Host.afterFrame(needsUpdate: false, isAnimating: true, nextWake: 60, suspended: true) == .nothing)
        #expect(Host.afterFrame(needsUpdate: false, isAnimating: false, nextWake: 60, suspended: true) == .nothing)
        // A change made while the frame was drawn is drawn, suspended or not (onChange of the scene phase).
        #expect(Host.afterFrame(needsUpdate: true, isAnimating: false, nextWake: nil, suspended: true) == .frame)
    }

    /// A host stand-in: vsyncs at 60 Hz from `vsyncs`; frame callbacks come only while `callbacks(vsync)`;
    /// the window is suspended while `suspended(vsync)` (and a frame is asked for when it is shown again).
    @MainActor final class StandInHost {
        let graph: ViewGraph
        var wantsFrame = true
        var wakeAt: Double?
        var callbackPending = false
        var drawn: [Int] = []
        var wakes = 0
        var wasSuspended = false

        init<V: View>(_ view: V) {
            graph = ViewGraph(root: view, size: CGSize(width: 200, height: 40))
            graph.dateAtFrameTime = { Date(timeIntervalSinceReferenceDate: 600 + $0) }
        }

        func run(_ vsyncs: Range<Int>, callbacks: (Int) -> Bool = { _ in true }, suspended: (Int) -> Bool) {
            for vsync in vsyncs {
                let time = Double(vsync) / 60
                let isSuspended = suspended(vsync)
                if isSuspended {
                    wakeAt = nil
                } else if wasSuspended {
                    wantsFrame = true
                }
                wasSuspended = isSuspended
                if callbacks(vsync) { callbackPending = false }
                if let wake = wakeAt, wake <= time {
                    wakeAt = nil
                    wakes += 1
                    wantsFrame = true
                }
                // A frame is drawn only once the last one's callback came (ToplevelWindow's rule).
                guard wantsFrame, !callbackPending else { continue }
                wantsFrame = false
                graph.update(at: time)
                drawn.append(vsync)
                callbackPending = true
                switch WindowHost.afterFrame(
                    needsUpdate: graph.needsUpdate, isAnimating: graph.isAnimating,
                    nextWake: graph.animations.nextWakeTime, suspended: isSuspended)
                {
                case .frame: wantsFrame = true
                case .wake(let at): wakeAt = at
                case .nothing: wakeAt = nil
                }
            }
        }
    }

    struct Live: View {
        var body: some View {
            TimelineView(.animation) { context in
                Text(verbatim: "\(context.date.timeIntervalSinceReferenceDate)")
            }
        }
    }

    struct Minutes: View {
        var body: some View {
            TimelineView(.everyMinute) { context in
                Text(verbatim: "\(Int(context.date.timeIntervalSinceReferenceDate / 60))")
            }
        }
    }

    @Test func animationTimelineDrawsNothingWhileSuspendedAndGoesOnWhenShown() {
        let host = StandInHost(Live())
        // Shown for one second, suspended for ten, shown again for one.
        host.run(0..<60, suspended: { _ in false })
        #expect(host.drawn.count == 60)
        host.run(60..<660, suspended: { _ in true })
        // The frame asked for before the window was suspended, then nothing.
        #expect(host.drawn.count == 61 && host.drawn.last == 60)
        host.run(660..<720, suspended: { _ in false })
        #expect(host.drawn.count == 121 && host.drawn[61] == 660 && host.drawn.last == 719)
    }

    @Test func animationTimelineStopsWhenFrameCallbacksStopAndGoesOnWhenTheyCome() {
        // Hidden without a suspended state: the compositor just stops answering frame callbacks.
        let host = StandInHost(Live())
        host.run(0..<600, callbacks: { $0 < 30 || $0 >= 540 }, suspended: { _ in false })
        // Frames 0…29 (the last one's callback never comes), nothing for 510 vsyncs, then every vsync again.
        #expect(Array(host.drawn.prefix(30)) == Array(0...29))
        #expect(host.drawn.count == 90 && host.drawn[30] == 540)
    }

    @Test func everyMinuteTimelineWakesNotWhileSuspended() {
        let host = StandInHost(Minutes())
        // Ten minutes at 60 Hz: suspended from 1 min 23 s to 7 min 30 s.
        host.run(0..<36_000, suspended: { (5_000..<27_000).contains($0) })
        let minute = 3_600
        // The first frame, one at each minute boundary while shown, one when shown again; nothing while
        // suspended (the boundaries at minutes 2 to 7 pass unseen).
        #expect(host.drawn == [0, minute, 27_000, 8 * minute, 9 * minute])
        #expect(host.wakes == 3)
    }
}

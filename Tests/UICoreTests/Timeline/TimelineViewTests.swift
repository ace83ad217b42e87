import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor final class TimelineToggle {
    var show = true
}

/// Timeline views on the virtual clock: frame time t is the date `base + t` (seconds since the reference date).
@MainActor
@Suite struct TimelineViewTests {
    struct Clock<S: TimelineSchedule>: View {
        let schedule: S
        var body: some View {
            TimelineView(schedule) { context in
                Text(verbatim: String(format: "%.3f", context.date.timeIntervalSinceReferenceDate))
                    .frame(width: 200, height: 20)
            }
        }
    }

    func makeClockGraph<S: TimelineSchedule>(_ schedule: S, base: Double = 0) -> ViewGraph {
        let graph = makeGraph(Clock(schedule: schedule), width: 200, height: 20)
        graph.dateAtFrameTime = { Date(timeIntervalSinceReferenceDate: base + $0) }
        return graph
    }

    func shown(_ graph: ViewGraph) -> String? {
        func find(_ items: [DisplayItem]) -> String? {
            for item in items {
                if case .text(let t) = item { return t.string }
                if case .layer(let l) = item, let s = find(l.items) { return s }
            }
            return nil
        }
        return find(graph.displayList.items)
    }

    /// Apple, `TimelineSchedule.everyMinute`: "The schedule provides the first date as the beginning of the minute
    /// in which you use it to initialize the timeline view. For example, if you create the timeline view at
    /// `10:09:38`, the schedule's first entry is `10:09:00`." (and `EveryMinuteTimelineSchedule.entries(from:mode:)`:
    /// "for start dates of both `10:09:32` and `10:09:00`, the first entry in the sequence is `10:09:00`").
    @Test func everyMinuteShowsTheStartOfTheMinuteThenEachMinuteAndAsksForNoFrameInBetween() {
        let graph = makeClockGraph(.everyMinute, base: 30)
        graph.update(at: 0)
        #expect(shown(graph) == "0.000")
        // Idle between minutes: no animation, one wake at the next minute (date 60 = frame time 30).
        #expect(!graph.isAnimating && !graph.needsUpdate)
        #expect(graph.animations.nextWakeTime == 30)
        graph.update(at: 12)
        #expect(shown(graph) == "0.000" && graph.animations.nextWakeTime == 30)
        graph.update(at: 30)
        #expect(shown(graph) == "60.000" && graph.animations.nextWakeTime == 90 && !graph.isAnimating)
        // A late frame shows the minute it falls in.
        graph.update(at: 155)
        #expect(shown(graph) == "180.000" && graph.animations.nextWakeTime == 210)
    }

    @Test func animationScheduleShowsEachFramesOwnDate() {
        let graph = makeClockGraph(.animation, base: 100)
        graph.update(at: 0)
        #expect(shown(graph) == "100.000" && graph.isAnimating)
        graph.update(at: 0.016)
        #expect(shown(graph) == "100.016")
        graph.update(at: 0.5)
        #expect(shown(graph) == "100.500" && graph.isAnimating && graph.animations.nextWakeTime == nil)
    }

    @Test func minimumIntervalAndPause() {
        let graph = makeClockGraph(.animation(minimumInterval: 0.5), base: 0)
        graph.update(at: 0)
        #expect(shown(graph) == "0.000" && !graph.isAnimating && graph.animations.nextWakeTime == 0.5)
        graph.update(at: 0.3)
        #expect(shown(graph) == "0.000")
        graph.update(at: 0.55)
        #expect(shown(graph) == "0.500" && graph.animations.nextWakeTime.map { abs($0 - 1.0) < 1e-9 } == true)

        let paused = makeClockGraph(.animation(paused: true), base: 7)
        paused.update(at: 0)
        #expect(shown(paused) == "7.000" && !paused.isAnimating && paused.animations.nextWakeTime == nil)
    }

    @Test func everyMinuteEntriesStartAtTheMinuteOfTheStartDate() {
        let schedule = EveryMinuteTimelineSchedule()
        let fromMidMinute = Array(
            schedule.entries(from: Date(timeIntervalSinceReferenceDate: 632), mode: .normal).prefix(3))
        #expect(fromMidMinute.map(\.timeIntervalSinceReferenceDate) == [600, 660, 720])
        let fromMinute = Array(
            schedule.entries(from: Date(timeIntervalSinceReferenceDate: 600), mode: .normal).prefix(2))
        #expect(fromMinute.map(\.timeIntervalSinceReferenceDate) == [600, 660])
    }

    /// Apple, `AnimationTimelineSchedule.init(minimumInterval:paused:)`: `paused` — "If the schedule should stop
    /// generating updates."; `entries(from:mode:)`: "When in `.lowFrequency` mode, return no entries, effectively
    /// pausing the animation."
    @Test func pausedOrLowFrequencyAnimationScheduleHasNoEntries() {
        let start = Date(timeIntervalSinceReferenceDate: 5)
        #expect(Array(AnimationTimelineSchedule(paused: true).entries(from: start, mode: .normal).prefix(3)).isEmpty)
        #expect(Array(AnimationTimelineSchedule().entries(from: start, mode: .lowFrequency).prefix(3)).isEmpty)
        #expect(
            Array(AnimationTimelineSchedule(minimumInterval: 1).entries(from: start, mode: .lowFrequency).prefix(3))
                .isEmpty)
        // In `.normal` mode a running schedule starts at the start date.
        #expect(Array(AnimationTimelineSchedule().entries(from: start, mode: .normal).prefix(1)) == [start])
    }

    @Test func periodicStartsAtItsStartDateAndStepsByItsInterval() {
        let graph = makeClockGraph(.periodic(from: Date(timeIntervalSinceReferenceDate: 10), by: 5), base: 0)
        graph.update(at: 0)
        // Before the start: the current date, and a wake at the start.
        #expect(shown(graph) == "0.000" && graph.animations.nextWakeTime == 10)
        graph.update(at: 12)
        #expect(shown(graph) == "10.000" && graph.animations.nextWakeTime == 15)
        graph.update(at: 15)
        #expect(shown(graph) == "15.000" && graph.animations.nextWakeTime == 20)
    }

    @Test func explicitDatesStopAfterTheLast() {
        let dates = [1.0, 3.0].map { Date(timeIntervalSinceReferenceDate: $0) }
        let graph = makeClockGraph(.explicit(dates), base: 0)
        graph.update(at: 0)
        #expect(shown(graph) == "0.000" && graph.animations.nextWakeTime == 1)
        graph.update(at: 1)
        #expect(shown(graph) == "1.000" && graph.animations.nextWakeTime == 3)
        graph.update(at: 3)
        #expect(shown(graph) == "3.000" && graph.animations.nextWakeTime == nil && !graph.isAnimating)
    }

    @Test func removedTimelineWaitsForNothing() {
        struct Host: View {
            let toggle: TimelineToggle
            var body: some View {
                VStack {
                    if toggle.show { TimelineView(.everyMinute) { _ in Text("tick") } }
                    Text("other")
                }
            }
        }
        let toggle = TimelineToggle()
        let graph = makeGraph(Host(toggle: toggle), width: 100, height: 100)
        graph.dateAtFrameTime = { Date(timeIntervalSinceReferenceDate: $0) }
        graph.update(at: 0)
        #expect(graph.animations.nextWakeTime == 60)
        toggle.show = false
        graph.update(at: 1)
        #expect(graph.animations.nextWakeTime == nil && !graph.isAnimating)
    }

    @Test func badPeriodicIntervalIsReportedAndNeverWakes() {
        withCapturedInvalidValueLog { log in
            let graph = makeClockGraph(.periodic(from: Date(timeIntervalSinceReferenceDate: 0), by: .nan), base: 5)
            graph.update(at: 0)
            #expect(shown(graph) == "0.000" && graph.animations.nextWakeTime == nil && !graph.isAnimating)
            #expect(log.lines.count == 1)
        }
    }
}

import Foundation

/// What a `TimelineView`'s content is built with.
public struct TimelineViewDefaultContext {
    /// How finely the content should show time (always `.live` here: updates come at the schedule's full rate).
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
    /// The date of the entry being shown (for `.animation`, the frame's date).
    public let date: Date
    public let cadence: Cadence
}

/// A view rebuilt at the dates of a schedule. Updates come from the window's frames: none while the window is
/// not drawn, and none at all once the schedule has no next date.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    public typealias Context = TimelineViewDefaultContext
    package let schedule: Schedule
    package let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = TimelineNode.installed(in: builder)
        let content = view.content
        node.update(schedule: view.schedule) { context, childBuilder in makeNodes(content(context), into: childBuilder)
        }
    }
}

/// The node of a `TimelineView`: follows the schedule's entries as frames come, rebuilds its content when the
/// entry changes, and tells the animation driver when it next needs a frame.
@MainActor
package final class TimelineNode: TimeDrivenContentNode, AnimatingNode {
    private var makeContent: ((TimelineViewDefaultContext, _ViewNodeBuilder) -> Void)?
    private var schedule: Any?
    private var entries: AnyIterator<Date>?
    private var upcoming: Date?
    private var isLive = false
    /// The date shown, and the frame time it was taken at.
    package private(set) var shownDate: Date?

    package func update<S: TimelineSchedule>(
        schedule newSchedule: S, make: @escaping (TimelineViewDefaultContext, _ViewNodeBuilder) -> Void
    ) {
        makeContent = make
        if !((schedule as? S).map { viewValuesEqual($0, newSchedule) } ?? false) {
            schedule = newSchedule
            let start = graph.date(atFrameTime: graph.animations.time)
            var iterator = newSchedule.entries(from: start, mode: .normal).makeIterator()
            entries = AnyIterator { iterator.next() }
            upcoming = entries?.next()
            shownDate = nil
            isLive = (newSchedule as? AnimationTimelineSchedule)?.isLive ?? false
        }
        // A new closure may capture new values.
        rebuild()
    }

    /// Moves to the entry in effect at the current frame and rebuilds the content.
    package override func buildContent() {
        let time = graph.animations.time
        let now = graph.date(atFrameTime: time)
        var date = shownDate
        if isLive {
            date = now
            graph.animations.register(self)
        } else {
            // Entries not after now: the last one is shown (at most a bounded number are skipped per frame).
            var skipped = 0
            while let next = upcoming, next <= now, skipped < 100_000 {
                date = next
                upcoming = entries?.next()
                skipped += 1
            }
            if let next = upcoming {
                graph.animations.scheduleWake(self, at: time + max(0, next.timeIntervalSince(now)))
            } else {
                graph.animations.cancelWake(self)
            }
        }
        let context = TimelineViewDefaultContext(date: date ?? now, cadence: .live)
        shownDate = context.date
        guard let makeContent else { return }
        rebuildContent { makeContent(context, $0) }
    }

    /// The schedule's next entry has come (or, for `.animation`, a frame): rebuild at this update.
    package func wake() { stateDidChange() }

    package func invalidateForAnimationFrame() { wake() }
    package func finishAnimations(at time: Double) -> Bool { isLive && !isRemoved }

    package override func willRemove() {
        graph.animations.cancelWake(self)
        super.willRemove()
    }

    package override var debugName: String { "TimelineView" }
}

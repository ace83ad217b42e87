import Foundation

/// How often a schedule's entries come (`.lowFrequency` when the system saves power; never here).
public enum TimelineScheduleMode: Hashable, Sendable { case normal, lowFrequency }

/// The dates at which a `TimelineView` updates.
public protocol TimelineSchedule {
    associatedtype Entries: Sequence where Entries.Element == Date
    /// The entries from about `startDate` on, in increasing order.
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

/// Updates at every frame (or at most every `minimumInterval` seconds) unless paused.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable, Equatable {
    package let minimumInterval: Double?
    package let paused: Bool
    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        self.minimumInterval = minimumInterval
        self.paused = paused
    }
    /// No entries while paused, nor in `.lowFrequency` mode (which pauses an animation, as in SwiftUI).
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        let stopped = paused || mode == .lowFrequency
        return Entries(
            upcoming: stopped ? nil : startDate, interval: minimumInterval.map { max($0, 1.0 / 120) } ?? 1.0 / 120,
            paused: stopped)
    }
    /// Whether entries come at every frame (the date shown is then the frame's own).
    package var isLive: Bool { minimumInterval == nil && !paused }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        package var upcoming: Date?
        package let interval: Double
        package let paused: Bool
        public mutating func next() -> Date? {
            guard let date = upcoming else { return nil }
            upcoming = paused ? nil : date.addingTimeInterval(interval)
            return date
        }
    }
}

/// Entries every `interval` seconds from a start date.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable, Equatable {
    package let startDate: Date
    package let interval: TimeInterval
    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        guard interval > 0, interval.isFinite else {
            InvalidValueLog.report(
                "timeline-periodic",
                "TimelineView(.periodic(from:by: \(interval))): the interval must be a positive number; the view does not update"
            )
            return Entries(upcoming: self.startDate, interval: 0)
        }
        // The entry in effect at `startDate`: the last boundary not after it (or the schedule's start).
        let elapsed = startDate.timeIntervalSince(self.startDate)
        let first =
            elapsed <= 0
            ? self.startDate : self.startDate.addingTimeInterval((elapsed / interval).rounded(.down) * interval)
        return Entries(upcoming: first, interval: interval)
    }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        package var upcoming: Date?
        package let interval: Double
        public mutating func next() -> Date? {
            guard let date = upcoming else { return nil }
            upcoming = interval > 0 ? date.addingTimeInterval(interval) : nil
            return date
        }
    }
}

/// An entry at the start of the current minute (10:09:00 for a view shown at 10:09:38), then one at the start of
/// every minute after it.
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable, Equatable {
    public init() {}
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        // Minutes of the reference date's clock (UTC), as every time zone in use is offset by whole minutes.
        let minute = (startDate.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60
        return Entries(upcoming: Date(timeIntervalSinceReferenceDate: minute))
    }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        package var upcoming: Date
        public mutating func next() -> Date? {
            let date = upcoming
            upcoming = date.addingTimeInterval(60)
            return date
        }
    }
}

/// Entries at the given dates only; after the last, the view no longer updates.
public struct ExplicitTimelineSchedule<Dates: Sequence>: TimelineSchedule where Dates.Element == Date {
    package let dates: Dates
    public init(_ dates: Dates) { self.dates = dates }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Dates { dates }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Every frame.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    /// Every frame but at most every `minimumInterval` seconds; no updates while `paused`.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// Every `interval` seconds from `startDate`.
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// At the start of every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
    /// At the given dates.
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S>
    where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}

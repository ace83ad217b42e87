import Combine
import Foundation
import Testing

/// A subscriber that records what it receives and asks for `initialDemand` values, then for `perValue`
/// more after each one; `subscription` lets a test ask for more.
final class RecordingSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    let initialDemand: Subscribers.Demand
    let perValue: Subscribers.Demand
    private(set) var values: [Input] = []
    private(set) var completions: [Subscribers.Completion<Failure>] = []
    private(set) var subscription: (any Subscription)?

    init(demand: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
        initialDemand = demand
        self.perValue = perValue
    }
    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(initialDemand)
    }
    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        return perValue
    }
    func receive(completion: Subscribers.Completion<Failure>) { completions.append(completion) }

    var finished: Bool {
        if case .finished? = completions.first { return true }
        return false
    }
}

struct TestError: Error, Equatable { let code: Int }

/// Values received on another thread, read by the test.
final class Received<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    func append(_ value: Value) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
    var count: Int { all.count }
}

/// A scheduler whose clock moves only when the test says: `advance(by:)` runs, in time order, every action due by
/// then. Time-based operators are checked at exact instants, the same on a loaded machine as on an idle one.
final class VirtualScheduler: Scheduler, @unchecked Sendable {
    struct SchedulerTimeType: Strideable, Hashable {
        var milliseconds: Int
        func distance(to other: Self) -> Stride { Stride(milliseconds: other.milliseconds - milliseconds) }
        func advanced(by n: Stride) -> Self { Self(milliseconds: milliseconds + n.milliseconds) }

        struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByIntegerLiteral,
            Hashable
        {
            var milliseconds: Int
            init(milliseconds: Int) { self.milliseconds = milliseconds }
            init(integerLiteral value: Int) { milliseconds = value }
            init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                milliseconds = value
            }
            var magnitude: Int { abs(milliseconds) }
            static func seconds(_ s: Int) -> Self { Self(milliseconds: s * 1000) }
            static func seconds(_ s: Double) -> Self { Self(milliseconds: Int((s * 1000).rounded())) }
            static func milliseconds(_ ms: Int) -> Self { Self(milliseconds: ms) }
            static func microseconds(_ us: Int) -> Self { Self(milliseconds: us / 1000) }
            static func nanoseconds(_ ns: Int) -> Self { Self(milliseconds: ns / 1_000_000) }
            static func < (lhs: Self, rhs: Self) -> Bool { lhs.milliseconds < rhs.milliseconds }
            static func + (lhs: Self, rhs: Self) -> Self { Self(milliseconds: lhs.milliseconds + rhs.milliseconds) }
            static func - (lhs: Self, rhs: Self) -> Self { Self(milliseconds: lhs.milliseconds - rhs.milliseconds) }
            static func * (lhs: Self, rhs: Self) -> Self { Self(milliseconds: lhs.milliseconds * rhs.milliseconds) }
            static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
            static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
            static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
        }
    }
    typealias SchedulerOptions = Never

    private(set) var now = SchedulerTimeType(milliseconds: 0)
    var minimumTolerance: SchedulerTimeType.Stride { 0 }
    /// Pending actions with their due time; the sequence number keeps same-time actions in the order scheduled.
    private var pending: [(due: Int, sequence: Int, action: () -> Void)] = []
    private var sequence = 0

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        schedule(after: now, tolerance: 0, options: nil, action)
    }
    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) {
        sequence += 1
        pending.append((max(date.milliseconds, now.milliseconds), sequence, action))
    }
    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        var cancelled = false
        func tick(at due: SchedulerTimeType) {
            schedule(after: due, tolerance: 0, options: nil) {
                guard !cancelled else { return }
                action()
                tick(at: due.advanced(by: interval))
            }
        }
        tick(at: date)
        return AnyCancellable { cancelled = true }
    }

    /// Moves the clock forward by `milliseconds`, running each action when its time comes.
    func advance(by milliseconds: Int) {
        let end = now.milliseconds + milliseconds
        while let next = pending.enumerated().filter({ $0.element.due <= end }).min(by: {
            ($0.element.due, $0.element.sequence) < ($1.element.due, $1.element.sequence)
        }) {
            pending.remove(at: next.offset)
            now = SchedulerTimeType(milliseconds: next.element.due)
            next.element.action()
        }
        now = SchedulerTimeType(milliseconds: end)
    }
}

import Foundation

/// A time interval a scheduler's stride can be made from.
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// When and how to run closures: `DispatchQueue`, `RunLoop`, `ImmediateScheduler`.
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions
    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void)
    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable
}

extension Scheduler {
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }
}

/// Carries a closure that is only ever run on the thread the scheduler chose (Apple's Combine does not
/// require `Sendable` closures either).
struct UncheckedClosure: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// A scheduler that runs each action at once, on the calling thread.
public struct ImmediateScheduler: Scheduler, Sendable {
    public struct SchedulerTimeType: Strideable, Sendable {
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByIntegerLiteral,
            Codable, Sendable
        {
            public var magnitude: Int
            public init(_ value: Int) { magnitude = value }
            public init(integerLiteral value: Int) { magnitude = value }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }
            public static func seconds(_ s: Int) -> Stride { Stride(s) }
            public static func seconds(_ s: Double) -> Stride { Stride(Int(s)) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(ms) }
            public static func microseconds(_ us: Int) -> Stride { Stride(us) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(ns) }
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
        public func distance(to other: SchedulerTimeType) -> Stride { Stride(0) }
        public func advanced(by n: Stride) -> SchedulerTimeType { self }
    }
    public typealias SchedulerOptions = Never
    public static let shared = ImmediateScheduler()
    public var now: SchedulerTimeType { SchedulerTimeType() }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }
    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) { action() }
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        action()
        return AnyCancellable {}
    }
}

/// A stride measured in seconds, the shape both `RunLoop` and `DispatchQueue` strides share.
protocol SecondsStride: SchedulerTimeIntervalConvertible {
    init(seconds: Double)
}

extension SecondsStride {
    public static func seconds(_ s: Int) -> Self { Self(seconds: Double(s)) }
    public static func seconds(_ s: Double) -> Self { Self(seconds: s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(seconds: Double(ms) / 1e3) }
    public static func microseconds(_ us: Int) -> Self { Self(seconds: Double(us) / 1e6) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(seconds: Double(ns) / 1e9) }
}

extension RunLoop: Scheduler {
    /// A point in time on a run loop.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var date: Date
        public init(_ date: Date) { self.date = date }
        public func distance(to other: SchedulerTimeType) -> Stride { Stride(other.date.timeIntervalSince(date)) }
        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.magnitude))
        }

        /// An interval in seconds (literals are seconds: `debounce(for: 0.5, scheduler: RunLoop.main)`).
        public struct Stride: SecondsStride, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Codable, Hashable,
            Sendable
        {
            public var magnitude: TimeInterval
            public var timeInterval: TimeInterval { magnitude }
            public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
            init(seconds: Double) { magnitude = seconds }
            public init(floatLiteral value: Double) { magnitude = value }
            public init(integerLiteral value: Int) { magnitude = TimeInterval(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = TimeInterval(exactly: source) else { return nil }
                magnitude = value
            }
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// Options for scheduling on a run loop (none exist).
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        schedule(after: now, tolerance: minimumTolerance, options: options, action)
    }

    // A one-shot Timer in the common modes: adding a timer wakes the run loop, which a performed block
    // does not on Linux.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = UncheckedClosure(action)
        let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.body() }
        timer.tolerance = tolerance.magnitude
        add(timer, forMode: .common)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let work = UncheckedClosure(action)
        let timer = Timer(fire: date.date, interval: interval.magnitude, repeats: true) { _ in work.body() }
        timer.tolerance = tolerance.magnitude
        add(timer, forMode: .common)
        let handle = UncheckedTimer(timer: timer)
        return AnyCancellable { handle.timer.invalidate() }
    }
}

/// A timer handed to a cancellation closure; `invalidate` is safe from any thread.
struct UncheckedTimer: @unchecked Sendable { let timer: Timer }

extension DispatchQueue: Scheduler {
    /// A point in time on a dispatch queue.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var dispatchTime: DispatchTime
        public init(_ time: DispatchTime) { dispatchTime = time }
        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(
                .nanoseconds(Int(Int64(other.dispatchTime.uptimeNanoseconds) - Int64(dispatchTime.uptimeNanoseconds))))
        }
        public func advanced(by n: Stride) -> SchedulerTimeType {
            let nanoseconds = Int64(dispatchTime.uptimeNanoseconds) + Int64(n.magnitude)
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(max(1, nanoseconds))))
        }
        public init(from decoder: any Decoder) throws {
            dispatchTime = DispatchTime(uptimeNanoseconds: try decoder.singleValueContainer().decode(UInt64.self))
        }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }

        /// An interval in nanoseconds (literals are seconds: `debounce(for: 0.5, scheduler: DispatchQueue.main)`).
        public struct Stride: SecondsStride, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Codable, Hashable,
            Sendable
        {
            /// Nanoseconds.
            public var magnitude: Int
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = s * 1_000_000_000
                case .milliseconds(let ms): magnitude = ms * 1_000_000
                case .microseconds(let us): magnitude = us * 1_000
                case .nanoseconds(let ns): magnitude = ns
                default: magnitude = .max
                }
            }
            init(seconds: Double) { magnitude = Int((seconds * 1e9).rounded()) }
            public init(floatLiteral value: Double) { self.init(seconds: value) }
            public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value * 1_000_000_000
            }
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride {
                Stride(.nanoseconds(lhs.magnitude + rhs.magnitude))
            }
            public static func - (lhs: Stride, rhs: Stride) -> Stride {
                Stride(.nanoseconds(lhs.magnitude - rhs.magnitude))
            }
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                Stride(.nanoseconds(lhs.magnitude * rhs.magnitude / 1_000_000_000))
            }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// Options for scheduling on a dispatch queue.
    public struct SchedulerOptions: @unchecked Sendable {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(.nanoseconds(0)) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedClosure(action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { work.body() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = UncheckedClosure(action)
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            work.body()
        }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let work = UncheckedClosure(action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.setEventHandler { work.body() }
        timer.schedule(
            deadline: date.dispatchTime, repeating: .nanoseconds(max(1, interval.magnitude)),
            leeway: .nanoseconds(max(0, tolerance.magnitude)))
        timer.resume()
        let handle = UncheckedSource(source: timer)
        return AnyCancellable { handle.source.cancel() }
    }
}

/// A dispatch source handed to a cancellation closure; `cancel` is safe from any thread.
struct UncheckedSource: @unchecked Sendable { let source: any DispatchSourceTimer }

// Combine: Apple's Combine API on Linux, as apps use it with SwiftUI (publishers, subjects, the common
// operators, schedulers for DispatchQueue and RunLoop, Timer and NotificationCenter publishers, and the
// ObservableObject/@Published pair the view layer observes). Values flow synchronously unless an operator
// hops to a scheduler; demand is honoured as in Apple's Combine.
import Foundation

/// A type that can deliver a sequence of values over time to subscribers.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    /// Attaches `subscriber`; implementations call `subscriber.receive(subscription:)` exactly once.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// A type that receives values, and one completion, from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    /// The publisher granted a subscription; request values through it.
    func receive(subscription: any Subscription)
    /// One value; returns how many more values the subscriber wants in addition to the outstanding demand.
    func receive(_ input: Input) -> Subscribers.Demand
    /// The publisher finished, normally or with an error; no values follow.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Tells the subscriber that the publisher produced an element (of type `Void`).
    public func receive() -> Subscribers.Demand { receive(()) }
}

/// The connection of one subscriber to one publisher.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks the publisher for up to `demand` more values.
    func request(_ demand: Subscribers.Demand)
}

/// An activity that can be cancelled.
public protocol Cancellable {
    func cancel()
}

/// A unique identity for publisher streams.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private static let counter = Counter()
    private let value: UInt64

    /// A fresh identifier.
    public init() { value = CombineIdentifier.counter.next() }
    /// The identifier of `object`.
    public init(_ object: AnyObject) {
        value = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue)) | (1 << 63)
    }
    public var description: String { "0x\(String(value, radix: 16))" }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var last: UInt64 = 0
        func next() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            last += 1
            return last
        }
    }
}

/// A type with an identity in publisher streams.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

/// Namespace of the subscriber types and their demand and completion.
public enum Subscribers {}

extension Subscribers {
    /// How many values a subscriber wants: a count, or `.unlimited`.
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        /// Int.max stands for unlimited; arithmetic saturates at it.
        let rawValue: Int
        init(rawValue: Int) { self.rawValue = rawValue }

        public static let unlimited = Demand(rawValue: .max)
        public static let none = Demand(rawValue: 0)
        /// A demand for `value` more values; `value` must not be negative.
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "Subscribers.Demand.max: a demand cannot be negative (\(value))")
            return Demand(rawValue: value)
        }
        /// The count, or nil when unlimited.
        public var max: Int? { rawValue == .max ? nil : rawValue }
        public var description: String { rawValue == .max ? "unlimited" : "max(\(rawValue))" }

        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited || rhs == .unlimited { return .unlimited }
            let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
            return overflow || sum == .max ? .unlimited : Demand(rawValue: sum)
        }
        public static func + (lhs: Demand, rhs: Int) -> Demand { rhs < 0 ? lhs - .max(-rhs) : lhs + .max(rhs) }
        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
        /// Subtraction stops at `.none`; unlimited minus anything finite stays unlimited.
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited { return rhs == .unlimited ? .none : .unlimited }
            if rhs == .unlimited { return .none }
            return Demand(rawValue: Swift.max(0, lhs.rawValue - rhs.rawValue))
        }
        public static func - (lhs: Demand, rhs: Int) -> Demand { rhs < 0 ? lhs + .max(-rhs) : lhs - .max(rhs) }
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: Swift.max(0, rhs))
            return overflow || product == .max ? .unlimited : Demand(rawValue: product)
        }
        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }
        public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }
        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue == rhs }
        public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue != rhs }
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue < rhs }
        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue > rhs }
        public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue <= rhs }
        public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue >= rhs }
        public static func == (lhs: Int, rhs: Demand) -> Bool { lhs == rhs.rawValue }
        public static func < (lhs: Int, rhs: Demand) -> Bool { lhs < rhs.rawValue }
        public static func > (lhs: Int, rhs: Demand) -> Bool { lhs > rhs.rawValue }
    }

    /// How a publisher ended.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// A subscription that does nothing: for publishers that complete at once.
public enum Subscriptions {
    /// The empty subscription.
    public static var empty: any Subscription { EmptySubscription() }
}

final class EmptySubscription: Subscription, @unchecked Sendable {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

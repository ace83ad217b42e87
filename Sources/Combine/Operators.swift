import Foundation

/// The subscriber behind map, filter, compactMap and removeDuplicates: passes the upstream subscription
/// through, so demand goes straight upstream; a dropped value asks upstream for one more in its place.
final class FilterMapSubscriber<Input, Downstream: Subscriber>: Subscriber, @unchecked Sendable {
    typealias Failure = Downstream.Failure
    private let downstream: Downstream
    private let transform: (Input) -> Downstream.Input?

    init(downstream: Downstream, transform: @escaping (Input) -> Downstream.Input?) {
        self.downstream = downstream
        self.transform = transform
    }
    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand {
        guard let output = transform(input) else { return .max(1) }
        return downstream.receive(output)
    }
    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}

extension Publishers {
    /// Transforms each value with a closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.subscribe(
                FilterMapSubscriber<Upstream.Output, S>(downstream: subscriber) { transform($0) })
        }
    }

    /// Passes on the values a predicate accepts.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let isIncluded = self.isIncluded
            upstream.subscribe(
                FilterMapSubscriber<Output, S>(downstream: subscriber) { isIncluded($0) ? $0 : nil })
        }
    }

    /// Transforms each value and passes on the non-nil results.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                FilterMapSubscriber<Upstream.Output, S>(downstream: subscriber, transform: transform))
        }
    }

    /// Passes on a value only when it differs from the previous one.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            let previous = LockedValue<Output?>(nil)
            upstream.subscribe(
                FilterMapSubscriber<Output, S>(downstream: subscriber) { value in
                    let last = previous.exchange(value)
                    if let last, predicate(last, value) { return nil }
                    return value
                })
        }
    }

    /// Skips the first values.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let remaining = LockedValue(count)
            upstream.subscribe(
                FilterMapSubscriber<Output, S>(downstream: subscriber) { value in
                    remaining.update {
                        $0 -= 1
                        return $0
                    } >= 0 ? nil : value
                })
        }
    }
}

/// A value behind a lock, for operator state touched from the upstream's thread.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    /// Replaces the value, returning the old one.
    func exchange(_ newValue: Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        let old = value
        value = newValue
        return old
    }
    func update<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
    var current: Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

extension Publisher {
    /// Transforms each value with `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
    /// Passes on the values `isIncluded` accepts.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
    /// Transforms each value and passes on the non-nil results.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
    /// Passes on a value only when `predicate` says it differs from the previous one.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool)
        -> Publishers.RemoveDuplicates<Self>
    {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
    /// Skips the first `count` values.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
    /// Replaces a failure with `output` and finishes.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publisher where Output: Equatable {
    /// Passes on a value only when it differs from the previous one.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

/// `replaceError(with:)`: a failure becomes one last value and a normal finish.
extension Publishers {
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let upstream: Upstream
        public let output: Output
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let output = self.output
            upstream.subscribe(
                AnySubscriber<Output, Upstream.Failure>(
                    receiveSubscription: { subscriber.receive(subscription: $0) },
                    receiveValue: { subscriber.receive($0) },
                    receiveCompletion: { completion in
                        if case .failure = completion { _ = subscriber.receive(output) }
                        subscriber.receive(completion: .finished)
                    }))
        }
    }
}

extension Publisher where Failure == Never {
    /// This publisher seen as one that may fail with `failureType` (it never does): for joining with publishers
    /// that can fail.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

/// `setFailureType(to:)`: the upstream's values and finish, under another failure type.
extension Publishers {
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output
        public let upstream: Upstream
        public init(upstream: Upstream) { self.upstream = upstream }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                AnySubscriber<Output, Never>(
                    receiveSubscription: { subscriber.receive(subscription: $0) },
                    receiveValue: { subscriber.receive($0) },
                    receiveCompletion: { _ in subscriber.receive(completion: .finished) }))
        }
    }
}

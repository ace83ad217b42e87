import Foundation

/// Namespace of the publisher types the operators return.
public enum Publishers {}

/// A publisher that sends one value to each subscriber, then finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output
    public init(_ output: Output) { self.output = output }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(
            subscription: SequenceSubscription(
                downstream: AnySubscriber(subscriber), elements: [output], completion: .finished))
    }
}

/// A publisher that finishes at once (or never, with `completeImmediately: false`) without a value.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    public let completeImmediately: Bool
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: EmptySubscription())
        if completeImmediately { subscriber.receive(completion: .finished) }
    }
}

/// A publisher that fails at once with an error.
public struct Fail<Output, Failure: Error>: Publisher {
    public let error: Failure
    public init(error: Failure) { self.error = error }
    public init(outputType: Output.Type, failure: Failure) { error = failure }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: EmptySubscription())
        subscriber.receive(completion: .failure(error))
    }
}

/// A type-erased publisher.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    private let subscribeBody: (AnySubscriber<Output, Failure>) -> Void
    /// Wraps `publisher`.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
            return
        }
        subscribeBody = { publisher.receive(subscriber: $0) }
    }
    public var description: String { "AnyPublisher" }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeBody(AnySubscriber(subscriber))
    }
}

extension Publisher {
    /// Hides this publisher's type behind `AnyPublisher`.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publishers {
    /// A publisher that sends the elements of a sequence as demand allows, then finishes.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element
        public let sequence: Elements
        public init(sequence: Elements) { self.sequence = sequence }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscriber.receive(
                subscription: SequenceSubscription(
                    downstream: AnySubscriber(subscriber), elements: Array(sequence), completion: .finished))
        }
    }
}

extension Sequence {
    /// A publisher of this sequence's elements.
    public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

/// Sends a fixed list of values as the subscriber asks for them, then the completion.
final class SequenceSubscription<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var elements: ArraySlice<Output>
    private let completion: Subscribers.Completion<Failure>
    private var demand = Subscribers.Demand.none
    private var emitting = false

    init(downstream: AnySubscriber<Output, Failure>, elements: [Output], completion: Subscribers.Completion<Failure>) {
        self.downstream = downstream
        self.elements = elements[...]
        self.completion = completion
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        demand += more
        guard !emitting else {
            lock.unlock()
            return
        }
        emitting = true
        while demand > 0, let downstream, let next = elements.first {
            elements.removeFirst()
            demand -= 1
            lock.unlock()
            let extra = downstream.receive(next)
            lock.lock()
            demand += extra
        }
        let finished = elements.isEmpty ? downstream : nil
        if finished != nil { downstream = nil }
        emitting = false
        lock.unlock()
        finished?.receive(completion: completion)
    }

    func cancel() {
        lock.lock()
        downstream = nil
        elements = []
        lock.unlock()
    }
}

/// A publisher that runs a closure once, and sends its one result to every subscriber.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    public typealias Promise = (Result<Output, Failure>) -> Void
    private let hub = SubscriberHub<Output, Failure>(keepsLatest: true)
    private let lock = NSLock()
    private var result: Result<Output, Failure>?

    /// Runs `attemptToFulfill` now; the promise it receives settles the future (later calls are ignored).
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [weak self] result in self?.settle(result) }
    }

    private func settle(_ result: Result<Output, Failure>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        lock.unlock()
        switch result {
        case .success(let value):
            hub.send(value)
            hub.finish(.finished)
        case .failure(let error): hub.finish(.failure(error))
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        let result = self.result
        lock.unlock()
        switch result {
        case .success(let value)?:
            subscriber.receive(
                subscription: SequenceSubscription(
                    downstream: AnySubscriber(subscriber), elements: [value], completion: .finished))
        case .failure(let error)?:
            subscriber.receive(subscription: EmptySubscription())
            subscriber.receive(completion: .failure(error))
        case nil:
            hub.attach(AnySubscriber(subscriber), initial: nil)
        }
    }
}

import Foundation

/// A cancellation token: cancels its subscription when cancelled or released.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let lock = NSLock()
    private var onCancel: (() -> Void)?

    /// A token that runs `cancel` once, when cancelled or released.
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }
    /// A token that cancels `canceller`.
    public init<C: Cancellable>(_ canceller: C) { onCancel = canceller.cancel }

    public func cancel() {
        lock.lock()
        let action = onCancel
        onCancel = nil
        lock.unlock()
        action?()
    }
    deinit { cancel() }

    /// Keeps the token in `set` (it lives as long as the set holds it).
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    /// Keeps the token in `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Cancellable {
    /// Keeps this cancellable in `set` as an `AnyCancellable`.
    public func store(in set: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &set) }
    /// Keeps this cancellable in `collection` as an `AnyCancellable`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(AnyCancellable(self))
    }
}

/// A type-erasing subscriber.
@frozen public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    public let combineIdentifier: CombineIdentifier
    private let receiveSubscriptionBody: (any Subscription) -> Void
    private let receiveValueBody: (Input) -> Subscribers.Demand
    private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void

    /// Wraps `subscriber`.
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = subscriber.combineIdentifier
        receiveSubscriptionBody = subscriber.receive(subscription:)
        receiveValueBody = subscriber.receive(_:)
        receiveCompletionBody = subscriber.receive(completion:)
    }
    /// A subscriber made of closures.
    public init(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = receiveSubscription ?? { _ in }
        receiveValueBody = receiveValue ?? { _ in .none }
        receiveCompletionBody = receiveCompletion ?? { _ in }
    }
    public var description: String { "Anonymous AnySubscriber" }
    public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }
    public func receive(_ value: Input) -> Subscribers.Demand { receiveValueBody(value) }
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody(completion) }
}

/// Holds the one upstream subscription of a terminal subscriber; cancelling drops it.
final class UpstreamSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var subscription: (any Subscription)?
    private var finished = false

    /// Keeps `subscription`; returns false (and cancels it) if the slot already has one or was cancelled.
    func set(_ subscription: any Subscription) -> Bool {
        lock.lock()
        guard self.subscription == nil, !finished else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        self.subscription = subscription
        lock.unlock()
        return true
    }
    /// Forgets the subscription without cancelling it (the publisher completed); returns whether it was live.
    func complete() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let wasLive = !finished
        finished = true
        subscription = nil
        return wasLive
    }
    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }
    func cancel() {
        lock.lock()
        let subscription = self.subscription
        self.subscription = nil
        finished = true
        lock.unlock()
        subscription?.cancel()
    }
}

extension Subscribers {
    /// A subscriber that requests unlimited values and hands each, and the completion, to closures.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        @unchecked Sendable
    {
        public let receiveValue: (Input) -> Void
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private let upstream = UpstreamSlot()

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }
        public var description: String { "Sink" }
        public func receive(subscription: any Subscription) {
            if upstream.set(subscription) { subscription.request(.unlimited) }
        }
        public func receive(_ value: Input) -> Subscribers.Demand {
            if !upstream.isFinished { receiveValue(value) }
            return .none
        }
        public func receive(completion: Subscribers.Completion<Failure>) {
            guard upstream.complete() else { return }
            if case .failure(let error) = completion {
                CombineLog.write(
                    "Combine: a sink's publisher failed (\(Failure.self)): \(error); the subscription has ended")
            }
            receiveCompletion(completion)
        }
        public func cancel() { upstream.cancel() }
    }

    /// A subscriber that writes each value to a key path of an object (kept strongly until cancelled).
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
        public typealias Failure = Never
        public private(set) var object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private let upstream = UpstreamSlot()

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }
        public var description: String { "Assign \(Root.self)." }
        public func receive(subscription: any Subscription) {
            if upstream.set(subscription) { subscription.request(.unlimited) }
        }
        public func receive(_ value: Input) -> Subscribers.Demand {
            object?[keyPath: keyPath] = value
            return .none
        }
        public func receive(completion: Subscribers.Completion<Never>) {
            _ = upstream.complete()
            object = nil
        }
        public func cancel() {
            upstream.cancel()
            object = nil
        }
    }
}

extension Publisher {
    /// Subscribes with closures for the completion and each value.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
    /// Assigns each value to `keyPath` of `object`; the subscription keeps `object` alive until cancelled.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable
    where Failure == Never {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for each value.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// Where Combine reports what a developer should see: a failure that ends a `sink` is otherwise easy to
/// miss (the pipeline just stops). Tests replace `destination` to read the lines.
package enum CombineLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var destinationStorage: (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    package static var destination: (String) -> Void {
        get {
            lock.lock()
            defer { lock.unlock() }
            return destinationStorage
        }
        set {
            lock.lock()
            destinationStorage = newValue
            lock.unlock()
        }
    }
    static func write(_ line: String) { destination(line) }
}

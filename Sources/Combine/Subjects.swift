import Foundation

/// A publisher whose values are sent imperatively with `send(_:)`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to every subscriber that has demand.
    func send(_ value: Output)
    /// Ends the stream for every subscriber.
    func send(completion: Subscribers.Completion<Failure>)
    /// Passes an upstream subscription to the subject (used when the subject subscribes to a publisher).
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

extension Publisher {
    /// Feeds this publisher's values and completion into `subject`.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: { [weak subject] in subject?.send(completion: $0) },
            receiveValue: { [weak subject] in subject?.send($0) })
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

/// A subject that broadcasts values to its current subscribers; subscribers without demand miss them.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    let hub = SubscriberHub<Output, Failure>(keepsLatest: false)
    public init() {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        hub.attach(AnySubscriber(subscriber), initial: nil)
    }
    public func send(_ input: Output) { hub.send(input) }
    public func send(completion: Subscribers.Completion<Failure>) { hub.finish(completion) }
    public func send(subscription: any Subscription) { hub.adopt(subscription) }
}

/// A subject that holds a current value, gives it to each new subscriber, and broadcasts its changes.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    let hub = SubscriberHub<Output, Failure>(keepsLatest: true)
    private let lock = NSLock()
    private var current: Output

    public init(_ value: Output) { current = value }
    /// The current value; setting it sends it to subscribers.
    public var value: Output {
        get {
            lock.lock()
            defer { lock.unlock() }
            return current
        }
        set { send(newValue) }
    }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        hub.attach(AnySubscriber(subscriber), initial: hub.isFinished ? nil : value)
    }
    public func send(_ input: Output) {
        if hub.isFinished { return }
        lock.lock()
        current = input
        lock.unlock()
        hub.send(input)
    }
    public func send(completion: Subscribers.Completion<Failure>) { hub.finish(completion) }
    public func send(subscription: any Subscription) { hub.adopt(subscription) }
}

/// The subscribers of a multicasting publisher (the subjects, Published, the Timer publisher) with their
/// demand. Downstream calls happen outside the lock, so subscribers may send or cancel from inside them.
final class SubscriberHub<Output, Failure: Error>: @unchecked Sendable {
    /// Whether a subscriber without demand keeps the latest value to deliver when it asks (current-value
    /// semantics) or misses it (passthrough semantics).
    let keepsLatest: Bool
    private let lock = NSLock()
    private var conduits: [ObjectIdentifier: Conduit] = [:]
    private var completion: Subscribers.Completion<Failure>?
    private var upstreams: [any Subscription] = []
    /// Called with the subscriber count after each change (the Timer publisher's autoconnect uses it).
    var onCountChange: ((Int) -> Void)?

    init(keepsLatest: Bool) { self.keepsLatest = keepsLatest }

    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return completion != nil
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return conduits.count
    }

    func attach(_ subscriber: AnySubscriber<Output, Failure>, initial: Output?) {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: EmptySubscription())
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(hub: self, downstream: subscriber, pending: initial)
        conduits[ObjectIdentifier(conduit)] = conduit
        let upstreams = self.upstreams
        let count = conduits.count
        lock.unlock()
        subscriber.receive(subscription: conduit)
        for upstream in upstreams { upstream.request(.unlimited) }
        onCountChange?(count)
    }

    func send(_ value: Output) {
        lock.lock()
        guard completion == nil else {
            lock.unlock()
            return
        }
        let targets = Array(conduits.values)
        lock.unlock()
        for conduit in targets { conduit.offer(value) }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard self.completion == nil else {
            lock.unlock()
            return
        }
        self.completion = completion
        let targets = Array(conduits.values)
        conduits.removeAll()
        upstreams.removeAll()
        lock.unlock()
        for conduit in targets { conduit.finish(completion) }
        onCountChange?(0)
    }

    /// A subject subscribed to a publisher: it wants everything that publisher sends.
    func adopt(_ subscription: any Subscription) {
        lock.lock()
        guard completion == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstreams.append(subscription)
        lock.unlock()
        subscription.request(.unlimited)
    }

    fileprivate func remove(_ conduit: Conduit) {
        lock.lock()
        let removed = conduits.removeValue(forKey: ObjectIdentifier(conduit)) != nil
        let count = conduits.count
        lock.unlock()
        if removed { onCountChange?(count) }
    }

    /// One subscriber's subscription.
    final class Conduit: Subscription, @unchecked Sendable {
        private weak var hub: SubscriberHub?
        private let keepsLatest: Bool
        private let lock = NSRecursiveLock()
        private var downstream: AnySubscriber<Output, Failure>?
        private var demand = Subscribers.Demand.none
        private var pending: Output?
        private var delivering = false

        init(hub: SubscriberHub, downstream: AnySubscriber<Output, Failure>, pending: Output?) {
            self.hub = hub
            self.keepsLatest = hub.keepsLatest
            self.downstream = downstream
            self.pending = pending
        }

        func request(_ more: Subscribers.Demand) {
            lock.lock()
            demand += more
            lock.unlock()
            deliverPending()
        }

        func offer(_ value: Output) {
            lock.lock()
            if keepsLatest || demand > 0 { pending = value }
            lock.unlock()
            deliverPending()
        }

        /// Delivers the pending value if there is demand; a value sent while delivering waits its turn.
        private func deliverPending() {
            lock.lock()
            guard !delivering else {
                lock.unlock()
                return
            }
            delivering = true
            while demand > 0, let value = pending, let downstream {
                pending = nil
                demand -= 1
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                demand += more
            }
            delivering = false
            lock.unlock()
        }

        func finish(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let downstream = self.downstream
            self.downstream = nil
            lock.unlock()
            downstream?.receive(completion: completion)
        }

        func cancel() {
            lock.lock()
            downstream = nil
            pending = nil
            lock.unlock()
            hub?.remove(self)
        }
    }
}

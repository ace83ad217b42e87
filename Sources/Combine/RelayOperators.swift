import Foundation

/// The downstream side of operators that take everything their upstreams send (receive(on:), debounce,
/// throttle, merge, combineLatest): queues values beyond the subscriber's demand and delivers them, then
/// the completion, in order as demand arrives. Cancelling it cancels the upstream subscriptions.
final class DemandBuffer<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var queue: [Output] = []
    private var completion: Subscribers.Completion<Failure>?
    private var demand = Subscribers.Demand.none
    private var draining = false
    private var upstreams: [any Subscription] = []

    init(downstream: AnySubscriber<Output, Failure>) { self.downstream = downstream }

    /// Keeps an upstream subscription (cancelled with this one) and asks it for everything.
    func adopt(_ subscription: any Subscription) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstreams.append(subscription)
        lock.unlock()
        subscription.request(.unlimited)
    }

    func send(_ value: Output) {
        lock.lock()
        guard downstream != nil, completion == nil else {
            lock.unlock()
            return
        }
        queue.append(value)
        lock.unlock()
        drain()
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, self.completion == nil else {
            lock.unlock()
            return
        }
        // A failure ends the stream at once, as in Apple's Combine; a normal finish comes after the queue.
        if case .failure = completion { queue.removeAll() }
        self.completion = completion
        lock.unlock()
        drain()
    }

    /// Whether the downstream has finished or cancelled.
    var isTerminated: Bool {
        lock.lock()
        defer { lock.unlock() }
        return downstream == nil || completion != nil
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        demand += more
        lock.unlock()
        drain()
    }

    private func drain() {
        lock.lock()
        guard !draining else {
            lock.unlock()
            return
        }
        draining = true
        while let downstream, demand > 0, !queue.isEmpty {
            let value = queue.removeFirst()
            demand -= 1
            lock.unlock()
            let more = downstream.receive(value)
            lock.lock()
            demand += more
        }
        var ending: (AnySubscriber<Output, Failure>, Subscribers.Completion<Failure>)?
        if queue.isEmpty, let completion, let downstream {
            ending = (downstream, completion)
            self.downstream = nil
            upstreams.removeAll()
        }
        draining = false
        lock.unlock()
        if let (downstream, completion) = ending { downstream.receive(completion: completion) }
    }

    func cancel() {
        lock.lock()
        downstream = nil
        queue.removeAll()
        let upstreams = self.upstreams
        self.upstreams.removeAll()
        lock.unlock()
        for upstream in upstreams { upstream.cancel() }
    }
}

/// Subscribes to `upstream` and hands its events to closures; the subscription goes to `buffer`.
func relay<P: Publisher, Output>(
    _ upstream: P, into buffer: DemandBuffer<Output, P.Failure>,
    value: @escaping (P.Output) -> Void,
    completion: @escaping (Subscribers.Completion<P.Failure>) -> Void
) {
    upstream.subscribe(
        AnySubscriber<P.Output, P.Failure>(
            receiveSubscription: { [weak buffer] subscription in
                if let buffer { buffer.adopt(subscription) } else { subscription.cancel() }
            },
            receiveValue: {
                value($0)
                return .none
            },
            receiveCompletion: completion))
}

extension Publishers {
    /// Delivers the upstream's values and completion on a scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let buffer = DemandBuffer<Output, Failure>(downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: buffer)
            let scheduler = self.scheduler
            let options = self.options
            // Scheduled work holds the buffer weakly: a cancelled subscription goes at once, not when the work runs
            // (a run loop's timer may never fire).
            relay(
                upstream, into: buffer,
                value: { value in scheduler.schedule(options: options) { [weak buffer] in buffer?.send(value) } },
                completion: { completion in
                    scheduler.schedule(options: options) { [weak buffer] in buffer?.finish(completion) }
                })
        }
    }

    /// Publishes a value only after the upstream has been quiet for `dueTime`.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let buffer = DemandBuffer<Output, Failure>(downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: buffer)
            let scheduler = self.scheduler
            let options = self.options
            let dueTime = self.dueTime
            // Each value bumps the generation; only the timer of the latest generation publishes.
            let latest = LockedValue<(generation: Int, value: Output?)>((0, nil))
            relay(
                upstream, into: buffer,
                value: { value in
                    let generation = latest.update { state -> Int in
                        state = (state.generation + 1, value)
                        return state.generation
                    }
                    // Weakly, as in ReceiveOn: a cancelled debounce goes at once, not when its timer fires.
                    scheduler.schedule(
                        after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance,
                        options: options
                    ) { [weak buffer] in
                        guard let buffer else { return }
                        let due = latest.update { state -> Output? in
                            guard state.generation == generation, let value = state.value else { return nil }
                            state.value = nil
                            return value
                        }
                        if let due { buffer.send(due) }
                    }
                },
                completion: { completion in
                    scheduler.schedule(options: options) { [weak buffer] in
                        guard let buffer else { return }
                        if case .finished = completion,
                            let pending = latest.update({ state -> Output? in
                                defer { state.value = nil }
                                return state.value
                            })
                        {
                            buffer.send(pending)
                        }
                        buffer.finish(completion)
                    }
                })
        }
    }

    /// Publishes at most one value per `interval`: the first or the latest received in it.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let buffer = DemandBuffer<Output, Failure>(downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: buffer)
            let scheduler = self.scheduler
            let interval = self.interval
            let keepsLatest = self.latest
            // The first value goes out at once and opens a window; the window's kept value goes out when it closes.
            let window = LockedValue<(open: Bool, held: Output?)>((false, nil))
            // The window's timers hold the buffer weakly, as in ReceiveOn.
            weak var weakBuffer = buffer
            func closeWindow() {
                guard let buffer = weakBuffer else { return }
                let held = window.update { state -> Output? in
                    let held = state.held
                    state.held = nil
                    state.open = held != nil
                    return held
                }
                if let held {
                    buffer.send(held)
                    scheduler.schedule(
                        after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: nil
                    ) { closeWindow() }
                }
            }
            relay(
                upstream, into: buffer,
                value: { value in
                    let sendNow = window.update { state -> Bool in
                        if !state.open {
                            state.open = true
                            return true
                        }
                        if keepsLatest || state.held == nil { state.held = value }
                        return false
                    }
                    if sendNow {
                        scheduler.schedule(options: nil) { weakBuffer?.send(value) }
                        scheduler.schedule(
                            after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance,
                            options: nil
                        ) { closeWindow() }
                    }
                },
                completion: { completion in scheduler.schedule(options: nil) { weakBuffer?.finish(completion) } })
        }
    }

    /// Interleaves the values of two publishers of the same type; finishes when both have.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let buffer = DemandBuffer<Output, Failure>(downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: buffer)
            let running = LockedValue(2)
            let completion: (Subscribers.Completion<Failure>) -> Void = { completion in
                if case .failure = completion {
                    buffer.finish(completion)
                    return
                }
                if running.update({
                    $0 -= 1
                    return $0
                }) == 0 {
                    buffer.finish(.finished)
                }
            }
            relay(a, into: buffer, value: buffer.send, completion: completion)
            relay(b, into: buffer, value: buffer.send, completion: completion)
        }
    }

    /// Publishes the latest value of each of two publishers whenever either sends, once both have sent.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let buffer = DemandBuffer<Output, Failure>(downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: buffer)
            let latest = LockedValue<(a: A.Output?, b: B.Output?, running: Int)>((nil, nil, 2))
            let completion: (Subscribers.Completion<Failure>) -> Void = { completion in
                if case .failure = completion {
                    buffer.finish(completion)
                    return
                }
                if latest.update({
                    $0.running -= 1
                    return $0.running
                }) == 0 {
                    buffer.finish(.finished)
                }
            }
            relay(
                a, into: buffer,
                value: { value in
                    let pair = latest.update { state -> Output? in
                        state.a = value
                        return state.b.map { (value, $0) }
                    }
                    if let pair { buffer.send(pair) }
                }, completion: completion)
            relay(
                b, into: buffer,
                value: { value in
                    let pair = latest.update { state -> Output? in
                        state.b = value
                        return state.a.map { ($0, value) }
                    }
                    if let pair { buffer.send(pair) }
                }, completion: completion)
        }
    }
}

extension Publisher {
    /// Delivers values and the completion on `scheduler` (`DispatchQueue.main`, `RunLoop.main`).
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.ReceiveOn<Self, S>
    {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
    /// Publishes a value only after `dueTime` passes without another.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
    /// Publishes at most one value per `interval`: the most recent if `latest`, else the first.
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool)
        -> Publishers.Throttle<Self, S>
    {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
    /// Interleaves this publisher's values with `other`'s.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
    /// Pairs the latest values of this publisher and `other`.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }
    /// Combines the latest values of this publisher and `other` with `transform`.
    public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure
    {
        Publishers.CombineLatest(self, other).map(transform)
    }
}

import Foundation

/// A publisher that starts producing when `connect()` is called.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts the publisher; cancel the result to stop it.
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// Connects on the first subscription and disconnects when the last subscriber cancels.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

extension Publishers {
    /// A connectable publisher connected while it has subscribers.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        private let lock = NSLock()
        private var subscriberCount = 0
        private var connection: (any Cancellable)?

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let tracker = AnySubscriber<Output, Failure>(
                receiveSubscription: { [self] subscription in
                    subscriber.receive(
                        subscription: CountedSubscription(inner: subscription) { [weak self] in self?.subscriberLeft() }
                    )
                },
                receiveValue: { subscriber.receive($0) },
                receiveCompletion: { subscriber.receive(completion: $0) })
            upstream.subscribe(tracker)
            lock.lock()
            subscriberCount += 1
            let shouldConnect = connection == nil
            lock.unlock()
            if shouldConnect {
                let connection = upstream.connect()
                lock.lock()
                self.connection = connection
                lock.unlock()
            }
        }

        private func subscriberLeft() {
            lock.lock()
            subscriberCount -= 1
            let connection = subscriberCount == 0 ? self.connection : nil
            if subscriberCount == 0 { self.connection = nil }
            lock.unlock()
            connection?.cancel()
        }
    }
}

/// A subscription that reports its cancellation once.
final class CountedSubscription: Subscription, @unchecked Sendable {
    private let inner: any Subscription
    private let onCancel: LockedValue<(() -> Void)?>
    init(inner: any Subscription, onCancel: @escaping () -> Void) {
        self.inner = inner
        self.onCancel = LockedValue(onCancel)
    }
    func request(_ demand: Subscribers.Demand) { inner.request(demand) }
    func cancel() {
        inner.cancel()
        onCancel.exchange(nil)?()
    }
}

extension Timer {
    /// A publisher of the current date every `interval` seconds on `runLoop` in `mode`, once connected:
    /// `Timer.publish(every: 1, on: .main, in: .common).autoconnect()`.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
        in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil
    ) -> Timer.TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A connectable publisher of the date at each tick of a repeating timer.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?
        private let hub = SubscriberHub<Date, Never>(keepsLatest: false)

        /// A non-positive or non-finite interval would spin; such timers tick every millisecond instead.
        public init(
            interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            if !(interval.isFinite && interval > 0) {
                FileHandle.standardError.write(
                    Data(
                        "Timer.publish(every: \(interval)): the interval must be a positive number of seconds; using 0.001\n"
                            .utf8))
            }
            self.interval = interval.isFinite && interval > 0 ? interval : 0.001
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            hub.attach(AnySubscriber(subscriber), initial: nil)
        }

        public func connect() -> any Cancellable {
            // Weakly: Foundation never frees a block timer (not even once invalidated), so the block must not
            // keep the subscribers alive.
            let timer = Timer(timeInterval: interval, repeats: true) { [weak hub] _ in hub?.send(Date()) }
            if let tolerance { timer.tolerance = tolerance }
            runLoop.add(timer, forMode: mode)
            let handle = UncheckedTimer(timer: timer)
            return AnyCancellable { handle.timer.invalidate() }
        }
    }
}

extension NotificationCenter {
    /// A publisher of the notifications named `name` (from `object`, if given) posted to this center.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }

    /// Publishes notifications as they are posted, on the posting thread; subscribers without demand miss them.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let hub = SubscriberHub<Notification, Never>(keepsLatest: false)
            let observer = center.addObserver(forName: name, object: object, queue: nil) { hub.send($0) }
            let center = UncheckedCenter(center: center)
            let observerHandle = UncheckedObserver(observer: observer)
            hub.onCountChange = { count in if count == 0 { center.center.removeObserver(observerHandle.observer) } }
            hub.attach(AnySubscriber(subscriber), initial: nil)
        }
    }
}

struct UncheckedCenter: @unchecked Sendable { let center: NotificationCenter }
struct UncheckedObserver: @unchecked Sendable { let observer: any NSObjectProtocol }

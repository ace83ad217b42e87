import Combine
import Foundation
import Testing

/// Operators that schedule work (debounce, throttle, receive(on:)) let go of a cancelled subscription at once,
/// even while work they scheduled is still pending on the scheduler (a run loop's timer may never fire, as when
/// the app exits first).
@Suite @MainActor struct CancellationReleaseTests {
    /// A subscriber that asks for everything and hands its subscription back.
    final class Probe: Subscriber {
        typealias Input = Int
        typealias Failure = Never
        var subscription: (any Subscription)?
        var received: [Int] = []
        func receive(subscription: any Subscription) {
            self.subscription = subscription
            subscription.request(.unlimited)
        }
        func receive(_ input: Int) -> Subscribers.Demand {
            received.append(input)
            return .none
        }
        func receive(completion: Subscribers.Completion<Never>) {}
    }

    /// Subscribes to what `operate` makes of a subject, sends a value (so work is pending on the clock), cancels,
    /// and tells whether the subscription was still alive while held and is released once cancelled.
    func releasesOnCancel<P: Publisher>(_ operate: (PassthroughSubject<Int, Never>, VirtualScheduler) -> P)
        -> (heldWhileSubscribed: Bool, releasedAfterCancel: Bool, receivedAfterCancel: [Int])
    where P.Output == Int, P.Failure == Never {
        let clock = VirtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        weak var weakSubscription: AnyObject?
        let probe = Probe()
        operate(subject, clock).subscribe(probe)
        subject.send(1)
        weakSubscription = probe.subscription.map { $0 as AnyObject }
        let held = weakSubscription != nil
        probe.subscription?.cancel()
        probe.subscription = nil
        let released = weakSubscription == nil
        clock.advance(by: 1000)
        return (held, released, probe.received)
    }

    @Test func aCancelledDebounceIsReleasedWhileItsTimerIsPending() {
        let result = releasesOnCancel { subject, clock in
            subject.debounce(for: .milliseconds(50), scheduler: clock)
        }
        #expect(result.heldWhileSubscribed)
        #expect(result.releasedAfterCancel, "the pending timer kept the cancelled subscription")
        #expect(result.receivedAfterCancel == [])
    }

    @Test func aCancelledThrottleIsReleasedWhileItsWindowIsOpen() {
        let result = releasesOnCancel { subject, clock in
            subject.throttle(for: .milliseconds(50), scheduler: clock, latest: true)
        }
        #expect(result.heldWhileSubscribed)
        #expect(result.releasedAfterCancel, "the pending window kept the cancelled subscription")
        #expect(result.receivedAfterCancel == [])
    }

    @Test func aCancelledReceiveOnIsReleasedWhileItsDeliveryIsPending() {
        let result = releasesOnCancel { subject, clock in subject.receive(on: clock) }
        #expect(result.heldWhileSubscribed)
        #expect(result.releasedAfterCancel, "the pending delivery kept the cancelled subscription")
        #expect(result.receivedAfterCancel == [])
    }
}

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

import Combine
import Foundation
import Testing

@Suite struct PublisherTests {
    @Test func justEmptyAndFailComplete() {
        var values: [Int] = []
        var completion: Subscribers.Completion<Never>?
        _ = Just(5).sink(receiveCompletion: { completion = $0 }, receiveValue: { values.append($0) })
        #expect(values == [5])
        #expect(completion == .finished)

        var emptyValues = 0
        var emptyFinished = false
        _ = Empty<Int, Never>().sink(
            receiveCompletion: { _ in emptyFinished = true }, receiveValue: { _ in emptyValues += 1 })
        #expect(emptyValues == 0 && emptyFinished)
        var neverFinished = false
        _ = Empty<Int, Never>(completeImmediately: false).sink(
            receiveCompletion: { _ in neverFinished = true }, receiveValue: { _ in })
        #expect(!neverFinished)

        var failure: Subscribers.Completion<TestError>?
        _ = Fail<Int, TestError>(error: TestError(code: 7)).sink(
            receiveCompletion: { failure = $0 }, receiveValue: { _ in })
        #expect(failure == .failure(TestError(code: 7)))
    }

    @Test func demandArithmetic() {
        #expect(Subscribers.Demand.max(2) + .unlimited == .unlimited)
        #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
        #expect(Subscribers.Demand.max(1) - .max(5) == .none)
        #expect(Subscribers.Demand.unlimited - .max(5) == .unlimited)
        #expect(Subscribers.Demand.max(3) * 2 == .max(6))
        #expect(Subscribers.Demand.max(Int.max - 1) + .max(10) == .unlimited)
        #expect(Subscribers.Demand.max(3).max == 3 && Subscribers.Demand.unlimited.max == nil)
        #expect(Subscribers.Demand.none < .max(1) && Subscribers.Demand.max(1) > 0)
        #expect("\(Subscribers.Demand.unlimited)" == "unlimited" && "\(Subscribers.Demand.max(2))" == "max(2)")
    }

    @Test func sequencePublisherHonoursDemand() {
        let subscriber = RecordingSubscriber<Int, Never>(demand: .max(2))
        [1, 2, 3, 4].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        subscriber.subscription?.request(.max(5))
        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(subscriber.finished)
    }

    @Test func demandReturnedFromReceiveAddsUp() {
        let subscriber = RecordingSubscriber<Int, Never>(demand: .max(1), perValue: .max(1))
        (1...5).publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3, 4, 5])
        #expect(subscriber.finished)
    }

    @Test func passthroughSubjectDropsValuesWithoutDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(demand: .max(1))
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subscriber.subscription?.request(.max(1))
        subject.send(3)
        #expect(subscriber.values == [1, 3])
        subject.send(completion: .finished)
        subject.send(4)
        #expect(subscriber.values == [1, 3])
        #expect(subscriber.finished)
    }

    @Test func currentValueSubjectGivesCurrentValueWhenAsked() {
        let subject = CurrentValueSubject<String, Never>("a")
        let subscriber = RecordingSubscriber<String, Never>(demand: .none)
        subject.subscribe(subscriber)
        subject.value = "b"
        #expect(subscriber.values.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == ["b"])
        var seen: [String] = []
        let token = subject.sink { seen.append($0) }
        subject.send("c")
        #expect(seen == ["b", "c"])
        #expect(subject.value == "c")
        token.cancel()
    }

    @Test func cancellingAndReleasingTheTokenStopsDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var token: AnyCancellable? = subject.sink { received.append($0) }
        subject.send(1)
        token = nil
        subject.send(2)
        #expect(received == [1])
        _ = token

        final class Owner {
            var cancellables = Set<AnyCancellable>()
        }
        var owner: Owner? = Owner()
        subject.sink { received.append($0) }.store(in: &owner!.cancellables)
        subject.send(3)
        owner = nil
        subject.send(4)
        #expect(received == [1, 3])

        var list: [AnyCancellable] = []
        subject.sink { received.append($0 * 10) }.store(in: &list)
        subject.send(5)
        list.removeAll()
        subject.send(6)
        #expect(received == [1, 3, 50])
    }

    @Test func failureEndsTheStreamAndReachesTheSink() {
        let subject = PassthroughSubject<Int, TestError>()
        var values: [Int] = []
        var completions: [Subscribers.Completion<TestError>] = []
        let token = subject.sink(receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 3)))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(values == [1])
        #expect(completions == [.failure(TestError(code: 3))])
        // A late subscriber gets the failure at once.
        var late: Subscribers.Completion<TestError>?
        _ = subject.sink(receiveCompletion: { late = $0 }, receiveValue: { _ in })
        #expect(late == .failure(TestError(code: 3)))
        _ = token
    }

    @Test func aFailureThatEndsASinkIsLogged() {
        let lines = LockedLines()
        let previous = CombineLog.destination
        CombineLog.destination = { lines.append($0) }
        defer { CombineLog.destination = previous }
        var completion: Subscribers.Completion<TestError>?
        _ = Fail<Int, TestError>(error: TestError(code: 4711)).map { $0 + 1 }
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in })
        #expect(completion == .failure(TestError(code: 4711)))
        let line = lines.all.first { $0.contains("4711") }
        #expect(
            line == "Combine: a sink's publisher failed (TestError): TestError(code: 4711); the subscription has ended")
        _ = Just(1).sink { _ in }
        #expect(!lines.all.contains { $0.contains("Just") })
    }

    @Test func anyPublisherAndFuture() {
        let erased: AnyPublisher<Int, Never> = [1, 2].publisher.map { $0 * 2 }.eraseToAnyPublisher()
        var values: [Int] = []
        _ = erased.sink { values.append($0) }
        _ = erased.sink { values.append($0) }
        #expect(values == [2, 4, 2, 4])

        var promise: Future<String, Never>.Promise?
        var runs = 0
        let future = Future<String, Never> {
            runs += 1
            promise = $0
        }
        var results: [String] = []
        let early = future.sink { results.append($0) }
        promise?(.success("done"))
        promise?(.success("again"))
        _ = future.sink { results.append($0) }
        #expect(runs == 1)
        #expect(results == ["done", "done"])
        _ = early
    }

    @Test func assignToKeyPathOnObject() {
        final class Target { var text = "" }
        let target = Target()
        let subject = PassthroughSubject<String, Never>()
        let token = subject.assign(to: \.text, on: target)
        subject.send("hello")
        #expect(target.text == "hello")
        token.cancel()
        subject.send("ignored")
        #expect(target.text == "hello")
    }

    @Test func subjectSubscribedToAPublisher() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let token = subject.sink { values.append($0) }
        let feed = [7, 8].publisher.subscribe(subject)
        #expect(values == [7, 8])
        _ = (token, feed)
    }
}

private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

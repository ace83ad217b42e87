import Combine
import Foundation
import Testing

@Suite struct OperatorTests {
    @Test func mapFilterCompactMapRemoveDuplicatesDropFirst() {
        let subject = PassthroughSubject<String, Never>()
        var mapped: [Int] = []
        var filtered: [String] = []
        var compact: [Int] = []
        var distinct: [String] = []
        var dropped: [String] = []
        var tokens = Set<AnyCancellable>()
        subject.map(\.count).sink { mapped.append($0) }.store(in: &tokens)
        subject.filter { $0.hasPrefix("a") }.sink { filtered.append($0) }.store(in: &tokens)
        subject.compactMap(Int.init).sink { compact.append($0) }.store(in: &tokens)
        subject.removeDuplicates().sink { distinct.append($0) }.store(in: &tokens)
        subject.dropFirst(2).sink { dropped.append($0) }.store(in: &tokens)
        for text in ["a", "a", "12", "ab", "ab", "x"] { subject.send(text) }
        #expect(mapped == [1, 1, 2, 2, 2, 1])
        #expect(filtered == ["a", "a", "ab", "ab"])
        #expect(compact == [12])
        #expect(distinct == ["a", "12", "ab", "x"])
        #expect(dropped == ["12", "ab", "ab", "x"])
    }

    @Test func filterAsksForReplacementsOfDroppedValues() {
        let subscriber = RecordingSubscriber<Int, Never>(demand: .max(2))
        (1...10).publisher.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        #expect(subscriber.values == [2, 4])
        #expect(subscriber.completions.isEmpty)
    }

    @Test func removeDuplicatesByPredicate() {
        var values: [Double] = []
        _ = [1.0, 1.05, 1.5, 1.52, 3].publisher.removeDuplicates { abs($0 - $1) < 0.1 }.sink { values.append($0) }
        #expect(values == [1.0, 1.5, 3])
    }

    @Test func combineLatestWaitsForBothThenPairsLatest() {
        let name = PassthroughSubject<String, Never>()
        let age = PassthroughSubject<Int, Never>()
        var pairs: [String] = []
        var finished = false
        let token = name.combineLatest(age).sink(
            receiveCompletion: { _ in finished = true },
            receiveValue: { pairs.append("\($0.0) \($0.1)") })
        name.send("Ann")
        name.send("Bo")
        age.send(3)
        age.send(4)
        name.send("Cy")
        #expect(pairs == ["Bo 3", "Bo 4", "Cy 4"])
        name.send(completion: .finished)
        #expect(!finished)
        age.send(5)
        #expect(pairs.last == "Cy 5")
        age.send(completion: .finished)
        #expect(finished)
        var joined: [String] = []
        _ = Just("a").combineLatest(Just(1)) { "\($0)\($1)" }.sink { joined.append($0) }
        #expect(joined == ["a1"])
        _ = token
    }

    @Test func combineLatestHonoursDemand() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<(Int, Int), Never>(demand: .max(1))
        a.combineLatest(b).subscribe(subscriber)
        a.send(1)
        b.send(1)
        b.send(2)
        #expect(subscriber.values.count == 1)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values.map { $0.1 } == [1, 2])
    }

    @Test func mergeInterleavesAndFinishesAfterBoth() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        var values: [Int] = []
        var completion: Subscribers.Completion<TestError>?
        let token = a.merge(with: b).sink(receiveCompletion: { completion = $0 }, receiveValue: { values.append($0) })
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(3)
        #expect(values == [1, 2, 3])
        #expect(completion == nil)
        b.send(completion: .failure(TestError(code: 1)))
        #expect(completion == .failure(TestError(code: 1)))
        _ = token
    }

    @Test func replaceErrorEndsWithTheReplacement() {
        var values: [Int] = []
        var finished = false
        _ = Fail<Int, TestError>(error: TestError(code: 2)).replaceError(with: -1)
            .sink(receiveCompletion: { finished = $0 == .finished }, receiveValue: { values.append($0) })
        #expect(values == [-1] && finished)
    }

    @Test func setFailureTypeJoinsAFailingPipeline() {
        var values: [Int] = []
        var completion: Subscribers.Completion<TestError>?
        let never: AnyPublisher<Int, TestError> = [1, 2].publisher.setFailureType(to: TestError.self)
            .eraseToAnyPublisher()
        _ = never.merge(with: Fail(error: TestError(code: 9)))
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { values.append($0) })
        #expect(values == [1, 2] && completion == .failure(TestError(code: 9)))
        var finished = false
        _ = Just(5).setFailureType(to: TestError.self)
            .sink(receiveCompletion: { finished = $0 == .finished }, receiveValue: { values.append($0) })
        #expect(values == [1, 2, 5] && finished)
    }
}

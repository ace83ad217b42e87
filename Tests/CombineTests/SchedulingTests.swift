import Combine
import CompositorHarness
import Foundation
import Testing

@Suite @MainActor struct SchedulingTests {
    @Test func receiveOnMainQueueDeliversOnTheMainQueue() async {
        let subject = PassthroughSubject<Int, Never>()
        let marker = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: marker, value: 1)
        let received = Received<(Int, Bool)>()
        let token = subject.receive(on: DispatchQueue.main).sink {
            received.append(($0, DispatchQueue.getSpecific(key: marker) == 1))
        }
        let box = UncheckedSubject(subject: subject)
        DispatchQueue.global().async {
            box.subject.send(1)
            box.subject.send(2)
        }
        #expect(await waitUntil { received.count == 2 })
        #expect(received.all.map(\.0) == [1, 2])
        #expect(received.all.allSatisfy { $0.1 })
        token.cancel()
    }

    @Test func receiveOnARunLoopIsAsynchronousAndOnItsThread() async {
        let loop = RunLoopThread()
        defer { loop.stop() }
        let received = Received<(Int, Bool)>()
        let target = loop.runLoop
        let token = [1, 2, 3].publisher.receive(on: target).sink { received.append(($0, RunLoop.current === target)) }
        #expect(await waitUntil { received.count == 3 })
        #expect(received.all.map(\.0) == [1, 2, 3])
        #expect(received.all.allSatisfy { $0.1 })
        token.cancel()
    }

    /// On a virtual clock: a burst's last value goes out exactly `dueTime` after it, and not a moment before.
    @Test func debouncePublishesTheLastValueOfABurst() {
        let clock = VirtualScheduler()
        let subject = PassthroughSubject<String, Never>()
        var received: [String] = []
        let token = subject.debounce(for: .milliseconds(50), scheduler: clock).sink { received.append($0) }
        subject.send("s")
        clock.advance(by: 10)
        subject.send("sw")
        clock.advance(by: 10)
        subject.send("swi")
        clock.advance(by: 49)
        #expect(received == [])
        clock.advance(by: 1)
        #expect(received == ["swi"])
        clock.advance(by: 30)
        subject.send("swift")
        clock.advance(by: 49)
        #expect(received == ["swi"])
        clock.advance(by: 1)
        #expect(received == ["swi", "swift"])
        clock.advance(by: 500)
        #expect(received == ["swi", "swift"])
        token.cancel()
    }

    /// The real main queue: values sent in one turn of it, before any of its timers can run, give one value.
    @Test func debounceOnTheMainQueue() async {
        let subject = PassthroughSubject<String, Never>()
        var received: [String] = []
        let token = subject.debounce(for: .milliseconds(50), scheduler: DispatchQueue.main).sink { received.append($0) }
        subject.send("s")
        subject.send("sw")
        subject.send("swi")
        #expect(await waitUntil { received.count == 1 })
        #expect(received == ["swi"])
        token.cancel()
    }

    @Test func debounceOnARunLoopWithASecondsLiteral() async {
        let loop = RunLoopThread()
        defer { loop.stop() }
        let subject = PassthroughSubject<Int, Never>()
        let received = Received<Int>()
        let token = subject.debounce(for: 0.05, scheduler: loop.runLoop).sink { received.append($0) }
        subject.send(1)
        #expect(await waitUntil { received.count == 1 })
        #expect(received.all == [1])
        token.cancel()
    }

    /// On a virtual clock: the first value at once, then at each window's end the latest (or first) value held
    /// in it; a window with nothing held closes, and the next value goes out at once again.
    @Test(arguments: [true, false]) func throttleSendsFirstThenOnePerWindow(latest: Bool) {
        let clock = VirtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let token = subject.throttle(for: .milliseconds(50), scheduler: clock, latest: latest).sink {
            received.append($0)
        }
        subject.send(1)
        clock.advance(by: 0)
        #expect(received == [1])
        clock.advance(by: 10)
        subject.send(2)
        clock.advance(by: 10)
        subject.send(3)
        clock.advance(by: 29)
        #expect(received == [1])
        clock.advance(by: 1)  // 50 ms: the window closes
        #expect(received == [1, latest ? 3 : 2])
        clock.advance(by: 10)
        subject.send(4)
        clock.advance(by: 40)  // 100 ms: the second window closes
        #expect(received == [1, latest ? 3 : 2, 4])
        clock.advance(by: 100)  // 150 ms: the third, empty, closes
        subject.send(5)
        clock.advance(by: 0)
        #expect(received == [1, latest ? 3 : 2, 4, 5])
        token.cancel()
    }

    /// The real main queue: the first value and, after the window, the one kept.
    @Test func throttleOnTheMainQueue() async {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let token = subject.throttle(for: .milliseconds(50), scheduler: DispatchQueue.main, latest: true).sink {
            received.append($0)
        }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(await waitUntil { received.count == 2 })
        #expect(received == [1, 3])
        token.cancel()
    }

    @Test func timerPublisherTicksUntilCancelled() async {
        let loop = RunLoopThread()
        defer { loop.stop() }
        let dates = Received<Date>()
        let token = Timer.publish(every: 0.02, on: loop.runLoop, in: .common).autoconnect().sink { dates.append($0) }
        #expect(await waitUntil { dates.count >= 3 })
        #expect(zip(dates.all, dates.all.dropFirst()).allSatisfy { $0 < $1 })
        token.cancel()
        // Cancelling invalidates the timer: in ten more intervals, at most a tick already in flight arrives.
        let count = dates.count
        try? await Task.sleep(for: .milliseconds(200))
        #expect(dates.count <= count + 1)
    }

    @Test func timerPublisherConnectsOnlyWhenAsked() async {
        let loop = RunLoopThread()
        defer { loop.stop() }
        let publisher = Timer.publish(every: 0.01, on: loop.runLoop, in: .default)
        let ticks = Received<Date>()
        let token = publisher.sink { ticks.append($0) }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(ticks.count == 0)
        let connection = publisher.connect()
        #expect(await waitUntil { ticks.count > 0 })
        connection.cancel()
        token.cancel()
    }

    @Test func timerWithANonsenseIntervalStillRuns() async {
        let loop = RunLoopThread()
        defer { loop.stop() }
        let ticks = Received<Date>()
        let token = Timer.publish(every: .nan, on: loop.runLoop, in: .common).autoconnect().sink { ticks.append($0) }
        #expect(await waitUntil { ticks.count > 0 })
        token.cancel()
    }

    @Test func notificationCenterPublisher() {
        let center = NotificationCenter()
        let name = Notification.Name("CombineTests.ping")
        let sender = NSObject()
        let other = NSObject()
        var all: [String] = []
        var fromSender = 0
        let token = center.publisher(for: name).compactMap { $0.userInfo?["n"] as? String }.sink { all.append($0) }
        let filtered = center.publisher(for: name, object: sender).sink { _ in fromSender += 1 }
        center.post(name: name, object: sender, userInfo: ["n": "one"])
        center.post(name: name, object: other, userInfo: ["n": "two"])
        #expect(all == ["one", "two"])
        #expect(fromSender == 1)
        token.cancel()
        filtered.cancel()
        center.post(name: name, object: sender, userInfo: ["n": "three"])
        #expect(all == ["one", "two"] && fromSender == 1)
    }
}

private struct UncheckedSubject: @unchecked Sendable { let subject: PassthroughSubject<Int, Never> }

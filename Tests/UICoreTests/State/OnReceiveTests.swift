import Combine
import CompositorHarness
import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// What the views under test saw, outside the view values.
@MainActor private final class Log {
    var shown: [Int] = []
    var actions = 0
}

private struct Counter<P: Publisher>: View where P.Output == Int, P.Failure == Never {
    let publisher: P
    let log: Log
    @State private var value = 0
    var body: some View {
        log.shown.append(value)
        return Text("\(value)").onReceive(publisher) {
            value = $0
            log.actions += 1
        }
    }
}

private struct Removable<P: Publisher>: View where P.Output == Int, P.Failure == Never {
    let publisher: P
    let log: Log
    @Binding var shown: Bool
    var body: some View {
        VStack {
            if shown { Text("child").onReceive(publisher) { _ in log.actions += 1 } }
        }
    }
}

/// A ticking clock as people write it: the timer publisher is a stored property of the view (on a test
/// thread's run loop: in a test process nothing runs the main thread's).
private struct Ticker: View {
    let log: Log
    let timer: Publishers.Autoconnect<Timer.TimerPublisher>
    @State private var ticks = 0
    var body: some View {
        log.shown.append(ticks)
        return Text("\(ticks)").onReceive(timer) { _ in ticks += 1 }
    }
}

@MainActor @Suite struct OnReceiveTests {
    @Test func eachValueRunsTheActionAndUpdatesTheView() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Log()
        let graph = makeGraph(Counter(publisher: subject, log: log), width: 100, height: 40)
        graph.update()
        subject.send(5)
        #expect(log.actions == 1)
        #expect(graph.needsUpdate)
        graph.update()
        #expect(log.shown.last == 5)
        subject.send(6)
        graph.update()
        #expect(log.shown.last == 6)
    }

    @Test func aValueSentWhileBuildingIsAppliedAfterTheUpdate() {
        let log = Log()
        let graph = makeGraph(Counter(publisher: Just(9), log: log), width: 100, height: 40)
        graph.update()
        #expect(log.actions == 1)
        #expect(graph.needsUpdate)
        graph.update()
        #expect(log.shown == [0, 9])
    }

    @Test func removingTheViewCancelsTheSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Log()
        var shown = true
        let binding = Binding(get: { shown }, set: { shown = $0 })
        let graph = makeGraph(Removable(publisher: subject, log: log, shown: binding), width: 100, height: 40)
        graph.update()
        subject.send(1)
        #expect(log.actions == 1)
        shown = false
        graph.setRoot(Removable(publisher: subject, log: log, shown: binding))
        graph.update()
        subject.send(2)
        #expect(log.actions == 1)
    }

    @Test func aTimerPublisherDrivesTheView() async {
        let loop = RunLoopThread()
        defer { loop.stop() }
        let log = Log()
        let graph = makeGraph(
            Ticker(log: log, timer: Timer.publish(every: 0.02, on: loop.runLoop, in: .common).autoconnect()),
            width: 100, height: 40)
        graph.update()
        // Ticks arrive on the loop's thread; the node hands them to the main queue, which runs while we wait.
        let reached = await waitUntil {
            if graph.needsUpdate { graph.update() }
            return (log.shown.last ?? 0) >= 3
        }
        #expect(reached)
        #expect(log.shown == log.shown.sorted())
        // Removing the view ends the subscription, which disconnects the timer before its loop stops.
        graph.setRoot(EmptyView())
        graph.update()
    }
}

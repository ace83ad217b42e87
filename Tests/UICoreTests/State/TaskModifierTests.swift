import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// `task(priority:_:)` and `task(id:priority:_:)`: what each task reports arrives on a stream the test reads in
/// order, so every expectation waits for the fact it checks.
@MainActor
@Suite struct TaskModifierTests {
    /// A task that reports its start, then waits until cancelled and reports that.
    static func longTask(_ name: String, _ events: AsyncStream<String>.Continuation) async {
        events.yield("start \(name)")
        do {
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
            events.yield("finished \(name)")
        } catch {
            events.yield("cancelled \(name) \(Task.isCancelled)")
        }
    }

    struct Screen: View {
        let show: Bool
        let id: Int
        let events: AsyncStream<String>.Continuation
        var body: some View {
            VStack {
                if show {
                    Text("loading").task { await TaskModifierTests.longTask("plain", events) }
                }
                Text("\(id)").task(id: id, priority: .low) { await TaskModifierTests.longTask("id \(id)", events) }
            }
        }
    }

    @Test func startsOnAppearCancelsOnRemovalAndRestartsWhenTheIDChanges() async {
        let (stream, events) = AsyncStream.makeStream(of: String.self)
        var next = stream.makeAsyncIterator()
        let graph = makeGraph(Screen(show: true, id: 1, events: events), width: 200, height: 100)
        graph.update()
        var started: Set<String> = []
        started.insert(await next.next() ?? "")
        started.insert(await next.next() ?? "")
        #expect(started == ["start plain", "start id 1"])

        graph.setRoot(Screen(show: false, id: 1, events: events))
        graph.update()
        #expect(await next.next() == "cancelled plain true")

        graph.setRoot(Screen(show: false, id: 2, events: events))
        graph.update()
        let restart = [await next.next() ?? "", await next.next() ?? ""]
        #expect(Set(restart) == ["cancelled id 1 true", "start id 2"])

        // Re-evaluating with the same id restarts nothing: the next fact is the removal's cancellation.
        graph.setRoot(Screen(show: false, id: 2, events: events))
        graph.update()
        let tasks = allNodes(graph).compactMap { $0 as? TaskNode }
        #expect(tasks.count == 1)
        graph.setRoot(EmptyView())
        graph.update()
        #expect(await next.next() == "cancelled id 2 true")
        #expect(tasks.allSatisfy { $0.handle.task == nil })
    }

    /// The action runs on the main actor, so it writes `@State` directly, as `.task { items = await load() }`.
    @Test func theActionWritesStateOnTheMainActor() async {
        struct Loader: View {
            @State private var title = "loading"
            let events: AsyncStream<String>.Continuation
            var body: some View {
                Text(title).task {
                    await Task.yield()
                    title = "loaded"
                    events.yield("wrote on main actor: \((#isolation) === MainActor.shared)")
                }
            }
        }
        let (stream, events) = AsyncStream.makeStream(of: String.self)
        var next = stream.makeAsyncIterator()
        let graph = makeGraph(Loader(events: events), width: 200, height: 100)
        graph.update()
        #expect(await next.next() == "wrote on main actor: true")
        #expect(graph.needsUpdate)
        graph.update()
        #expect(graph.displayList.description.contains("\"loaded\""))
    }

    /// A task that ends by itself is not cancelled again and not restarted by later updates.
    @Test func aFinishedTaskIsNotRestartedByUpdates() async {
        struct Once: View {
            let label: String
            let events: AsyncStream<String>.Continuation
            var body: some View { Text(label).task { events.yield("ran") } }
        }
        let (stream, events) = AsyncStream.makeStream(of: String.self)
        var next = stream.makeAsyncIterator()
        let graph = makeGraph(Once(label: "a", events: events), width: 200, height: 100)
        graph.update()
        #expect(await next.next() == "ran")
        let node = allNodes(graph).compactMap { $0 as? TaskNode }.first
        let first = node?.handle.task
        #expect(first != nil)
        graph.setRoot(Once(label: "b", events: events))
        graph.update()
        #expect(node?.handle.task == first)
        graph.setRoot(EmptyView())
        graph.update()
        #expect(node?.handle.task == nil)
    }
}

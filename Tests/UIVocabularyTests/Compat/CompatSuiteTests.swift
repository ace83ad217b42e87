import Combine
import Foundation
import Testing

@testable import CompatSuite
@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// The compatibility suite (Tests/CompatSuite): SwiftUI programs in the styles of tutorials and open-source apps,
/// compiled with only `import SwiftUI` changed to `import WaylandUI`. Every preview they declare is found and
/// laid out, and draws something.
@MainActor
@Suite struct CompatSuiteTests {
    var entries: [PreviewEntry] {
        PreviewCatalog.all().filter { $0.origin.contains("CompatSuite/") || $0.origin.hasPrefix("CompatSuite.") }
    }

    @Test func everyProgramDeclaresPreviewsThatAreFound() {
        // Referenced so the linker keeps the module whatever it decides about unused objects.
        _ = CounterView.self
        let programs = Set(
            entries.map { entry in
                entry.origin.hasPrefix("CompatSuite.") ? entry.origin : (entry.origin as NSString).lastPathComponent
            })
        #expect(programs.count >= 27, "\(programs.sorted())")
        #expect(entries.contains { $0.name == "Timer" })
        #expect(entries.contains { $0.name == "TodoListView_Previews" })
        #expect(entries.contains { $0.name == "Charts" && $0.fixedSize == CGSize(width: 300, height: 260) })
    }

    @Test func everyPreviewLaysOutAndDraws() {
        #expect(entries.count >= 30)
        for entry in entries {
            let graph = makeGraph(entry.make(), width: 400, height: 700)
            graph.update()
            let bounds = graph.displayList.bounds
            #expect(!graph.displayList.items.isEmpty, "\(entry.name) draws nothing")
            #expect(bounds.minX.isFinite && bounds.maxY.isFinite, "\(entry.name): \(bounds)")
        }
    }

    @Test func theirStateAndModelsWork() {
        // A few programs' logic, run as their previews would: the todo store edits, the cart totals.
        let store = TodoStore()
        store.add("Read")
        store.delete(at: IndexSet(integer: 0))
        store.move(from: IndexSet(integer: 0), to: 3)
        #expect(store.items.map(\.title) == ["Write the report", "Read", "Walk the dog"])
        let cart = CartModel()
        cart.add(Product(id: 1, name: "Mug", price: 8))
        cart.add(Product(id: 1, name: "Mug", price: 8))
        #expect(cart.total == 16)
    }

    /// `ForEach($store.items) { $item in … }`: a binding to an array is a collection of bindings to its elements,
    /// identified as the elements are; a row whose element was removed reads its last value and drops writes.
    @Test func bindingsToCollectionElements() {
        var items = [TodoItem(title: "a"), TodoItem(title: "b")]
        let binding = Binding(get: { items }, set: { items = $0 })
        let rows = Array(binding)
        rows[1].wrappedValue.isDone = true
        #expect(items[1].isDone && rows.count == 2)
        #expect(rows.map(\.id) == items.map(\.id))
        rows[0].title.wrappedValue = "A"
        #expect(items[0].title == "A")
        items.removeLast()
        #expect(rows[1].wrappedValue.title == "b")
        rows[1].wrappedValue.title = "x"
        #expect(items.map(\.title) == ["A"])
    }

    /// A publisher that fails: the program's sink shows the error, one line is logged, and the app keeps running
    /// (its `onReceive`, fed the same publisher with `replaceError`, goes on too).
    @Test func aFailingPublisherIsLoggedAndTheProgramRuns() async throws {
        final class Lines: @unchecked Sendable {
            let lock = NSLock()
            var stored: [String] = []
            func append(_ line: String) { lock.withLock { stored.append(line) } }
            var all: [String] { lock.withLock { stored } }
        }
        let lines = Lines()
        let previous = CombineLog.destination
        CombineLog.destination = { lines.append($0) }
        defer { CombineLog.destination = previous }
        let entry = try #require(entries.first { $0.name == "Offline headlines" })
        let graph = makeGraph(entry.make(), width: 400, height: 300)
        graph.update()
        // The sink delivers on the main queue: wait for the error to reach the view.
        for _ in 0..<2000 where !graph.displayList.description.contains("You appear to be off") {
            try await Task.sleep(nanoseconds: 1_000_000)
            graph.update()
        }
        #expect(graph.displayList.description.contains("You appear to be off"), "\(graph.displayList)")
        #expect(graph.displayList.description.contains("Updates: 0"))
        #expect(lines.all.filter { $0.contains("FeedError") }.count == 1, "\(lines.all)")
    }
}

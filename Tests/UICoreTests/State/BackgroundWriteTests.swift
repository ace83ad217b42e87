import Dispatch
import Foundation
import Testing

@_spi(Engine) @testable import UICore

private final class Feed: ObservableObject, @unchecked Sendable {
    @Published var headline = "old"
}

/// Holds what a body handed out, for a write from elsewhere later.
@MainActor private final class BindingBox {
    var binding: Binding<String>?
    func keep(_ binding: Binding<String>) { self.binding = binding }
}

/// Ported code writes `@Published` properties and `@State` bindings from `DispatchQueue.global()`: as in SwiftUI,
/// the change reaches the view on the main actor (after one warning) instead of trapping.
@MainActor
@Suite struct BackgroundWriteTests {
    /// Runs `write` on a global queue, then lets the main queue run what it scheduled.
    func fromBackground(_ write: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                write()
                done.resume()
            }
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { done.resume() }
        }
    }

    func shownText(_ graph: ViewGraph) -> String? {
        guard case .text(let text) = graph.displayList.items.first else { return nil }
        return text.string
    }

    @Test func publishedWriteFromABackgroundQueueReachesTheView() async {
        struct Headline: View {
            @ObservedObject var feed: Feed
            var body: some View { Text(feed.headline) }
        }
        let feed = Feed()
        let graph = makeGraph(Headline(feed: feed), width: 200, height: 100)
        graph.update()
        await fromBackground { feed.headline = "new" }
        #expect(graph.needsUpdate)
        graph.update()
        #expect(shownText(graph) == "new")
    }

    @Test func stateBindingWrittenFromABackgroundQueueLandsOnTheMainActor() async {
        struct Status: View {
            @State private var text = "idle"
            let box: BindingBox
            var body: some View {
                let _ = box.keep($text)
                Text(text)
            }
        }
        let box = BindingBox()
        let graph = makeGraph(Status(box: box), width: 200, height: 100)
        graph.update()
        nonisolated(unsafe) let binding = box.binding!
        await fromBackground { binding.wrappedValue = "loaded" }
        #expect(graph.needsUpdate)
        graph.update()
        #expect(shownText(graph) == "loaded")
    }
}

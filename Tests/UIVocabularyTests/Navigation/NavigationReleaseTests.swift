import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A root page that reads its environment and declares destinations capturing itself (as a body's closures
/// do when they use the view's properties): the stack's model keeps those closures, and so the view value.
struct EnvironmentReadingRoot: View {
    let log: CallLog
    @Environment(\.colorScheme) private var colorScheme
    @State private var showsDetail = false

    var body: some View {
        VStack(spacing: 10) {
            NavigationLink("Seven", value: 7)
            Button("Detail") { showsDetail = true }
        }
        .navigationDestination(for: Int.self) { number in
            DismissingPage(title: "Number \(number)", log: log)
        }
        .navigationDestination(isPresented: $showsDetail) {
            DismissingPage(title: "Detail \(colorScheme == .dark ? "dark" : "light")", log: log)
        }
    }
}

/// A pushed page that dismisses itself with the environment's action.
struct DismissingPage: View {
    let title: String
    let log: CallLog
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack {
            Text(title)
            Button("Close") {
                log("close \(title)")
                dismiss()
            }
        }
    }
}

/// A window's graph goes away with its navigation stacks, whatever their pages' environments hold: closures
/// in the environment (a page's dismiss action, the stack model the links use) capture the stack's model, and
/// the model keeps the destination closures that capture views reading that environment.
@MainActor
@Suite struct NavigationReleaseTests {
    func released(_ scenario: (NavigationHarness, CallLog) throws -> Void) rethrows -> (
        graph: Weak<ViewGraph>?, model: Weak<NavigationStackModel>?, log: Weak<CallLog>?
    ) {
        var graph: Weak<ViewGraph>?
        var model: Weak<NavigationStackModel>?
        var weakLog: Weak<CallLog>?
        try {
            let log = CallLog()
            let harness = NavigationHarness(NavigationStack { EnvironmentReadingRoot(log: log) })
            try scenario(harness, log)
            graph = Weak(harness.graph)
            model = harness.stack?.model.map { Weak($0) }
            weakLog = Weak(log)
        }()
        return (graph, model, weakLog)
    }

    @Test func aStackWhoseRootReadsTheEnvironmentIsReleasedWithItsGraph() {
        let (graph, model, log) = released { harness, _ in
            #expect(harness.texts.contains("Seven"))
        }
        #expect(model != nil)
        #expect(graph?.value == nil)
        #expect(model?.value == nil, "the stack's model was kept")
        #expect(log?.value == nil, "the root's destinations (holding the log) were kept")
    }

    /// The root reads the environment, so each new environment the stack's pages get runs its body again,
    /// which declares its `isPresented` destination again: the same destination, still pushed, not a new one.
    @Test func aPushedDestinationOfARootThatReadsTheEnvironmentStaysAsTheRootIsEvaluatedAgain() throws {
        let h = NavigationHarness(NavigationStack { EnvironmentReadingRoot(log: CallLog()) })
        let detail = try #require(h.textFrame("Detail"))
        h.click(detail.midX, detail.midY)
        #expect(h.texts.contains("Detail light"), "\(h.texts)")
        let pushed = try #require(h.stack?.entries.map(\.id))
        #expect(pushed.count == 2)
        h.graph.environment.colorScheme = .dark
        h.settle()
        #expect(h.texts.contains("Detail dark"), "the destination is built again from the new body: \(h.texts)")
        #expect(h.stack?.entries.map(\.id) == pushed, "the same page, not a new one pushed")
        #expect(h.stack?.presentedPosition == 1 && !h.graph.isAnimating, "nothing slides")
    }

    @Test func pagesPushedAndDismissedAreReleasedWithTheirGraph() throws {
        let (graph, model, log) = try released { harness, log in
            let seven = try #require(harness.textFrame("Seven"))
            harness.click(seven.midX, seven.midY)
            harness.finishAnimations()
            let close = try #require(harness.textFrame("Close"))
            harness.click(close.midX, close.midY)
            harness.finishAnimations()
            #expect(!harness.texts.contains("Number 7"))
            let detail = try #require(harness.textFrame("Detail"))
            harness.click(detail.midX, detail.midY)
            harness.finishAnimations()
            #expect(harness.texts.contains("Detail light"))
            #expect(log.entries == ["close Number 7"])
        }
        #expect(model != nil)
        #expect(graph?.value == nil)
        #expect(model?.value == nil, "the stack's model was kept")
        #expect(log?.value == nil, "the pages (holding the log) were kept")
    }
}

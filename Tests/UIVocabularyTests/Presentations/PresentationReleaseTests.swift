import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A window's graph goes away with its presentations: nothing they hold (their requests, stages, dismiss
/// actions, buttons) keeps the graph, its nodes or the presented views (and what they hold) alive.
@MainActor
@Suite struct PresentationReleaseTests {
    /// Builds a harness, runs `scenario` on it and returns weak references to its graph and presentation nodes.
    /// Builds a harness on the view `make` returns for a log, runs `scenario` on it and returns weak references
    /// to its graph, its presentation nodes and the log (held by the presented view's buttons).
    func released(
        _ make: (CallLog) -> some View, scenario: (NavigationHarness, CallLog) -> Void
    ) -> (graph: Weak<ViewGraph>?, nodes: [Weak<ViewNode>], log: Weak<CallLog>?) {
        var graph: Weak<ViewGraph>?
        var nodes: [Weak<ViewNode>] = []
        var weakLog: Weak<CallLog>?
        do {
            let log = CallLog()
            let harness = NavigationHarness(make(log), width: 640, height: 480)
            scenario(harness, log)
            graph = Weak(harness.graph)
            nodes = allNodes(harness.graph).filter { $0 is PresentationNode || $0 is PresentationStageNode }
                .map { Weak($0) }
            weakLog = Weak(log)
        }
        return (graph, nodes, weakLog)
    }

    @Test func anAlertShownAndAnsweredIsReleasedWithItsGraph() {
        let (graph, nodes, log) = released({ AlertTests.DeleteAlert(log: $0) }) { harness, log in
            #expect(harness.texts.contains("Delete the file?"))
            let delete = harness.textFrame("Delete")!
            harness.click(delete.midX, delete.midY)
            #expect(harness.texts.contains("answered"))
            #expect(log.entries == ["delete"])
        }
        #expect(nodes.count == 2)
        #expect(graph?.value == nil)
        #expect(nodes.allSatisfy { $0.value == nil })
        #expect(log?.value == nil, "the alert's buttons (holding the log) were kept")
    }

    @Test func anAlertStillShowingIsReleasedWithItsGraph() {
        let (graph, nodes, log) = released({ AlertTests.DeleteAlert(log: $0) }) { harness, _ in
            #expect(harness.texts.contains("Delete the file?"))
        }
        #expect(nodes.count == 2)
        #expect(graph?.value == nil)
        #expect(nodes.allSatisfy { $0.value == nil })
        #expect(log?.value == nil, "the alert's buttons (holding the log) were kept")
    }

    @Test func aSheetOpenedAndDismissedIsReleasedWithItsGraph() {
        let (graph, nodes, log) = released({ SheetOwner(log: $0) }) { harness, log in
            let open = harness.textFrame("Open")!
            harness.click(open.midX, open.midY)
            #expect(harness.texts.contains("Sheet presented"))
            let done = harness.textFrame("Done")!
            harness.click(done.midX, done.midY)
            harness.settle()
            #expect(!harness.texts.contains("Sheet presented"))
            #expect(log.entries.contains("onDismiss"))
        }
        #expect(nodes.count == 2)
        #expect(graph?.value == nil)
        #expect(nodes.allSatisfy { $0.value == nil })
        #expect(log?.value == nil, "the sheet's view (holding the log) was kept")
    }
}

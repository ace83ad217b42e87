import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

/// Two counters that two views keep bumping from their bodies, each from the other's: every evaluation
/// invalidates the other view, so the graph never settles. The writes stop at `cap` so that a graph with no
/// bound on its rounds still ends (and the test fails on the count rather than hanging).
@Observable @MainActor private final class Rally {
    var ping = 0
    var pong = 0
    @ObservationIgnored let cap = 5000
    @ObservationIgnored var evaluations = 0
}

private struct Ping: View {
    let rally: Rally
    var body: some View {
        let seen = rally.pong
        let _ = rally.evaluations += 1
        let _ = seen < rally.cap ? rally.ping = seen + 1 : ()
        Text("ping \(seen)")
    }
}

private struct Pong: View {
    let rally: Rally
    var body: some View {
        let seen = rally.ping
        let _ = rally.evaluations += 1
        let _ = seen < rally.cap ? rally.pong = seen + 1 : ()
        Text("pong \(seen)")
    }
}

@MainActor
@Suite struct EvaluationLoopTests {
    @Test func viewsThatInvalidateEachOtherForeverAreCutOffOncePerUpdateAndNamedOnce() {
        withCapturedInvalidValueLog { log in
            let rally = Rally()
            let graph = makeGraph(
                VStack {
                    Ping(rally: rally)
                    Pong(rally: rally)
                }, width: 200, height: 100)
            graph.update()
            var perUpdate: [Int] = []
            for _ in 0..<3 {
                let before = rally.evaluations
                graph.update()
                perUpdate.append(rally.evaluations - before)
                #expect(graph.needsUpdate, "the views still invalidated wait for the next update")
            }
            // Each round re-evaluates the one view the other invalidated.
            #expect(perUpdate.allSatisfy { $0 > 0 && $0 <= 2 * ViewGraph.evaluationRoundLimit }, "\(perUpdate)")
            #expect(rally.ping < rally.cap && rally.pong < rally.cap, "the loop ran to its end in the first update")
            #expect(log.lines.count == 1, "\(log.lines)")
            let line = log.lines.first ?? ""
            #expect(line.contains("Ping") && line.contains("Pong"), "\(line)")
            // The window is drawn meanwhile, with what the views showed last.
            let texts = graph.displayList.items.compactMap { item -> String? in
                if case .text(let text) = item { return text.string }
                return nil
            }
            #expect(texts.count == 2 && texts.allSatisfy { $0.hasPrefix("ping") || $0.hasPrefix("pong") }, "\(texts)")
        }
    }
}

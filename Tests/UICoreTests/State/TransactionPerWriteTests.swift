import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Writes made in different transactions by one event handler: each transaction reaches the views in turn,
/// with its own animation, as in SwiftUI.
@MainActor
@Suite struct TransactionPerWriteTests {
    /// Holds the actions a view hands out (they capture the view, as a button's action does).
    @MainActor final class Actions {
        var plainThenAnimated: () -> Void = {}
        var animatedThenPlain: () -> Void = {}
        var readBack = 0
        /// Drops the actions, which hold the view that holds this object.
        func forget() {
            plainThenAnimated = {}
            animatedThenPlain = {}
        }
    }

    private struct Switches: View {
        let actions: Actions
        @State private var a = false
        @State private var b = false
        var body: some View {
            let _ =
                actions.plainThenAnimated = {
                    a = true
                    withAnimation(.linear(duration: 1)) { b = true }
                }
            let _ =
                actions.animatedThenPlain = {
                    withAnimation(.linear(duration: 1)) { b = true }
                    a = true
                }
            VStack(spacing: 0) {
                Color.red.frame(width: 10, height: 10).offset(x: a ? 100 : 0)
                Color.blue.frame(width: 10, height: 10).offset(x: b ? 100 : 0)
            }
        }
    }

    private func xPositions(_ list: DisplayList) -> [String] {
        list.description.split(separator: "\n").map { line in
            String(line.split(separator: "[")[1].split(separator: ",")[0])
        }
    }

    private func run(_ action: (Actions) -> () -> Void) -> [[String]] {
        let actions = Actions()
        defer { actions.forget() }
        let graph = makeGraph(Switches(actions: actions), width: 300, height: 300)
        graph.update(at: 0)
        #expect(xPositions(graph.displayList) == ["145", "145"])
        action(actions)()
        return [0, 0.5, 1].map { xPositions(graph.update(at: 10 + $0)) }
    }

    @Test func plainWriteJumpsAndAnimatedWriteAnimatesWhenThePlainOneComesFirst() {
        // The red square jumps to +100 at once; the blue one moves linearly over 1 s.
        #expect(run { $0.plainThenAnimated } == [["245", "145"], ["245", "195"], ["245", "245"]])
    }

    @Test func plainWriteJumpsAndAnimatedWriteAnimatesWhenTheAnimatedOneComesFirst() {
        #expect(run { $0.animatedThenPlain } == [["245", "145"], ["245", "195"], ["245", "245"]])
    }

    @Test func bodyAndOnChangeSeeEachTransactionsLastValue() {
        struct Writer: View {
            let log: Recorder<String>
            @State private var v = 0
            var body: some View {
                let _ = log.values.append("body \(v)")
                Text("\(v)")
                    .onAppear {
                        v = 1
                        v = 2
                        withAnimation {
                            v = 3
                            v = 4
                        }
                    }
                    .onChange(of: v) { old, new in log.values.append("change \(old)→\(new)") }
            }
        }
        let log = Recorder<String>()
        let graph = makeGraph(Writer(log: log), width: 200, height: 100)
        graph.update(at: 0)
        graph.update(at: 1)
        #expect(log.values.filter { $0.hasPrefix("body") } == ["body 0", "body 2", "body 4"])
        #expect(log.values.filter { $0.hasPrefix("change") } == ["change 0→2", "change 2→4"])
        #expect(graph.lastTransaction.animation == .default)
        #expect(!graph.needsUpdate)
    }

    @Test func codeOutsideBodiesReadsTheLatestWriteBeforeTheUpdate() {
        struct Holder: View {
            let actions: Actions
            @State private var v = 0
            var body: some View {
                let _ =
                    actions.plainThenAnimated = {
                        v = 1
                        withAnimation { v = 2 }
                        // An action sees its own writes at once.
                        actions.readBack = v
                    }
                Text("\(v)")
            }
        }
        let actions = Actions()
        defer { actions.forget() }
        let graph = makeGraph(Holder(actions: actions), width: 200, height: 100)
        graph.update(at: 0)
        actions.plainThenAnimated()
        #expect(actions.readBack == 2)
        #expect(graph.update(at: 1).description.contains("\"2\""))
    }
}

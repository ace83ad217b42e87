import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// What one state change costs: the bodies that run again (only those that read the state) and the views
/// measured again (only those whose inputs or proposals changed; the others answer from their size caches).
@MainActor
@Suite struct UpdateScopeTests {
    private struct Counter: View {
        let name: String
        let probe: Probe
        @State private var count = 0
        var body: some View {
            let _ = probe.evaluated(name)
            let _ = probe.bindings[name] = $count
            Text("\(name)=\(count)")
        }
    }

    /// Three counters in a column; the window's width is proposed to each of them, whatever the others show.
    private struct Column: View {
        let probe: Probe
        var body: some View {
            let _ = probe.evaluated("column")
            VStack {
                Counter(name: "a", probe: probe)
                Counter(name: "b", probe: probe)
                Counter(name: "c", probe: probe)
            }
        }
    }

    /// Three counters side by side, each in a fixed-width frame: a counter's new width changes no proposal.
    private struct Row: View {
        let probe: Probe
        var body: some View {
            let _ = probe.evaluated("row")
            HStack(spacing: 4) {
                Counter(name: "a", probe: probe).frame(width: 80)
                Counter(name: "b", probe: probe).frame(width: 80)
                Counter(name: "c", probe: probe).frame(width: 80)
            }
        }
    }

    /// A view reading no environment, and one reading the colour scheme, under a parent whose state sets both
    /// the colour scheme and the font of its content.
    private struct Plain: View {
        let probe: Probe
        var body: some View {
            let _ = probe.evaluated("plain")
            Text("plain")
        }
    }

    private struct SchemeReader: View {
        @Environment(\.colorScheme) private var colorScheme
        let probe: Probe
        var body: some View {
            let _ = probe.evaluated("reader")
            Text(colorScheme == .dark ? "dark" : "light")
        }
    }

    private struct Themed: View {
        @State private var level = 0
        let probe: Probe
        var body: some View {
            let _ = probe.evaluated("themed")
            let _ = probe.bindings["level"] = $level
            VStack {
                Plain(probe: probe)
                SchemeReader(probe: probe)
            }
            .environment(\.colorScheme, level > 0 ? .dark : .light)
            .font(level > 0 ? .largeTitle : .body)
        }
    }

    /// Measurements of each text (by the string it shows) and of each node type, since the graph was made.
    private func measurements(_ graph: ViewGraph) -> (texts: [String: Int], stacks: Int, frames: Int) {
        var texts: [String: Int] = [:]
        var stacks = 0
        var frames = 0
        for node in allNodes(graph) {
            if let text = node as? TextNode {
                texts[String(text.text.content.prefix(1)), default: 0] += node.measureCount
            } else if node.debugName.contains("Stack") {
                stacks += node.measureCount
            } else if node is AnimatedFrameNode {
                frames += node.measureCount
            }
        }
        return (texts, stacks, frames)
    }

    @Test func aLeafStateChangeRunsOneBodyAndMeasuresOnlyItsPath() {
        let probe = Probe()
        let graph = makeGraph(Column(probe: probe), width: 300, height: 300)
        graph.update()
        #expect(probe.evaluations == ["column": 1, "a": 1, "b": 1, "c": 1])
        let before = measurements(graph)
        // The column asks each text for its smallest, largest and proposed sizes.
        #expect(before.texts == ["a": 3, "b": 3, "c": 3])

        probe.bindings["a"]!.wrappedValue = 5
        graph.update()
        // Only the counter that read `count` runs again: not its siblings, not the column.
        #expect(probe.evaluations == ["column": 1, "a": 2, "b": 1, "c": 1])
        let after = measurements(graph)
        // The changed text is measured again at the column's three proposals, the column itself once; the
        // siblings answer from their caches.
        #expect(after.texts == ["a": 6, "b": 3, "c": 3])
        #expect(after.stacks == before.stacks + 1)
    }

    @Test func siblingsInFixedFramesAreNotMeasuredWhenALeafGrows() {
        let probe = Probe()
        let graph = makeGraph(Row(probe: probe), width: 400, height: 100)
        graph.update()
        let before = measurements(graph)
        probe.bindings["b"]!.wrappedValue = 123_456
        graph.update()
        #expect(probe.evaluations == ["row": 1, "a": 1, "b": 2, "c": 1])
        let after = measurements(graph)
        #expect(after.texts["a"] == before.texts["a"])
        #expect(after.texts["c"] == before.texts["c"])
        #expect(after.texts["b"] == before.texts["b"]! + 2, "the grown text, at its frame's two proposals")
        // Only b's frame is asked again, at the row's three proposals; a's and c's answer from their caches.
        #expect(after.frames == before.frames + 3)
    }

    @Test func anUnchangedUpdateMeasuresNothing() {
        let probe = Probe()
        let graph = makeGraph(Column(probe: probe), width: 300, height: 300)
        graph.update()
        let before = measurements(graph)
        // An equal value is no change: nothing runs, nothing is measured.
        probe.bindings["b"]!.wrappedValue = 0
        graph.update()
        #expect(probe.evaluations == ["column": 1, "a": 1, "b": 1, "c": 1])
        #expect(measurements(graph) == before)
        // A window resize measures every view again, at the column's three new proposals; no body runs.
        graph.size = CGSize(width: 200, height: 300)
        graph.update()
        #expect(probe.evaluations == ["column": 1, "a": 1, "b": 1, "c": 1])
        #expect(measurements(graph).texts == ["a": 6, "b": 6, "c": 6])
    }

    @Test func anEnvironmentChangeRunsOnlyTheBodiesThatReadIt() {
        let probe = Probe()
        let graph = makeGraph(Themed(probe: probe), width: 400, height: 300)
        graph.update()
        #expect(probe.evaluations == ["themed": 1, "plain": 1, "reader": 1])
        let plainBefore = allNodes(graph).first { ($0 as? TextNode)?.text.content == "plain" }?.size
        probe.bindings["level"]!.wrappedValue = 1
        graph.update()
        // The parent read `level`; the reader reads the colour scheme; the plain view reads neither.
        #expect(probe.evaluations == ["themed": 2, "plain": 1, "reader": 2])
        #expect(texts(graph.displayList) == ["plain", "dark"])
        // Its body did not run, but its text has the new font: the environment reached its nodes.
        let plainAfter = allNodes(graph).first { ($0 as? TextNode)?.text.content == "plain" }?.size
        #expect(plainBefore != nil && plainAfter != nil)
        #expect((plainAfter?.height ?? 0) > (plainBefore?.height ?? 0), "\(plainBefore as Any) → \(plainAfter as Any)")
        // Back: the same again, and the text its first size.
        probe.bindings["level"]!.wrappedValue = 0
        graph.update()
        #expect(probe.evaluations == ["themed": 3, "plain": 1, "reader": 3])
        #expect(texts(graph.displayList) == ["plain", "light"])
        #expect(allNodes(graph).first { ($0 as? TextNode)?.text.content == "plain" }?.size == plainBefore)
    }
}

import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor private final class Log { var lines: [String] = [] }

/// A row of a fixed height.
private struct FixedRow: View {
    let row: Int
    var body: some View { Text("\(row)").frame(height: 50) }
}

/// A row that counts taps in its own state.
private struct CounterRow: View {
    let row: Int
    @State private var taps = 0
    var body: some View {
        Text("row \(row) taps \(taps)").frame(height: 50).onTapGesture { taps += 1 }
    }
}

@MainActor
@Suite struct LazyStackTests {
    func lazyNode(_ graph: ViewGraph) -> LazyStackNode { allNodes(graph).compactMap { $0 as? LazyStackNode }.first! }
    func scrollNode(_ graph: ViewGraph) -> ScrollNode { allNodes(graph).compactMap { $0 as? ScrollNode }.first! }
    func scroll(_ graph: ViewGraph, _ gestures: GestureSystem, by delta: CGFloat, time: Double) {
        gestures.handle(.scroll(CGPoint(x: 10, y: 10), delta: CGSize(width: 0, height: delta), time: time))
        graph.update()
    }

    @Test func buildsOnlyTheRowsInViewOfAHundredThousand() {
        var made = 0
        let graph = makeGraph(
            ScrollView {
                LazyVStack(spacing: 0) {
                    ForEach(0..<100_000) { row -> FixedRow in
                        made += 1
                        return FixedRow(row: row)
                    }
                }
            }, width: 300, height: 200)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        graph.update()
        let lazy = lazyNode(graph)
        #expect(lazy.placedElements.map(\.index) == [0, 1, 2, 3])
        #expect(lazy.builtCount == 4)
        #expect(made == 4)
        // Texts are 22 high (the test measurer), centred in their 50-point frames, in the stack's centre.
        #expect(approx(frame(of: "Text(\"0\")", in: graph), CGRect(x: 145.75, y: 14, width: 8.5, height: 22)))
        #expect(approx(frame(of: "Text(\"3\")", in: graph), CGRect(x: 145.75, y: 164, width: 8.5, height: 22)))
        // The stack is as long as 100 000 rows of the measured 50 points, and as wide as the scroll view.
        #expect(lazy.size == CGSize(width: 300, height: 5_000_000))
        scroll(graph, gestures, by: 1_000, time: 0)
        #expect(lazy.placedElements.map(\.index) == [20, 21, 22, 23])
        #expect(approx(frame(of: "Text(\"20\")", in: graph), CGRect(x: 141.5, y: 14, width: 17, height: 22)))
        #expect(frame(of: "Text(\"0\")", in: graph) == nil, "rows out of view are neither laid out nor drawn")
        #expect(made == 8)
    }

    @Test func unmeasuredRowsAreEstimatedAtTheAverageOfTheMeasuredOnes() {
        let graph = makeGraph(
            ScrollView {
                LazyVStack(spacing: 10) {
                    ForEach(0..<1_000) { row in Color.red.frame(height: row % 2 == 0 ? 40 : 60) }
                }
            }, width: 100, height: 100)
        graph.update()
        let lazy = lazyNode(graph)
        // Rows 0 (40) and 1 (60) at 0 and 50; the other 998 at the average 50 plus spacing.
        #expect(lazy.placedElements.map(\.start) == [0, 50])
        #expect(abs(lazy.size.height - (110 + 998 * 60)) < 0.001)
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 0, y: 50, width: 100, height: 60)))
    }

    @Test func rowsAppearAndDisappearAsTheyScrollInAndOut() {
        let log = Log()
        let graph = makeGraph(
            ScrollView {
                LazyVStack(spacing: 0) {
                    ForEach(0..<100) { row in
                        Color.blue.frame(height: 100)
                            .onAppear { log.lines.append("appear \(row)") }
                            .onDisappear { log.lines.append("disappear \(row)") }
                    }
                }
            }, width: 100, height: 150)
        graph.update()
        #expect(log.lines == ["appear 0", "appear 1"])
        log.lines.removeAll()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        scroll(graph, gestures, by: 120, time: 0)
        #expect(log.lines == ["appear 2", "disappear 0"])
        log.lines.removeAll()
        scroll(graph, gestures, by: -120, time: 10)
        #expect(log.lines == ["appear 0", "disappear 2"])
    }

    @Test func aRowScrolledOutAndBackSoonKeepsItsStateOneScrolledFarAwayLosesIt() {
        let graph = makeGraph(
            ScrollView {
                LazyVStack(spacing: 0) { ForEach(0..<10_000) { CounterRow(row: $0) } }
            }, width: 200, height: 100)
        graph.update()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.pointerDown(CGPoint(x: 100, y: 25), time: 0))
        gestures.handle(.pointerUp(CGPoint(x: 100, y: 25), time: 10))
        graph.update()
        #expect(frame(of: "Text(\"row 0 taps 1\")", in: graph) != nil)
        scroll(graph, gestures, by: 500, time: 100)
        #expect(frame(of: "Text(\"row 0", in: graph) == nil)
        scroll(graph, gestures, by: -500, time: 200)
        #expect(frame(of: "Text(\"row 0 taps 1\")", in: graph) != nil, "kept for a while, in case it comes back")
        // Far away, for many updates: released, with its state.
        for step in 1...(LazyStackNode.retainedPlacements + 2) {
            scroll(graph, gestures, by: 400, time: 300 + Double(step) * 10)
        }
        #expect(lazyNode(graph).builtCount <= LazyStackNode.retainedLimit + 4)
        scroll(graph, gestures, by: -1_000_000, time: 2_000)
        #expect(scrollNode(graph).offset == .zero)
        #expect(frame(of: "Text(\"row 0 taps 0\")", in: graph) != nil)
    }

    @Test func aJumpFarDownIsEstimatedAndTheTopIsExactOnTheWayBack() {
        // Rows are 30 points but the first ones are 90: the estimate is off until the top is reached.
        let graph = makeGraph(
            ScrollView {
                LazyVStack(spacing: 0) { ForEach(0..<1_000) { row in Color.green.frame(height: row < 10 ? 90 : 30) } }
            }, width: 100, height: 100)
        graph.update()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        scroll(graph, gestures, by: 20_000, time: 0)
        let lazy = lazyNode(graph)
        #expect(lazy.placedElements.first!.index > 200)
        // Back up a screen at a time: the rows in view never jump, and row 0 ends at the top with offset 0.
        var time = 10.0
        var checked = 0
        while scrollNode(graph).offset.y > 0 && time < 10_000 {
            let before = lazy.placedElements.first!
            let beforeY = lazy.placedOrigin!.y + before.start
            scroll(graph, gestures, by: -60, time: time)
            time += 10
            if scrollNode(graph).offset.y > 0, let same = lazy.placedElements.first(where: { $0.index == before.index })
            {
                #expect(abs(lazy.placedOrigin!.y + same.start - (beforeY + 60)) < 0.01, "row \(before.index) jumped")
                checked += 1
            }
        }
        #expect(checked > 100)
        #expect(scrollNode(graph).offset.y == 0)
        #expect(lazy.placedElements.first?.index == 0)
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 0, y: 0, width: 100, height: 90)))
    }

    @Test func pinnedHeadersStayAtTheTopUntilTheirSectionEnds() {
        let graph = makeGraph(
            ScrollView {
                LazyVStack(spacing: 0, pinnedViews: [.sectionHeaders, .sectionFooters]) {
                    ForEach(0..<3) { section in
                        Section {
                            ForEach(0..<5) { row in Color.gray.frame(height: 40).id("\(section).\(row)") }
                        } header: {
                            Text("Header \(section)").frame(height: 20)
                        } footer: {
                            Text("Footer \(section)").frame(height: 20)
                        }
                    }
                }
            }, width: 200, height: 100)
        graph.update()
        // Texts are 22 high in 20-point frames: they stick out by a point.
        #expect(frame(of: "Text(\"Header 0\")", in: graph)?.minY == -1)
        // The footer of section 0 is pinned at the bottom while its section is in view.
        #expect(frame(of: "Text(\"Footer 0\")", in: graph)?.maxY == 101)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        scroll(graph, gestures, by: 100, time: 0)
        #expect(frame(of: "Text(\"Header 0\")", in: graph)?.minY == -1, "pinned")
        // Section 0 is 20 + 200 + 20 = 240 long: at 230 its header is pushed up by the section's end.
        scroll(graph, gestures, by: 130, time: 10)
        #expect(frame(of: "Text(\"Header 0\")", in: graph)?.minY == -11)
        #expect(frame(of: "Text(\"Header 1\")", in: graph)?.minY == 9)
    }

    @Test func lazyHStackLaysOutAlongsideAndAligns() {
        let graph = makeGraph(
            ScrollView(.horizontal) {
                LazyHStack(alignment: .top, spacing: 5) {
                    ForEach(0..<1_000) { row in Color.red.frame(width: 50, height: row % 2 == 0 ? 20 : 40) }
                }
            }, width: 200, height: 100)
        graph.update()
        let lazy = lazyNode(graph)
        #expect(lazy.placedElements.map(\.index) == [0, 1, 2, 3])
        // As tall as the scroll view; rows at its top.
        #expect(lazy.size == CGSize(width: 1_000 * 55 - 5, height: 100))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 0), CGRect(x: 0, y: 0, width: 50, height: 20)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 55, y: 0, width: 50, height: 40)))
    }

    @Test func forEachWithDuplicateIDsSaysSoOnceAndDoesNotCrash() {
        var lines: [String] = []
        DuplicateIDWarning.log = { lines.append($0) }
        defer { DuplicateIDWarning.log = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) } }
        let names = ["a", "b", "a", "c"]
        let eager = makeGraph(VStack { ForEach(names, id: \.self) { Text($0) } }, width: 100, height: 100)
        eager.update()
        eager.update()
        #expect(lines.count == 1)
        #expect(lines.first?.contains("the ID a occurs multiple times within the collection") == true, "\(lines)")
        #expect(frame(of: "Text(\"c\")", in: eager) != nil)
        let lazy = makeGraph(
            ScrollView { LazyVStack { ForEach(names, id: \.self) { Text($0 + "!") } } }, width: 100, height: 200)
        lazy.update()
        #expect(lines.count == 2, "\(lines)")
        #expect(frame(of: "Text(\"c!\")", in: lazy) != nil)
    }
}

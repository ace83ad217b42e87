import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor private final class MoveLog {
    var moves: [(IndexSet, Int)] = []
    var selection: String?
}

/// Five rows that can move, in a plain list (44 points a row), with an `EditButton` above and no edit mode
/// provided by the app: the list's own is used.
private struct Reorderable: View {
    let log: MoveLog
    var editing = true
    @State private var rows = ["A", "B", "C", "D", "E"]
    @State private var selection: String?

    var body: some View {
        List(selection: $selection) {
            ForEach(rows, id: \.self) { Text($0) }
                .onMove { offsets, destination in
                    log.moves.append((offsets, destination))
                    rows.move(fromOffsets: offsets, toOffset: destination)
                }
            if editing { EditButton() }
        }
        .listStyle(.plain)
        .onChange(of: selection) { _, new in log.selection = new }
    }
}

/// Forty rows that can move, in a plain list already in edit mode.
private struct LongReorderable: View {
    let log: MoveLog
    @State private var rows = (0..<40).map { "Row \($0)" }

    var body: some View {
        List {
            ForEach(rows, id: \.self) { Text($0) }
                .onMove { offsets, destination in
                    log.moves.append((offsets, destination))
                    rows.move(fromOffsets: offsets, toOffset: destination)
                }
        }
        .listStyle(.plain)
        .environment(\.editMode, .constant(.active))
    }
}

@MainActor
@Suite struct ListMoveTests {
    func listNode(_ graph: ViewGraph) -> ListNode { allNodes(graph).compactMap { $0 as? ListNode }.first! }
    func tap(_ gestures: GestureSystem, _ point: CGPoint, time: Double) {
        gestures.handle(.pointerDown(point, time: time))
        gestures.handle(.pointerUp(point, time: time + 10))
    }
    func enterEditMode(_ graph: ViewGraph, _ gestures: GestureSystem) {
        let edit = frame(of: "Text(\"Edit\")", in: graph)!
        tap(gestures, CGPoint(x: edit.midX, y: edit.midY), time: 0)
        _ = graph.update(at: 0.5)
    }
    func order(_ graph: ViewGraph) -> [String] {
        ["A", "B", "C", "D", "E"].sorted {
            frame(of: "Text(\"\($0)\")", in: graph)!.minY < frame(of: "Text(\"\($1)\")", in: graph)!.minY
        }
    }

    @Test func inEditModeAHandleDragsARowAndTheOthersMoveAside() {
        let log = MoveLog()
        let graph = makeGraph(Reorderable(log: log), width: 300, height: 400)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        #expect(
            graph.hitTestTree.hitTest(CGPoint(x: 282, y: 22))?.chain.contains { $0.name == "List move handle" } != true)
        // The list's own edit mode: the button inside switches it.
        enterEditMode(graph, gestures)
        #expect(frame(of: "Text(\"Done\")", in: graph) != nil)
        #expect(listNode(graph).isEditing)
        // Row B (44…88) by its handle (the trailing 36 points), down 100 points: its middle passes C's and D's.
        gestures.handle(.touchDown(1, CGPoint(x: 282, y: 66), time: 1000))
        gestures.handle(.touchMove(1, CGPoint(x: 282, y: 100), time: 1050))
        gestures.handle(.touchMove(1, CGPoint(x: 282, y: 166), time: 1100))
        _ = graph.update(at: 1.1)
        #expect(listNode(graph).move.target == 3)
        #expect(
            abs(frame(of: "Text(\"B\")", in: graph)!.minY - (44 + 11 + 100)) < 0.01,
            "the dragged row follows the finger")
        // C and D slide up by a row, in 0.2 s: part way after 0.1 s, there after 0.25 s; E stays.
        _ = graph.update(at: 1.2)
        let cMid = frame(of: "Text(\"C\")", in: graph)!.minY
        #expect(cMid < 88 + 11 && cMid > 44 + 11, "\(cMid)")
        _ = graph.update(at: 1.4)
        #expect(abs(frame(of: "Text(\"C\")", in: graph)!.minY - (44 + 11)) < 0.01)
        #expect(abs(frame(of: "Text(\"D\")", in: graph)!.minY - (88 + 11)) < 0.01)
        #expect(abs(frame(of: "Text(\"E\")", in: graph)!.minY - (176 + 11)) < 0.01)
        #expect(log.moves.isEmpty)
        gestures.handle(.touchUp(1, CGPoint(x: 282, y: 166), time: 1500))
        _ = graph.update(at: 1.6)
        // As SwiftUI: the offset moved and the offset it goes before (D is 3: before 4).
        #expect(log.moves.map(\.0) == [IndexSet(integer: 1)] && log.moves.map(\.1) == [4])
        #expect(order(graph) == ["A", "C", "D", "B", "E"])
        #expect(!graph.isAnimating || listNode(graph).move.shifts.isEmpty)
    }

    @Test func aDragFarPastTheEndGoesToTheEndAndUpToTheTop() {
        let log = MoveLog()
        let graph = makeGraph(Reorderable(log: log), width: 300, height: 400)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        enterEditMode(graph, gestures)
        gestures.handle(.touchDown(1, CGPoint(x: 282, y: 66), time: 1000))
        gestures.handle(.touchMove(1, CGPoint(x: 282, y: 5_000), time: 1050))
        gestures.handle(.touchUp(1, CGPoint(x: 282, y: 5_000), time: 1100))
        _ = graph.update(at: 1.2)
        #expect(log.moves.last?.1 == 5, "past the last row: the end, not beyond it")
        #expect(order(graph) == ["A", "C", "D", "E", "B"])
        gestures.handle(.touchDown(1, CGPoint(x: 282, y: 154), time: 2000))
        gestures.handle(.touchMove(1, CGPoint(x: 282, y: -900), time: 2050))
        gestures.handle(.touchUp(1, CGPoint(x: 282, y: -900), time: 2100))
        _ = graph.update(at: 2.2)
        #expect(log.moves.last.map { [$0.0.first!, $0.1] } == [3, 0])
        #expect(order(graph) == ["E", "A", "C", "D", "B"])
        // Dropped where it was: no call.
        gestures.handle(.touchDown(1, CGPoint(x: 282, y: 66), time: 3000))
        gestures.handle(.touchMove(1, CGPoint(x: 282, y: 80), time: 3050))
        gestures.handle(.touchUp(1, CGPoint(x: 282, y: 80), time: 3100))
        _ = graph.update(at: 3.2)
        #expect(log.moves.count == 2)
    }

    @Test func aRowHeldNearAnEdgeScrollsTheListAndStaysUnderTheFinger() throws {
        let log = MoveLog()
        let graph = makeGraph(LongReorderable(log: log), width: 300, height: 300)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let scroll = try #require(listNode(graph).enclosingScrollNode)
        // Row 1 (44…88) by its handle, to 10 points above the bottom: 38 points into the 48-point zone, so
        // 800 × 38 / 48 points a second.
        gestures.handle(.touchDown(1, CGPoint(x: 282, y: 66), time: 1000))
        gestures.handle(.touchMove(1, CGPoint(x: 282, y: 290), time: 1050))
        _ = graph.update(at: 1.1)
        #expect(scroll.offset.y == 0, "the first frame starts the clock")
        for frame in 1...60 { _ = graph.update(at: 1.1 + Double(frame) / 60) }
        let speed: CGFloat = 800 * 38 / 48
        #expect(abs(scroll.offset.y - speed) < 0.01, "\(scroll.offset.y)")
        #expect(graph.isAnimating)
        // Scrolled out of the run of rows in view, the row stays built, under the finger (22 points into it).
        let held = try #require(frame(of: "Text(\"Row 1\")", in: graph))
        #expect(abs(held.minY - (290 - 22 + 11)) < 0.01, "\(held)")
        // Back in the middle of the view: it stops.
        gestures.handle(.touchMove(1, CGPoint(x: 282, y: 150), time: 2200))
        for frame in 1...10 { _ = graph.update(at: 2.2 + Double(frame) / 60) }
        #expect(abs(scroll.offset.y - speed) < 0.01, "\(scroll.offset.y)")
        // Near the top it scrolls back up, half a second at 800 × 43 / 48.
        gestures.handle(.touchMove(1, CGPoint(x: 282, y: 5), time: 2500))
        _ = graph.update(at: 2.5)
        for frame in 1...30 { _ = graph.update(at: 2.5 + Double(frame) / 60) }
        let back = speed - 800 * 43 / 48 / 2
        #expect(abs(scroll.offset.y - back) < 0.01, "\(scroll.offset.y)")
        // Dropped there: its middle (22 + 5 - 22 + 22 points down the view, plus the offset) passed the middles of
        // the rows before that, as SwiftUI counts: the offset it goes before.
        gestures.handle(.touchUp(1, CGPoint(x: 282, y: 5), time: 3100))
        _ = graph.update(at: 3.2)
        let middle = 66 + (5 - 66) + back
        let target = Int(((middle - 22) / 44).rounded(.up))
        #expect(log.moves.map(\.0) == [IndexSet(integer: 1)] && log.moves.map(\.1) == [target], "\(log.moves)")
        #expect(target == 6)
        for frame in 1...30 { _ = graph.update(at: 3.2 + Double(frame) / 60) }
        #expect(!graph.isAnimating, "nothing scrolls after the drop")
    }

    @Test func altArrowsMoveTheSelectedRowAndStopAtTheEnds() {
        let log = MoveLog()
        let graph = makeGraph(Reorderable(log: log, editing: false), width: 300, height: 400)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let focus = FocusSystem(graph: graph)
        focus.activate()
        tap(gestures, CGPoint(x: 100, y: 22 + 44 * 3), time: 0)
        graph.update()
        #expect(log.selection == "D")
        func key(_ key: KeyEquivalent) {
            _ = focus.handle(KeyPress(phase: .down, key: key, characters: "", modifiers: [.option]))
            graph.update()
        }
        key(.downArrow)
        #expect(log.moves.last.map { [$0.0.first!, $0.1] } == [3, 5])
        #expect(order(graph) == ["A", "B", "C", "E", "D"])
        key(.downArrow)
        #expect(log.moves.count == 1, "the last row goes no further")
        key(.upArrow)
        key(.upArrow)
        #expect(log.moves.last.map { [$0.0.first!, $0.1] } == [3, 2])
        #expect(order(graph) == ["A", "B", "D", "C", "E"])
        #expect(log.selection == "D")
    }
}

@MainActor final class RefreshGate {
    var runs = 0
    var continuation: CheckedContinuation<Void, Never>?
    func open() {
        continuation?.resume()
        continuation = nil
    }
}

@MainActor
@Suite struct RefreshableTests {
    func scrollNode(_ graph: ViewGraph) -> ScrollNode { allNodes(graph).compactMap { $0 as? ScrollNode }.first! }

    func refreshableList(_ gate: RefreshGate) -> some View {
        List(0..<30) { Text("Row \($0)") }
            .listStyle(.plain)
            .refreshable { @MainActor in
                gate.runs += 1
                await withCheckedContinuation { gate.continuation = $0 }
            }
    }

    func pull(_ gestures: GestureSystem, by distance: CGFloat, time: Double) {
        gestures.handle(.touchDown(1, CGPoint(x: 150, y: 20), time: time))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 20 + distance / 2), time: time + 50))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 20 + distance), time: time + 100))
    }

    /// Lets the refresh task run until `condition` holds.
    func yield(until condition: () -> Bool) async {
        for _ in 0..<1000 where !condition() { await Task.yield() }
    }

    @Test func aPullPastTheThresholdRefreshesWithASpinnerUntilTheActionReturns() async {
        let gate = RefreshGate()
        let graph = makeGraph(refreshableList(gate), width: 300, height: 300)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let scroll = scrollNode(graph)
        // 100 points of finger: the content follows at half pace, 50 points (under the 64 needed).
        pull(gestures, by: 100, time: 0)
        _ = graph.update(at: 0.2)
        #expect(scroll.refreshPull == 50)
        #expect(abs(frame(of: "Text(\"Row 0\")", in: graph)!.minY - (50 + 11)) < 0.01)
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 120), time: 200))
        _ = graph.update(at: 0.3)
        #expect(scroll.refreshPull == 0 && !scroll.isRefreshing && gate.runs == 0)
        #expect(frame(of: "Text(\"Row 0\")", in: graph)!.minY == 11)
        // 160 points: 80 past the top, over the threshold: the action runs, the spinner holds 48 points.
        pull(gestures, by: 160, time: 1000)
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 180), time: 1200))
        _ = graph.update(at: 1.3)
        #expect(scroll.isRefreshing)
        await yield { gate.runs == 1 }
        #expect(gate.runs == 1)
        #expect(abs(frame(of: "Text(\"Row 0\")", in: graph)!.minY - (48 + 11)) < 0.01)
        #expect(graph.isAnimating, "the spinner turns")
        // A second pull while it runs does nothing; the spinner stays however long the action takes.
        pull(gestures, by: 160, time: 2000)
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 180), time: 2200))
        for step in 0..<30 { _ = graph.update(at: 2.3 + Double(step)) }
        await yield { false }
        #expect(gate.runs == 1)
        #expect(scroll.isRefreshing)
        gate.open()
        await yield { !scroll.isRefreshing }
        #expect(!scroll.isRefreshing)
        _ = graph.update(at: 40)
        #expect(frame(of: "Text(\"Row 0\")", in: graph)!.minY == 11)
        _ = graph.update(at: 41)
        #expect(!graph.isAnimating)
    }

    @Test func ctrlROrF5RefreshesAFocusedListAndTheEnvironmentHoldsTheAction() async {
        let gate = RefreshGate()
        let graph = makeGraph(refreshableList(gate), width: 300, height: 300)
        _ = graph.update(at: 0)
        #expect(scrollNode(graph).environment.refresh != nil, "the action is the environment's `refresh`")
        let focus = FocusSystem(graph: graph)
        focus.activate()
        graph.update()
        _ = focus.handle(KeyPress(phase: .down, key: KeyEquivalent("r"), characters: "r", modifiers: [.control]))
        await yield { gate.runs == 1 }
        #expect(gate.runs == 1 && scrollNode(graph).isRefreshing)
        _ = focus.handle(KeyPress(phase: .down, key: ListNode.f5, characters: "", modifiers: []))
        await yield { false }
        #expect(gate.runs == 1, "one at a time")
        gate.open()
        await yield { !scrollNode(graph).isRefreshing }
        _ = focus.handle(KeyPress(phase: .down, key: ListNode.f5, characters: "", modifiers: []))
        await yield { gate.runs == 2 }
        #expect(gate.runs == 2)
        gate.open()
        await yield { !scrollNode(graph).isRefreshing }
    }

    @Test func withoutRefreshableThereIsNoPullAndScrollDisabledStopsScrolling() {
        let graph = makeGraph(
            VStack(spacing: 0) {
                List(0..<30) { Text("Row \($0)") }.listStyle(.plain)
                List(0..<30) { Text("Other \($0)") }.listStyle(.plain).scrollDisabled(true)
                    .scrollIndicators(.hidden)
            }, width: 300, height: 400)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let scrolls = allNodes(graph).compactMap { $0 as? ScrollNode }
        gestures.handle(.touchDown(1, CGPoint(x: 150, y: 20), time: 0))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 150), time: 50))
        _ = graph.update(at: 0.1)
        #expect(scrolls[0].refreshPull == 0 && scrolls[0].offset == .zero)
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 150), time: 100))
        gestures.handle(.scroll(CGPoint(x: 150, y: 300), delta: CGSize(width: 0, height: 100), time: 200))
        gestures.handle(.touchDown(2, CGPoint(x: 150, y: 380), time: 300))
        gestures.handle(.touchMove(2, CGPoint(x: 150, y: 250), time: 350))
        gestures.handle(.touchUp(2, CGPoint(x: 150, y: 250), time: 400))
        _ = graph.update(at: 0.5)
        #expect(scrolls[1].offset == .zero)
        #expect(scrolls[1].isDisabled)
        gestures.handle(.scroll(CGPoint(x: 150, y: 100), delta: CGSize(width: 0, height: 100), time: 500))
        _ = graph.update(at: 0.6)
        #expect(scrolls[0].offset.y == 100)
    }

    @Test func rowsOfAListAppearAndDisappearAsTheyScrollInAndOut() {
        final class Log { var lines: [String] = [] }
        let log = Log()
        let graph = makeGraph(
            List(0..<100) { row in
                Text("Row \(row)")
                    .onAppear { log.lines.append("appear \(row)") }
                    .onDisappear { log.lines.append("disappear \(row)") }
            }.listStyle(.plain), width: 300, height: 100)
        _ = graph.update(at: 0)
        #expect(log.lines == ["appear 0", "appear 1", "appear 2"])
        log.lines.removeAll()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.scroll(CGPoint(x: 150, y: 50), delta: CGSize(width: 0, height: 44), time: 0))
        _ = graph.update(at: 0.1)
        #expect(log.lines.sorted() == ["appear 3", "disappear 0"])
        log.lines.removeAll()
        // A jump far down: the rows in view appear, those left disappear.
        gestures.handle(.scroll(CGPoint(x: 150, y: 50), delta: CGSize(width: 0, height: 44 * 50), time: 100))
        _ = graph.update(at: 0.2)
        #expect(Set(log.lines) == ["disappear 1", "disappear 2", "disappear 3", "appear 51", "appear 52", "appear 53"])
    }
}

@MainActor private final class ProxyBox {
    var proxy: ScrollViewProxy?
}

@MainActor
@Suite struct AnimatedScrollToTests {
    @Test func scrollToInsideWithAnimationSlidesAndWithoutJumps() {
        let box = ProxyBox()
        let graph = makeGraph(
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVStack(spacing: 0) {
                        ForEach(0..<200, id: \.self) { row in Color.blue.frame(height: 50).id(row) }
                    }
                }
                .onAppear { box.proxy = proxy }
            }, width: 100, height: 200)
        _ = graph.update(at: 0)
        let scroll = allNodes(graph).compactMap { $0 as? ScrollNode }.first!
        withAnimation(.linear(duration: 1)) { box.proxy?.scrollTo(20, anchor: .top) }
        _ = graph.update(at: 1)
        #expect(scroll.offset.y == 0, "the first frame starts where it was")
        _ = graph.update(at: 1.5)
        #expect(abs(scroll.offset.y - 500) < 0.01, "half way at half time: \(scroll.offset.y)")
        _ = graph.update(at: 2.1)
        #expect(scroll.offset.y == 1000)
        #expect(!graph.isAnimating)
        box.proxy?.scrollTo(2, anchor: .top)
        _ = graph.update(at: 3)
        #expect(scroll.offset.y == 100, "without an animation: at once")
    }
}

@MainActor private final class PositionLog {
    var values: [Int?] = []
}

/// A scroll view of 100 rows 50 points high, its position bound; a button above jumps to row 40.
private struct PositionedRows: View {
    let log: PositionLog
    @State private var position: Int?
    var body: some View {
        VStack(spacing: 0) {
            Button("Jump") { position = 40 }
            ScrollView {
                LazyVStack(spacing: 0) {
                    ForEach(0..<100, id: \.self) { _ in Color.blue.frame(height: 50) }
                }
                .scrollTargetLayout()
            }
            .scrollPosition(id: $position)
        }
        .onChange(of: position) { _, new in log.values.append(new) }
    }
}

@MainActor
@Suite struct ScrollPositionTests {
    @Test func scrollingSetsThePositionAndSettingItScrolls() {
        let log = PositionLog()
        let graph = makeGraph(PositionedRows(log: log), width: 200, height: 300)
        _ = graph.update(at: 0)
        _ = graph.update(at: 0.1)
        #expect(log.values == [0], "the view at the top as the scroll view shows: \(log.values)")
        let scroll = allNodes(graph).compactMap { $0 as? ScrollNode }.first!
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.scroll(CGPoint(x: 100, y: 200), delta: CGSize(width: 0, height: 120), time: 0))
        _ = graph.update(at: 0.2)
        _ = graph.update(at: 0.3)
        // Rows 0 and 1 end at 50 and 100, above the 120 scrolled: row 2 is at the top.
        #expect(log.values.last == 2)
        let jump = frame(of: "Text(\"Jump\")", in: graph)!
        gestures.handle(.pointerDown(CGPoint(x: jump.midX, y: jump.midY), time: 100))
        gestures.handle(.pointerUp(CGPoint(x: jump.midX, y: jump.midY), time: 110))
        _ = graph.update(at: 0.4)
        _ = graph.update(at: 0.5)
        #expect(scroll.offset.y == 2000)
        #expect(log.values.last == 40)
    }
}

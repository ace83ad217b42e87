import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor private final class SwipeLog {
    var lines: [String] = []
}

/// Five mails with a destructive "Delete" and a tinted "Flag" at the trailing edge, "Read" at the leading edge
/// (no full swipe there).
private struct Mailbox: View {
    let log: SwipeLog
    @State private var mails = ["Ann", "Bob", "Cid", "Dee", "Eve"]

    var body: some View {
        List {
            ForEach(mails, id: \.self) { mail in
                Text(mail)
                    .swipeActions {
                        Button("Delete", role: .destructive) {
                            log.lines.append("delete \(mail)")
                            mails.removeAll { $0 == mail }
                        }
                        Button("Flag") { log.lines.append("flag \(mail)") }.tint(.orange)
                    }
                    .swipeActions(edge: .leading, allowsFullSwipe: false) {
                        Button("Read") { log.lines.append("read \(mail)") }
                    }
            }
        }
        .listStyle(.plain)
    }
}

@MainActor
@Suite struct SwipeActionsTests {
    func listNode(_ graph: ViewGraph) -> ListNode { allNodes(graph).compactMap { $0 as? ListNode }.first! }
    /// The middle of row `row` (plain list: 44 points a row from the top).
    func rowY(_ row: Int) -> CGFloat { CGFloat(row) * 44 + 22 }

    func swipe(
        _ gestures: GestureSystem, _ graph: ViewGraph, y: CGFloat, from: CGFloat, to: CGFloat, time: Double,
        touch: Bool = true
    ) {
        let steps = 6
        if touch {
            gestures.handle(.touchDown(1, CGPoint(x: from, y: y), time: time))
        } else {
            gestures.handle(.pointerDown(CGPoint(x: from, y: y), time: time))
        }
        for step in 1...steps {
            let x = from + (to - from) * CGFloat(step) / CGFloat(steps)
            if touch {
                gestures.handle(.touchMove(1, CGPoint(x: x, y: y), time: time + Double(step) * 50))
            } else {
                gestures.handle(.pointerMove(CGPoint(x: x, y: y), time: time + Double(step) * 50))
            }
        }
        // A slow swipe: the finger rests before it lifts (no flick).
        if touch {
            gestures.handle(.touchUp(1, CGPoint(x: to, y: y), time: time + Double(steps) * 50 + 100))
        } else {
            gestures.handle(.pointerUp(CGPoint(x: to, y: y), time: time + Double(steps) * 50 + 100))
        }
    }

    func settle(_ graph: ViewGraph, from time: Double) -> Double {
        var now = time
        _ = graph.update(at: now)
        while graph.isAnimating && now < time + 2 {
            now += 1.0 / 60
            _ = graph.update(at: now)
        }
        return now
    }

    func tap(_ gestures: GestureSystem, _ point: CGPoint, time: Double) {
        gestures.handle(.touchDown(2, point, time: time))
        gestures.handle(.touchUp(2, point, time: time + 30))
    }

    @Test func aSwipeRevealsTheTrailingButtonsWhichActAndCloseTheRow() {
        let log = SwipeLog()
        let graph = makeGraph(Mailbox(log: log), width: 320, height: 300)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let list = listNode(graph)
        // 17-point text at 8.5 points a letter, 16 on each side: "Flag" 66, raised to the 74-point minimum; "Delete"
        // 83. Open, 157 points show.
        swipe(gestures, graph, y: rowY(1), from: 300, to: 160, time: 0)
        var time = settle(graph, from: 0.1)
        #expect(list.swipe.row == 1)
        #expect(list.swipe.reveal == -157)
        let bob = frame(of: "Text(\"Bob\")", in: graph)!
        #expect(abs(bob.minX - (16 - 157)) < 0.01, "the row's content slid by the reveal")
        // The first action sits at the trailing edge: Delete at 237…320, Flag at 163…237.
        let delete = shownFrame(of: "Text(\"Delete\")", in: graph)!
        let flag = shownFrame(of: "Text(\"Flag\")", in: graph)!
        #expect(abs(delete.midX - 278.5) < 0.01 && abs(flag.midX - 200) < 0.01, "\(delete) \(flag)")
        #expect(shownFrame(of: "Text(\"Read\")", in: graph) == nil, "only the revealed edge's buttons are laid out")
        // The destructive one is red, the tinted one orange.
        let fills = colourFills(graph)
        #expect(fills.contains { $0.0 == CGRect(x: 237, y: 44, width: 83, height: 44) && $0.1 == rgba(.red) })
        #expect(fills.contains { $0.0 == CGRect(x: 163, y: 44, width: 74, height: 44) && $0.1 == rgba(.orange) })

        tap(gestures, CGPoint(x: 200, y: rowY(1)), time: 2000)
        time = settle(graph, from: time + 0.1)
        #expect(log.lines == ["flag Bob"])
        #expect(list.swipe.row == nil && list.swipe.reveal == 0)
        #expect(abs((frame(of: "Text(\"Bob\")", in: graph)?.minX ?? 0) - 16) < 0.01)
    }

    /// A row sliding closed after its action takes no press: the next swipe opens its own row at once (the closing
    /// row looks closed, or nearly; a press swallowed there made a pull to refresh do nothing under load).
    @Test func aRowSlidingClosedLetsTheNextPressThrough() {
        let log = SwipeLog()
        let graph = makeGraph(Mailbox(log: log), width: 320, height: 300)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let list = listNode(graph)
        swipe(gestures, graph, y: rowY(1), from: 300, to: 160, time: 0)
        let time = settle(graph, from: 0.1)
        tap(gestures, CGPoint(x: 200, y: rowY(1)), time: 2000)
        _ = graph.update(at: time + 0.1)
        _ = graph.update(at: time + 0.2)
        #expect(list.swipe.row == 1 && list.swipe.reveal != 0, "part way through the 0.25 s slide back")
        swipe(gestures, graph, y: rowY(3), from: 300, to: 160, time: 3000)
        _ = settle(graph, from: time + 0.3)
        #expect(list.swipe.row == 3 && list.swipe.reveal == -157)
        #expect(log.lines == ["flag Bob"])
    }

    @Test func aFullSwipeRunsTheFirstActionAndOnlyOneRowIsOpenAtATime() {
        let log = SwipeLog()
        let graph = makeGraph(Mailbox(log: log), width: 320, height: 300)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let list = listNode(graph)
        // Row 0 open on its leading edge ("Read", 74 wide).
        swipe(gestures, graph, y: rowY(0), from: 20, to: 120, time: 0)
        var time = settle(graph, from: 0.1)
        #expect(list.swipe.row == 0 && list.swipe.reveal == 74)
        // A tap elsewhere only closes it: no selection, no action.
        tap(gestures, CGPoint(x: 100, y: rowY(3)), time: 1000)
        time = settle(graph, from: time + 0.1)
        #expect(list.swipe.row == nil)
        #expect(log.lines.isEmpty)
        // Row 0 open, then a swipe on row 2: it only closes row 0; the next one opens row 2.
        swipe(gestures, graph, y: rowY(0), from: 20, to: 120, time: 2000)
        time = settle(graph, from: time + 0.1)
        swipe(gestures, graph, y: rowY(2), from: 300, to: 200, time: 3000)
        time = settle(graph, from: time + 0.1)
        #expect(list.swipe.row == nil)
        #expect(frame(of: "Text(\"Ann\")", in: graph)?.minX == 16)
        swipe(gestures, graph, y: rowY(2), from: 300, to: 200, time: 3500)
        time = settle(graph, from: time + 0.1)
        #expect(list.swipe.row == 2 && list.swipe.reveal == -157)
        // Back to closed, then a swipe across most of row 2 (over 60 %): Delete runs, the row goes.
        tap(gestures, CGPoint(x: 20, y: rowY(4)), time: 4000)
        time = settle(graph, from: time + 0.1)
        swipe(gestures, graph, y: rowY(2), from: 310, to: 40, time: 5000)
        time = settle(graph, from: time + 0.1)
        #expect(log.lines == ["delete Cid"])
        #expect(frame(of: "Text(\"Cid\")", in: graph) == nil)
        #expect(list.swipe.row == nil, "the rows moved under the open row: it is closed")
        #expect(frame(of: "Text(\"Dee\")", in: graph)?.minX == 16)
        // The leading edge has no full swipe: a long drag stops short of the row's width and just opens it.
        swipe(gestures, graph, y: rowY(0), from: 10, to: 300, time: 6000)
        _ = settle(graph, from: time + 0.1)
        #expect(list.swipe.reveal == 74)
        #expect(log.lines == ["delete Cid"])
    }

    @Test func aMouseDragSwipesTooAndAVerticalFingerDragScrollsInstead() {
        let log = SwipeLog()
        let graph = makeGraph(Mailbox(log: log), width: 320, height: 150)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let list = listNode(graph)
        swipe(gestures, graph, y: rowY(1), from: 300, to: 180, time: 0, touch: false)
        let time = settle(graph, from: 0.1)
        #expect(list.swipe.row == 1 && list.swipe.reveal == -157)
        tap(gestures, CGPoint(x: 20, y: rowY(0)), time: 1000)
        _ = settle(graph, from: time + 0.1)
        let scroll = allNodes(graph).compactMap { $0 as? ScrollNode }.first!
        gestures.handle(.touchDown(1, CGPoint(x: 200, y: 120), time: 2000))
        gestures.handle(.touchMove(1, CGPoint(x: 196, y: 100), time: 2050))
        gestures.handle(.touchMove(1, CGPoint(x: 192, y: 60), time: 2100))
        gestures.handle(.touchUp(1, CGPoint(x: 192, y: 60), time: 2300))
        graph.update()
        #expect(scroll.offset.y == 60)
        #expect(list.swipe.row == nil)
    }

    @Test func aRightClickOffersTheSameActionsInAMenu() {
        let log = SwipeLog()
        let graph = makeGraph(Mailbox(log: log), width: 320, height: 300)
        graph.update()
        let hit = graph.hitTestTree.hitTest(CGPoint(x: 200, y: rowY(1)))
        let menu = hit?.chain.first { $0.secondaryClick != nil }
        #expect(menu != nil, "\(graph.hitTestTree.description)")
    }

    /// The first laid-out frame of `prefix` that has a size (the buttons of closed rows are built, not laid out).
    func shownFrame(of prefix: String, in graph: ViewGraph) -> CGRect? {
        for occurrence in 0..<40 {
            guard let found = frame(of: prefix, in: graph, occurrence: occurrence) else { return nil }
            if found.width > 0 { return found }
        }
        return nil
    }

    func rgba(_ color: Color) -> RGBA { color.resolve(in: EnvironmentValues()) }

    func colourFills(_ graph: ViewGraph) -> [(CGRect, RGBA)] {
        func flattened(_ items: [DisplayItem]) -> [DisplayItem] {
            items.flatMap { item -> [DisplayItem] in
                if case .layer(let layer) = item { return flattened(layer.items) }
                return [item]
            }
        }
        return flattened(graph.displayList.items).compactMap { item -> (CGRect, RGBA)? in
            guard case .fill(let fill) = item, case .color(let color) = fill.paint else { return nil }
            return (fill.path.boundingRect, color)
        }
    }
}

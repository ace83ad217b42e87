import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor private final class DeletionLog {
    var deleted: [IndexSet] = []
}

/// Four fruits in a plain list whose `ForEach` has `onDelete`; "Banana" is `deleteDisabled`.
private struct Pantry: View {
    let log: DeletionLog
    var selectable = false
    @State private var fruits = ["Apple", "Banana", "Cherry", "Date"]
    @State private var selection: String?
    @State private var editMode = EditMode.inactive

    var body: some View {
        List(selection: selectable ? $selection : nil) {
            ForEach(fruits, id: \.self) { fruit in
                Text(fruit).deleteDisabled(fruit == "Banana")
            }
            .onDelete { offsets in
                log.deleted.append(offsets)
                fruits.remove(atOffsets: offsets)
            }
        }
        .listStyle(.plain)
        .environment(\.editMode, $editMode)
    }
}

/// Lists as SwiftUI's documentation describes them: row and header heights from the environment, row spacing,
/// rows that cannot be deleted.
@MainActor
@Suite struct ListParityTests {
    func listNode(_ graph: ViewGraph) -> ListNode { allNodes(graph).compactMap { $0 as? ListNode }.first! }

    /// Apple, `EnvironmentValues.defaultMinListRowHeight`: "The height of list rows is bounded below by this default
    /// value, and is otherwise determined by the height of the row's content and the row insets."
    /// `defaultMinListHeaderHeight`: "The default minimum height of a header in a list. When this value is `nil`,
    /// the system chooses the appropriate height. The default is `nil`."
    @Test func defaultMinimumRowAndHeaderHeightsComeFromTheEnvironment() {
        #expect(EnvironmentValues().defaultMinListHeaderHeight == nil)
        #expect(EnvironmentValues().defaultMinListRowHeight > 0)
        func list(row: CGFloat?, header: CGFloat?) -> some View {
            List {
                Section("Head") {
                    Text("Short")
                    Color.red.frame(height: 100)
                }
            }
            .listStyle(.plain)
            .environment(\.defaultMinListRowHeight, row ?? EnvironmentValues().defaultMinListRowHeight)
            .environment(\.defaultMinListHeaderHeight, header)
        }
        let standard = makeGraph(list(row: nil, header: nil), width: 300, height: 400)
        standard.update()
        let tall = makeGraph(list(row: 70, header: 50), width: 300, height: 400)
        tall.update()
        let before = listNode(standard).placedElements.map(\.extent)
        let after = listNode(tall).placedElements.map(\.extent)
        #expect(before.count == 3 && after.count == 3)
        // The header is at least 50 high; the short row 70; the row whose content is taller keeps its height.
        #expect(before[0] < 50 && after[0] == 50)
        #expect(before[1] == 44 && after[1] == 70)
        #expect(before[2] == after[2] && after[2] > 100)
        // The environment value reads back as set.
        var values = EnvironmentValues()
        values.defaultMinListRowHeight = 30
        values.defaultMinListHeaderHeight = 12
        #expect(values.defaultMinListRowHeight == 30 && values.defaultMinListHeaderHeight == 12)
    }

    /// Apple, `listRowSpacing(_:)`: "Sets the vertical spacing between two adjacent rows in a List." —
    /// `List { Text("Blue"); Text("Red") }.listRowSpacing(10.0)` has "10 pts of spacing between each row"; `nil`
    /// "uses the default spacing".
    @Test func listRowSpacingSeparatesAdjacentRows() {
        func gap(_ spacing: CGFloat?) -> CGFloat {
            let graph = makeGraph(
                List {
                    Text("Blue")
                    Text("Red")
                    Text("Green")
                }
                .listRowSpacing(spacing), width: 300, height: 400)
            graph.update()
            let blue = frame(of: "Text(\"Blue\")", in: graph)!
            let red = frame(of: "Text(\"Red\")", in: graph)!
            let green = frame(of: "Text(\"Green\")", in: graph)!
            #expect(abs((green.minY - red.minY) - (red.minY - blue.minY)) < 0.001, "the same between every pair")
            return red.minY - blue.minY
        }
        let standard = gap(nil)
        #expect(standard == 44)
        #expect(gap(10) == standard + 10)
        #expect(gap(0) == standard)
    }

    /// Apple, `deleteDisabled(_:)`: "Adds a condition for whether the view's view hierarchy is deletable." A row so
    /// marked offers no delete: no button in edit mode, nothing for the Delete key.
    @Test func aDeleteDisabledRowCannotBeDeletedInEditModeOrByTheDeleteKey() {
        let log = DeletionLog()
        let graph = makeGraph(Pantry(log: log, selectable: true), width: 300, height: 400)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let focus = FocusSystem(graph: graph)
        graph.update()
        focus.activate()
        graph.update()
        let list = listNode(graph)
        #expect(list.canDelete(0) && !list.canDelete(1) && list.canDelete(2))
        // The Delete key on the selected Banana does nothing; on Cherry it deletes Cherry.
        func select(_ name: String, time: Double) {
            let row = frame(of: "Text(\"\(name)\")", in: graph)!
            gestures.handle(.pointerDown(CGPoint(x: 250, y: row.midY), time: time))
            gestures.handle(.pointerUp(CGPoint(x: 250, y: row.midY), time: time + 10))
            graph.update()
        }
        select("Banana", time: 0)
        _ = focus.handle(KeyPress(phase: .down, key: .delete, characters: "", modifiers: []))
        graph.update()
        #expect(log.deleted.isEmpty)
        select("Cherry", time: 100)
        _ = focus.handle(KeyPress(phase: .down, key: .delete, characters: "", modifiers: []))
        graph.update()
        #expect(log.deleted == [IndexSet(integer: 2)])
        // In edit mode, Banana shows no delete button: its text stays where it was, the others move in by it.
        let bananaBefore = frame(of: "Text(\"Banana\")", in: graph)!
        let appleBefore = frame(of: "Text(\"Apple\")", in: graph)!
        list.environment.editMode?.wrappedValue = .active
        graph.update()
        #expect(frame(of: "Text(\"Banana\")", in: graph)!.minX == bananaBefore.minX)
        #expect(frame(of: "Text(\"Apple\")", in: graph)!.minX == appleBefore.minX + 36)
    }

    /// The middle of row `row` of a plain list (44 points a row from the top).
    func rowY(_ row: Int) -> CGFloat { CGFloat(row) * 44 + 22 }

    func swipe(_ gestures: GestureSystem, y: CGFloat, from: CGFloat, to: CGFloat, time: Double) {
        gestures.handle(.touchDown(1, CGPoint(x: from, y: y), time: time))
        for step in 1...6 {
            let x = from + (to - from) * CGFloat(step) / 6
            gestures.handle(.touchMove(1, CGPoint(x: x, y: y), time: time + Double(step) * 50))
        }
        // A slow swipe: the finger rests before it lifts (no flick).
        gestures.handle(.touchUp(1, CGPoint(x: to, y: y), time: time + 400))
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

    /// Apple, `DynamicViewContent.onDelete(perform:)`: "Sets the deletion action for the dynamic view." — in a
    /// `List`, each row of the `ForEach` offers Delete: a swipe to the leading side reveals a Delete button, a full
    /// swipe deletes the row (the action gets the row's offset), and a row marked `deleteDisabled(true)` offers none.
    @Test func onDeleteGivesEachRowADeleteSwipeAction() throws {
        let log = DeletionLog()
        let graph = makeGraph(Pantry(log: log), width: 320, height: 300)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let list = listNode(graph)
        // A short swipe on Apple opens it on a red Delete button (83 points: "Delete" and 16 on each side).
        swipe(gestures, y: rowY(0), from: 300, to: 200, time: 0)
        var time = settle(graph, from: 0.1)
        #expect(list.swipe.row == 0 && list.swipe.reveal == -83)
        let button = try #require(shownFrame(of: "Text(\"Delete\")", in: graph))
        #expect(abs(button.midX - (320 - 41.5)) < 0.01)
        // A tap on it deletes Apple.
        gestures.handle(.touchDown(2, CGPoint(x: button.midX, y: button.midY), time: 1000))
        gestures.handle(.touchUp(2, CGPoint(x: button.midX, y: button.midY), time: 1030))
        time = settle(graph, from: time + 0.1)
        #expect(log.deleted == [IndexSet(integer: 0)])
        #expect(frame(of: "Text(\"Apple\")", in: graph) == nil)
        // Banana (now the first row) is `deleteDisabled`: a swipe reveals nothing.
        swipe(gestures, y: rowY(0), from: 310, to: 200, time: 2000)
        time = settle(graph, from: time + 0.1)
        #expect(list.swipe.row == nil || list.swipe.reveal == 0)
        // A full swipe across Cherry deletes it: offset 1 of the data.
        swipe(gestures, y: rowY(1), from: 310, to: 40, time: 3000)
        _ = settle(graph, from: time + 0.1)
        #expect(log.deleted == [IndexSet(integer: 0), IndexSet(integer: 1)])
        #expect(frame(of: "Text(\"Cherry\")", in: graph) == nil)
        #expect(frame(of: "Text(\"Date\")", in: graph) != nil)
    }

    /// Apple, `swipeActions(edge:allowsFullSwipe:content:)`: "When you set swipe actions on a row, SwiftUI no longer
    /// synthesizes the Delete actions that otherwise appear when using the `onDelete(perform:)` method on a
    /// `ForEach`."
    @Test func aRowWithItsOwnSwipeActionsGetsNoDeleteAction() {
        let log = DeletionLog()
        let graph = makeGraph(
            List {
                ForEach(["One", "Two"], id: \.self) { name in
                    Text(name).swipeActions { Button("Archive") {} }
                }
                .onDelete { log.deleted.append($0) }
            }
            .listStyle(.plain), width: 320, height: 200)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        swipe(gestures, y: rowY(0), from: 300, to: 200, time: 0)
        _ = settle(graph, from: 0.1)
        #expect(shownFrame(of: "Text(\"Archive\")", in: graph) != nil)
        #expect(shownFrame(of: "Text(\"Delete\")", in: graph) == nil)
        #expect(log.deleted.isEmpty)
    }

    /// On the desktop, as in macOS's lists, a deletable row's context menu (a right click) has Delete; a
    /// `deleteDisabled` row's opens none.
    @Test func aRightClickOnADeletableRowOffersDelete() throws {
        let log = DeletionLog()
        let h = PopupHarness(Pantry(log: log), width: 320, height: 300)
        h.click(200, rowY(1), at: 0, button: .secondary)
        #expect(h.popups.isEmpty, "Banana cannot be deleted")
        h.click(200, rowY(2), at: 100, button: .secondary)
        _ = try #require(h.popups.first)
        h.choose("Delete", at: 300)
        #expect(log.deleted == [IndexSet(integer: 2)])
        #expect(h.popups.isEmpty)
    }

    /// The first laid-out frame of `prefix` that has a size (the buttons of closed rows are built, not laid out).
    func shownFrame(of prefix: String, in graph: ViewGraph) -> CGRect? {
        for occurrence in 0..<40 {
            guard let found = frame(of: prefix, in: graph, occurrence: occurrence) else { return nil }
            if found.width > 0 { return found }
        }
        return nil
    }
}

import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor private final class Record {
    var selection: Set<String> = []
    var single: String?
    var deleted: [IndexSet] = []
}

private struct Fruit: Identifiable {
    let name: String
    var id: String { name }
}

/// A list of fruits with a multiple selection reported to `record`.
private struct FruitList: View {
    let record: Record
    var style: _ListStyleKind = .insetGrouped
    @State private var fruits = ["Apple", "Banana", "Cherry", "Date", "Elderberry"].map(Fruit.init)
    @State private var selection: Set<String> = []
    @State private var editMode = EditMode.inactive

    var body: some View {
        VStack(spacing: 0) {
            EditButton()
            List(selection: $selection) {
                Section("Fruits") {
                    ForEach(fruits) { fruit in Text(fruit.name) }
                        .onDelete { offsets in
                            record.deleted.append(offsets)
                            fruits.remove(atOffsets: offsets)
                        }
                }
            }
        }
        .environment(\.editMode, $editMode)
        .environment(\.listStyleKind, style)
        .onChange(of: selection) { _, new in record.selection = Set(new) }
    }
}

@MainActor
@Suite struct ListTests {
    func listNode(_ graph: ViewGraph) -> ListNode { allNodes(graph).compactMap { $0 as? ListNode }.first! }
    func click(_ gestures: GestureSystem, _ point: CGPoint, time: Double) {
        gestures.handle(.pointerDown(point, time: time))
        gestures.handle(.pointerUp(point, time: time + 10))
    }
    func key(_ focus: FocusSystem, _ key: KeyEquivalent, _ modifiers: EventModifiers = []) {
        _ = focus.handle(KeyPress(phase: .down, key: key, characters: "", modifiers: modifiers))
    }

    @Test func insetGroupedRowsAreBoxedWithTheirHeaderAboveAndFooterBelow() {
        let graph = makeGraph(
            List {
                Section("Fruits") {
                    Text("Apple")
                    Text("Pear")
                }
                Section {
                    Text("Solo")
                } footer: {
                    Text("Just one")
                }
            }, width: 300, height: 400)
        graph.update()
        let list = listNode(graph)
        // Header: 16 above the first section, 4 in from the box's 16-point margin, 8 above the box.
        #expect(frame(of: "Text(\"Fruits\")", in: graph)?.origin == CGPoint(x: 20, y: 16))
        let header = list.placedElements[0]
        // Rows: 44 high (their minimum), text 16 in from the box, centred.
        #expect(list.placedElements.map(\.extent).dropFirst().prefix(2) == [44, 44])
        #expect(frame(of: "Text(\"Apple\")", in: graph)?.origin == CGPoint(x: 32, y: header.end + 11))
        #expect(frame(of: "Text(\"Pear\")", in: graph)?.minY == header.end + 44 + 11)
        // The second section starts 24 below the first; its footer sits 6 below its box.
        let solo = list.placedElements[3]
        let footer = list.placedElements[4]
        #expect(solo.start == header.end + 88)
        #expect(abs(solo.extent - (24 + 44)) < 0.001)
        #expect(frame(of: "Text(\"Just one\")", in: graph)?.origin == CGPoint(x: 20, y: footer.start + 6))
    }

    @Test func clicksSelectCtrlTogglesShiftExtends() {
        let record = Record()
        let graph = makeGraph(FruitList(record: record), width: 300, height: 500)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let focus = FocusSystem(graph: graph)
        graph.update()
        let list = listNode(graph)
        func rowPoint(_ row: Int) -> CGPoint {
            let element = list.placedElements.first { $0.index == row + 1 }!
            return CGPoint(x: 150, y: list.placedOrigin!.y + element.start + element.extent / 2)
        }
        click(gestures, rowPoint(1), time: 0)
        graph.update()
        #expect(record.selection == ["Banana"])
        focus.heldModifiers = [.control]
        click(gestures, rowPoint(3), time: 100)
        graph.update()
        #expect(record.selection == ["Banana", "Date"])
        click(gestures, rowPoint(1), time: 200)
        graph.update()
        #expect(record.selection == ["Date"])
        // Shift extends from the last row clicked without Shift.
        focus.heldModifiers = []
        click(gestures, rowPoint(2), time: 300)
        focus.heldModifiers = [.shift]
        click(gestures, rowPoint(4), time: 400)
        graph.update()
        #expect(record.selection == ["Cherry", "Date", "Elderberry"])
        click(gestures, rowPoint(0), time: 500)
        graph.update()
        #expect(record.selection == ["Apple", "Banana", "Cherry"])
    }

    @Test func arrowKeysMoveTheSelectionAndDeleteRemovesIt() {
        let record = Record()
        let graph = makeGraph(FruitList(record: record), width: 300, height: 500)
        let focus = FocusSystem(graph: graph)
        graph.update()
        focus.activate()
        graph.update()
        key(focus, .downArrow)
        graph.update()
        #expect(record.selection == ["Apple"])
        key(focus, .downArrow)
        key(focus, .downArrow, [.shift])
        graph.update()
        #expect(record.selection == ["Banana", "Cherry"])
        key(focus, .upArrow)
        graph.update()
        #expect(record.selection == ["Banana"])
        key(focus, .delete)
        graph.update()
        #expect(record.deleted == [IndexSet(integer: 1)])
        #expect(frame(of: "Text(\"Banana\")", in: graph) == nil)
        #expect(frame(of: "Text(\"Cherry\")", in: graph) != nil)
    }

    @Test func inEditModeRowsThatCanBeDeletedShowADeleteButton() {
        let record = Record()
        let graph = makeGraph(FruitList(record: record), width: 300, height: 500)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        graph.update()
        let appleBefore = frame(of: "Text(\"Apple\")", in: graph)!
        click(
            gestures,
            CGPoint(x: frame(of: "Text(\"Edit\")", in: graph)!.midX, y: frame(of: "Text(\"Edit\")", in: graph)!.midY),
            time: 0)
        graph.update()
        #expect(frame(of: "Text(\"Done\")", in: graph) != nil)
        let apple = frame(of: "Text(\"Apple\")", in: graph)!
        #expect(apple.minX == appleBefore.minX + 36, "the delete button takes room at the leading edge")
        // The button is a red circle 12 points in from the box.
        click(gestures, CGPoint(x: 16 + 12 + 11, y: apple.midY), time: 100)
        graph.update()
        #expect(record.deleted == [IndexSet(integer: 0)])
        #expect(frame(of: "Text(\"Apple\")", in: graph) == nil)
    }

    @Test func aListOfAHundredThousandRowsBuildsAScreenful() {
        var made = 0
        let graph = makeGraph(
            List(0..<100_000) { row -> Text in
                made += 1
                return Text("Row \(row)")
            }, width: 300, height: 440)
        graph.update()
        let list = listNode(graph)
        #expect(list.builtCount == 10)
        // Only the rows shown (and the one after them, whose place in its group the last row asks) are made, at most
        // twice each: once to read where it stands, once to build it.
        #expect(made <= 2 * 11)
        // 16 above the first row, 44 a row: 9 rows and a part show in 440 points.
        #expect(list.placedElements.map(\.index) == Array(0..<10))
        // The rows not built are estimated at 44 (the space above the first is the list's, not the row's).
        #expect(abs(list.size.height - (16 + 100_000 * 44)) < 0.01)
    }

    @Test func rowModifiersSetInsetsSeparatorAndBackground() {
        let graph = makeGraph(
            List {
                Text("Tight").listRowInsets(EdgeInsets(top: 2, leading: 4, bottom: 2, trailing: 4))
                Text("Plain").listRowSeparator(.hidden).listRowBackground(Color.yellow)
                Text("Last")
            }.listStyle(.plain), width: 200, height: 300)
        graph.update()
        #expect(frame(of: "Text(\"Tight\")", in: graph)?.origin == CGPoint(x: 4, y: 11))
        #expect(frame(of: "Text(\"Plain\")", in: graph)?.origin == CGPoint(x: 16, y: 44 + 11))
        func flattened(_ items: [DisplayItem]) -> [DisplayItem] {
            items.flatMap { item -> [DisplayItem] in
                if case .layer(let layer) = item { return flattened(layer.items) }
                return [item]
            }
        }
        let fills = flattened(graph.displayList.items).compactMap { item -> (CGRect, RGBA)? in
            guard case .fill(let fill) = item, case .color(let color) = fill.paint else { return nil }
            return (fill.path.boundingRect, color)
        }
        let yellow = Color.yellow.resolve(in: EnvironmentValues())
        #expect(fills.contains { $0.0 == CGRect(x: 0, y: 44, width: 200, height: 44) && $0.1 == yellow })
        // A separator under the first row only: the second hides its own, the last has none.
        let separators = fills.filter { $0.0.height == 1 }
        #expect(separators.map(\.0) == [CGRect(x: 4, y: 43, width: 196, height: 1)])
    }
}

@MainActor
@Suite struct FormTests {
    @Test func aFormBoxesItsSectionsAndLabeledContentPutsTheValueAtTheTrailingEdge() {
        let graph = makeGraph(
            UIVocabulary.Form {
                Section("Network") {
                    Toggle("Wi-Fi", isOn: .constant(true))
                    LabeledContent("Version", value: "1.0")
                    Slider(value: .constant(0.5))
                }
            }, width: 320, height: 400)
        graph.update()
        let list = allNodes(graph).compactMap { $0 as? ListNode }.first!
        #expect(list.style == _ListStyleKind.insetGrouped)
        // Rows are 16 + 16 in from each side of the 320-point window: content from 32 to 288.
        #expect(frame(of: "Text(\"Version\")", in: graph)?.minX == 32)
        #expect(frame(of: "Text(\"1.0\")", in: graph)?.maxX == 288)
        #expect(frame(of: "Text(\"Wi-Fi\")", in: graph)?.minX == 32)
        let slider = frame(of: "Slider", in: graph)
        #expect(slider?.minX == 32 && slider?.maxX == 288, "\(String(describing: slider))")
    }
}

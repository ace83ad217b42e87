import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

enum Flavor: String, CaseIterable, Identifiable {
    case vanilla, chocolate, strawberry
    var id: Self { self }
}

/// A picker of flavours at the top of a window in `style`; each change of the selection goes to `log`.
struct FlavorScene<Style: PickerStyle>: View {
    let log: CallLog
    let style: Style
    @State var flavor: Flavor
    init(log: CallLog, style: Style, initial: Flavor = .chocolate) {
        self.log = log
        self.style = style
        _flavor = State(initialValue: initial)
    }
    var body: some View {
        VStack {
            Picker("Flavor", selection: $flavor) {
                Text("Vanilla").tag(Flavor.vanilla)
                Text("Chocolate").tag(Flavor.chocolate)
                Text("Strawberry").tag(Flavor.strawberry)
            }
            .pickerStyle(style)
            Spacer()
        }
        .onChange(of: flavor) { _, new in log(new.rawValue) }
    }
}

/// Picker: options found by tag (explicit, or a `ForEach`'s ids), selection by click, menu row and keys in
/// each style; a selection no option matches selects nothing.
@MainActor
@Suite struct PickerTests {
    func press(_ h: GestureHarness, _ key: KeyEquivalent, characters: String = "") {
        h.key(key, characters: characters)
    }

    @Test func optionsAreTheElementsWithTheirTagsOrForEachIds() {
        let explicit = PickerOptions(
            content: Group {
                Text("A").tag(1)
                Text("B").tag(2).padding()
                Text("untagged")
            }, selection: .constant(2))
        #expect(explicit.tags == [AnyHashable(1), AnyHashable(2), nil])
        #expect(explicit.selectedIndex == 1)
        let implicit = PickerOptions(
            content: ForEach(Flavor.allCases) { Text($0.rawValue) }, selection: .constant(Flavor.strawberry))
        #expect(implicit.tags == Flavor.allCases.map { AnyHashable($0) })
        #expect(implicit.selectedIndex == 2)
        // An optional selection matches tags of its wrapped type, and choosing sets it.
        var optional: Int? = 2
        let binding = Binding(get: { optional }, set: { optional = $0 })
        let options = PickerOptions(
            content: Group {
                Text("one").tag(1)
                Text("two").tag(2)
            }, selection: binding)
        #expect(options.selectedIndex == 1)
        options.choose(0)
        #expect(optional == 1)
    }

    @Test func aSelectionNoTagMatchesSelectsNothingAndIsSaidOnce() {
        var said: [String] = []
        let saved = ListDiagnostics.log
        ListDiagnostics.log = { said.append($0) }
        defer { ListDiagnostics.log = saved }
        for _ in 0..<2 {
            let options = PickerOptions(
                content: Group {
                    Text("A").tag(1)
                    Text("B").tag(2)
                }, selection: .constant(7))
            #expect(options.selectedIndex == nil)
        }
        #expect(said.count == 1 && said[0].contains("selection \"7\" is invalid"), "\(said)")
        // A segmented picker draws no raised segment then, and the arrow keys start from the first option.
        var value = 7
        let h = GestureHarness(
            Picker("N", selection: Binding(get: { value }, set: { value = $0 })) {
                Text("A").tag(1)
                Text("B").tag(2)
            }.pickerStyle(.segmented), width: 200, height: 100)
        #expect(!h.display.contains("rgb(255,255,255)"), "\(h.display)")
        press(h, .rightArrow)
        #expect(value == 1)
    }

    @Test func segmentedSplitsTheWidthRaisesTheChosenSegmentAndAClickChooses() throws {
        let log = CallLog()
        let h = GestureHarness(FlavorScene(log: log, style: .segmented), width: 300, height: 100)
        // Three equal segments of 100 on the trough; the chosen (middle) one raised 2 points inside its own.
        #expect(h.display.contains("fill roundedRect [0,0 300x30] r8 rgb(222,222,222)"), "\(h.display)")
        #expect(h.display.contains("fill roundedRect [102,2 96x26] r6 rgb(255,255,255)"), "\(h.display)")
        let strawberry = try #require(frame(of: "Text(\"Strawberry\")", in: h.graph))
        #expect(strawberry.midX == 250)
        h.down(250, 15, at: 0)
        h.up(at: 40)
        #expect(log.entries == ["strawberry"])
        #expect(h.display.contains("fill roundedRect [202,2 96x26] r6 rgb(255,255,255)"), "\(h.display)")
        // Keys: Left goes back, stopping at the first option.
        press(h, .leftArrow)
        press(h, .leftArrow)
        press(h, .leftArrow)
        #expect(log.entries == ["strawberry", "chocolate", "vanilla"])
    }

    @Test func inlineRowsCheckTheChosenOneAndRadioGroupFillsItsButton() throws {
        let log = CallLog()
        let h = GestureHarness(FlavorScene(log: log, style: .inline), width: 300, height: 200)
        let vanilla = try #require(frame(of: "Text(\"Vanilla\")", in: h.graph))
        let chocolate = try #require(frame(of: "Text(\"Chocolate\")", in: h.graph))
        #expect(chocolate.midY - vanilla.midY == 32, "32-point rows")
        h.down(150, vanilla.midY, at: 0)
        h.up(at: 40)
        #expect(log.entries == ["vanilla"])
        press(h, .downArrow)
        #expect(log.entries == ["vanilla", "chocolate"])

        let radio = GestureHarness(FlavorScene(log: CallLog(), style: .radioGroup), width: 300, height: 200)
        // One accent disc (the chosen option) and two white rings.
        let blue = "fill ellipse"
        #expect(
            radio.display.components(separatedBy: "\n").filter { $0.contains(blue) && $0.contains("rgb(53,132,228)") }
                .count == 1, "\(radio.display)")
    }

    @Test func menuShowsTheChoiceOpensAMenuWithACheckAndAChoiceClosesIt() throws {
        let log = CallLog()
        let h = PopupHarness(FlavorScene(log: log, style: .menu))
        // The label at the leading edge, the button with the chosen option at the trailing edge.
        let label = try #require(h.textFrame("Flavor"))
        let shown = try #require(h.textFrame("Chocolate"))
        #expect(label.minX == 0)
        #expect(shown.minX > 250, "\(shown)")
        #expect(h.textFrame("Vanilla") == nil)
        h.click(shown.midX, shown.midY, at: 0)
        let popup = try #require(h.popups.first)
        let rows = try ["Vanilla", "Chocolate", "Strawberry"].map { try #require(h.textFrame($0, in: popup)) }
        #expect(rows[1].midY - rows[0].midY == 28)
        h.choose("Strawberry", at: 200)
        #expect(log.entries == ["strawberry"])
        #expect(h.popups.isEmpty)
        #expect(h.textFrame("Strawberry") != nil && h.textFrame("Chocolate") == nil)
        // Keyboard: Return on the focused button opens it, Down moves to a row, Return chooses it.
        let button = try #require(h.textFrame("Strawberry"))
        h.click(button.midX, button.midY, at: 400)
        #expect(h.popups.count == 1)
        h.key(.downArrow)
        h.key(.return)
        #expect(log.entries == ["strawberry", "vanilla"])
        #expect(h.popups.isEmpty)
    }

    @Test func everyStyleNameIsAcceptedAndAutomaticIsAMenu() {
        #expect(DefaultPickerStyle()._kind == .menu)
        #expect(NavigationLinkPickerStyle()._kind == .menu)
        #expect(WheelPickerStyle()._kind == .wheel)
        #expect(PalettePickerStyle()._kind == .segmented)
        let wheel = GestureHarness(FlavorScene(log: CallLog(), style: .wheel), width: 300, height: 200)
        // The chosen row on its band, the label not shown (as iOS's wheels).
        #expect(frame(of: "Text(\"Flavor\")", in: wheel.graph) == nil)
        #expect(
            wheel.display.contains("r6 rgba(128,128,128,0.15)") || wheel.display.contains("r6 rgba(128,128,128"),
            "\(wheel.display)")
    }
}

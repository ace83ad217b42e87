import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A toggle at the top of a 300×200 window, optionally styled and disabled; its state's changes go to `log`.
struct TopToggle<Style: ToggleStyle>: View {
    let log: CallLog
    var style: Style
    var disabled = false
    @State private var isOn: Bool

    init(log: CallLog, isOn: Bool = false, style: Style, disabled: Bool = false) {
        self.log = log
        self.style = style
        self.disabled = disabled
        _isOn = State(initialValue: isOn)
    }

    var body: some View {
        VStack {
            Toggle("Wi-Fi", isOn: $isOn)
                .toggleStyle(style)
                .disabled(disabled)
            Spacer()
        }
        .onChange(of: isOn) { _, new in log("\(new)") }
    }
}

/// Toggle: SwiftUI's names; each built-in style draws its on and off looks; a click or tap on its control, or
/// Space while focused, flips it; a disabled toggle is dimmed and ignores both.
@MainActor
@Suite struct ToggleTests {
    static let blue = "rgb(53,132,228)", offGrey = "rgb(199,199,199)", white = "rgb(255,255,255)"

    /// The knob's frame in the display list (the ellipse under the switch's shadow).
    static func knobX(_ display: String) -> Double? {
        guard let range = display.range(of: #"fill ellipse \[([0-9.]+),"#, options: .regularExpression) else {
            return nil
        }
        let text = display[range].dropFirst("fill ellipse [".count).dropLast()
        return Double(text)
    }

    @Test func switchTakesTheWidthAndPutsTheLabelLeadingAndTheCapsuleTrailing() {
        let h = GestureHarness(TopToggle(log: CallLog(), style: .switch), width: 300, height: 200)
        #expect(approx(frame(of: "focusable", in: h.graph), CGRect(x: 0, y: 0, width: 300, height: 26)))
        #expect(approx(frame(of: "Text(\"Wi-Fi\")", in: h.graph), CGRect(x: 0, y: 2, width: 42.5, height: 22)))
        #expect(h.display.contains("fill roundedRect [252,0 48x26] r13 \(Self.offGrey)"), "\(h.display)")
        #expect(Self.knobX(h.display) == 254, "off: knob at the leading end: \(h.display)")
        #expect(!h.display.contains(Self.blue))
        // A long label keeps one line while it fits beside the switch (the spacer gets only what is left).
        let long = GestureHarness(Toggle("Gesture inspector", isOn: .constant(true)), width: 210, height: 100)
        #expect(
            approx(frame(of: "Text", in: long.graph), CGRect(x: 0, y: 39, width: 144.5, height: 22)),
            "\(String(describing: frame(of: "Text", in: long.graph)))")
    }

    @Test func clickOnTheCapsuleFlipsItAndTheKnobSpringsAcross() {
        let log = CallLog()
        let h = GestureHarness(TopToggle(log: log, style: .automatic), width: 300, height: 200)
        h.down(276, 13, at: 0)
        #expect(log.entries.isEmpty, "a toggle flips at the release, as a button acts")
        h.up(at: 40)
        #expect(log.entries == ["true"])
        // The knob travels from 254 to 276 over the spring, as the capsule's colour goes from grey to blue.
        h.advance(to: 100)
        let midway = Self.knobX(h.display) ?? 0
        #expect(midway > 254 && midway < 276, "knob at \(midway)")
        #expect(
            !h.display.contains(Self.offGrey) && !h.display.contains(Self.blue), "between the colours: \(h.display)")
        h.advance(to: 1500)
        #expect(Self.knobX(h.display) == 276, "\(h.display)")
        #expect(h.display.contains("fill roundedRect [252,0 48x26] r13 \(Self.blue)"), "\(h.display)")
        h.down(276, 13, at: 1600)
        h.up(at: 1640)
        #expect(log.entries == ["true", "false"])
    }

    @Test func clickOnTheLabelDoesNotFlipASwitch() {
        let log = CallLog()
        let h = GestureHarness(TopToggle(log: log, style: .switch), width: 300, height: 200)
        h.down(20, 13, at: 0)
        h.up(at: 40)
        h.down(150, 13, at: 100)
        h.up(at: 140)
        #expect(log.entries.isEmpty)
    }

    @Test func touchTapFlipsAndMovingOutCancels() {
        let log = CallLog()
        let h = GestureHarness(TopToggle(log: log, isOn: true, style: .switch), width: 300, height: 200)
        h.touchDown(1, 270, 10, at: 0)
        h.touchUp(1, at: 50)
        #expect(log.entries == ["false"])
        h.touchDown(1, 270, 10, at: 100)
        h.touchMove(1, 270, 80, at: 130)
        h.touchUp(1, at: 160)
        #expect(log.entries == ["false"], "released outside: nothing")
    }

    @Test func spaceFlipsTheFocusedToggle() {
        let log = CallLog()
        let h = KeyHarness(TopToggle(log: log, style: .switch))
        h.focus.activate()
        #expect(h.focus.focusedView != nil, "a toggle takes focus")
        h.type(.space)
        #expect(log.entries == ["true"], "down flips, up does nothing")
        h.press(.space, .repeat)
        #expect(log.entries == ["true"], "a held Space does not flicker")
        h.type(.space)
        #expect(log.entries == ["true", "false"])
    }

    @Test func disabledToggleIsDimmedAndIgnoresClicksAndSpace() {
        let log = CallLog()
        let h = GestureHarness(TopToggle(log: log, style: .switch, disabled: true), width: 300, height: 200)
        #expect(h.display.contains("layer opacity 0.45"), "\(h.display)")
        h.down(276, 13, at: 0)
        h.up(at: 40)
        let keys = KeyHarness(TopToggle(log: log, style: .switch, disabled: true))
        keys.focus.activate()
        #expect(keys.focus.focusedView == nil, "a disabled toggle takes no focus")
        keys.type(.space)
        #expect(log.entries.isEmpty)
    }

    @Test func buttonStyleIsABezelTintedWhenOn() {
        let log = CallLog()
        let h = GestureHarness(TopToggle(log: log, style: .button), width: 300, height: 200)
        #expect(
            h.display.contains("rgb(222,222,222)") && !h.display.contains(Self.blue),
            "off: the grey bezel: \(h.display)")
        let bezel = try! #require(frame(of: "background", in: h.graph))
        #expect(bezel.width < 100, "a button hugs its label: \(bezel)")
        h.down(bezel.midX, bezel.midY, at: 0)
        #expect(h.display.contains(ButtonTests.pressedGrey), "pressed like a button")
        h.up(at: 40)
        #expect(log.entries == ["true"])
        #expect(
            h.display.contains(Self.blue) && h.display.contains("text \"Wi-Fi\"")
                && h.display.contains("17.0pt \(Self.white)"),
            "on: the accent bezel, the label in white: \(h.display)")
    }

    @Test func checkboxIsABoxThenTheLabelAndBothFlipIt() {
        let log = CallLog()
        let h = GestureHarness(TopToggle(log: log, style: .checkbox), width: 300, height: 200)
        let look = try! #require(frame(of: "gesture(normal)", in: h.graph))
        // A 16-point box, 6 points, the 42.5-point label; centred in the window.
        #expect(approx(look, CGRect(x: 117.75, y: 0, width: 64.5, height: 22)), "\(look)")
        #expect(
            h.display.contains("stroke roundedRect") || h.display.contains("rgb(153,153,153)"),
            "off: a grey border: \(h.display)")
        #expect(!h.display.contains(Self.blue))
        h.down(170, 11, at: 0)
        h.up(at: 40)  // on the label
        #expect(log.entries == ["true"])
        #expect(h.display.contains("fill roundedRect [117.75,3 16x16] r4 \(Self.blue)"), "\(h.display)")
        #expect(
            h.display.contains("stroke path") && h.display.contains("3 elements \(Self.white) width 2"),
            "a check mark: \(h.display)")
        h.down(125, 11, at: 100)
        h.up(at: 140)  // on the box
        #expect(log.entries == ["true", "false"])
    }

    /// A toggle over several sources is mixed while some are on: the checkbox shows a dash; flipping sets all.
    struct AllToggle: View {
        let log: CallLog
        @State private var first = true
        @State private var second = false
        var body: some View {
            VStack {
                Toggle("All", sources: [$first, $second], isOn: \.self).toggleStyle(.checkbox)
                Spacer()
            }
            .onChange(of: [first, second]) { _, new in log("\(new)") }
        }
    }

    @Test func toggleOverSourcesIsMixedAndSetsThemAll() {
        let log = CallLog()
        let h = GestureHarness(AllToggle(log: log), width: 300, height: 200)
        #expect(
            h.display.contains(Self.blue) && h.display.contains("2 elements \(Self.white) width 2"),
            "a dash: \(h.display)")
        let look = try! #require(frame(of: "gesture(normal)", in: h.graph))
        h.down(look.midX, look.midY, at: 0)
        h.up(at: 40)
        #expect(log.entries.last == "[true, true]", "\(log.entries)")
        #expect(h.display.contains("3 elements \(Self.white) width 2"), "all on: a check mark: \(h.display)")
        h.down(look.midX, look.midY, at: 100)
        h.up(at: 140)
        #expect(log.entries.last == "[false, false]", "\(log.entries)")
        #expect(!h.display.contains(Self.blue))
    }

    /// A custom style gets the label, reads and writes `isOn` (here with a tap on a coloured square).
    struct SquareStyle: ToggleStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                Rectangle().fill(configuration.isOn ? Color.green : Color.orange).frame(width: 30, height: 30)
                    .onTapGesture { configuration.isOn.toggle() }
                configuration.label
            }
        }
    }

    @Test func customToggleStyleDrawsAndFlips() {
        let log = CallLog()
        let h = GestureHarness(TopToggle(log: log, style: SquareStyle()), width: 300, height: 200)
        #expect(h.display.contains("rgb(255,149,0)") && h.display.contains("text \"Wi-Fi\""), "\(h.display)")
        let square = try! #require(frame(of: "frame(30x30)", in: h.graph))
        h.down(square.midX, square.midY, at: 0)
        h.up(at: 40)
        #expect(log.entries == ["true"])
        #expect(h.display.contains("rgb(52,199,89)"), "\(h.display)")
        // Space still works through the toggle, whatever the style.
        let keyLog = CallLog()
        let keys = KeyHarness(TopToggle(log: keyLog, style: SquareStyle()))
        keys.focus.activate()
        keys.type(.space)
        #expect(keyLog.entries == ["true"])
    }

    /// A finger that starts on a switch and scrolls takes the scroll; the switch stays as it was.
    struct Rows: View {
        let log: CallLog
        @State private var isOn = false
        var body: some View {
            ScrollView {
                ForEach(0..<12) { row in
                    Toggle("Row \(row)", isOn: row == 1 ? $isOn : .constant(false)).frame(height: 60)
                }
            }
            .onChange(of: isOn) { _, new in log("\(new)") }
        }
    }

    @Test func scrollStartingOnASwitchScrolls() {
        let log = CallLog()
        let h = GestureHarness(Rows(log: log), width: 300, height: 300)
        // Rows are 60 high, 8 apart: row 1 spans 68…128; its capsule spans x 252…300.
        h.touchDown(1, 276, 98, at: 0)
        h.touchMove(1, 276, 80, at: 100)
        h.touchMove(1, 276, 60, at: 200)
        h.touchMove(1, 276, 60, at: 300)  // at rest: no fling
        h.touchUp(1, at: 400)
        #expect(log.entries.isEmpty)
        #expect(allNodes(h.graph).compactMap { $0 as? ScrollNode }.first?.offset.y == 38, "scrolled")
        h.touchDown(1, 276, 60, at: 1000)
        h.touchUp(1, at: 1040)
        #expect(log.entries == ["true"], "a tap still flips")
    }
}

/// SwiftUI spellings compile unchanged.
@MainActor
@Suite struct ToggleSpellingTests {
    struct Settings: View {
        @State private var a = false
        @State private var b = true
        let title = "Plain string"
        var body: some View {
            VStack {
                Toggle("Key", isOn: $a)
                Toggle(title, isOn: $b).toggleStyle(.switch)
                Toggle(isOn: $a) { Text("Label") }.toggleStyle(.button)
                Toggle(isOn: $b) { Text("Check") }.toggleStyle(.checkbox)
                Toggle("Default", isOn: $a).toggleStyle(.automatic)
            }
        }
    }

    @Test func everySpellingDraws() {
        let h = GestureHarness(Settings(), width: 300, height: 300)
        #expect(h.display.components(separatedBy: "text ").count - 1 == 5, "\(h.display)")
    }
}

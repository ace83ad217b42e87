import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A text field at the top of a 300×300 window, logging its text; Return logs "submit".
/// With the rounded border its text area is at x 6, y 3, 288×22; the test measurer advances 8.5 points a character.
struct NameForm: View {
    let log: CallLog
    var initial = ""
    var secure = false
    var disabled = false
    @State private var text: String

    init(log: CallLog, initial: String = "", secure: Bool = false, disabled: Bool = false) {
        self.log = log
        self.initial = initial
        self.secure = secure
        self.disabled = disabled
        _text = State(initialValue: initial)
    }

    var body: some View {
        VStack {
            if secure { SecureField("Password", text: logged) } else { TextField("Name", text: logged) }
            Spacer()
        }
        .disabled(disabled)
        .onSubmit { log("submit \(text)") }
    }

    var logged: Binding<String> { $text.logging(to: log, as: "text") }
}

extension Binding where Value == String {
    /// The binding, logging each value written to it as "`name` value".
    @MainActor func logging(to log: CallLog, as name: String) -> Binding<String> {
        let state = self
        return Binding(
            get: { state.wrappedValue },
            set: {
                log("\(name) \($0)")
                state.wrappedValue = $0
            })
    }
}

extension KeyHarness {
    /// The harness with its animation clock stopped (after the first update), so the caret never blinks off.
    func frozen() -> KeyHarness {
        graph.animationClock = { 1_000_000 }
        return self
    }

    /// Types `string` one character at a time (key down and up).
    func typeText(_ string: String) {
        for character in string {
            press(KeyEquivalent(character), .down, characters: String(character))
            press(KeyEquivalent(character), .up, characters: String(character))
        }
    }
    func key(_ key: KeyEquivalent, _ modifiers: EventModifiers = []) {
        press(key, .down, modifiers: modifiers, characters: "")
    }
    var display: String { graph.displayList.description }
    /// The drawn caret: x of its left edge.
    var caretX: CGFloat? {
        for line in display.split(separator: "\n") where line.contains("fill rect") && line.contains("1x22]") {
            let parts = line.split(separator: "[")[1].split(separator: ",")
            return CGFloat(Double(parts[0])!)
        }
        return nil
    }
}

@MainActor
@Suite struct TextFieldTests {
    @Test func typingWritesTheBindingAndDrawsTextAndCaret() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log)).frozen()
        h.focus.activate()
        h.update()
        #expect(h.display.contains("text \"Name\""), "the title is the placeholder: \(h.display)")
        #expect(h.caretX == 6)
        h.typeText("Hi ё")
        #expect(log.entries == ["text H", "text Hi", "text Hi ", "text Hi ё"])
        #expect(h.display.contains("text \"Hi ё\" [6,3 "), "\(h.display)")
        #expect(!h.display.contains("text \"Name\""))
        #expect(h.caretX == 40)  // 4 characters × 8.5 = 34, from x 6
    }

    @Test func keysEditAsOnALinuxDesktop() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log, initial: "hello big world")).frozen()
        h.focus.activate()
        h.update()
        h.key(.delete, .control)  // Ctrl+Backspace: a word
        #expect(log.entries.last == "text hello big ")
        h.key(.home)
        h.key(.deleteForward)
        #expect(log.entries.last == "text ello big ")
        h.key(.rightArrow, [.control, .shift])  // select "ello"
        h.typeText("X")
        #expect(log.entries.last == "text X big ")
        h.key(.end)
        h.key(.leftArrow, .shift)
        h.key(.delete)
        #expect(log.entries.last == "text X big")
        h.key("a", .control)
        h.typeText("new")
        #expect(log.entries.last == "text new")
        h.key("z", .control)
        #expect(log.entries.last == "text X big")
        h.key("z", [.control, .shift])
        #expect(log.entries.last == "text new")
    }

    @Test func returnSubmitsAndShortcutsTheFieldDoesNotKnowPassOn() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log, initial: "Ann")).frozen()
        h.focus.activate()
        h.update()
        h.key(.return)
        #expect(log.entries == ["submit Ann"])
        #expect(!h.press("q", .down, modifiers: .control, characters: "q"))
        #expect(!h.press(.escape, .down, characters: ""))
    }

    @Test func clicksPlaceTheCaretAndSelectWordsAndLines() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log, initial: "one two")).frozen()
        // x 6 + 2 × 8.5 = 23: between "on" and "e".
        h.click(24, 14, at: 0)
        #expect(h.caretX == 23)
        h.typeText("X")
        #expect(log.entries.last == "text onXe two")
        h.click(60, 14, at: 1000)  // in "two"
        h.click(60, 14, at: 1100)  // double click: the word
        h.typeText("Y")
        #expect(log.entries.last == "text onXe Y")
        h.click(10, 14, at: 2000)
        h.click(10, 14, at: 2100)
        h.click(10, 14, at: 2200)  // triple: everything
        h.typeText("Z")
        #expect(log.entries.last == "text Z")
    }

    @Test func shiftClickExtendsTheSelection() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log, initial: "abcdef")).frozen()
        h.click(24, 14, at: 0)  // after "ab"
        h.focus.heldModifiers = .shift
        h.click(49, 14, at: 1000)  // after "abcde"
        h.focus.heldModifiers = []
        #expect(h.display.contains("fill rect [23,3 25.5x22]"), "\(h.display)")
        h.typeText("X")
        #expect(log.entries.last == "text abXf")
    }

    @Test func aMouseDragSelects() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log, initial: "abcdef")).frozen()
        h.focus.pointerPressed(at: CGPoint(x: 7, y: 14))
        h.gestures.handle(.pointerDown(CGPoint(x: 7, y: 14), time: 0))
        h.update()
        h.gestures.handle(.pointerMove(CGPoint(x: 40, y: 14), time: 20))
        h.update()  // 4 characters
        h.gestures.handle(.pointerUp(time: 40))
        h.update()
        #expect(h.display.contains("fill rect [6,3 34x22]"), "the selection: \(h.display)")
        h.key(.delete)
        #expect(log.entries.last == "text ef")
    }

    @Test func aFingerTapsToPlaceAndHoldsToSelectAWord() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log, initial: "one two")).frozen()
        h.focus.pointerPressed(at: CGPoint(x: 15, y: 14))
        h.gestures.handle(.touchDown(1, CGPoint(x: 15, y: 14), time: 0))
        h.update()
        h.gestures.handle(.touchUp(1, time: 80))
        h.update()
        #expect(h.caretX == 14)  // after "o"
        h.gestures.handle(.touchDown(2, CGPoint(x: 60, y: 14), time: 1000))
        h.update()
        h.gestures.advanceTime(to: 1600)
        h.update()
        h.gestures.handle(.touchUp(2, time: 1700))
        h.update()
        h.typeText("2")
        #expect(log.entries.last == "text one 2")
    }

    @Test func aLongTextScrollsToKeepTheCaretVisible() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log), width: 100).frozen()
        h.focus.activate()
        h.update()
        h.typeText(String(repeating: "m", count: 20))  // 170 points in an 88-point area
        let caret = try! #require(h.caretX)
        #expect(caret >= 6 && caret <= 94, "\(h.display)")
        #expect(h.display.contains("layer clip [5,3 90x22]"), "\(h.display)")
        #expect(
            h.display.contains("text \"mmmmmmmmmmmmmmmmmmmm\" [-77,3"), "scrolled by 170 + 1 − 88 = 83: \(h.display)")
        h.key(.home)
        #expect(h.caretX == 6)
        #expect(h.display.contains("text \"mmmmmmmmmmmmmmmmmmmm\" [6,3"), "\(h.display)")
    }

    @Test func secureFieldsShowBulletsAndDoNotCopy() {
        let log = CallLog()
        TextClipboards.current = ProcessTextClipboard()
        TextClipboards.current.setText("before", on: .clipboard)
        let h = KeyHarness(NameForm(log: log, initial: "pw", secure: true)).frozen()
        h.focus.activate()
        h.update()
        #expect(h.display.contains("text \"••\""), "\(h.display)")
        h.key("a", .control)
        h.key("c", .control)
        var pasted = ""
        TextClipboards.current.requestText(on: .clipboard) { pasted = $0 }
        #expect(pasted == "before")
    }

    @Test func copyAndPasteGoThroughTheClipboard() {
        let log = CallLog()
        TextClipboards.current = ProcessTextClipboard()
        let h = KeyHarness(NameForm(log: log, initial: "copy me")).frozen()
        h.focus.activate()
        h.update()
        h.key(.leftArrow, [.control, .shift])  // "me"
        var primary = ""
        TextClipboards.current.requestText(on: .primary) { primary = $0 }
        #expect(primary == "me", "selecting offers the primary selection")
        h.key("x", .control)
        #expect(log.entries.last == "text copy ")
        h.key(.home)
        h.key("v", .control)
        #expect(log.entries.last == "text mecopy ")
    }

    @Test func aTenMegabytePasteIsCutAtTheLimitWithOneLogLine() {
        let log = CallLog()
        var logged: [String] = []
        TextInputLog.log = { (line: String) in logged.append(line) }
        defer { TextInputLog.log = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) } }
        TextClipboards.current = ProcessTextClipboard()
        // 10 MB of two-byte letters after one byte already there: the limit falls inside a letter.
        TextClipboards.current.setText(String(repeating: "я", count: 5_000_000), on: .clipboard)
        let h = KeyHarness(NameForm(log: log, initial: "a")).frozen()
        h.focus.activate()
        h.update()
        h.key("v", .control)
        let limit = TextEditingModel.defaultMaximumLength
        #expect(log.entries.last.map { $0.utf8.count - "text ".utf8.count } == limit - 1)
        #expect(log.entries.last?.hasSuffix("яя") == true)
        #expect(
            logged == [
                "pasted text cut at the text field's limit of \(limit) bytes of UTF-8; the rest was dropped"
            ])
        // A paste that fits says nothing.
        h.key("a", .control)
        TextClipboards.current.setText("short", on: .clipboard)
        h.key("v", .control)
        #expect(log.entries.last == "text short")
        #expect(logged.count == 1)
    }

    @Test func disabledFieldsTakeNeitherFocusNorKeys() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log, disabled: true)).frozen()
        h.focus.activate()
        h.update()
        h.typeText("x")
        #expect(log.entries.isEmpty)
        #expect(h.focus.focusedView == nil)
    }
}

/// The caret blinks on the graph's animation clock (a virtual one here) and stops, drawing no more frames.
@MainActor
@Suite struct CaretBlinkTests {
    @Test func blinksRestartsOnTypingAndStopsAfterTenIdleSeconds() {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log)).frozen()
        // Far past the uptime the harness's first update ran at (the animation clock never goes back).
        let start = 1_000_000.0
        var now = start
        h.graph.animationClock = { now }
        h.focus.activate()
        h.update()
        func frame(at time: Double) {
            now = start + time
            h.graph.update()
        }
        frame(at: 0.1)
        #expect(h.caretX != nil && h.graph.isAnimating)
        frame(at: 0.9)  // 0.9 s into a 1.2 s cycle: off (on for its first 0.8 s)
        #expect(h.caretX == nil)
        frame(at: 1.3)
        #expect(h.caretX != nil)
        h.typeText("a")  // typing restarts the cycle at 1.3
        frame(at: 2.0)
        #expect(h.caretX != nil)
        frame(at: 2.2)
        #expect(h.caretX == nil)
        frame(at: 12.0)  // 10.7 s idle: blinking is over, the caret stays on
        #expect(h.caretX != nil)
        #expect(!h.graph.isAnimating, "no more frames once the caret has stopped blinking")
    }
}

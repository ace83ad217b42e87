import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A `TextEditor` filling a 300×110 window (5 lines of 22 points), logging its text.
struct NotesView: View {
    let log: CallLog
    @State private var text: String
    init(log: CallLog, text: String = "") {
        self.log = log
        _text = State(initialValue: text)
    }
    var body: some View {
        TextEditor(
            text: Binding(
                get: { text },
                set: {
                    log("text \($0.debugDescription)")
                    text = $0
                }))
    }
}

/// A vertical text field between 2 and 3 lines tall, over a spacer.
struct GrowingField: View {
    @State var text: String
    var body: some View {
        VStack(spacing: 0) {
            TextField("Notes", text: $text, axis: .vertical).lineLimit(2...3).textFieldStyle(.plain)
            Spacer()
        }
    }
}

/// A value field for an integer, logging the value.
struct AgeField: View {
    let log: CallLog
    @State private var age = 42
    var body: some View {
        VStack {
            TextField(
                "Age",
                value: Binding(
                    get: { age },
                    set: {
                        log("age \($0)")
                        age = $0
                    }), format: .number)
            Spacer()
        }
    }
}

@MainActor
@Suite struct TextEditorTests {
    @Test func returnAndTabTypeIntoAnEditorAndArrowsMoveBetweenLines() {
        let log = CallLog()
        let h = KeyHarness(NotesView(log: log), width: 300, height: 110).frozen()
        h.focus.activate()
        h.update()
        h.typeText("ab")
        h.key(.return)
        h.typeText("c")
        #expect(log.entries.last == "text \"ab\\nc\"")
        h.key(.upArrow)
        h.key(.tab)
        #expect(log.entries.last == "text \"a\\tb\\nc\"")
        #expect(h.display.contains("text \"c\" [0,22"), "the second line: \(h.display)")
    }

    @Test func anEditorScrollsToKeepTheCaretVisibleAndDrawsOnlyVisibleLines() {
        let log = CallLog()
        let lines = (1...50).map { "line \($0)" }.joined(separator: "\n")
        let h = KeyHarness(NotesView(log: log, text: lines), width: 300, height: 110).frozen()
        h.focus.activate()
        h.update()
        // The caret is at the end (line 50): the last 5 lines show, scrolled by 45 × 22.
        #expect(h.display.contains("text \"line 50\" [0,88"), "\(h.display)")
        #expect(!h.display.contains("text \"line 40\""))
        h.key(.home, .control)
        #expect(h.display.contains("text \"line 1\" [0,0"), "\(h.display)")
        #expect(!h.display.contains("text \"line 50\""))
    }

    @Test func aVerticalFieldGrowsWithinItsLineLimitRange() {
        let h = KeyHarness(GrowingField(text: "one"), width: 300, height: 300).frozen()
        #expect(
            approx(frame(of: "EditableText", in: h.graph), CGRect(x: 0, y: 0, width: 300, height: 44)),
            "at least 2 lines")
        let g = KeyHarness(GrowingField(text: "1\n2\n3\n4\n5"), width: 300, height: 300).frozen()
        #expect(
            approx(frame(of: "EditableText", in: g.graph), CGRect(x: 0, y: 0, width: 300, height: 66)),
            "at most 3 lines")
    }

    /// The value is written when the user commits (Return), as SwiftUI's `TextField` documentation says for
    /// non-string values; text that does not parse leaves it as it was.
    @Test func aValueFieldKeepsTheLastValidValueUntilTheTextParses() {
        let log = CallLog()
        let h = KeyHarness(AgeField(log: log)).frozen()
        h.focus.activate()
        h.update()
        #expect(h.display.contains("text \"42\""), "\(h.display)")
        h.key("a", .control)
        h.typeText("x")  // "x" does not parse: the value stays 42
        #expect(log.entries.isEmpty)
        #expect(h.display.contains("text \"x\""), "the typed text stays: \(h.display)")
        h.key(.delete)
        h.typeText("7")
        #expect(log.entries.isEmpty, "written at the commit, not while typing")
        h.key(.return)
        #expect(log.entries == ["age 7"])
    }

    @Test func aMiddleClickPastesThePrimarySelectionWhereItLands() {
        let log = CallLog()
        TextClipboards.current = ProcessTextClipboard()
        TextClipboards.current.setText("mid", on: .primary)
        let h = KeyHarness(NameForm(log: log, initial: "ab")).frozen()
        h.focus.pointerPressed(at: CGPoint(x: 15, y: 14))  // after "a"
        h.focus.pastePrimarySelection(at: CGPoint(x: 15, y: 14))
        h.update()
        #expect(log.entries.last == "text amidb")
    }

    @Test func pastingTenMegabytesStopsAtTheLengthLimit() {
        let log = CallLog()
        TextClipboards.current = ProcessTextClipboard()
        TextClipboards.current.setText(String(repeating: "0123456789", count: 1_000_000), on: .clipboard)
        let h = KeyHarness(NotesView(log: log), width: 300, height: 110).frozen()
        h.focus.activate()
        h.update()
        h.key("v", .control)
        #expect(
            log.entries.count == 1
                && log.entries[0].utf8.count == TextEditingModel.defaultMaximumLength + "text \"\"".utf8.count)
    }
}

import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Two texts at the window's top left (the first at y 0, the second at y 22; the test measurer advances
/// 8.5 points a character), selectable through their container, and a text field below them.
struct SelectableLabels: View {
    let log: CallLog
    var selectable = true
    var secondSelectable = true
    @State private var name = ""

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("hello world")
            Text("second line").bold().foregroundColor(.red).selectable(secondSelectable)
            TextField("Name", text: $name).textFieldStyle(.plain)
            Spacer()
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .selectable(selectable)
    }
}

extension View {
    @ViewBuilder
    fileprivate func selectable(_ isSelectable: Bool) -> some View {
        if isSelectable { textSelection(.enabled) } else { textSelection(.disabled) }
    }
}

extension KeyHarness {
    func drag(from start: CGPoint, to end: CGPoint, at t: Double) {
        focus.pointerPressed(at: start)
        gestures.handle(.pointerDown(start, time: t))
        update()
        gestures.handle(.pointerMove(end, time: t + 20))
        update()
        gestures.handle(.pointerUp(time: t + 40))
        update()
    }

    func clipboardText(_ selection: ClipboardSelection) -> String? {
        var text: String?
        TextClipboards.current.requestText(on: selection) { text = $0 }
        return text
    }
}

@MainActor
@Suite struct SelectableTextTests {
    @Test func aDragSelectsCtrlCCopiesAndTheSelectionIsThePrimarySelection() {
        TextClipboards.current = ProcessTextClipboard()
        let h = KeyHarness(SelectableLabels(log: CallLog())).frozen()
        #expect(h.display.contains("text \"hello world\" [0,0 "), "\(h.display)")
        h.drag(from: CGPoint(x: 1, y: 10), to: CGPoint(x: 44, y: 10), at: 0)  // 44 / 8.5 ≈ 5: "hello"
        #expect(h.display.contains("fill rect [0,0 42.5x22]"), "the selection, focused: \(h.display)")
        #expect(h.clipboardText(.primary) == "hello")
        #expect(h.clipboardText(.clipboard) == nil)
        h.key("c", .control)
        #expect(h.clipboardText(.clipboard) == "hello")
        #expect(h.caretX == nil, "selectable text draws no caret")
    }

    @Test func doubleAndTripleClicksSelectAWordAndTheLine() {
        TextClipboards.current = ProcessTextClipboard()
        let h = KeyHarness(SelectableLabels(log: CallLog())).frozen()
        h.click(60, 10, at: 0)
        h.click(60, 10, at: 100)
        #expect(h.clipboardText(.primary) == "world")
        #expect(h.display.contains("fill rect [51,0 42.5x22]"), "\(h.display)")
        h.click(60, 30, at: 1000)
        h.click(60, 30, at: 1100)
        h.click(60, 30, at: 1200)
        #expect(h.clipboardText(.primary) == "second line")
        // The first text keeps its selection, drawn as unfocused (grey).
        #expect(h.display.contains("fill rect [51,0 42.5x22] rgb(220,220,220)"), "\(h.display)")
    }

    @Test func aFingerHeldSelectsAWordAndAFingerDraggingDoesNot() {
        TextClipboards.current = ProcessTextClipboard()
        let h = KeyHarness(SelectableLabels(log: CallLog())).frozen()
        h.gestures.handle(.touchDown(1, CGPoint(x: 10, y: 10), time: 0))
        h.update()
        h.gestures.handle(.touchMove(1, CGPoint(x: 60, y: 10), time: 50))
        h.update()
        h.gestures.handle(.touchUp(1, time: 100))
        h.update()
        #expect(h.clipboardText(.primary) == nil, "a drag is not a selection (it may scroll)")
        #expect(!h.display.contains("fill rect"), "\(h.display)")
        h.focus.pointerPressed(at: CGPoint(x: 60, y: 10))
        h.gestures.handle(.touchDown(2, CGPoint(x: 60, y: 10), time: 1000))
        h.update()
        h.gestures.advanceTime(to: 1600)
        h.update()
        h.gestures.handle(.touchUp(2, time: 1700))
        h.update()
        #expect(h.clipboardText(.primary) == "world")
    }

    @Test func keysSelectAndCopyButNeverEdit() {
        TextClipboards.current = ProcessTextClipboard()
        let h = KeyHarness(SelectableLabels(log: CallLog())).frozen()
        h.click(1, 10, at: 0)
        h.key(.rightArrow, [.control, .shift])
        #expect(h.clipboardText(.primary) == "hello")
        h.typeText("x")
        h.key(.delete)
        h.key("x", .control)
        h.key("v", .control)
        h.key("a", .control)
        #expect(h.clipboardText(.primary) == "hello world", "the text is unchanged")
        #expect(h.display.contains("text \"hello world\" [0,0 "), "\(h.display)")
        #expect(!h.press(.return, .down, characters: "\r"), "Return passes on")
    }

    @Test func selectableTextIsOutOfTheTabOrder() {
        let h = KeyHarness(SelectableLabels(log: CallLog())).frozen()
        h.focus.activate()
        h.update()
        #expect(h.caretX == 0, "the text field (below the texts) takes the window's first focus: \(h.display)")
        let field = h.focus.focusedView
        h.key(.tab)
        #expect(h.focus.focusedView == field, "Tab finds no other focusable view")
        h.click(1, 10, at: 0)
        #expect(h.focus.focusedView != field, "a click focuses the text")
        #expect(h.caretX == nil)
    }

    @Test func disabledSelectionDrawsPlainTextThatIgnoresClicks() {
        TextClipboards.current = ProcessTextClipboard()
        let h = KeyHarness(SelectableLabels(log: CallLog(), secondSelectable: false)).frozen()
        h.click(60, 30, at: 0)
        h.click(60, 30, at: 100)
        #expect(h.clipboardText(.primary) == nil)
        #expect(h.focus.focusedView == nil)
        let unselectable = KeyHarness(SelectableLabels(log: CallLog(), selectable: false)).frozen()
        unselectable.drag(from: CGPoint(x: 1, y: 10), to: CGPoint(x: 44, y: 10), at: 0)
        #expect(!unselectable.display.contains("fill rect"))
        // Selectable or not, the texts are drawn alike: same place, font and colour.
        func texts(_ display: String) -> [String] {
            display.split(separator: "\n").filter { $0.contains("text \"hello") || $0.contains("text \"second") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let plain = texts(unselectable.display)
        let selectable = texts(KeyHarness(SelectableLabels(log: CallLog())).frozen().display)
        #expect(plain.count == 2 && selectable.count == 2)
        // Only the frame's size differs (a line's frame is its width plus the caret's room).
        func withoutSize(_ line: String) -> String {
            line.replacingOccurrences(of: #" [0-9.]+x[0-9.]+\]"#, with: "]", options: .regularExpression)
        }
        #expect(plain.map(withoutSize) == selectable.map(withoutSize), "\(plain) vs \(selectable)")
        #expect(selectable[1].contains("second line") && !selectable[1].contains("rgb(0,0,0)"), "red: \(selectable)")
    }

    @Test func centredWrappedTextSelectsWhereItIsDrawn() {
        TextClipboards.current = ProcessTextClipboard()
        // 100 points wide: "aaaa bbbb" (76.5) fits, "cc" wraps; centred lines.
        let view = Text("aaaa bbbb cc").multilineTextAlignment(.center).textSelection(.enabled)
            .frame(width: 100, alignment: .topLeading).frame(maxHeight: .infinity, alignment: .top)
        let h = KeyHarness(view).frozen()
        // The frame is at x 100; the text is as wide as its widest line ("aaaa bbbb ", 85), "cc" (17) is
        // centred in it: at 100 + (85 − 17) / 2 = 134.
        #expect(h.display.contains("text \"cc\" [134,22 "), "\(h.display)")
        h.click(142, 30, at: 0)
        h.click(142, 30, at: 100)
        #expect(h.clipboardText(.primary) == "cc")
    }
}

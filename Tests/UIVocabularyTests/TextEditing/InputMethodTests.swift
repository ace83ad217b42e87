import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Input methods (text-input-v3) on the editing model and on a field: preedit, commit and deletion in the
/// protocol's order, hostile offsets, the surrounding text window, and what a field shows and reports.
@MainActor
@Suite struct InputMethodTests {
    func model(_ text: String, caret: Int? = nil) -> TextEditingModel {
        var m = TextEditingModel(text: text)
        if let caret { m.setCaret(caret) }
        return m
    }

    @Test func aPreeditStaysOutOfTheTextUntilCommitted() {
        var m = model("ab", caret: 1)
        m.applyInputMethod(InputMethodEdit(preedit: "ni", preeditCursor: (2, 2)), at: 0)
        #expect(m.text == "ab" && m.head == 1)
        #expect(m.preedit == Preedit(text: "ni", cursor: 2..<2))
        // The commit replaces the preedit: "你好" (6 bytes) lands at the caret, which moves past it.
        m.applyInputMethod(InputMethodEdit(commit: "你好"), at: 10)
        #expect(m.text == "a你好b" && m.head == 7 && m.preedit == nil)
        // One undo step takes the committed text away.
        m.undo()
        #expect(m.text == "ab" && m.head == 1)
    }

    @Test func deletionThenCommitThenPreeditInTheProtocolsOrder() {
        var m = model("你好世界", caret: 6)  // after 好
        m.applyInputMethod(
            InputMethodEdit(preedit: "men", preeditCursor: (1, 3), commit: "们", deleteBefore: 3, deleteAfter: 3), at: 0)
        // 好 and 世 deleted, 们 inserted at the caret, then the preedit after it with a highlighted cursor.
        #expect(m.text == "你们界" && m.head == 6)
        #expect(m.preedit == Preedit(text: "men", cursor: 1..<3))
    }

    @Test func hostileOffsetsAreClampedAndNeverSplitACharacter() {
        var m = model("aé🇫🇷", caret: 3)  // after é
        // Deleting 1 byte before would split é: the whole grapheme goes. After-length past the end stops there.
        m.applyInputMethod(InputMethodEdit(deleteBefore: 1, deleteAfter: 1_000), at: 0)
        #expect(m.text == "a" && m.head == 1)
        var n = model("x")
        n.applyInputMethod(InputMethodEdit(deleteBefore: Int.max / 2, deleteAfter: 0), at: 0)
        #expect(n.text == "" && n.head == 0)
        // A preedit cursor inside 你 (bytes 1, 2) rounds down to its start; beyond the end, to the end; -1,-1 hides it.
        var p = model("")
        p.applyInputMethod(InputMethodEdit(preedit: "你", preeditCursor: (2, 99)), at: 0)
        #expect(p.preedit == Preedit(text: "你", cursor: 0..<3))
        p.applyInputMethod(InputMethodEdit(preedit: "你", preeditCursor: (-1, -1)), at: 0)
        #expect(p.preedit == Preedit(text: "你", cursor: nil))
        // Control characters from an input method are dropped, as from the clipboard.
        p.applyInputMethod(InputMethodEdit(commit: "a\u{7}b\u{0}"), at: 0)
        #expect(p.text == "ab")
    }

    @Test func aPreeditReplacesTheSelectionAndAnOutsideChangeDropsIt() {
        var m = model("hello", caret: 5)
        m.select(1..<4)
        m.applyInputMethod(InputMethodEdit(preedit: "x"), at: 0)
        #expect(m.text == "ho" && m.head == 1 && m.preedit?.text == "x")
        m.replaceAll(with: "new")
        #expect(m.preedit == nil)
    }

    @Test func surroundingTextIsAWindowOfAtMost4000BytesAroundTheCaret() {
        #expect(model("short", caret: 2).surroundingText() == SurroundingText(text: "short", cursor: 2, anchor: 2))
        // 1500 я (2 bytes each) then 1500 中 (3 bytes): 7500 bytes, the caret between them. The window is 4000
        // bytes centred on the caret, its end moved back to a character boundary and its start with it.
        let long = String(repeating: "я", count: 1500) + String(repeating: "中", count: 1500)
        var m = model(long, caret: 3000)
        let around = m.surroundingText()
        #expect(around.text.utf8.count == 4000 && around.cursor == 2002 && around.anchor == 2002)
        #expect(around.text.hasPrefix("я") && around.text.hasSuffix("中"))
        // A selection that fits is kept whole, centred.
        m.select(2000..<3000)
        #expect(m.surroundingText().cursor == 2500 && m.surroundingText().anchor == 1500)
        // A selection too long to fit: the window ends at the caret (the text's end), the anchor at its start,
        // which moved forward to a character boundary.
        m.select(0..<8000)
        let huge = m.surroundingText()
        #expect(huge.text.utf8.count == 3999 && huge.cursor == 3999 && huge.anchor == 0)
    }

    /// The field shows the preedit underlined at the caret, with the caret at its cursor; the binding does
    /// not see it; a commit writes the binding; the field reports its caret rectangle and kind.
    @Test func aFieldDrawsThePreeditAndReportsItsCaret() throws {
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log, initial: "ab")).frozen()
        h.focus.activate()
        h.update()
        let field = try #require(h.focus.focusedTextInput)
        let before = field.target.inputState()
        #expect(before.surrounding == SurroundingText(text: "ab", cursor: 2, anchor: 2))
        #expect(before.caretRect == CGRect(x: 23, y: 3, width: 1, height: 22))  // 2 × 8.5 from x 6
        #expect(!before.isSecure && !before.isMultiline)

        field.target.applyInputMethod(InputMethodEdit(preedit: "ni", preeditCursor: (2, 2)))
        h.update()
        #expect(log.entries.isEmpty, "a preedit is not the field's text: \(log.entries)")
        #expect(h.display.contains("text \"abni\" [6,3 "), "\(h.display)")
        #expect(h.caretX == 40)  // 4 × 8.5 from x 6
        // The underline: under "ni" (x 23 to 40), 1 point thick, under the baseline.
        let underline = h.display.split(separator: "\n").first {
            $0.contains("fill rect [23,") && $0.contains(" 17x1]")
        }
        #expect(underline != nil, "\(h.display)")
        let during = try #require(h.focus.focusedTextInput).target.inputState()
        #expect(during.caretRect == CGRect(x: 40, y: 3, width: 1, height: 22))
        #expect(
            during.surrounding == SurroundingText(text: "ab", cursor: 2, anchor: 2),
            "the preedit is not surrounding text")

        try #require(h.focus.focusedTextInput).target.applyInputMethod(InputMethodEdit(commit: "你好"))
        h.update()
        #expect(log.entries == ["text ab你好"])
        #expect(!h.display.contains("x1]"), "no underline once committed: \(h.display)")
        #expect(
            try #require(h.focus.focusedTextInput).target.inputState().surrounding
                == SurroundingText(text: "ab你好", cursor: 8, anchor: 8))
    }

    @Test func aSecureFieldSharesNoTextWithTheInputMethod() throws {
        let h = KeyHarness(NameForm(log: CallLog(), initial: "pw", secure: true)).frozen()
        h.focus.activate()
        h.update()
        let state = try #require(h.focus.focusedTextInput).target.inputState()
        #expect(state.isSecure && state.surrounding == nil)
        #expect(state.caretRect.minX == 6 + 2 * 8.5)  // two bullets
    }

    @Test func focusOnAnythingButAnEditableTextHasNoTextInput() {
        let h = KeyHarness(Color.red.frame(width: 20, height: 20).focusable())
        h.focus.activate()
        h.update()
        #expect(h.focus.focusedView != nil && h.focus.focusedTextInput == nil)
    }
}

import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// The editing model on a virtual clock (times in ms): grapheme-wise deletion, word moves, selection,
/// undo grouped by typing runs, the length limit and input hygiene.
@Suite struct TextEditingModelTests {
    /// A model with `text` and the caret at `caret` (UTF-8 offset; the end by default).
    func model(
        _ text: String, caret: Int? = nil, multiline: Bool = false, limit: Int = TextEditingModel.defaultMaximumLength
    ) -> TextEditingModel {
        var m = TextEditingModel(text: text, isMultiline: multiline, maximumLength: limit)
        if let caret { m.setCaret(caret) }
        return m
    }

    @Test func typingInsertsAtTheCaretAndReplacesTheSelection() {
        var m = model("helo", caret: 3)
        m.insert("l", at: 0)
        #expect(m.text == "hello" && m.head == 4 && !m.hasSelection)
        m.select(0..<5)
        m.insert("bye", at: 10)
        #expect(m.text == "bye" && m.selection == 3..<3)
    }

    @Test func backspaceAndDeleteTakeWholeGraphemeClusters() {
        // A family emoji (7 scalars, 25 bytes), e + combining acute, a flag: one cluster each.
        let family = "👨‍👩‍👧‍👦"
        let flag = "🇫🇷"
        var m = model("a\(family)e\u{301}\(flag)")
        m.deleteBackward(at: 0)
        #expect(m.text == "a\(family)e\u{301}")
        m.deleteBackward(at: 1)
        #expect(m.text == "a\(family)")
        m.deleteBackward(at: 2)
        #expect(m.text == "a")
        var f = model("x\(flag)y", caret: 1)
        f.deleteForward(at: 0)
        #expect(f.text == "xy" && f.head == 1)
        #expect(!model("", caret: 0).deleteBackwardChanged())
    }

    @Test func arrowsMoveByClusterAndCollapseASelection() {
        var m = model("aé🇫🇷b", caret: 0)
        m.move(.right, extending: false)
        #expect(m.head == 1)
        m.move(.right, extending: false)
        #expect(m.head == 3)  // é is 2 bytes
        m.move(.right, extending: false)
        #expect(m.head == 11)  // the flag is 8 bytes
        m.move(.left, extending: true)
        #expect(m.selection == 3..<11)
        m.move(.left, extending: false)
        #expect(m.head == 3 && !m.hasSelection)  // collapses to the start
        m.move(.lineEnd, extending: true)
        #expect(m.selection == 3..<12)
        m.move(.right, extending: false)
        #expect(m.head == 12 && !m.hasSelection)
        m.move(.lineStart, extending: false)
        #expect(m.head == 0)
        m.move(.left, extending: false)
        #expect(m.head == 0)  // stays at the start
    }

    @Test func offsetsInsideAClusterSnapToItsStart() {
        var m = model("é🇫🇷x")  // é: 2 bytes, the flag: 8
        m.setCaret(4)
        #expect(m.head == 2)  // inside the flag
        m.setCaret(1)
        #expect(m.head == 0)  // inside é
        m.setCaret(99)
        #expect(m.head == 11)  // past the end
        m.select(3..<7)
        #expect(m.selection == 2..<2)
    }

    @Test func ctrlArrowsAndCtrlBackspaceGoByWord() {
        var m = model("one, two_2  три", caret: 0)
        m.move(.wordRight, extending: false)
        #expect(m.head == 3)  // end of "one"
        m.move(.wordRight, extending: false)
        #expect(m.head == 10)  // end of "two_2"
        m.move(.wordRight, extending: true)
        #expect(m.selection == 10..<18)  // "три" is 6 bytes
        m.move(.wordLeft, extending: false)
        #expect(m.head == 12)  // start of "три"
        m.move(.wordLeft, extending: false)
        #expect(m.head == 5)
        var d = model("hello big world")
        d.deleteBackward(byWord: true, at: 0)
        #expect(d.text == "hello big ")
        d.deleteBackward(byWord: true, at: 1)
        #expect(d.text == "hello ")
        var f = model("hello big world", caret: 5)
        f.deleteForward(byWord: true, at: 0)
        #expect(f.text == "hello world")
    }

    @Test func doubleAndTripleClickSelectWordAndLine() {
        var m = model("first line\nsecond  word!", multiline: true)
        m.selectWord(at: 2)
        #expect(m.selectedText == "first")
        m.selectWord(at: 18)
        #expect(m.selectedText == "  ")  // a run of spaces
        m.selectWord(at: 24)
        #expect(m.selectedText == "!")
        m.selectWord(at: 25)
        #expect(m.selectedText == "!")  // at the end: the last character's word
        m.selectLine(at: 13)
        #expect(m.selectedText == "second  word!")
        var single = model("a b")
        single.selectLine(at: 0)
        #expect(single.selectedText == "a b")
        single.selectAll()
        #expect(single.selection == 0..<3)
    }

    @Test func upAndDownKeepTheColumnInAnEditorAndGoToTheEndsInAField() {
        var m = model("abcdef\nxy\n12345", caret: 4, multiline: true)
        m.move(.down, extending: false)
        #expect(m.head == 9)  // "xy" is shorter: its end
        m.move(.down, extending: false)
        #expect(m.head == 12)  // column 2 of "12345"
        m.move(.down, extending: false)
        #expect(m.head == 15)  // last line: the end
        m.move(.up, extending: true)
        #expect(m.selection == 9..<15)
        var f = model("abc", caret: 1)
        f.move(.up, extending: false)
        #expect(f.head == 0)
        f.move(.down, extending: false)
        #expect(f.head == 3)
        m.move(.documentStart, extending: false)
        #expect(m.head == 0)
    }

    @Test func undoGroupsATypingRunAndRedoRestoresIt() {
        var m = model("")
        for (i, c) in "hello".enumerated() { m.insert(String(c), at: Double(i) * 100) }
        m.insert(" ", at: 600)
        m.insert("w", at: 2000)  // after a pause: a new run
        #expect(m.text == "hello w")
        m.undo()
        #expect(m.text == "hello ")
        m.undo()
        #expect(m.text == "" && m.head == 0)
        #expect(!m.canUndo)
        m.redo()
        #expect(m.text == "hello " && m.head == 6)
        m.redo()
        #expect(m.text == "hello w")
        let redid = m.redo()
        #expect(!redid)
    }

    @Test func caretMovesAndKindChangesEndARun() {
        var m = model("")
        m.insert("a", at: 0)
        m.insert("b", at: 10)
        m.move(.left, extending: false)
        m.insert("x", at: 20)  // after moving: its own step
        m.deleteBackward(at: 30)
        m.deleteBackward(at: 40)  // deleting: one step of its own
        #expect(m.text == "b")
        m.undo()
        #expect(m.text == "axb" && m.head == 2)
        m.undo()
        #expect(m.text == "ab" && m.head == 1)
        m.undo()
        #expect(m.text == "")
        // A new edit after undo forgets what could be redone.
        m.insert("z", at: 50)
        #expect(!m.canRedo)
    }

    @Test func pasteIsItsOwnStepAndCutReturnsTheSelection() {
        var m = model("")
        m.insert("ab", at: 0)
        m.insert("PASTED", at: 10, isPaste: true)
        m.insert("c", at: 20)
        m.undo()
        #expect(m.text == "abPASTED")
        m.undo()
        #expect(m.text == "ab")
        var c = model("cut me")
        c.select(0..<4)
        #expect(c.cut(at: 0) == "cut ")
        #expect(c.text == "me")
        #expect(c.cut(at: 1) == nil)
        c.undo()
        #expect(c.text == "cut me" && c.selection == 0..<4)
    }

    @Test func lengthLimitCutsAtAGraphemeBoundary() {
        var m = model("", limit: 10)
        m.insert("12345678", at: 0)
        m.insert("é🇫🇷", at: 1)  // 2 bytes fit (é), the flag does not
        #expect(m.text == "12345678é")
        let inserted = m.insert("x", at: 2)
        #expect(!inserted)
        m.select(0..<2)
        m.insert("🇫🇷", at: 3)  // 8 bytes replace 2: 15 > 10, nothing fits
        #expect(m.text == "345678é")
        let huge = String(repeating: "я", count: 5_000_000)  // 10 MB
        var big = model("")
        big.insert(huge, at: 0, isPaste: true)
        #expect(big.text.utf8.count == TextEditingModel.defaultMaximumLength && big.head == big.text.utf8.count)
    }

    @Test func lineBreaksAndControlCharactersAreCleanedUp() {
        var field = model("")
        field.insert("a\r\nb\nc\u{7}d\te", at: 0)
        #expect(field.text == "a b cd\te")
        var editor = model("", multiline: true)
        editor.insert("a\r\nb\rc\u{2028}d\u{0}", at: 0)
        #expect(editor.text == "a\nb\nc\nd")
    }

    @Test func invalidUTF8IsReplacedNotFatal() {
        let bytes: [UInt8] = [0x61, 0xFF, 0xC3, 0x28, 0xE4, 0xB8, 0xAD]  // a, junk, broken é, 中
        let text = TextEditingModel.decode(bytes)
        #expect(text == "a\u{FFFD}\u{FFFD}(中")
        var m = model("")
        m.insert(text, at: 0)
        #expect(m.text == text)
    }

    @Test func replacingFromOutsideMovesTheCaretToTheEndAndForgetsUndo() {
        var m = model("abc", caret: 1)
        m.insert("x", at: 0)
        m.replaceAll(with: "new text")
        #expect(m.head == 8 && !m.canUndo)
    }
}

extension TextEditingModel {
    /// Whether Backspace changes anything (on a copy).
    func deleteBackwardChanged() -> Bool {
        var copy = self
        return copy.deleteBackward(at: 0)
    }
}

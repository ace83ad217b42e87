import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Editors wrap long lines at word boundaries to their width (the test measurer: 8.5 points a character,
/// so 35 characters fit the 299 points of a 300-point editor), and Up and Down move by visual line,
/// keeping their column.
@MainActor
@Suite struct EditorWrappingTests {
    static let words = (1...8).map { String(format: "word%05d", $0) }.joined(separator: " ")  // 79 characters

    @Test func longLinesWrapAfterTheLastSpaceThatFits() {
        let h = KeyHarness(NotesView(log: CallLog(), text: Self.words + "\nshort"), width: 300, height: 110).frozen()
        h.focus.activate()
        h.update()
        // A wrapped line keeps its trailing space; the logical line after it starts a new visual line.
        // (The display list shows 24 characters of a string; the widths say where each line ends: 30 characters.)
        #expect(h.display.contains("text \"word00001 word00002 word…\" [0,0 256x22]"), "\(h.display)")
        #expect(h.display.contains("text \"word00004 word00005 word…\" [0,22 256x22]"), "\(h.display)")
        #expect(h.display.contains("text \"word00007 word00008\" [0,44 "), "\(h.display)")
        #expect(h.display.contains("text \"short\" [0,66 "), "\(h.display)")
        // The caret at the end: on the fourth visual line, after "short".
        #expect(h.caretX == 42 && h.display.contains("fill rect [42,66 1x22]"), "\(h.display)")
    }

    @Test func aWordLongerThanTheLineBreaksBetweenCharacters() {
        let long = String(repeating: "x", count: 50)
        let h = KeyHarness(NotesView(log: CallLog(), text: long), width: 300, height: 110).frozen()
        h.focus.activate()
        h.update()
        // 35 characters (297.5 points) on the first line, 15 on the second.
        #expect(h.display.contains("\" [0,0 298.5x22]"), "\(h.display)")
        #expect(h.display.contains("text \"\(String(repeating: "x", count: 15))\" [0,22 128.5x22]"), "\(h.display)")
    }

    @Test func upAndDownMoveByVisualLineAndKeepTheColumn() {
        let log = CallLog()
        let h = KeyHarness(NotesView(log: log, text: Self.words), width: 300, height: 110).frozen()
        h.focus.activate()
        h.update()
        // The caret after "word00008" (x 161.5 on the third visual line): Up goes to the same x on the second.
        h.key(.upArrow)
        h.typeText("|")
        #expect(
            log.entries.last
                == "text \"word00001 word00002 word00003 word00004 word00005| word00006 word00007 word00008\"")
        h.key(.delete)
        h.key(.upArrow)
        h.key(.upArrow)  // on the first line: to the start
        h.typeText("^")
        #expect(log.entries.last?.hasPrefix("text \"^word00001") == true, "\(log.entries)")
        h.key(.delete)
        // Down from the start of the first line keeps x 0 on each visual line: the starts of lines 2 and 3.
        h.key(.downArrow)
        h.key(.downArrow)
        h.typeText(">")
        #expect(
            log.entries.last
                == "text \"word00001 word00002 word00003 word00004 word00005 word00006 >word00007 word00008\"")
        h.key(.delete)
        h.key(.downArrow)  // on the last line: to the end
        h.typeText("$")
        #expect(log.entries.last?.hasSuffix("word00008$\"") == true, "\(log.entries)")
    }

    @Test func typingOnALineReWrapsOnlyWhatChanged() {
        let layout = EditableTextLayout()
        let text = (0..<100).map { _ in Self.words }.joined(separator: "\n")
        layout.update(text: text, font: Font.body.resolve(), wrapWidth: 299)
        #expect(layout.lineCount == 300)
        // Typing 20 characters into the middle line wraps it onto a fourth visual line; the others keep theirs.
        let middle = TextBoundaries.index(text, 50 * 80)
        let edited = String(text[..<middle]) + String(repeating: "z", count: 20) + String(text[middle...])
        layout.update(text: edited, font: Font.body.resolve(), wrapWidth: 299)
        #expect(layout.lineCount == 301)
        #expect(
            layout.lineText(150) == "zzzzzzzzzzzzzzzzzzzzword00001 " && layout.lineText(300) == "word00007 word00008")
        #expect(layout.lines[300] == (edited.utf8.count - 19)..<edited.utf8.count)
    }

    @Test func anEditIsFoundAcrossWholeBlocksFromBothEnds() {
        let base = String(repeating: "abcdefgh", count: 2000)  // 16 000 bytes: blocks of 4096 and a rest
        let middle = TextBoundaries.index(base, 9000)
        let edited = String(base[..<middle]) + "XY" + String(base[middle...])
        #expect(EditableTextLayout.commonEnds(base, edited) == (9000, 7000))
        #expect(EditableTextLayout.commonEnds(base, base) == (16000, 0))
        #expect(EditableTextLayout.commonEnds("", "abc") == (0, 0))
        #expect(EditableTextLayout.commonEnds("abc", "abd") == (2, 0))
    }

    @Test func aVerticalFieldGrowsByWrappedLines() {
        let h = KeyHarness(GrowingField(text: Self.words), width: 300, height: 300).frozen()
        h.update()
        // Three visual lines: the field is 3 lines (66 points) tall, its limit.
        #expect(h.display.contains("text \"word00007 word00008\" [0,44 "), "\(h.display)")
    }
}

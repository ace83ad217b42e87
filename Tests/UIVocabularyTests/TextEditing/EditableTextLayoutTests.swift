import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// The test measurer (8.5 points a character) counting the bytes whose caret stops were measured.
final class CountingMeasurer: TextMeasurer, @unchecked Sendable {
    let base = ApproximateTextMeasurer()
    var measuredBytes = 0
    func measure(_ string: String, font: Font.Resolved, maxWidth: CGFloat?, lineLimit: Int?) -> TextMeasurement {
        base.measure(string, font: font, maxWidth: maxWidth, lineLimit: lineLimit)
    }
    func caretPositions(_ line: String, font: Font.Resolved, boundaries: [Int]) -> [CGFloat] {
        measuredBytes += line.utf8.count
        return base.caretPositions(line, font: font, boundaries: boundaries)
    }
}

/// A large text lays out what is shown: paragraphs are wrapped when drawn or holding the caret, the others'
/// line counts estimated; a long single line is measured in a window round the caret; an edit re-wraps only
/// the paragraphs it touched.
@MainActor
@Suite struct EditableTextLayoutTests {
    static let words = EditorWrappingTests.words  // 79 characters: 3 lines of at most 35 in 299 points
    let font = Font.body.resolve()

    @Test func aLargeTextWrapsOnlyTheParagraphsAskedForAndEstimatesTheRest() {
        let layout = EditableTextLayout()
        let measurer = CountingMeasurer()
        layout.measurer = measurer
        // 2000 paragraphs of Cyrillic words (2 bytes a letter), numbered: 234 KB, past what is wrapped at once.
        let words = Self.words.replacingOccurrences(of: "word", with: "слов")
        let text = (1...2000).map { words + String(format: " #%04d", $0) }.joined(separator: "\n")
        let paragraph = words + " #0001"  // 85 characters, 117 bytes
        layout.update(text: text, font: font, wrapWidth: 299)
        #expect(measurer.measuredBytes == 0)
        // Estimated at 8.5 points a byte: 994.5 points, 4 lines each.
        #expect(layout.lineCount == 8000 && !layout.isLaidOut(line: 0))
        #expect(layout.layOut(lines: 0...4))
        // The first two paragraphs are wrapped exactly (3 lines each), which moves the lines after them up.
        #expect(measurer.measuredBytes == 2 * paragraph.utf8.count)
        #expect(layout.lineCount == 7998)
        #expect(layout.lineText(0) == "слов00001 слов00002 слов00003 ")
        #expect(layout.lineText(3) == "слов00001 слов00002 слов00003 ")
        #expect(layout.lines[6].lowerBound == 2 * (paragraph.utf8.count + 1))
        #expect(!layout.layOut(lines: 0...2), "nothing left to wrap there")
        // The caret's paragraph at the end: wrapped alone, its last line exact.
        #expect(layout.layOut(paragraphHolding: text.utf8.count))
        #expect(layout.lineText(layout.lineCount - 1) == "слов00007 слов00008 #2000")
        #expect(layout.position(of: text.utf8.count) == (layout.lineCount - 1, 212.5))
        #expect(measurer.measuredBytes == 3 * paragraph.utf8.count)
    }

    @Test func editsKeepTheLinesAFreshLayoutWouldHave() {
        let layout = EditableTextLayout()
        var text = (1...60).map { "\($0) " + String(repeating: "ab ", count: $0 % 7 * 6) }.joined(separator: "\n")
        layout.update(text: text, font: font, wrapWidth: 120)
        // Typing, a line break added and one removed, a paste across paragraphs, the whole text deleted.
        let edits: [(Int, Int, String)] = [
            (10, 0, "xyz"), (200, 0, "\n"), (201, 0, "new paragraph with words "), (50, 1, ""),
            (300, 400, "pasted\nlines\n"),
            (0, 0, "\n\n"), (5, 0, "a long inserted run of words that wraps onto several lines"),
        ]
        for (offset, length, insertion) in edits + [(0, Int.max, "")] {
            let lower = TextBoundaries.index(text, offset)
            let upper = TextBoundaries.index(text, min(offset + length, text.utf8.count))
            text = String(text[..<lower]) + insertion + String(text[upper...])
            layout.update(text: text, font: font, wrapWidth: 120)
            let fresh = EditableTextLayout()
            fresh.update(text: text, font: font, wrapWidth: 120)
            #expect(layout.lines == fresh.lines, "after inserting \(insertion.debugDescription) at \(offset)")
            #expect((0..<layout.lineCount).allSatisfy { layout.endsLogicalLine($0) == fresh.endsLogicalLine($0) })
        }
        #expect(layout.lines == [0..<0])
    }

    @Test func aKeystrokeInALargeTextMeasuresOnlyItsParagraph() {
        let layout = EditableTextLayout()
        let measurer = CountingMeasurer()
        layout.measurer = measurer
        let lines = (1...10_000).map { "Line \($0): the quick brown fox jumps over the lazy dog" }
        var text = lines.joined(separator: "\n")
        layout.update(text: text, font: font, wrapWidth: 299)
        layout.layOut(lines: 4990...5020)
        let before = measurer.measuredBytes
        let middle = TextBoundaries.index(text, text.utf8.count / 2)
        text = String(text[..<middle]) + "x" + String(text[middle...])
        layout.update(text: text, font: font, wrapWidth: 299)
        let paragraph = layout.line(containing: text.utf8.count / 2)
        #expect(layout.isLaidOut(line: paragraph))
        #expect(measurer.measuredBytes - before < 60, "one paragraph of 55 bytes measured again")
        #expect(!layout.isLaidOut(line: 0) && !layout.isLaidOut(line: layout.lineCount - 1))
    }

    @Test func aLongSingleLineIsMeasuredInAWindowAroundTheCaret() {
        let layout = EditableTextLayout()
        let measurer = CountingMeasurer()
        layout.measurer = measurer
        // A megabyte on one line (a paste into a text field).
        let text = String(repeating: "abcdefgh ", count: 116_509)
        let count = text.utf8.count
        let half = EditableTextLayout.windowBytes / 2
        layout.update(text: text, font: font, wrapWidth: nil)
        #expect(layout.follow(caret: count) == 0)
        #expect(layout.lines == [(count - half)..<count])
        let end = layout.position(of: count)
        #expect(end.line == 0 && end.x == CGFloat(half) * 8.5)
        #expect(measurer.measuredBytes <= EditableTextLayout.windowBytes)
        // Typing at the end keeps the window's start; the caret stays 8.5 points further on.
        let typed = text + "z"
        layout.update(text: typed, font: font, wrapWidth: nil)
        #expect(layout.follow(caret: count + 1) == 0)
        #expect(layout.position(of: count + 1).x == end.x + 8.5)
        // Near the window's start: it moves back, its new start out of the old one's reach (no shift).
        let start = layout.lines[0].lowerBound
        #expect(layout.follow(caret: start + 100) == 0)
        #expect(layout.lines == [(start + 100 - half)..<(count + 1)])
        // Back at the text's start: the window holds the half after the caret.
        #expect(layout.follow(caret: 0) == 0 && layout.lines == [0..<half])
        // Near its end (not the text's): it moves on and says how far right its start moved, so a scroll
        // offset within it follows.
        #expect(layout.follow(caret: half - 92) == 0 && layout.lines == [0..<(2 * half - 92)])
        #expect(layout.follow(caret: 2 * half - 100) == CGFloat(half - 100) * 8.5)
        #expect(layout.lines == [(half - 100)..<(3 * half - 100)])
        #expect(layout.position(of: 2 * half - 100).x == CGFloat(half) * 8.5)
    }

    @Test func pastingAMegabyteIntoAnEditorMeasuresWhatIsShown() {
        TextClipboards.current = ProcessTextClipboard()
        let pasted = Array(repeating: EditorWrappingTests.words, count: 12_000).joined(separator: "\n")  // 960 KB
        TextClipboards.current.setText(pasted, on: .clipboard)
        let h = KeyHarness(NotesView(log: CallLog()), width: 300, height: 110).frozen()
        let measurer = CountingMeasurer()
        h.graph.textMeasurer = measurer
        h.focus.activate()
        h.update()
        h.key("v", .control)
        // The caret's paragraph and those shown (five lines, one more either side): a few hundred bytes.
        #expect(measurer.measuredBytes < 1000, "\(measurer.measuredBytes) bytes measured")
        // The caret at the end, after "word00008" (161.5) on the last line shown.
        #expect(h.display.contains("fill rect [161,88 1x22]"), "\(h.display)")
        #expect(h.display.contains("text \"word00007 word00008\" [0,88 "), "\(h.display)")
        h.key(.home, .control)
        #expect(h.display.contains("text \"word00001 word00002 word…\" [0,0 256x22]"), "\(h.display)")
        #expect(h.display.contains("text \"word00007 word00008\" [0,44 "), "\(h.display)")
        #expect(measurer.measuredBytes < 2000, "\(measurer.measuredBytes) bytes measured")
    }

    @Test func pastingAMegabyteIntoAFieldMeasuresAWindowAroundTheCaret() {
        TextClipboards.current = ProcessTextClipboard()
        TextClipboards.current.setText(String(repeating: "abcdefgh ", count: 110_000), on: .clipboard)
        let log = CallLog()
        let h = KeyHarness(NameForm(log: log), width: 300, height: 300).frozen()
        let measurer = CountingMeasurer()
        h.graph.textMeasurer = measurer
        h.focus.activate()
        h.update()
        h.key("v", .control)
        #expect(log.entries.last?.utf8.count == 990_000 + "text ".utf8.count)
        #expect(measurer.measuredBytes <= EditableTextLayout.windowBytes, "\(measurer.measuredBytes) bytes measured")
        // The caret at the field's right end (text area 6…294, caret room 1 point): the text scrolled to it.
        #expect(h.caretX == 293, "\(h.display)")
        h.typeText("X")
        #expect(h.caretX == 293 && log.entries.last?.hasSuffix("abcdefgh X") == true)
        // Home: the window moves to the start; the text is drawn from its first character.
        h.key(.home)
        #expect(h.caretX == 6 && h.display.contains("text \"abcdefgh abcdefgh abcdef…\" [6,3 "), "\(h.display)")
        #expect(measurer.measuredBytes <= 2 * EditableTextLayout.windowBytes + 100)
    }
}

import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@Suite struct BidiAlgorithmTests {
    func levels(_ text: String) -> (paragraph: UInt8, levels: [UInt8]) {
        let types = text.map { Bidi.type(of: $0.unicodeScalars.first!) }
        let paragraph = Bidi.paragraphLevel(types)
        return (paragraph, Bidi.levels(types, paragraphLevel: paragraph))
    }

    @Test func theFirstStrongCharacterSetsTheParagraphLevel() {
        #expect(levels("abc").paragraph == 0)
        #expect(levels("123 שלום").paragraph == 1)
        #expect(levels("مرحبا abc").paragraph == 1)
        #expect(levels("!?").paragraph == 0)
    }

    @Test func hebreWithinLatinIsOneRightToLeftRunAndTheSpaceBetweenTakesTheParagraphsDirection() {
        let (_, resolved) = levels("ab שלום cd")
        #expect(resolved == [0, 0, 0, 1, 1, 1, 1, 0, 0, 0])
        #expect(
            Bidi.visualRuns(resolved) == [
                Bidi.Run(range: 0..<3, level: 0), Bidi.Run(range: 3..<7, level: 1), Bidi.Run(range: 7..<10, level: 0),
            ])
    }

    @Test func numbersAndLatinInARightToLeftParagraphReorder() {
        let (paragraph, resolved) = levels("שלום 123 abc")
        #expect(paragraph == 1)
        #expect(resolved == [1, 1, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2])
        // Read right to left: the Hebrew word, the number, the Latin word.
        #expect(
            Bidi.visualRuns(resolved) == [
                Bidi.Run(range: 9..<12, level: 2), Bidi.Run(range: 8..<9, level: 1), Bidi.Run(range: 5..<8, level: 2),
                Bidi.Run(range: 0..<5, level: 1),
            ])
    }

    @Test func digitsAfterArabicLettersAreArabicNumbersAndSeparatorsJoinNumbers() {
        // W2: "25" after Arabic letters is an Arabic number (level 2 in a right-to-left paragraph).
        #expect(levels("سعر 25").levels == [1, 1, 1, 1, 2, 2])
        // W4, W7: "1+2=3" in a left-to-right paragraph stays at level 0; "1,5" in Hebrew is one number.
        #expect(levels("1+2=3").levels == [0, 0, 0, 0, 0])
        #expect(levels("א 1,5").levels == [1, 1, 2, 2, 2])
        // W5: a terminator next to digits is part of the number.
        #expect(levels("א 50%").levels == [1, 1, 2, 2, 2])
        // Marks take their base's type (W1): Hebrew points stay in the Hebrew run.
        #expect(Bidi.type(of: "\u{05B8}") == .nsm)
    }

    @Test func trailingWhitespaceIsAtTheParagraphLevel() {
        // In a left-to-right paragraph ending in Hebrew, the spaces after it go back to level 0.
        #expect(levels("a שלום  ").levels == [0, 0, 1, 1, 1, 1, 0, 0])
        #expect(levels("שלום a\t").levels == [1, 1, 1, 1, 1, 2, 1])
    }
}

/// A plain text field at the window's top left (text area at x 6, y 3 with the rounded border), on the test
/// measurer (8.5 points a character).
@MainActor
@Suite struct BidiFieldTests {
    func harness(_ text: String, log: CallLog) -> KeyHarness {
        let h = KeyHarness(NameForm(log: log, initial: text)).frozen()
        h.focus.activate()
        h.update()
        return h
    }

    @Test func theRunsAreDrawnInDisplayOrderAndTheCaretWhereTypingGoes() {
        // "ab " (0…25.5) then "שלום" drawn reversed in 25.5…59.5: ש at its right end.
        let log = CallLog()
        let h = harness("ab שלום", log: log)
        #expect(h.display.contains("text \"ab \" [6,3 "), "\(h.display)")
        #expect(h.display.contains("text \"שלום\" [31.5,3 "), "\(h.display)")
        #expect(h.caretX == 65, "at the end in a left-to-right paragraph: the line's right end, where Latin goes")
        h.typeText("x")
        #expect(log.entries.last == "text ab שלוםx" && h.display.contains("text \"x\" [65.5,3 "), "\(h.display)")
        #expect(h.caretX == 74)
        // A Hebrew letter typed: the caret stands where the next one goes, at the Hebrew run's left end.
        h.key(.delete)
        h.typeText("ן")
        #expect(log.entries.last == "text ab שלוםן")
        #expect(h.caretX == 31, "\(h.display)")
    }

    @Test func aSelectionAcrossDirectionsIsOneLogicalRangeInSeveralRectangles() {
        let log = CallLog()
        let h = harness("ab שלום", log: log)
        h.key(.home)
        h.key(.rightArrow)
        h.key(.rightArrow)
        h.key(.rightArrow, .shift)  // over the space: offsets 2…3
        #expect(h.display.contains("fill rect [23,3 8.5x22]"), "\(h.display)")
        // Over ם on screen: the caret goes to its right (offset 9, before ם), so the selection is " שלו" in text
        // order: the space, and ש, ל, ו at the Hebrew run's right (40…65.5), ם left out.
        h.key(.rightArrow, .shift)
        #expect(h.caretX == 40)
        #expect(h.display.contains("fill rect [23,3 8.5x22]"), "\(h.display)")
        #expect(h.display.contains("fill rect [40,3 25.5x22]"), "\(h.display)")
        h.typeText("X")
        #expect(log.entries.last == "text abXם")
    }

    @Test func aClickFindsTheNearestCaretInDisplayOrder() {
        let log = CallLog()
        let h = harness("ab שלום", log: log)
        h.click(56, 14, at: 0)  // 50 into the text: nearest is 51, after ש
        #expect(h.caretX == 57)
        h.typeText("X")
        #expect(log.entries.last == "text ab שXלום")
    }

    @Test func aFieldWhoseTextStartsRightToLeftAlignsRightUnderLeading() {
        // A right-to-left paragraph: "abc" (level 2) left of "שלום " (level 1); 68 points right-aligned in the
        // 287 the caret leaves of the 288-point text area.
        let h = harness("שלום abc", log: CallLog())
        #expect(h.display.contains("text \"abc\" [225,3 "), "\(h.display)")
        #expect(h.display.contains("text \"שלום \" [250.5,3 "), "\(h.display)")
        #expect(h.caretX == 225, "at the end: the line's left end, where a Hebrew letter typed goes")
        h.key(.home)
        #expect(h.caretX == 293, "before ש: the line's right end")
        // Emptied, the field goes back to the left; typing Hebrew again aligns it right.
        h.key("a", .control)
        h.key(.delete)
        #expect(h.caretX == 6)
        h.typeText("ש")
        #expect(h.caretX == 284 && h.display.contains("text \"ש\" [284,3 "), "\(h.display)")
    }

    @Test func eachParagraphOfAnEditorAlignsByItsOwnDirection() {
        let h = KeyHarness(NotesView(log: CallLog(), text: "שלום\nabc"), width: 300, height: 110).frozen()
        h.focus.activate()
        h.update()
        // 299 points of room: the Hebrew line at 265, the Latin one at 0.
        #expect(h.display.contains("text \"שלום\" [265,0 "), "\(h.display)")
        #expect(h.display.contains("text \"abc\" [0,22 "), "\(h.display)")
    }
}

import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Left and Right move the caret on screen through runs of both directions, a grapheme as displayed a press (as
/// GTK's entries do). Where runs meet, an offset has two places: the caret is drawn where a letter typed in the
/// direction of the last one typed (at first, the paragraph's) would go. Fields on the test measurer (8.5 points
/// a character, the text area at x 6): a right-to-left paragraph's line stands at the right of the 287 points
/// the caret leaves.
@MainActor
@Suite struct BidiCaretTests {
    let log = CallLog()

    func field(_ text: String) -> KeyHarness {
        let h = KeyHarness(NameForm(log: log, initial: text)).frozen()
        h.focus.activate()
        h.update()
        return h
    }

    /// The caret's x after each press of `key`.
    func xs(_ h: KeyHarness, pressing key: KeyEquivalent, _ times: Int, _ modifiers: EventModifiers = []) -> [CGFloat] {
        (0..<times).map { _ in
            h.key(key, modifiers)
            return h.caretX ?? -1
        }
    }

    /// Each stop of a line of 12 (11 characters) from x 6: 6, 14.5, 23, … rounded down as drawn.
    static func stops(from origin: CGFloat, _ count: Int) -> [CGFloat] {
        (0..<count).map { (origin + CGFloat($0) * 8.5).rounded(.down) }
    }

    @Test func rightAndLeftCrossAHebrewRunInALeftToRightParagraphOnScreen() {
        // Drawn "abc ", then "אבג" reversed (ג at 34…42.5), then " def".
        let h = field("abc אבג def")
        #expect(h.display.contains("text \"אבג\" [40,3 "), "\(h.display)")
        h.key(.home)
        #expect(h.caretX == 6)
        // One press a character on screen, rightwards through the Hebrew run too; at the end the caret stays.
        #expect(xs(h, pressing: .rightArrow, 12) == Self.stops(from: 6, 12).dropFirst() + [99])
        #expect(xs(h, pressing: .leftArrow, 12) == Self.stops(from: 6, 12).reversed().dropFirst() + [6])
        // Seven presses: past א on screen, the caret is after ג in the text (where Latin typed there shows).
        for _ in 0..<7 { h.key(.rightArrow) }
        #expect(h.caretX == 65)
        h.typeText("X")
        #expect(log.entries.last == "text abc אבגX def")
        #expect(h.caretX == 74)
    }

    @Test func typingHebrewInALeftToRightParagraphPutsTheCaretWhereTheNextHebrewLetterGoes() {
        let h = field("abc  def")
        h.key(.home)
        for _ in 0..<4 { h.key(.rightArrow) }
        h.typeText("אבג")
        #expect(log.entries.last == "text abc אבג def")
        // After ג in the text, drawn at the Hebrew run's left end (Pango's weak cursor, GTK's with a Hebrew layout).
        #expect(h.caretX == 40)
        // Rightwards on screen: before ב, before א, then at the run's right end before א: where the next Hebrew
        // letter goes, so it is not after ג (the same x) as with a Latin layout.
        #expect(xs(h, pressing: .rightArrow, 3) == [48, 57, 65])
        h.typeText("ד")
        #expect(log.entries.last == "text abc דאבג def")
        #expect(h.caretX == 65, "after ד: the Hebrew run's right end")
    }

    @Test func leftMovesLeftwardsThroughARightToLeftParagraphWithLatin() {
        // "world" at the left (208…250.5), " שלום" right of it (250.5…293), the paragraph starting at the right.
        let h = field("שלום world")
        #expect(h.display.contains("text \"world\" [208,3 "), "\(h.display)")
        #expect(h.caretX == 208, "at the end of a right-to-left paragraph: its left end")
        h.key(.home)
        #expect(h.caretX == 293)
        #expect(xs(h, pressing: .leftArrow, 11) == Self.stops(from: 208, 11).reversed().dropFirst() + [208])
        #expect(xs(h, pressing: .rightArrow, 11) == Self.stops(from: 208, 11).dropFirst() + [293])
        // Five presses: past the space, where a Hebrew letter typed joins the Hebrew run on its left.
        for _ in 0..<5 { h.key(.leftArrow) }
        #expect(h.caretX == 250)
        h.typeText("א")
        #expect(log.entries.last == "text שלום אworld")
        h.key(.end)
        #expect(h.caretX == 199, "End: the left end of the line, now 11 characters long")
    }

    @Test func arabicWithDigitsInARightToLeftParagraph() {
        // "25" at the left (242…259), then " رعس" (س rightmost): digits after Arabic letters are Arabic numbers.
        let h = field("سعر 25")
        #expect(h.display.contains("text \"25\" [242,3 "), "\(h.display)")
        h.key(.home)
        #expect(h.caretX == 293)
        #expect(xs(h, pressing: .leftArrow, 7) == [284, 276, 267, 259, 250, 242, 242])
        // Back to the place right of "25" (after the space in the text): an Arabic letter typed there shows there.
        for _ in 0..<2 { h.key(.rightArrow) }
        #expect(h.caretX == 259)
        h.typeText("ب")
        #expect(log.entries.last == "text سعر ب25")
    }

    @Test func arabicWithDigitsInALeftToRightParagraph() {
        // "abc ", then "25" and " رعس" in one right-to-left run: the digits stand left of the Arabic.
        let h = field("abc سعر 25")
        #expect(h.display.contains("text \"25\" [40,3 "), "\(h.display)")
        // At the end, the caret stands after "25" (the trailing edge of the text before it, which runs left to right).
        #expect(h.caretX == 57)
        h.key(.home)
        #expect(xs(h, pressing: .rightArrow, 11) == Self.stops(from: 6, 11).dropFirst() + [91])
        h.key(.end)
        #expect(h.caretX == 91, "End: the line's right end")
    }

    @Test func shiftExtendsByTheSameStepsAndArrowsCollapseASelectionToItsEdgeOnScreen() {
        let h = field("שלום world")
        h.key(.home)
        #expect(xs(h, pressing: .leftArrow, 6, .shift) == [284, 276, 267, 259, 250, 242])
        // Past the space and d on screen: the selection is the text from the start to before d ("שלום worl"),
        // drawn as two rectangles with d between them.
        #expect(h.display.contains("fill rect [250.5,3 42.5x22]"), "\(h.display)")
        #expect(h.display.contains("fill rect [208,3 34x22]"), "\(h.display)")
        h.key(.rightArrow)
        #expect(h.caretX == 293, "Right: the selection's right edge on screen (its start in the text)")
        // From the left end (the text's end), Shift+Right twice selects "rld" (before r in the text: its left
        // edge); Left goes to the selection's left edge on screen, the text's end.
        h.key(.end)
        h.key(.rightArrow, .shift)
        h.key(.rightArrow, .shift)
        #expect(h.caretX == 225 && h.display.contains("fill rect [225,3 25.5x22]"), "\(h.display)")
        h.key(.leftArrow)
        #expect(h.caretX == 208)
        h.key(.rightArrow, .shift)
        h.typeText("X")
        #expect(log.entries.last == "text שלום wX")
    }

    @Test func controlArrowsMoveByWordsForwardInTheParagraphsDirection() {
        let h = field("שלום עולם טוב")
        h.key(.home)
        h.key(.leftArrow, .control)  // forward in a right-to-left paragraph: the end of the first word
        h.typeText("X")
        #expect(log.entries.last == "text שלוםX עולם טוב")
        h.key(.rightArrow, .control)  // backward: the start of the word ("שלוםX" is one)
        h.typeText("ק")
        #expect(log.entries.last == "text קשלוםX עולם טוב")
        h.key(.end)
        h.key(.rightArrow, [.control, .shift])
        h.key(.delete)
        #expect(log.entries.last == "text קשלוםX עולם ")
    }

    @Test func homeAndEndGoToTheEdgesOfTheVisualLineInAnEditor() {
        // 299 points: at most 35 characters a line. The first paragraph wraps after 11 "ww " (33 characters),
        // the second is Hebrew.
        let words = String(repeating: "ww ", count: 10)
        let h = KeyHarness(NotesView(log: log, text: words + "ww endings\nשלום"), width: 300, height: 110).frozen()
        h.focus.activate()
        h.update()
        h.key(.home, .control)
        h.key(.end)
        h.typeText("X")  // before the space the line wraps after
        #expect(log.entries.last == "text " + (words + "wwX endings\nשלום").debugDescription)
        h.key(.downArrow)
        h.key(.home)
        h.typeText("Y")  // the second visual line's start
        #expect(log.entries.last == "text " + (words + "wwX Yendings\nשלום").debugDescription)
        h.key(.end, .control)
        h.key(.home)
        #expect(h.caretX == 299, "the Hebrew line's start: its right edge")
        h.key(.end)
        #expect(h.caretX == 265)
    }

    @Test func theCaretsSideIsKeptUntilItMovesAndTypingSetsTheDirection() {
        var model = TextEditingModel(text: "ab שלום")
        model.placeCaret(CaretPosition(offset: 3, affinity: .downstream), extending: false)
        #expect(model.caretAffinity == .downstream && model.head == 3)
        model.move(.right, extending: false)
        #expect(model.caretAffinity == nil)
        _ = model.paste("שלום", at: 0)
        #expect(model.typingRightToLeft == nil, "a paste is not typing")
        model.insert("ש1 ", at: 10)
        #expect(model.typingRightToLeft == true, "the last letter typed counts, not digits or spaces")
        model.insert("a", at: 20)
        #expect(model.typingRightToLeft == false)
    }
}

/// Every line, in either paragraph direction and typing either way: Right from the left end crosses one
/// grapheme a press and stops at every place on the line once, and Left comes back the same way.
@MainActor
@Suite struct VisualCaretMovementTests {
    @Test(arguments: [
        "abc אבג def", "שלום world", "سعر 25", "abc سعر 25", "مرحبا بالعالم 25", "עברית 123 abc", "a (ב) c",
        "1 + 2 = ג", "אב\u{200F}cd", "abc", "",
    ])
    func rightAndLeftVisitEveryPlaceOnTheLineInOrder(_ text: String) {
        let layout = EditableTextLayout()
        layout.update(text: text, font: Font.body.resolve(), wrapWidth: nil)
        let stops = layout.visualStops(0)
        #expect(stops.count == text.count + 1)
        for typing: Bool? in [nil, false, true] {
            var caret = stops[0].fromRight ?? stops[0].fromLeft!
            var xs: [CGFloat] = []
            for _ in 0..<stops.count {
                caret = layout.caret(movedFrom: caret, left: false, typingRightToLeft: typing)!
                xs.append(layout.position(of: caret.offset, affinity: caret.affinity).x)
            }
            #expect(xs == stops.dropFirst().map(\.x) + [stops.last!.x], "\(text) \(String(describing: typing))")
            xs = []
            for _ in 0..<stops.count {
                caret = layout.caret(movedFrom: caret, left: true, typingRightToLeft: typing)!
                xs.append(layout.position(of: caret.offset, affinity: caret.affinity).x)
            }
            #expect(
                xs == stops.reversed().dropFirst().map(\.x) + [stops[0].x], "\(text) \(String(describing: typing))")
        }
    }

    @Test func theCaretIsDrawnWhereALetterOfTheTypingDirectionGoes() {
        let layout = EditableTextLayout()
        layout.update(text: "abc אבג def", font: Font.body.resolve(), wrapWidth: nil)
        // Offset 4 (after the space) and 10 (after ג) share x 34 and x 59.5: Latin typed at 4 shows at 34, Hebrew
        // at 59.5 (the Hebrew run's right end); at 10 the other way round.
        #expect(layout.position(of: 4).x == 34 && layout.position(of: 10).x == 59.5)
        #expect(layout.position(of: 4, typingRightToLeft: true).x == 59.5)
        #expect(layout.position(of: 10, typingRightToLeft: true).x == 34)
        #expect(layout.position(of: 4, affinity: .downstream).x == 59.5)
        #expect(layout.position(of: 0, typingRightToLeft: true).x == 0)
    }
}

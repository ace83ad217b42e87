import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Dropping and moving text in the editing model: where it lands, what it selects, one undo step each.
@Suite struct TextDropModelTests {
    @Test func aDropInsertsAtItsOffsetSelectedAsOneUndoStep() {
        var model = TextEditingModel(text: "hello world")
        model.setCaret(2)
        let dropped = model.drop("big ", at: 6, time: 0)
        #expect(dropped.changed && !dropped.wasCut)
        #expect(model.text == "hello big world")
        #expect(model.selection == 6..<10)
        model.undo()
        #expect(model.text == "hello world")
        #expect(model.selection == 2..<2, "the caret goes back where it was")
        #expect(!model.canUndo)
        model.redo()
        #expect(model.text == "hello big world")
        #expect(model.selection == 6..<10)
    }

    @Test func aDropIsCleanedAndCutAtTheLimit() {
        var model = TextEditingModel(text: "abcdef", maximumLength: 11)
        var dropped = model.drop("x\ny", at: 3, time: 0)
        #expect(dropped.changed && !dropped.wasCut)
        #expect(model.text == "abcx ydef", "a single-line field turns the line break into a space")
        dropped = model.drop("ёж", at: 0, time: 0)
        #expect(dropped.changed && dropped.wasCut)
        #expect(model.text == "ёabcx ydef", "two bytes were left: enough for ё, not for ж")
        #expect(model.selection == 0..<2)
        dropped = model.drop("z", at: 0, time: 0)
        #expect(!dropped.changed && dropped.wasCut)
        dropped = model.drop("", at: 0, time: 0)
        #expect(!dropped.changed && !dropped.wasCut)
    }

    @Test func movingOwnTextAdjustsTheDropOffsetAndIsOneUndoStep() {
        var model = TextEditingModel(text: "one two three")
        model.select(4..<8)
        // Back: "two " to the start.
        var moved = model.move(4..<8, expecting: "two ", to: 0, time: 0)
        #expect(moved)
        #expect(model.text == "two one three")
        #expect(model.selection == 0..<4)
        // Forward: "two " to the end; the end moves back by the 4 bytes taken out before it.
        moved = model.move(0..<4, expecting: "two ", to: 13, time: 10)
        #expect(moved)
        #expect(model.text == "one threetwo ")
        #expect(model.selection == 9..<13)
        model.undo()
        #expect(model.text == "two one three")
        #expect(model.selection == 0..<4)
        model.undo()
        #expect(model.text == "one two three")
        #expect(model.selection == 4..<8)
        #expect(!model.canUndo)
        model.redo()
        #expect(model.text == "two one three")
        #expect(model.selection == 0..<4)
    }

    @Test func aMoveOntoItselfOrOfChangedTextDoesNothing() {
        var model = TextEditingModel(text: "one two three")
        let attempts = [
            model.move(4..<8, expecting: "two ", to: 6, time: 0),  // inside the moved text
            model.move(4..<8, expecting: "two ", to: 4, time: 0),  // at its start
            model.move(4..<8, expecting: "two ", to: 8, time: 0),  // at its end
            model.move(4..<8, expecting: "owt ", to: 0, time: 0),  // the text there changed
            model.move(10..<20, expecting: "three", to: 0, time: 0),  // past the end
        ]
        #expect(attempts == [false, false, false, false, false])
        #expect(model.text == "one two three")
        #expect(!model.canUndo)
    }

    @Test func theSourceDeletesMovedTextOnlyWhenItIsStillThere() {
        var model = TextEditingModel(text: "привет мир")
        let refused = [
            model.deleteDragged(14..<19, expecting: "ир", time: 0),  // 14 is inside "м"
            model.deleteDragged(13..<19, expecting: "ми", time: 0),  // other text there
            model.deleteDragged(13..<25, expecting: "мир", time: 0),  // past the end
        ]
        #expect(refused == [false, false, false])
        let deleted = model.deleteDragged(12..<19, expecting: " мир", time: 0)
        #expect(deleted)
        #expect(model.text == "привет")
        #expect(model.selection == 12..<12)
        model.undo()
        #expect(model.text == "привет мир")
    }
}

/// A host that records the drags fields start (the Wayland host makes each a `wl_data_device` drag).
@MainActor
final class RecordingDragHost: TextDragHost {
    var drags: [TextDrag] = []
    func startDrag(_ drag: TextDrag) -> Bool {
        drags.append(drag)
        return true
    }
}

/// Two text fields, one over the other, logging their texts ("a …", "b …"). With the rounded border the first
/// field's text area is at x 6, y 3, 288×22; the test measurer advances 8.5 points a character.
struct TwoFields: View {
    let log: CallLog
    var secondDisabled = false
    var secure = false
    @State private var first: String
    @State private var second: String

    init(log: CallLog, first: String, second: String, secure: Bool = false, secondDisabled: Bool = false) {
        self.log = log
        self.secure = secure
        self.secondDisabled = secondDisabled
        _first = State(initialValue: first)
        _second = State(initialValue: second)
    }

    var body: some View {
        VStack(spacing: 10) {
            if secure {
                SecureField("A", text: $first.logging(to: log, as: "a"))
            } else {
                TextField("A", text: $first.logging(to: log, as: "a"))
            }
            TextField("B", text: $second.logging(to: log, as: "b")).disabled(secondDisabled)
            Spacer()
        }
    }
}

/// Dragging a selection out of a field, and drops into fields, through the gesture and drop target.
@MainActor
@Suite struct TextDragAndDropTests {
    /// The second field's text area starts at y 3 + 22 + 3 + 10 + 3 = 41.
    static let secondY: CGFloat = 52

    let log = CallLog()

    /// Runs `body` with `view` in a harness whose drags `host` records (the host is gone afterwards).
    func withDragHost(_ view: TwoFields, _ body: (KeyHarness, RecordingDragHost) throws -> Void) rethrows {
        let host = RecordingDragHost()
        TextDrags.host = host
        defer { TextDrags.host = nil }
        try body(KeyHarness(view).frozen(), host)
    }

    /// Double-clicks the word at `point` (at `time`), then presses on it again a second later and drags by `by`.
    func selectWordAndDrag(_ h: KeyHarness, at point: CGPoint, by: CGFloat, time: Double) {
        h.click(point.x, point.y, at: time)
        h.click(point.x, point.y, at: time + 100)
        h.focus.pointerPressed(at: point)
        h.gestures.handle(.pointerDown(point, time: time + 1000))
        h.update()
        h.gestures.handle(.pointerMove(CGPoint(x: point.x + by, y: point.y), time: time + 1020))
        h.update()
    }

    @Test func aSelectionDraggedToAnotherFieldIsInsertedThereAndMovedAwayAsOneUndoStep() throws {
        try withDragHost(TwoFields(log: log, first: "one two", second: "ab")) { h, host in
            // x 6 + 5.5 × 8.5 ≈ 53: inside "two" (offsets 4..<7).
            selectWordAndDrag(h, at: CGPoint(x: 53, y: 14), by: 8, time: 0)
            #expect(host.drags.isEmpty, "8 points is GTK's threshold: not past it yet")
            h.gestures.handle(.pointerMove(CGPoint(x: 62, y: 14), time: 1040))
            h.update()
            let drag = try #require(host.drags.first)
            #expect(drag.text == "two" && drag.range == 4..<7)
            #expect(TextDrags.active === drag)
            // Over the second field between "a" and "b" (x 6 + 8.5 = 14.5): the drop caret shows there.
            let target = try #require(h.focus.textInput(at: CGPoint(x: 15, y: Self.secondY)))
            #expect(target.dropTarget.hover(CGPoint(x: 15, y: Self.secondY)))
            h.update()
            #expect(h.display.contains("fill rect [14,41 1x22]"), "the drop caret: \(h.display)")
            target.dropTarget.drop("two", CGPoint(x: 15, y: Self.secondY), true)
            h.update()
            #expect(!h.display.contains("fill rect [14,41 1x22]"), "no drop caret after the drop")
            drag.end(.moved)
            h.update()
            #expect(log.entries == ["b atwob", "a one "])
            #expect(TextDrags.active == nil)
            // The dropped text is selected: typing replaces it.
            h.focus.pointerPressed(at: CGPoint(x: 15, y: Self.secondY))
            h.typeText("X")
            #expect(log.entries.last == "b aXb")
        }
    }

    @Test func ownTextDroppedInItsFieldMovesOnceAndUndoesInOneStep() throws {
        try withDragHost(TwoFields(log: log, first: "one two three", second: "")) { h, host in
            h.focus.activate()
            // "three" is offsets 8..<13, x 74…116.5.
            selectWordAndDrag(h, at: CGPoint(x: 95, y: 14), by: 20, time: 0)
            let drag = try #require(host.drags.first)
            #expect(drag.range == 8..<13)
            let field = try #require(h.focus.textInput(at: CGPoint(x: 7, y: 14)))
            #expect(!field.dropTarget.hover(CGPoint(x: 100, y: 14)), "not onto the dragged text itself")
            #expect(field.dropTarget.hover(CGPoint(x: 7, y: 14)))
            field.dropTarget.drop("three", CGPoint(x: 7, y: 14), true)
            drag.end(.moved)  // the compositor tells the source it moved: the field did that already
            h.update()
            #expect(log.entries == ["a threeone two "])
            h.key("z", .control)
            #expect(log.entries.last == "a one two three")
            h.key("z", .control)
            #expect(log.entries.count == 2, "one undo step: \(log.entries)")
        }
    }

    @Test func aPressOnTheSelectionThatDoesNotMovePlacesTheCaretAndCancelChangesNothing() throws {
        try withDragHost(TwoFields(log: log, first: "one two", second: "")) { h, host in
            h.click(53, 14, at: 0)
            h.click(53, 14, at: 100)  // "two" selected
            h.click(53, 14, at: 1000)  // a click on it: the caret between "tw" and "o"
            #expect(host.drags.isEmpty)
            h.typeText("X")
            #expect(log.entries == ["a one twXo"])
            // Dragged and cancelled: both texts stay.
            selectWordAndDrag(h, at: CGPoint(x: 53, y: 14), by: 30, time: 2000)
            let drag = try #require(host.drags.first)
            #expect(drag.text == "twXo")
            drag.end(.cancelled)
            h.update()
            #expect(log.entries == ["a one twXo"])
        }
    }

    @Test func copiesKeepTheSourceAndNonTextOrDisabledTargetsRefuse() throws {
        try withDragHost(TwoFields(log: log, first: "one two", second: "ab", secondDisabled: true)) { h, host in
            selectWordAndDrag(h, at: CGPoint(x: 53, y: 14), by: 30, time: 0)
            let drag = try #require(host.drags.first)
            let disabled = try #require(h.focus.textInput(at: CGPoint(x: 15, y: Self.secondY)))
            #expect(!disabled.dropTarget.hover(CGPoint(x: 15, y: Self.secondY)))
            disabled.dropTarget.drop("two", CGPoint(x: 15, y: Self.secondY), false)
            // Copied to the start of its own field: the source keeps its text.
            let own = try #require(h.focus.textInput(at: CGPoint(x: 7, y: 14)))
            own.dropTarget.drop("two", CGPoint(x: 7, y: 14), false)
            drag.end(.copied)
            h.update()
            #expect(log.entries == ["a twoone two"])
        }
    }

    @Test func aSecureFieldNeverStartsADragAndWithoutAHostNoneStarts() throws {
        try withDragHost(TwoFields(log: log, first: "secret", second: "", secure: true)) { h, host in
            h.focus.activate()
            h.key("a", .control)
            h.focus.pointerPressed(at: CGPoint(x: 20, y: 14))
            h.gestures.handle(.pointerDown(CGPoint(x: 20, y: 14), time: 1000))
            h.gestures.handle(.pointerMove(CGPoint(x: 60, y: 14), time: 1020))
            h.gestures.handle(.pointerUp(time: 1040))
            h.update()
            #expect(host.drags.isEmpty)
            h.key(.delete)
            #expect(log.entries == ["a se"], "the press started a new selection instead, after \"se\" to the end")

            TextDrags.host = nil
            let plain = KeyHarness(TwoFields(log: log, first: "one two", second: "")).frozen()
            plain.click(53, 14, at: 0)
            plain.click(53, 14, at: 100)
            plain.gestures.handle(.pointerDown(CGPoint(x: 53, y: 14), time: 1000))
            plain.gestures.handle(.pointerMove(CGPoint(x: 10, y: 14), time: 1020))
            plain.gestures.handle(.pointerUp(time: 1040))
            plain.update()
            plain.focus.pointerPressed(at: CGPoint(x: 10, y: 14))
            plain.typeText("X")
            #expect(
                log.entries.last == "a Xo", "without a host the press selects anew, from \"tw|o\" back to the start")
        }
    }
}

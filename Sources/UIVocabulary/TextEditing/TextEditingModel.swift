import Foundation
@_spi(Engine) import UICore

/// The editing state of one text field or editor, free of views and platforms: the text, the selection
/// (UTF-8 offsets on grapheme cluster boundaries), editing commands as a Linux desktop has them, and undo.
///
/// Undo groups typing runs: consecutive insertions (or consecutive deletions) at the caret are one step,
/// until the caret moves, the kind of edit changes, a paste or cut happens, or the user pauses for
/// `typingRunPause` milliseconds (times come from the caller, so tests run on a virtual clock).
///
/// The text is at most `maximumLength` UTF-8 bytes: an insertion that would pass it is cut at a grapheme
/// boundary, so pasting megabytes stays cheap. A single-line model turns line breaks into spaces.
package struct TextEditingModel: Equatable {
    package private(set) var text: String
    /// Where the selection started (Shift+arrows and drags move `head`, not `anchor`).
    package private(set) var anchor: Int
    /// The caret: the moving end of the selection. Any change of it forgets the side it was drawn on.
    package private(set) var head: Int { didSet { caretAffinity = nil } }
    /// The side of its offset the caret is drawn on where directions meet, once an arrow moved it there on
    /// screen (nil: where typing in `typingRightToLeft`'s direction would go).
    package private(set) var caretAffinity: CaretAffinity?
    /// The direction of the last letter typed (nil: none yet, the paragraph's direction counts): a caret
    /// between runs of both directions is drawn where the next one typed would go.
    package private(set) var typingRightToLeft: Bool?
    package let isMultiline: Bool
    package let maximumLength: Int
    /// An input method's composing text, shown at the caret but not part of `text` until committed.
    package private(set) var preedit: Preedit?

    /// 1 MiB of UTF-8: ample for forms and notes, small enough to lay out and draw at once.
    package static let defaultMaximumLength = 1 << 20
    /// A pause this long (ms) ends a typing run: the next keystroke starts a new undo step.
    package static let typingRunPause: Double = 1000

    package init(
        text: String = "", isMultiline: Bool = false, maximumLength: Int = TextEditingModel.defaultMaximumLength
    ) {
        self.isMultiline = isMultiline
        self.maximumLength = max(0, maximumLength)
        self.text = ""
        anchor = 0
        head = 0
        self.text = limited(normalized(text), room: self.maximumLength)
        anchor = self.text.utf8.count
        head = anchor
    }

    package var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }
    package var hasSelection: Bool { anchor != head }
    package var selectedText: String {
        String(
            text[TextBoundaries.index(text, selection.lowerBound)..<TextBoundaries.index(text, selection.upperBound)])
    }

    // MARK: Undo

    private enum EditKind: Equatable { case typing, deleting, other }
    private struct Edit: Equatable {
        var range: Range<Int>  // the replaced range, in the text before the edit
        var removed: String
        var inserted: String
        var selectionBefore: (anchor: Int, head: Int)
        static func == (a: Edit, b: Edit) -> Bool {
            a.range == b.range && a.removed == b.removed && a.inserted == b.inserted
                && a.selectionBefore.anchor == b.selectionBefore.anchor
                && a.selectionBefore.head == b.selectionBefore.head
        }
    }
    private struct UndoStep: Equatable {
        var edits: [Edit]
        var kind: EditKind
        var selectionAfter: (anchor: Int, head: Int)
        var lastTime: Double
        static func == (a: UndoStep, b: UndoStep) -> Bool {
            a.edits == b.edits && a.kind == b.kind && a.lastTime == b.lastTime
                && a.selectionAfter.anchor == b.selectionAfter.anchor && a.selectionAfter.head == b.selectionAfter.head
        }
    }
    private var undoStack: [UndoStep] = []
    private var redoStack: [UndoStep] = []
    /// Whether the next edit may join the last undo step (false after the caret moves).
    private var runIsOpen = false

    package var canUndo: Bool { !undoStack.isEmpty }
    package var canRedo: Bool { !redoStack.isEmpty }

    // MARK: Replacing text

    /// Replaces the text from outside (the binding changed): the caret goes to the end, undo is forgotten.
    package mutating func replaceAll(with newText: String) {
        guard newText != text else { return }  // the common case, without a pass over the text
        let value = limited(normalized(newText), room: maximumLength)
        guard value != text else { return }
        text = value
        anchor = text.utf8.count
        head = anchor
        undoStack.removeAll()
        redoStack.removeAll()
        runIsOpen = false
        preedit = nil
    }

    /// Types or pastes `string` over the selection. Returns whether the text changed.
    @discardableResult
    package mutating func insert(_ string: String, at time: Double, isPaste: Bool = false) -> Bool {
        insertCounting(string, at: time, isPaste: isPaste).changed
    }

    /// Pastes `string` over the selection. Returns whether the text changed and whether part of `string` was
    /// dropped because the text would have passed `maximumLength`.
    package mutating func paste(_ string: String, at time: Double) -> (changed: Bool, wasCut: Bool) {
        insertCounting(string, at: time, isPaste: true)
    }

    private mutating func insertCounting(_ string: String, at time: Double, isPaste: Bool) -> (
        changed: Bool, wasCut: Bool
    ) {
        let room = maximumLength - (text.utf8.count - selection.count)
        let normal = normalized(string)
        let value = limited(normal, room: room)
        let wasCut = value.utf8.count < normal.utf8.count
        guard !value.isEmpty || hasSelection else { return (false, wasCut) }
        if !isPaste, let letter = value.unicodeScalars.reversed().lazy.map(Bidi.type(of:)).first(where: \.isStrong) {
            typingRightToLeft = letter.isStrongRightToLeft
        }
        replace(selection, with: value, kind: isPaste ? .other : .typing, time: time)
        return (true, wasCut)
    }

    /// Backspace: the selection, else the grapheme cluster (`byWord`: the word) before the caret.
    @discardableResult
    package mutating func deleteBackward(byWord: Bool = false, at time: Double) -> Bool {
        if hasSelection {
            replace(selection, with: "", kind: .other, time: time)
            return true
        }
        let start =
            byWord
            ? TextBoundaries.previousWordStart(text, before: head) : TextBoundaries.previousGrapheme(text, before: head)
        guard start < head else { return false }
        replace(start..<head, with: "", kind: .deleting, time: time)
        return true
    }

    /// Delete: the selection, else the grapheme cluster (`byWord`: to the end of the word) after the caret.
    @discardableResult
    package mutating func deleteForward(byWord: Bool = false, at time: Double) -> Bool {
        if hasSelection {
            replace(selection, with: "", kind: .other, time: time)
            return true
        }
        let end =
            byWord ? TextBoundaries.nextWordEnd(text, after: head) : TextBoundaries.nextGrapheme(text, after: head)
        guard end > head else { return false }
        replace(head..<end, with: "", kind: .deleting, time: time)
        return true
    }

    /// Cut: removes the selection and returns it (nil without a selection).
    package mutating func cut(at time: Double) -> String? {
        guard hasSelection else { return nil }
        let removed = selectedText
        replace(selection, with: "", kind: .other, time: time)
        return removed
    }

    // MARK: Drag and drop

    /// Inserts dropped text at `offset` (the selection stays where it was in the text), selected, as one undo
    /// step. Returns whether the text changed and whether part of `string` passed `maximumLength` and was dropped.
    package mutating func drop(_ string: String, at offset: Int, time: Double) -> (changed: Bool, wasCut: Bool) {
        let normal = normalized(string)
        let value = limited(normal, room: maximumLength - text.utf8.count)
        let at = TextBoundaries.snapped(text, min(max(offset, 0), text.utf8.count))
        guard !value.isEmpty else { return (false, !normal.isEmpty) }
        replace(at..<at, with: value, kind: .other, time: time)
        selectLastStep(from: at)
        return (true, value.utf8.count < normal.utf8.count)
    }

    /// Moves the text in `range` to `offset` (a drop of a field's own text onto itself), selected, as one undo
    /// step. Nothing happens when `offset` lies within `range` (or at its ends), or `range` no longer holds `moved`.
    @discardableResult
    package mutating func move(_ range: Range<Int>, expecting moved: String, to offset: Int, time: Double) -> Bool {
        let offset = TextBoundaries.snapped(text, min(max(offset, 0), text.utf8.count))
        guard holds(moved, at: range), !range.isEmpty, offset < range.lowerBound || offset > range.upperBound else {
            return false
        }
        replace(range, with: "", kind: .other, time: time)
        // Past the moved text, the drop point moved back by its length.
        let target = offset > range.upperBound ? offset - range.count : offset
        replace(target..<target, with: moved, kind: .other, time: time)
        let inserted = undoStack.removeLast()
        undoStack[undoStack.count - 1].edits += inserted.edits
        selectLastStep(from: target)
        return true
    }

    /// Deletes `range` when it still holds `dragged` (the text was dragged away and moved), as one undo step.
    @discardableResult
    package mutating func deleteDragged(_ range: Range<Int>, expecting dragged: String, time: Double) -> Bool {
        guard holds(dragged, at: range) else { return false }
        replace(range, with: "", kind: .other, time: time)
        return true
    }

    /// Whether `range` (on grapheme boundaries) holds `string` in the text.
    private func holds(_ string: String, at range: Range<Int>) -> Bool {
        range.lowerBound >= 0 && range.upperBound <= text.utf8.count
            && TextBoundaries.snapped(text, range.lowerBound) == range.lowerBound
            && TextBoundaries.snapped(text, range.upperBound) == range.upperBound
            && text[TextBoundaries.index(text, range.lowerBound)..<TextBoundaries.index(text, range.upperBound)]
                == string
    }

    /// Selects what the last undo step inserted, from `start` (also when it is redone).
    private mutating func selectLastStep(from start: Int) {
        anchor = start
        undoStack[undoStack.count - 1].selectionAfter = (anchor, head)
        runIsOpen = false
    }

    private mutating func replace(_ range: Range<Int>, with inserted: String, kind: EditKind, time: Double) {
        let lower = TextBoundaries.index(text, range.lowerBound)
        let upper = TextBoundaries.index(text, range.upperBound)
        let removed = String(text[lower..<upper])
        let edit = Edit(range: range, removed: removed, inserted: inserted, selectionBefore: (anchor, head))
        text.replaceSubrange(lower..<upper, with: inserted)
        head = range.lowerBound + inserted.utf8.count
        // A grapheme may have merged with its neighbour (a combining mark typed after a letter).
        head =
            TextBoundaries.snapped(text, head) == head
            ? head : TextBoundaries.nextGrapheme(text, after: TextBoundaries.snapped(text, head))
        anchor = head
        redoStack.removeAll()
        if kind != .other, runIsOpen, var last = undoStack.last, last.kind == kind,
            time - last.lastTime < Self.typingRunPause,
            let previous = last.edits.last, continues(previous, with: edit)
        {
            last.edits.append(edit)
            last.selectionAfter = (anchor, head)
            last.lastTime = time
            undoStack[undoStack.count - 1] = last
        } else {
            undoStack.append(UndoStep(edits: [edit], kind: kind, selectionAfter: (anchor, head), lastTime: time))
        }
        runIsOpen = kind != .other
    }

    /// Whether `edit` goes on where `previous` left the caret (typing forward, or deleting back or forward).
    private func continues(_ previous: Edit, with edit: Edit) -> Bool {
        let previousEnd = previous.range.lowerBound + previous.inserted.utf8.count
        return edit.range.lowerBound == previousEnd || edit.range.upperBound == previous.range.lowerBound
            || edit.range.lowerBound == previous.range.lowerBound
    }

    /// Ctrl+Z: undoes the last step; returns whether there was one.
    @discardableResult
    package mutating func undo() -> Bool {
        guard let step = undoStack.popLast() else { return false }
        for edit in step.edits.reversed() {
            let start = edit.range.lowerBound
            let lower = TextBoundaries.index(text, start)
            let upper = TextBoundaries.index(text, start + edit.inserted.utf8.count)
            text.replaceSubrange(lower..<upper, with: edit.removed)
        }
        let first = step.edits[0].selectionBefore
        (anchor, head) = (first.anchor, first.head)
        redoStack.append(step)
        runIsOpen = false
        return true
    }

    /// Ctrl+Shift+Z: redoes the last undone step; returns whether there was one.
    @discardableResult
    package mutating func redo() -> Bool {
        guard let step = redoStack.popLast() else { return false }
        for edit in step.edits {
            let lower = TextBoundaries.index(text, edit.range.lowerBound)
            let upper = TextBoundaries.index(text, edit.range.upperBound)
            text.replaceSubrange(lower..<upper, with: edit.inserted)
        }
        (anchor, head) = step.selectionAfter
        undoStack.append(step)
        runIsOpen = false
        return true
    }

    // MARK: Moving the caret

    package enum Movement {
        case left, right, wordLeft, wordRight, lineStart, lineEnd, up, down, documentStart, documentEnd
    }

    /// Moves the caret; `extending` keeps the anchor (Shift). Without `extending`, Left and Right on a
    /// selection collapse it to its edge.
    package mutating func move(_ movement: Movement, extending: Bool) {
        runIsOpen = false
        var target: Int
        switch movement {
        case .left:
            target =
                hasSelection && !extending ? selection.lowerBound : TextBoundaries.previousGrapheme(text, before: head)
        case .right:
            target = hasSelection && !extending ? selection.upperBound : TextBoundaries.nextGrapheme(text, after: head)
        case .wordLeft: target = TextBoundaries.previousWordStart(text, before: head)
        case .wordRight: target = TextBoundaries.nextWordEnd(text, after: head)
        case .lineStart: target = isMultiline ? TextBoundaries.line(text, at: head).lowerBound : 0
        case .lineEnd: target = isMultiline ? TextBoundaries.line(text, at: head).upperBound : text.utf8.count
        case .documentStart: target = 0
        case .documentEnd: target = text.utf8.count
        case .up, .down:
            guard isMultiline else {
                target = movement == .up ? 0 : text.utf8.count
                break
            }
            target = verticalTarget(down: movement == .down)
        }
        head = target
        if !extending { anchor = target }
    }

    /// The caret one line up or down, at the same grapheme column (or the end of a shorter line).
    private func verticalTarget(down: Bool) -> Int {
        let line = TextBoundaries.line(text, at: head)
        let column = graphemeCount(line.lowerBound..<head)
        if down {
            guard line.upperBound < text.utf8.count else { return text.utf8.count }
            return offset(afterGraphemes: column, in: TextBoundaries.line(text, at: line.upperBound + 1))
        }
        guard line.lowerBound > 0 else { return 0 }
        return offset(afterGraphemes: column, in: TextBoundaries.line(text, at: line.lowerBound - 1))
    }

    private func graphemeCount(_ range: Range<Int>) -> Int {
        text[TextBoundaries.index(text, range.lowerBound)..<TextBoundaries.index(text, range.upperBound)].count
    }

    private func offset(afterGraphemes count: Int, in line: Range<Int>) -> Int {
        let lineText = text[TextBoundaries.index(text, line.lowerBound)..<TextBoundaries.index(text, line.upperBound)]
        let index =
            lineText.index(lineText.startIndex, offsetBy: count, limitedBy: lineText.endIndex) ?? lineText.endIndex
        return TextBoundaries.offset(text, index)
    }

    /// Puts the caret where an arrow moved it on screen, drawn on its side; `extending` keeps the anchor (Shift).
    package mutating func placeCaret(_ caret: CaretPosition, extending: Bool) {
        runIsOpen = false
        head = TextBoundaries.snapped(text, min(max(caret.offset, 0), text.utf8.count))
        if !extending { anchor = head }
        caretAffinity = caret.affinity
    }

    /// Puts the caret at `offset` (a click), or extends the selection there (Shift+click, a drag).
    package mutating func setCaret(_ offset: Int, extending: Bool = false) {
        runIsOpen = false
        head = TextBoundaries.snapped(text, offset)
        if !extending { anchor = head }
    }

    /// Selects `range` (snapped to grapheme boundaries), the caret at its end.
    package mutating func select(_ range: Range<Int>) {
        runIsOpen = false
        anchor = TextBoundaries.snapped(text, range.lowerBound)
        head = TextBoundaries.snapped(text, range.upperBound)
    }

    /// Ctrl+A.
    package mutating func selectAll() { select(0..<text.utf8.count) }
    /// A double click: the word at `offset`.
    package mutating func selectWord(at offset: Int) { select(TextBoundaries.word(text, at: offset)) }
    /// A triple click: the line at `offset` (the whole text in a single-line field).
    package mutating func selectLine(at offset: Int) {
        select(isMultiline ? TextBoundaries.line(text, at: offset) : 0..<text.utf8.count)
    }

    // MARK: Input hygiene

    /// Line breaks as "\n" (spaces in a single-line field); other control characters but tabs dropped.
    private func normalized(_ string: String) -> String {
        let isMultiline = self.isMultiline
        let needsWork =
            string.utf8.contains { byte in
                // Bytes suffice: control characters are single bytes; U+2028 starts with 0xE2 (checked after).
                (byte < 0x20 && byte != 0x09 && !(isMultiline && byte == 0x0A)) || byte == 0x7F || byte == 0xE2
            }
            && string.unicodeScalars.contains { scalar in
                (scalar.value < 0x20 && scalar != "\t" && !(isMultiline && scalar == "\n")) || scalar.value == 0x7F
                    || scalar.value == 0x2028
            }
        guard needsWork else { return string }
        // Byte by byte (a pasted megabyte in a millisecond): what changes is single bytes and U+2028's three.
        let lineBreak: UInt8 = isMultiline ? 0x0A : 0x20
        var source = string
        let bytes = source.withUTF8 { utf8 in
            var result: [UInt8] = []
            result.reserveCapacity(utf8.count)
            var previousWasReturn = false
            var i = 0
            while i < utf8.count {
                let byte = utf8[i]
                defer { previousWasReturn = byte == 0x0D }
                i += 1
                switch byte {
                case 0x0A where previousWasReturn: continue
                case 0x0A, 0x0D: result.append(lineBreak)
                case 0x09: result.append(byte)
                case 0..<0x20, 0x7F: continue
                case 0xE2 where i + 1 < utf8.count && utf8[i] == 0x80 && utf8[i + 1] == 0xA8:
                    result.append(lineBreak)
                    i += 2
                default: result.append(byte)
                }
            }
            return result
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `string` cut to at most `room` UTF-8 bytes at a grapheme boundary.
    private func limited(_ string: String, room: Int) -> String {
        guard string.utf8.count > room else { return string }
        guard room > 0 else { return "" }
        let cut = TextBoundaries.snapped(string, room)
        return String(string[..<TextBoundaries.index(string, cut)])
    }

    /// Text decoded from bytes another program sent (clipboard, input method): invalid UTF-8 becomes U+FFFD.
    package static func decode(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: Input methods

/// An input method's composing text (text-input-v3's preedit): drawn underlined at the caret, with its own
/// cursor (`nil`: hidden), until the input method commits or drops it.
package struct Preedit: Equatable {
    package var text: String
    /// The cursor within `text` (UTF-8 offsets; an empty range is a caret, a non-empty one is highlighted).
    package var cursor: Range<Int>?
}

extension TextEditingModel {
    /// text-input-v3 allows 4000 bytes of surrounding text.
    package static let surroundingTextLimit = 4000

    /// Applies an input method's request in the protocol's order: drop the old preedit, delete around the
    /// caret, insert the committed text (an undoable typing step), then show the new preedit at the caret.
    package mutating func applyInputMethod(_ edit: InputMethodEdit, at time: Double) {
        preedit = nil
        if edit.deleteBefore > 0 || edit.deleteAfter > 0 {
            // Offsets are clamped to the text and widened to whole graphemes (a bad input method cannot split one).
            let lower = TextBoundaries.snapped(text, max(0, head - max(0, edit.deleteBefore)))
            let rawUpper = min(text.utf8.count, head + max(0, edit.deleteAfter))
            let snappedUpper = TextBoundaries.snapped(text, rawUpper)
            let upper = snappedUpper == rawUpper ? rawUpper : TextBoundaries.nextGrapheme(text, after: snappedUpper)
            if lower < upper { replace(lower..<upper, with: "", kind: .deleting, time: time) }
        }
        if !edit.commit.isEmpty { insert(edit.commit, at: time) }
        let shown = normalized(edit.preedit).replacingOccurrences(of: "\n", with: " ")
        guard !shown.isEmpty else { return }
        if hasSelection { replace(selection, with: "", kind: .other, time: time) }
        let bytes = Array(shown.utf8)
        func clamped(_ offset: Int) -> Int {
            // Inside the text, and an offset inside a UTF-8 sequence rounded down to the sequence's start.
            var clamped = min(max(offset, 0), bytes.count)
            while clamped > 0, clamped < bytes.count, bytes[clamped] & 0xC0 == 0x80 { clamped -= 1 }
            return clamped
        }
        let (begin, end) = edit.preeditCursor
        let cursor: Range<Int>? =
            begin < 0 && end < 0 ? nil : min(clamped(begin), clamped(end))..<max(clamped(begin), clamped(end))
        preedit = Preedit(text: shown, cursor: cursor)
    }

    /// Drops the preedit (focus left the field, or the input method went away).
    package mutating func endComposition() { preedit = nil }

    /// At most `limit` UTF-8 bytes around the caret, holding the selection when it fits, cut at grapheme
    /// boundaries; the caret and anchor as offsets in it (an anchor outside it is moved to its edge).
    package func surroundingText(limit: Int = TextEditingModel.surroundingTextLimit) -> SurroundingText {
        let count = text.utf8.count
        guard count > limit else { return SurroundingText(text: text, cursor: head, anchor: anchor) }
        let span = selection.count <= limit ? selection : head..<head
        var start = max(0, span.lowerBound - (limit - span.count) / 2)
        let end = TextBoundaries.snapped(text, min(count, start + limit))
        start = max(0, end - limit)
        if TextBoundaries.snapped(text, start) != start { start = TextBoundaries.nextGrapheme(text, after: start) }
        let window = String(text[TextBoundaries.index(text, start)..<TextBoundaries.index(text, end)])
        return SurroundingText(text: window, cursor: head - start, anchor: min(max(anchor, start), end) - start)
    }
}

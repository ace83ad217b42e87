import Foundation
@_spi(Engine) import UICore

/// The editable part of `TextField`, `SecureField` and `TextEditor`: its editing model in state, keys and
/// pointer gestures that edit it, the field's border, and focus. Also a selectable `Text` (`.selectable`):
/// the same selection by pointer, touch and keys, copying and the primary selection, without editing.
package struct EditableText: View {
    package enum Mode: Equatable {
        case field(Axis)
        case secure, editor
        /// Read-only text the user may select and copy (`textSelection(.enabled)`).
        case selectable
    }
    package let text: Binding<String>
    package let placeholder: String
    package let mode: Mode
    package var onCommit: (@MainActor () -> Void)? = nil
    /// A selectable `Text`'s own font (weight, style); nil: the environment's.
    package var font: Font.Resolved? = nil

    @State private var model = TextEditingModel()
    @State private var geometry = EditableTextGeometry()
    /// Where text dragged over the field would go (a model offset), while a drag is over it.
    @State private var dropOffset: Int?
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.submitActions) private var submitActions
    @Environment(\.lineLimitRange) private var lineLimitRange
    @Environment(\.lineLimit) private var lineLimit
    @Environment(\.textFieldDecoration) private var decoration
    @Environment(\.colorScheme) private var colorScheme

    package var isMultiline: Bool { mode == .editor || mode == .field(.vertical) || mode == .selectable }
    private var isEditable: Bool { mode != .selectable }

    /// The model as it stands, following the binding (an outside change replaces the text).
    package func current() -> TextEditingModel {
        var current = model
        if current.isMultiline != isMultiline {
            current = TextEditingModel(text: text.wrappedValue, isMultiline: isMultiline)
        }
        current.replaceAll(with: text.wrappedValue)
        return current
    }

    @ViewBuilder
    package var body: some View {
        let surface = EditableTextSurface(content: content(current()))
        if mode == .selectable {
            // Focus by click or tap only (out of the tab order), without a ring, as a desktop's selectable label.
            surface
                .modifier(FocusableModifier(isFocusable: true, inTabOrder: false))
                .focusEffectDisabled()
                .onKeyPress(phases: KeyPress.Phases([.down, .repeat])) { press in handle(press) }
                .gesture(TextSelectionGesture(geometry: geometry, touchDragMovesCaret: false) { select($0) })
        } else {
            editable(surface)
        }
    }

    private func editable(_ surface: EditableTextSurface) -> some View {
        decorated(surface)
            .interaction { _ in
                .textInput(
                    TextInputTarget(
                        pastePrimarySelection: { point in
                            guard isEnabled else { return }
                            select(.place(geometry.offset(at: point), extending: false))
                            paste(from: .primary)
                        }, inputState: { inputState() },
                        applyInputMethod: { edit in
                            guard isEnabled else { return }
                            apply { $0.applyInputMethod(edit, at: Self.now) }
                        }, endComposition: { apply { $0.endComposition() } },
                        dropTarget: TextDropTarget(hover: { hoverDrag(at: $0) }, drop: { drop($0, at: $1, move: $2) })))
            }
            .focusable()
            .onKeyPress(phases: KeyPress.Phases([.down, .repeat])) { press in isEnabled ? handle(press) : .ignored }
            .gesture(
                TextSelectionGesture(
                    geometry: geometry, draggableSelection: { draggableSelection() },
                    perform: { action in select(action) }),
                including: isEnabled ? GestureMask.all : GestureMask.subviews
            )
            .opacity(isEnabled ? 1 : 0.45)
    }

    /// The field's border (none for editors and `.plain`).
    @ViewBuilder
    private func decorated(_ surface: EditableTextSurface) -> some View {
        switch (mode, decoration) {
        case (.editor, _), (.selectable, _), (_, .none):
            surface
        case (_, .border(let radius)):
            surface
                .padding(.horizontal, 6).padding(.vertical, 3)
                .background(RoundedRectangle(cornerRadius: radius).fill(EntryLook.fill(dark: colorScheme == .dark)))
                .overlay(
                    RoundedRectangle(cornerRadius: radius).strokeBorder(
                        EntryLook.border(dark: colorScheme == .dark), lineWidth: 1))
        }
    }

    private func content(_ shown: TextEditingModel) -> EditableTextContent {
        let sizing: EditableTextContent.Sizing =
            switch mode {
            case .editor: .fill
            case .field(.vertical): .lines(lineLimitRange ?? 1...(lineLimit ?? Int.max))
            case .selectable: .label
            default: .singleLine
            }
        // An input method's preedit is shown at the caret, underlined, with its own cursor.
        var text = shown.text
        var selection = shown.selection
        var caret = shown.head
        var composition: Range<Int>? = nil
        var showsCaret = true
        if let preedit = shown.preedit {
            let at = TextBoundaries.index(text, shown.head)
            text = String(text[..<at]) + preedit.text + String(text[at...])
            composition = shown.head..<(shown.head + preedit.text.utf8.count)
            showsCaret = preedit.cursor != nil
            caret = shown.head + (preedit.cursor?.lowerBound ?? 0)
            selection =
                preedit.cursor.map { (shown.head + $0.lowerBound)..<(shown.head + $0.upperBound) } ?? caret..<caret
        }
        guard mode == .secure else {
            return EditableTextContent(
                shownText: text, selection: selection, caret: caret, placeholder: placeholder,
                sizing: sizing, isSecure: false, modelText: "", composition: composition,
                underline: composition, showsCaret: showsCaret && isEditable,
                caretAffinity: shown.preedit == nil ? shown.caretAffinity : nil,
                typingRightToLeft: shown.typingRightToLeft, font: font, dropCaret: dropOffset, geometry: geometry)
        }
        // One bullet (3 UTF-8 bytes) per grapheme.
        func bullets(_ offset: Int) -> Int { text[..<TextBoundaries.index(text, offset)].count * 3 }
        return EditableTextContent(
            shownText: String(repeating: "•", count: text.count),
            selection: bullets(selection.lowerBound)..<bullets(selection.upperBound),
            caret: bullets(caret), placeholder: placeholder, sizing: sizing, isSecure: true,
            modelText: text, composition: composition,
            underline: composition.map { bullets($0.lowerBound)..<bullets($0.upperBound) },
            showsCaret: showsCaret, dropCaret: dropOffset.map(bullets), geometry: geometry)
    }

    /// Applies an edit to the current model; writes the binding when the text changed, offers a new selection
    /// as the primary selection.
    private func apply(_ edit: (inout TextEditingModel) -> Void) {
        var edited = current()
        let before = edited
        edit(&edited)
        guard edited != before else { return }
        model = edited
        if edited.text != before.text { text.wrappedValue = edited.text }
        if edited.hasSelection, edited.selection != before.selection, mode != .secure {
            TextClipboards.current.setText(edited.selectedText, on: .primary)
        }
    }

    /// What an input method may know: the text around the caret (nothing of a secure field), where the caret
    /// was drawn, and what kind of text this is.
    private func inputState() -> TextInputState {
        let shown = current()
        return TextInputState(
            surrounding: mode == .secure ? nil : shown.surroundingText(), caretRect: geometry.caretRect,
            isSecure: mode == .secure, isMultiline: isMultiline)
    }

    private static var now: Double { ProcessInfo.processInfo.systemUptime * 1000 }

    private func select(_ action: TextSelectionGesture.Action) {
        apply { model in
            switch action {
            case .place(let offset, let extending): model.setCaret(offset, extending: extending)
            case .selectWord(let offset): model.selectWord(at: offset)
            case .selectLine(let offset): model.selectLine(at: offset)
            case .startDrag: break
            }
        }
        if case .startDrag = action { startDrag() }
    }

    // MARK: Drag and drop

    /// The selection a press may drag out: an editable field's (not a secure one's), while a host can drag.
    private func draggableSelection() -> Range<Int>? {
        guard TextDrags.host != nil, isEditable, mode != .secure, isEnabled else { return nil }
        let shown = current()
        return shown.hasSelection && shown.preedit == nil ? shown.selection : nil
    }

    /// Drags the selection out; when the drop moved it elsewhere, it is deleted here (one undo step).
    private func startDrag() {
        guard let host = TextDrags.host, let range = draggableSelection() else { return }
        let dragged = current().selectedText
        let drag = TextDrag(text: dragged, range: range, origin: geometry) { outcome in
            guard outcome == .moved else { return }
            apply { _ = $0.deleteDragged(range, expecting: dragged, time: Self.now) }
        }
        TextDrags.active = drag
        if !host.startDrag(drag) { TextDrags.active = nil }
    }

    /// A drag is over the field at `point` (nil: it left): the drop caret shows where its text would go. The
    /// field refuses while disabled, and over the very text being dragged out of it.
    private func hoverDrag(at point: CGPoint?) -> Bool {
        var offset = point.map { geometry.offset(at: $0) }
        if !isEnabled || !isEditable {
            offset = nil
        } else if let at = offset, let drag = TextDrags.active, drag.origin === geometry,
            drag.range.lowerBound <= at, at <= drag.range.upperBound
        {
            offset = nil
        }
        if dropOffset != offset { dropOffset = offset }
        return offset != nil
    }

    /// `dropped` was let go at `point`: inserted there and selected (one undo step); the field's own dragged
    /// text, moved (`move`) or copied there.
    private func drop(_ dropped: String, at point: CGPoint, move: Bool) {
        guard hoverDrag(at: point) else { return }
        dropOffset = nil
        let offset = geometry.offset(at: point)
        if move, let drag = TextDrags.active, drag.origin === geometry {
            apply { model in
                if model.move(drag.range, expecting: drag.text, to: offset, time: Self.now) {
                    drag.wasMovedWithinOrigin = true
                }
            }
            return
        }
        apply { model in
            if model.drop(dropped, at: offset, time: Self.now).wasCut { logCut("dropped") }
        }
    }

    /// The line saying that text passed the field's limit and what passed it was dropped.
    private func logCut(_ what: String) {
        TextInputLog.log(
            "\(what) text cut at the text field's limit of \(TextEditingModel.defaultMaximumLength) bytes of UTF-8; "
                + "the rest was dropped")
    }

    /// Pastes `selection`'s text at the caret (later: the clipboard answers asynchronously). What passes the
    /// field's limit is dropped, with a line saying so.
    private func paste(from selection: ClipboardSelection) {
        TextClipboards.current.requestText(on: selection) { pasted in
            apply { model in
                if model.paste(pasted, at: Self.now).wasCut { logCut("pasted") }
            }
        }
    }

    private func handle(_ press: KeyPress) -> KeyPress.Result {
        let control = !press.modifiers.isDisjoint(with: [.control, .command])
        let shift = press.modifiers.contains(.shift)
        let now = Self.now
        if !isEditable, [.delete, .deleteForward, .return, .tab].contains(press.key) { return .ignored }
        switch press.key {
        case .leftArrow, .rightArrow: moveHorizontally(left: press.key == .leftArrow, byWord: control, extending: shift)
        case .upArrow, .downArrow:
            let down = press.key == .downArrow
            // By visual line where the text is drawn (wrapped lines count), else by logical line.
            let shown = current()
            if isMultiline, shown.preedit == nil, geometry.frame != .zero {
                let target =
                    geometry.offset(movingVerticallyFrom: shown.head, down: down) ?? (down ? shown.text.utf8.count : 0)
                apply { $0.setCaret(target, extending: shift) }
            } else {
                apply { $0.move(down ? .down : .up, extending: shift) }
            }
        case .home, .end:
            let end = press.key == .end
            let shown = current()
            // A visual line's ends, at its edges, where the text is drawn; else the logical line's.
            if !control, let layout = drawnLayout(shown) {
                let edge =
                    isMultiline
                    ? layout.lineEdge(of: shown.head, end: end, typingRightToLeft: shown.typingRightToLeft)
                    : CaretPosition(offset: end ? shown.text.utf8.count : 0, affinity: end ? .downstream : .upstream)
                apply { $0.placeCaret(edge, extending: shift) }
            } else {
                let movement: TextEditingModel.Movement =
                    control ? (end ? .documentEnd : .documentStart) : (end ? .lineEnd : .lineStart)
                apply { $0.move(movement, extending: shift) }
            }
        case .delete: apply { $0.deleteBackward(byWord: control, at: now) }
        case .deleteForward: apply { $0.deleteForward(byWord: control, at: now) }
        case .return:
            guard mode != .editor else {
                apply { $0.insert("\n", at: now) }
                return .handled
            }
            onCommit?()
            for action in submitActions { action() }
        case .tab:
            guard mode == .editor, !control, !shift else { return .ignored }
            apply { $0.insert("\t", at: now) }
        case .escape:
            return .ignored
        default:
            if control {
                return handleShortcut(press.key.character.lowercased(), shift: shift, now: now)
            }
            guard isEditable, !press.modifiers.contains(.option), let scalar = press.characters.unicodeScalars.first,
                scalar.value >= 0x20, scalar.value != 0x7F, !(0xF700...0xF8FF).contains(scalar.value)
            else { return .ignored }
            apply { $0.insert(press.characters, at: now) }
        }
        return .handled
    }

    /// The lines as drawn when they show the model's text as it stands (not a secure field's bullets, no preedit,
    /// drawn since the last edit).
    private func drawnLayout(_ shown: TextEditingModel) -> EditableTextLayout? {
        guard mode != .secure, shown.preedit == nil, let layout = geometry.layout, layout.text == shown.text else {
            return nil
        }
        return layout
    }

    /// Left and Right: on screen, a grapheme as displayed a press through runs of either direction (GTK's
    /// default); with a selection and no Shift, to its edge on that side. With Ctrl, by word in text order,
    /// forward being Right in a left-to-right paragraph and Left in a right-to-left one. In text order before
    /// the text is drawn and in secure fields (bullets run left to right).
    private func moveHorizontally(left: Bool, byWord: Bool, extending: Bool) {
        let shown = current()
        guard let layout = drawnLayout(shown) else {
            let movement: TextEditingModel.Movement = byWord ? (left ? .wordLeft : .wordRight) : (left ? .left : .right)
            return apply { $0.move(movement, extending: extending) }
        }
        let typing = shown.typingRightToLeft
        let line = layout.line(containing: shown.head)
        if byWord {
            let forward = left == layout.isRightToLeft(line: line)
            return apply { $0.move(forward ? .wordRight : .wordLeft, extending: extending) }
        }
        let head = CaretPosition(
            offset: shown.head,
            affinity: shown.caretAffinity ?? layout.defaultAffinity(at: shown.head, typingRightToLeft: typing))
        if shown.hasSelection, !extending {
            let anchor = CaretPosition(
                offset: shown.anchor, affinity: layout.defaultAffinity(at: shown.anchor, typingRightToLeft: typing))
            let a = layout.position(of: anchor.offset, affinity: anchor.affinity)
            let h = layout.position(of: head.offset, affinity: head.affinity)
            // On one line the edge on that side; across lines the one earlier or later in reading order.
            let headFirst =
                a.line == h.line
                ? (h.x < a.x) == left : (head.offset < anchor.offset) == (left != layout.isRightToLeft(line: line))
            return apply { $0.placeCaret(headFirst ? head : anchor, extending: false) }
        }
        guard let moved = layout.caret(movedFrom: head, left: left, typingRightToLeft: typing) else {
            return apply { $0.move(left ? .left : .right, extending: extending) }
        }
        apply { $0.placeCaret(moved, extending: extending) }
    }

    /// Ctrl+A, Ctrl+Z, Ctrl+Shift+Z (and Ctrl+Y), Ctrl+C, Ctrl+X, Ctrl+V; other shortcuts pass on (read-only
    /// text takes Ctrl+A and Ctrl+C only).
    private func handleShortcut(_ key: String, shift: Bool, now: Double) -> KeyPress.Result {
        guard isEditable || key == "a" || key == "c" else { return .ignored }
        switch key {
        case "a": apply { $0.selectAll() }
        case "z": apply { if shift { $0.redo() } else { $0.undo() } }
        case "y": apply { $0.redo() }
        case "c", "x":
            let shown = current()
            guard shown.hasSelection, mode != .secure else { return .handled }
            TextClipboards.current.setText(shown.selectedText, on: .clipboard)
            if key == "x" { apply { _ = $0.cut(at: now) } }
        case "v": paste(from: .clipboard)
        default: return .ignored
        }
        return .handled
    }
}

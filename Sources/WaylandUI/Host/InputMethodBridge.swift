import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// Connects one seat's text input (text-input-v3) to the focused text field of the window that has
/// text-input focus: enables it while a field has focus there, sends the field's surrounding text, content
/// type and caret after each frame that changed them, and hands the input method's preedit, commits and
/// deletions to the field.
@MainActor
final class InputMethodBridge {
    private let textInput: SeatTextInput
    private let windowForSurface: (UInt32) -> WindowHost?
    /// The window with text-input focus.
    private weak var window: WindowHost?
    /// The field the text input is enabled for.
    private var field: (view: ViewIdentity, target: TextInputTarget)?
    /// Who caused the next change the field reports: the input method right after its `done` (when the
    /// compositor had seen all our commits), else something else (keys, pointer, the app).
    private var nextCause = ZwpTextInputV3.ChangeCause.other

    init(textInput: SeatTextInput, windowForSurface: @escaping (UInt32) -> WindowHost?) {
        self.textInput = textInput
        self.windowForSurface = windowForSurface
        textInput.onFocusChange = { [unowned self] surfaceID in
            field?.target.endComposition()
            field = nil
            window = surfaceID.flatMap(windowForSurface)
            if let window { sync(window) }
        }
        textInput.onDone = { [unowned self] changes, isCurrent in
            guard let window, let focused = window.focus.focusedTextInput, focused.view == field?.view else { return }
            field = focused
            focused.target.applyInputMethod(Self.edit(changes))
            // The field's new state (and caret) is known once it is drawn; it is sent then.
            nextCause = isCurrent ? .inputMethod : .other
        }
    }

    /// After each frame of `host`: enables, updates or disables the text input for its focused field.
    func windowDidDraw(_ host: WindowHost) {
        guard host === window else { return }
        sync(host)
    }

    /// A window is going away: a text input enabled for it is disabled.
    func windowWillClose(_ host: WindowHost) {
        guard host === window else { return }
        window = nil
        field = nil
        textInput.disable()
    }

    private func sync(_ host: WindowHost) {
        let cause = nextCause
        nextCause = .other
        let focused = host.focus.focusedTextInput
        guard focused?.view == field?.view else {
            field?.target.endComposition()
            field = focused
            if let focused { textInput.enable(Self.state(focused.target.inputState())) } else { textInput.disable() }
            return
        }
        guard let focused else { return }
        field = focused
        textInput.update(Self.state(focused.target.inputState()), cause: cause)
    }

    static func state(_ input: TextInputState) -> SeatTextInput.State {
        let hint: ZwpTextInputV3.ContentHint =
            input.isSecure ? [.hiddenText, .sensitiveData] : input.isMultiline ? [.multiline] : []
        let rect = input.caretRect
        func int(_ value: CGFloat) -> Int32 {
            value.isFinite ? Int32(min(max(value.rounded(.down), CGFloat(Int32.min)), CGFloat(Int32.max))) : 0
        }
        return SeatTextInput.State(
            surrounding: input.surrounding.map { ($0.text, Int32(clamping: $0.cursor), Int32(clamping: $0.anchor)) },
            hint: hint, purpose: input.isSecure ? .password : .normal,
            cursorRectangle: .init(
                x: int(rect.minX), y: int(rect.minY), width: max(1, int(rect.width.rounded(.up))),
                height: int(rect.height.rounded(.up))))
    }

    static func edit(_ changes: SeatTextInput.Changes) -> InputMethodEdit {
        InputMethodEdit(
            preedit: changes.preedit?.text ?? "",
            preeditCursor: (Int(changes.preedit?.cursorBegin ?? 0), Int(changes.preedit?.cursorEnd ?? 0)),
            commit: changes.commit ?? "", deleteBefore: Int(changes.deleteBefore), deleteAfter: Int(changes.deleteAfter)
        )
    }
}

/// A seat's text input (`zwp_text_input_v3`), through which an input method (IBus, fcitx, a compositor's
/// own) composes text into the focused field: the client enables it while a field has focus on the surface
/// the compositor named, describes the field (surrounding text, content type, caret rectangle), and applies
/// the preedit, commits and deletions the input method sends at each `done`.
///
/// wlroots treats a commit that leaves the text input enabled without text-input focus as a protocol error,
/// so the text input is only ever enabled on the entered surface and disabled at once when it leaves.
@MainActor
package final class SeatTextInput {
    /// A rectangle in surface-local coordinates.
    package struct Rectangle: Equatable, Sendable {
        package var x, y, width, height: Int32
        package init(x: Int32, y: Int32, width: Int32, height: Int32) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// What the client says about the focused field.
    package struct State: Equatable {
        /// The text around the caret with the caret and anchor in it (bytes); nil: not shared.
        package var surrounding: (text: String, cursor: Int32, anchor: Int32)?
        package var hint: ZwpTextInputV3.ContentHint
        package var purpose: ZwpTextInputV3.ContentPurpose
        /// The caret, in surface-local coordinates.
        package var cursorRectangle: Rectangle

        package init(
            surrounding: (text: String, cursor: Int32, anchor: Int32)?, hint: ZwpTextInputV3.ContentHint,
            purpose: ZwpTextInputV3.ContentPurpose, cursorRectangle: Rectangle
        ) {
            self.surrounding = surrounding
            self.hint = hint
            self.purpose = purpose
            self.cursorRectangle = cursorRectangle
        }

        package static func == (a: Self, b: Self) -> Bool {
            a.surrounding?.text == b.surrounding?.text && a.surrounding?.cursor == b.surrounding?.cursor
                && a.surrounding?.anchor == b.surrounding?.anchor && a.hint == b.hint && a.purpose == b.purpose
                && a.cursorRectangle == b.cursorRectangle
        }
    }

    /// What the input method asked for, applied together at `done`.
    package struct Changes {
        package var preedit: (text: String, cursorBegin: Int32, cursorEnd: Int32)?
        package var commit: String?
        package var deleteBefore: UInt32 = 0
        package var deleteAfter: UInt32 = 0
    }

    /// text-input-v3 allows this many bytes of surrounding text.
    package static let surroundingTextLimit = 4000

    private let textInput: ZwpTextInputV3
    private let connection: Connection
    /// The surface with this seat's text-input focus (its `wl_surface` id).
    package private(set) var focusedSurfaceID: UInt32?
    package private(set) var isEnabled = false
    /// What was last sent since enabling (each piece is sent again only when it changes).
    private var sent: State?
    private var commitCount: UInt32 = 0
    private var pending = Changes()
    /// Text-input focus entered (a surface id) or left (nil) a surface.
    package var onFocusChange: ((UInt32?) -> Void)?
    /// The input method's changes, and whether the compositor had seen every commit of ours when it sent
    /// them (only then may the client answer with its new state).
    package var onDone: ((Changes, Bool) -> Void)?

    package init?(registry: Registry, seat: WlSeat) {
        guard let manager = registry.bind(ZwpTextInputManagerV3.self) else { return nil }
        connection = seat.connection
        textInput = manager.getTextInput(seat: seat)
        textInput.onEvent = { [unowned self] event in handle(event) }
    }

    private func handle(_ event: ZwpTextInputV3.Event) {
        switch event {
        case .enter(let surface):
            focusedSurfaceID = surface?.id
            onFocusChange?(focusedSurfaceID)
        case .leave:
            if isEnabled { disable() }
            focusedSurfaceID = nil
            pending = Changes()
            onFocusChange?(nil)
        case .preeditString(let text, let begin, let end):
            pending.preedit = (text ?? "", begin, end)
        case .commitString(let text):
            pending.commit = text
        case .deleteSurroundingText(let before, let after):
            pending.deleteBefore = before
            pending.deleteAfter = after
        case .done(let serial):
            let changes = pending
            pending = Changes()
            onDone?(changes, serial == commitCount)
        }
    }

    /// Enables the text input for a newly focused field (disabling the previous one first) and describes it.
    package func enable(_ state: State) {
        guard focusedSurfaceID != nil else { return }
        if isEnabled {
            textInput.disable()
            commit()
        }
        textInput.enable()
        isEnabled = true
        sent = nil
        send(state, cause: .other)
    }

    /// Tells the input method what changed in the focused field (`cause`: who changed it).
    package func update(_ state: State, cause: ZwpTextInputV3.ChangeCause) {
        guard isEnabled, focusedSurfaceID != nil, state != sent else { return }
        send(state, cause: cause)
    }

    /// No field has focus on the surface any more.
    package func disable() {
        guard isEnabled else { return }
        textInput.disable()
        isEnabled = false
        sent = nil
        commit()
    }

    private func send(_ state: State, cause: ZwpTextInputV3.ChangeCause) {
        if let surrounding = state.surrounding, surrounding.text.utf8.count <= Self.surroundingTextLimit,
            sent == nil || sent!.surrounding?.text != surrounding.text
                || sent!.surrounding?.cursor != surrounding.cursor
                || sent!.surrounding?.anchor != surrounding.anchor
        {
            textInput.setSurroundingText(text: surrounding.text, cursor: surrounding.cursor, anchor: surrounding.anchor)
            textInput.setTextChangeCause(cause: cause)
        }
        if sent == nil || sent!.hint != state.hint || sent!.purpose != state.purpose {
            textInput.setContentType(hint: state.hint, purpose: state.purpose)
        }
        if sent == nil || sent!.cursorRectangle != state.cursorRectangle {
            let rect = state.cursorRectangle
            textInput.setCursorRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        }
        sent = state
        commit()
    }

    private func commit() {
        textInput.commit()
        commitCount &+= 1
        connection.flush()
    }
}

import Foundation

// What the engine's focus system and a host's input method exchange with an editable text: the text editor
// itself (TextEditing) is built on these, and the engine names nothing of it.

/// What an input method asks for at once (text-input-v3's `done`): lengths and offsets in UTF-8 bytes.
package struct InputMethodEdit: Equatable, Sendable {
    package var preedit: String
    /// The preedit's cursor, begin and end (both -1: hidden).
    package var preeditCursor: (begin: Int, end: Int)
    package var commit: String
    package var deleteBefore: Int
    package var deleteAfter: Int

    package init(
        preedit: String = "", preeditCursor: (begin: Int, end: Int) = (0, 0), commit: String = "",
        deleteBefore: Int = 0, deleteAfter: Int = 0
    ) {
        self.preedit = preedit
        self.preeditCursor = preeditCursor
        self.commit = commit
        self.deleteBefore = deleteBefore
        self.deleteAfter = deleteAfter
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.preedit == b.preedit && a.preeditCursor == b.preeditCursor && a.commit == b.commit
            && a.deleteBefore == b.deleteBefore && a.deleteAfter == b.deleteAfter
    }
}

/// The text around the caret an input method may read, with the caret and the selection's anchor in it.
package struct SurroundingText: Equatable, Sendable {
    package var text: String
    package var cursor: Int
    package var anchor: Int
    package init(text: String, cursor: Int, anchor: Int) {
        self.text = text
        self.cursor = cursor
        self.anchor = anchor
    }
}

/// What a field does with a drag passing over it: shows where the text would go, takes it when dropped.
@MainActor
package struct TextDropTarget {
    /// The drag is at window point `point` (nil: it left): whether the field would take the text there (it shows
    /// a drop caret then).
    package let hover: @MainActor (CGPoint?) -> Bool
    /// `text` was dropped at `point`: inserted there (`move`: the drag's own text moved, when it comes from this
    /// field). `move` tells the source to delete its copy.
    package let drop: @MainActor (_ text: String, _ point: CGPoint, _ move: Bool) -> Void
    package init(
        hover: @escaping @MainActor (CGPoint?) -> Bool,
        drop: @escaping @MainActor (_ text: String, _ point: CGPoint, _ move: Bool) -> Void
    ) {
        self.hover = hover
        self.drop = drop
    }
}

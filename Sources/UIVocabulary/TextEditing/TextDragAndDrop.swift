import Foundation
@_spi(Engine) import UICore

/// Text dragged out of a field, from the press that started it until the drop ends it. The Wayland host makes
/// it a `wl_data_device` drag; a field it is dropped on reads it like any other drag.
@MainActor
package final class TextDrag {
    /// How a drag ended, as the compositor reports it to its source.
    package enum Outcome: Equatable, Sendable {
        /// Dropped nowhere, or refused.
        case cancelled
        /// The destination copied the text: the source keeps it.
        case copied
        /// The destination took the text: the source deletes it.
        case moved
    }

    package let text: String
    /// The dragged range in the source field's text.
    package let range: Range<Int>
    /// The field it came from (its geometry object, one per field).
    package let origin: EditableTextGeometry
    /// Runs once when the drag ends.
    private var onEnd: (@MainActor (Outcome) -> Void)?
    /// Set when the drop landed on the field the text came from: that field moved the text itself.
    package var wasMovedWithinOrigin = false

    package init(
        text: String, range: Range<Int>, origin: EditableTextGeometry, onEnd: @escaping @MainActor (Outcome) -> Void
    ) {
        self.text = text
        self.range = range
        self.origin = origin
        self.onEnd = onEnd
    }

    /// The host says how the drag ended (more calls are ignored). The source hears `.moved` only when it must
    /// delete the text: not when the drop moved it within the source field.
    package func end(_ outcome: Outcome) {
        guard let onEnd else { return }
        self.onEnd = nil
        if TextDrags.active === self { TextDrags.active = nil }
        onEnd(outcome == .moved && wasMovedWithinOrigin ? .copied : outcome)
    }
}

/// What starts drags: the Wayland host, on the seat whose pointer pressed.
@MainActor
package protocol TextDragHost: AnyObject {
    /// Starts dragging `drag.text` from the window under the pointer; false when no drag can start.
    func startDrag(_ drag: TextDrag) -> Bool
}

@MainActor
package enum TextDrags {
    /// The host that starts drags; without one (no compositor), fields start none and a press on a selection
    /// places the caret as any other.
    package static var host: (any TextDragHost)?
    /// The drag this process started, while it goes on.
    package internal(set) static var active: TextDrag?

    /// GTK's default drag threshold (points): a press on a selection moving less than this is a click.
    package static let threshold: CGFloat = 8
}

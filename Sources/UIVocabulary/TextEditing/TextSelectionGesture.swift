import Foundation
@_spi(Engine) import UICore

/// Placing the caret and selecting in an editable text, by mouse and by finger.
///
/// Mouse: a press places the caret (a second press nearby selects the word, a third the line; with Shift held
/// it extends the selection to the press) and a drag extends the selection; a press on the selection drags
/// the text out instead. Finger: a tap places the caret, a drag moves it, and a press held for
/// `longPressDuration` without moving selects the word under it (a drag then extends the selection).
package struct TextSelectionGesture: Gesture, RecognizableGesture {
    package typealias Value = Void
    package typealias Body = Never
    package enum Action {
        /// Put the caret at the offset (`extending`: move only the selection's moving end).
        case place(Int, extending: Bool)
        case selectWord(Int)
        case selectLine(Int)
        /// The selection was pressed and dragged past the drag threshold: it is dragged out.
        case startDrag
    }
    package let geometry: EditableTextGeometry
    /// False for selectable text: a finger dragging before the long press is not for the text (it scrolls).
    package var touchDragMovesCaret = true
    /// The selection a mouse press may drag out (nil: none may be, as in a secure field). A press on it starts
    /// no new selection: dragged past `TextDrags.threshold` it drags the text, released in place it puts the
    /// caret there.
    package var draggableSelection: @MainActor () -> Range<Int>? = { nil }
    package let perform: @MainActor (Action) -> Void

    /// A finger held this long (ms) without moving selects a word (as GTK's long press).
    package static let longPressDuration: Double = 500
    /// A finger moving this far (points) before the long press is a drag.
    package static let touchSlop: CGFloat = 8

    package func makeRecognizer() -> AnyGestureRecognizer { TextSelectionRecognizer(self) }
}

package final class TextSelectionRecognizer: GestureRecognizer<Void> {
    private var gesture: TextSelectionGesture
    private var tracked: InputSequenceID?
    private var start = CGPoint.zero
    private var pressTime = 0.0
    private var isTouch = false
    private var touchMoved = false
    private var longPressed = false
    /// Where a press on the selection went down (the caret goes there if it does not drag).
    private var pendingDrag: Int?

    package init(_ gesture: TextSelectionGesture) { self.gesture = gesture }
    package override var debugName: String { "TextSelection" }
    package override var claimsSequenceWhenActive: Bool { true }
    package override func refresh(_ gesture: any Gesture) {
        if let gesture = gesture as? TextSelectionGesture { self.gesture = gesture }
    }
    package override var deadline: Double? {
        isTouch && tracked != nil && !touchMoved && !longPressed && !phase.isTerminal
            ? pressTime + TextSelectionGesture.longPressDuration : nil
    }

    private func act(_ action: TextSelectionGesture.Action, _ step: inout GestureStep) {
        let perform = gesture.perform
        step.actions.append { perform(action) }
    }

    package override func update(_ step: inout GestureStep) -> GesturePhase<Void>? {
        let geometry = gesture.geometry
        guard tracked != nil else {
            guard let press = step.firstPress() else { return .failed }
            tracked = press.id
            start = press.location
            pressTime = step.time
            isTouch = press.kind == .touch
            if isTouch { return .possible(nil) }
            let offset = geometry.offset(at: press.location)
            if geometry.heldModifiers().contains(.shift) {
                act(.place(offset, extending: true), &step)  // Shift+click: the selection reaches the click
                return .active(())
            }
            let count = geometry.clickCount(at: press.location, time: step.time)
            if count == 1, let selection = gesture.draggableSelection(), selection.lowerBound <= offset,
                offset <= selection.upperBound
            {
                pendingDrag = offset
                return .active(())
            }
            switch count {
            case 2: act(.selectWord(offset), &step)
            case 3: act(.selectLine(offset), &step)
            default: act(.place(offset, extending: false), &step)
            }
            return .active(())
        }
        guard let point = step.point(tracked) else { return .failed }
        if !isTouch, let pressed = pendingDrag {
            let moved = CGSize(width: point.location.x - start.x, height: point.location.y - start.y)
            if point.hasEvent, max(abs(moved.width), abs(moved.height)) > TextDrags.threshold {
                pendingDrag = nil
                act(.startDrag, &step)
                return .ended(())
            }
            if point.ended { act(.place(pressed, extending: false), &step) }
            return point.ended ? .ended(()) : nil
        }
        if !isTouch {
            if point.hasEvent, distance(point.location, start) > 0 {
                act(.place(geometry.offset(at: point.location), extending: true), &step)
            }
            return point.ended ? .ended(()) : nil
        }
        if !point.hasEvent {
            // The long-press deadline passed with the finger still.
            guard !touchMoved, !longPressed, step.time >= pressTime + TextSelectionGesture.longPressDuration else {
                return nil
            }
            longPressed = true
            act(.selectWord(geometry.offset(at: start)), &step)
            return .active(())
        }
        if !touchMoved, !longPressed, distance(point.location, start) >= TextSelectionGesture.touchSlop {
            touchMoved = true
        }
        if point.ended {
            if !touchMoved && !longPressed { act(.place(geometry.offset(at: start), extending: false), &step) }
            return .ended(())
        }
        if longPressed {
            act(.place(geometry.offset(at: point.location), extending: true), &step)
            return .active(())
        }
        if touchMoved {
            guard gesture.touchDragMovesCaret else { return .failed }
            act(.place(geometry.offset(at: point.location), extending: false), &step)
            return .active(())
        }
        return nil
    }
}

import Foundation
@_spi(Engine) import UICore

/// The press of a button: pressed while the pointer or finger that went down on it stays inside, the
/// action at its release inside. Moving out cancels (nothing fires at the release).
///
/// It never becomes *active*, so it never makes other gestures fail: a drag or scroll of an ancestor
/// starts over a button as it would anywhere else, and the press gives way to it (see
/// `yieldsToActiveCompetitors`). A button's own tap ends before an ancestor's tap and so wins over it.
package struct ButtonPressGesture: Gesture {
    package typealias Value = Void
    package typealias Body = Never
    /// Called with `true` at the press and `false` when it ends, is cancelled or moves out.
    package let onPressedChange: (Bool) -> Void
    /// The button's action, at a release inside.
    package let action: () -> Void
}

extension ButtonPressGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { ButtonPressRecognizer(self) }
}

package final class ButtonPressRecognizer: GestureRecognizer<Void> {
    private var gesture: ButtonPressGesture
    private var tracked: InputSequenceID?
    private var isPressed = false

    package init(_ gesture: ButtonPressGesture) { self.gesture = gesture }
    package override var debugName: String { "ButtonPress" }
    package override var yieldsToActiveCompetitors: Bool { true }
    package override func refresh(_ gesture: any Gesture) {
        if let gesture = gesture as? ButtonPressGesture { self.gesture = gesture }
    }

    private func setPressed(_ pressed: Bool, _ step: inout GestureStep) {
        guard pressed != isPressed else { return }
        isPressed = pressed
        let callback = gesture.onPressedChange
        step.actions.append { callback(pressed) }
    }

    /// Whether a window point lies in the button's frame.
    private func isInside(_ windowPoint: CGPoint, _ step: GestureStep) -> Bool {
        let local = step.coordinates.convert(windowPoint, to: .local)
        return CGRect(origin: .zero, size: step.coordinates.frame.size).contains(local)
    }

    package override func update(_ step: inout GestureStep) -> GesturePhase<Void>? {
        guard tracked != nil else {
            guard let press = step.firstPress() else { return .failed }
            tracked = press.id
            setPressed(true, &step)
            return nil
        }
        guard let point = step.point(tracked) else {
            setPressed(false, &step)
            return .failed
        }
        guard point.hasEvent else { return nil }
        guard isInside(point.location, step) else {
            setPressed(false, &step)
            return .failed
        }
        guard point.ended else { return nil }
        setPressed(false, &step)
        let action = gesture.action
        step.actions.append { action() }
        return .ended(())
    }

    package override func cancel(_ step: inout GestureStep) {
        setPressed(false, &step)
        super.cancel(&step)
    }
}

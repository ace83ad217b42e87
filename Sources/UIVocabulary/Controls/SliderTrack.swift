import Foundation
@_spi(Engine) import UICore

/// The track and knob of a `Slider`, its pointer and keyboard interaction.
package struct SliderTrack: View {
    package let model: SliderModel
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    package static let height: CGFloat = 28
    package static let knobDiameter: CGFloat = 20
    package static let trackThickness: CGFloat = 4

    package var body: some View {
        let fraction = model.fraction
        let model = self.model
        let isEnabled = self.isEnabled
        let remainingFill = colorScheme == .dark ? Color(white: 0.36) : Color(white: 0.8)
        ZStack {
            SliderTrackPart(fraction: fraction, isFilledPart: true).fill(controlOnFill)
            SliderTrackPart(fraction: fraction, isFilledPart: false).fill(remainingFill)
            SliderKnob(fraction: fraction).fill(Color.white)
                .shadow(color: Color(white: 0, opacity: 0.3), radius: 2, y: 1)
        }
        .frame(height: Self.height)
        .contentShape(Rectangle())
        .gesture(
            SliderDragGesture(
                fraction: fraction, onEditingChanged: model.onEditingChanged,
                setFraction: { model.setFraction($0) }),
            including: isEnabled ? .all : .subviews
        )
        .focusable()
        .onKeyPress(keys: [.leftArrow, .rightArrow, .upArrow, .downArrow]) { press in
            // A window without focusable views hands keys to every handler: a disabled slider stays put.
            guard isEnabled else { return .ignored }
            // Each key step is an edit of its own, so code that commits at the end of editing sees it.
            model.onEditingChanged(true)
            model.nudge(press.key == .leftArrow || press.key == .downArrow ? -1 : 1)
            model.onEditingChanged(false)
            return .handled
        }
        .opacity(isEnabled ? 1 : 0.45)
    }

    /// The knob's centre along a track `width` wide, for `fraction`: the knob stays inside the track's ends.
    package static func knobCenter(fraction: Double, width: CGFloat) -> CGFloat {
        let radius = knobDiameter / 2
        return radius + CGFloat(fraction) * max(width - knobDiameter, 0)
    }

    /// The fraction whose knob centre is at `x`.
    package static func fraction(atKnobCenter x: CGFloat, width: CGFloat) -> Double {
        let travel = width - knobDiameter
        guard travel > 0 else { return 0 }
        return min(max(Double((x - knobDiameter / 2) / travel), 0), 1)
    }
}

/// The track before the knob (filled) or after it, a thin capsule across the middle.
package struct SliderTrackPart: Shape {
    package let fraction: Double
    package let isFilledPart: Bool

    package func path(in rect: CGRect) -> Path {
        let center = rect.minX + SliderTrack.knobCenter(fraction: fraction, width: rect.width)
        let thickness = SliderTrack.trackThickness
        let y = rect.midY - thickness / 2
        let part =
            isFilledPart
            ? CGRect(x: rect.minX, y: y, width: center - rect.minX, height: thickness)
            : CGRect(x: center, y: y, width: rect.maxX - center, height: thickness)
        guard part.width > 0 else { return Path() }
        return Path(roundedRect: part, cornerRadius: thickness / 2)
    }
}

/// The round knob at the value.
package struct SliderKnob: Shape {
    package let fraction: Double

    package func path(in rect: CGRect) -> Path {
        let diameter = SliderTrack.knobDiameter
        let center = rect.minX + SliderTrack.knobCenter(fraction: fraction, width: rect.width)
        return Path(
            ellipseIn: CGRect(x: center - diameter / 2, y: rect.midY - diameter / 2, width: diameter, height: diameter))
    }
}

/// Taking and moving a slider's knob (see `Slider`). Once it has the knob it also takes the sequence from
/// higher-priority gestures still undecided — the finger pan of a scroll view around it — as UIKit's sliders do.
package struct SliderDragGesture: Gesture, RecognizableGesture {
    package typealias Value = Void
    package typealias Body = Never
    /// Where the knob is now, 0…1.
    package let fraction: Double
    package let onEditingChanged: (Bool) -> Void
    package let setFraction: (Double) -> Void

    package func makeRecognizer() -> AnyGestureRecognizer { SliderDragRecognizer(self) }
}

package final class SliderDragRecognizer: GestureRecognizer<Void> {
    private var gesture: SliderDragGesture
    private var tracked: InputSequenceID?
    private var start = CGPoint.zero
    /// The pointer's distance from the knob's centre when it took the knob (0 after a jump).
    private var grabOffset: CGFloat = 0
    private var isEditing = false
    /// A finger must move this far before the slider decides whether the motion is its own (sideways).
    package static let touchSlop: CGFloat = 4

    package init(_ gesture: SliderDragGesture) { self.gesture = gesture }
    package override var debugName: String { "Slider" }
    package override var claimsSequenceWhenActive: Bool { true }
    package override func refresh(_ gesture: any Gesture) {
        if let gesture = gesture as? SliderDragGesture { self.gesture = gesture }
    }

    /// Takes the knob at window point `point`: grabbed where it is under the pointer, else it jumps there.
    private func takeKnob(at point: CGPoint, _ step: inout GestureStep) {
        let local = step.coordinates.convert(point, to: .local)
        let width = step.coordinates.frame.width
        let knob = SliderTrack.knobCenter(fraction: gesture.fraction, width: width)
        grabOffset = abs(local.x - knob) <= SliderTrack.knobDiameter / 2 ? local.x - knob : 0
        isEditing = true
        let onEditingChanged = gesture.onEditingChanged
        step.actions.append { onEditingChanged(true) }
        follow(point, &step)
    }

    private func follow(_ point: CGPoint, _ step: inout GestureStep) {
        let local = step.coordinates.convert(point, to: .local)
        let fraction = SliderTrack.fraction(atKnobCenter: local.x - grabOffset, width: step.coordinates.frame.width)
        let setFraction = gesture.setFraction
        step.actions.append { setFraction(fraction) }
    }

    private func letGo(_ step: inout GestureStep) {
        guard isEditing else { return }
        isEditing = false
        let onEditingChanged = gesture.onEditingChanged
        step.actions.append { onEditingChanged(false) }
    }

    package override func update(_ step: inout GestureStep) -> GesturePhase<Void>? {
        guard tracked != nil else {
            guard let press = step.firstPress() else { return .failed }
            tracked = press.id
            start = press.location
            // A mouse takes the knob at the press; a finger waits to see where it goes.
            guard press.kind == .touch else {
                takeKnob(at: press.location, &step)
                return .active(())
            }
            return .possible(nil)
        }
        guard let point = step.point(tracked) else {
            letGo(&step)
            return .failed
        }
        guard point.hasEvent else { return nil }
        if !isEditing {
            let dx = abs(point.location.x - start.x)
            let dy = abs(point.location.y - start.y)
            if point.ended {
                // A tap: the knob jumps there and is let go.
                takeKnob(at: point.location, &step)
                letGo(&step)
                return .ended(())
            }
            if dx >= Self.touchSlop && dx > dy {
                takeKnob(at: start, &step)
                follow(point.location, &step)
                return .active(())
            }
            return distance(point.location, start) >= Self.touchSlop ? .failed : nil
        }
        follow(point.location, &step)
        guard point.ended else { return .active(()) }
        letGo(&step)
        return .ended(())
    }

    package override func cancel(_ step: inout GestureStep) {
        letGo(&step)
        super.cancel(&step)
    }
}

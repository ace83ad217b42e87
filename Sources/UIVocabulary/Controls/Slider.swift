import Foundation
@_spi(Engine) import UICore

/// A control that picks a value from a range by moving a knob along a track.
///
/// The track takes the width offered and is 28 points tall; it is filled in the accent colour up to the value.
/// A mouse press anywhere on the track takes the knob: on the knob it drags it from where it was grabbed, off
/// it the knob jumps to the pointer (as on macOS and GTK), and it follows the pointer until the release. A finger
/// does the same once it has moved sideways (a finger moving up or down first leaves the slider to a scroll view
/// around it), or at a tap. `onEditingChanged(true)` comes when the knob is taken, `(false)` when it is let go.
/// A focused slider moves by one step (without a step, 1/20 of the range) with the arrow keys. The value is kept
/// within the bounds and on the steps. The label is shown at the leading edge (as on macOS), the value labels at
/// either end of the track.
public struct Slider<Label: View, ValueLabel: View>: View {
    package let model: SliderModel
    package let label: Label
    package let minimumValueLabel: ValueLabel
    package let maximumValueLabel: ValueLabel

    package init<V: BinaryFloatingPoint>(
        value: Binding<V>, bounds: ClosedRange<V>, step: V.Stride?, label: Label,
        minimumValueLabel: ValueLabel, maximumValueLabel: ValueLabel,
        onEditingChanged: @escaping (Bool) -> Void
    ) where V.Stride: BinaryFloatingPoint {
        model = SliderModel(value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
        self.label = label
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }

    public var body: some View {
        HStack(spacing: 8) {
            label
            minimumValueLabel
            SliderTrack(model: model)
            maximumValueLabel
        }
    }
}

extension Slider {
    /// A slider with a label and labels for the minimum and maximum values.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(
            value: value, bounds: bounds, step: nil, label: label(), minimumValueLabel: minimumValueLabel(),
            maximumValueLabel: maximumValueLabel(), onEditingChanged: onEditingChanged)
    }

    /// A slider whose value moves in steps of `step` from the lower bound, with a label and value labels.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(
            value: value, bounds: bounds, step: step, label: label(), minimumValueLabel: minimumValueLabel(),
            maximumValueLabel: maximumValueLabel(), onEditingChanged: onEditingChanged)
    }
}

extension Slider where ValueLabel == EmptyView {
    /// A slider with a label.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(
            value: value, bounds: bounds, step: nil, label: label(), minimumValueLabel: EmptyView(),
            maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
    }

    /// A slider with a label whose value moves in steps of `step` from the lower bound.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(
            value: value, bounds: bounds, step: step, label: label(), minimumValueLabel: EmptyView(),
            maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    /// A slider for `value` within `bounds`.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(
            value: value, bounds: bounds, step: nil, label: EmptyView(), minimumValueLabel: EmptyView(),
            maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
    }

    /// A slider for `value` within `bounds`, moving in steps of `step` from the lower bound.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(
            value: value, bounds: bounds, step: step, label: EmptyView(), minimumValueLabel: EmptyView(),
            maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
    }
}

/// A slider's value in `Double`s, whatever its floating-point type: reading, and writing kept on the steps and
/// within the bounds.
package struct SliderModel {
    package let lowerBound: Double
    package let upperBound: Double
    /// `nil`: continuous.
    package let step: Double?
    package let read: () -> Double
    package let write: (Double) -> Void
    package let onEditingChanged: (Bool) -> Void

    package init<V: BinaryFloatingPoint>(
        value: Binding<V>, bounds: ClosedRange<V>, step: V.Stride?,
        onEditingChanged: @escaping (Bool) -> Void
    ) where V.Stride: BinaryFloatingPoint {
        lowerBound = Double(bounds.lowerBound)
        upperBound = Double(bounds.upperBound)
        self.step = step.map { Double($0) }.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        read = { Double(value.wrappedValue) }
        write = { value.wrappedValue = V($0) }
        self.onEditingChanged = onEditingChanged
    }

    package var span: Double { upperBound - lowerBound }

    /// `value` on the nearest step from the lower bound, within the bounds.
    package func constrained(_ value: Double) -> Double {
        guard value.isFinite else { return lowerBound }
        var result = value
        if let step { result = lowerBound + ((value - lowerBound) / step).rounded() * step }
        return min(max(result, lowerBound), upperBound)
    }

    /// Where the value lies along the track, 0…1.
    package var fraction: Double {
        guard span > 0 else { return 0 }
        return min(max((read() - lowerBound) / span, 0), 1)
    }

    /// Sets the value for a point `fraction` of the way along the track.
    package func setFraction(_ fraction: Double) {
        let value = constrained(lowerBound + min(max(fraction, 0), 1) * span)
        if value != read() { write(value) }
    }

    /// Moves the value by one keyboard step (`direction` ±1): the step, or a twentieth of the range.
    package func nudge(_ direction: Double) {
        let amount = step ?? span / 20
        let value = constrained(read() + direction * amount)
        if value != read() { write(value) }
    }
}

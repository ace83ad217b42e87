import Foundation
@_spi(Engine) import UICore

/// A control with a minus and a plus button that decrement and increment a value.
///
/// The label is at the leading edge, the linked buttons at the trailing edge (as GNOME's spin rows), the
/// stepper taking the width offered. A click or tap on a button (or, when focused, Up/Right/`+` and
/// Down/Left/`-`) moves the value by the step, kept within the bounds; a button that cannot move the value is
/// dimmed and does nothing. `onEditingChanged(true)` comes at the press, `(false)` at the release. A value
/// that is not a number (NaN or infinite) goes to the nearest bound at the next step, or stays when there is
/// none; either way it is said once on standard error.
public struct Stepper<Label: View>: View {
    package let model: StepperModel
    package let label: Label
    @Environment(\.isEnabled) private var isEnabled

    package init(model: StepperModel, label: Label) {
        self.model = model
        self.label = label
    }

    public var body: some View {
        let model = self.model
        let enabled = isEnabled
        HStack {
            label.layoutPriority(1)
            Spacer(minLength: 8)
            HStack(spacing: 1) {
                StepperButton(symbol: "minus", isEnabled: enabled && model.canDecrement, model: model, direction: -1)
                StepperButton(symbol: "plus", isEnabled: enabled && model.canIncrement, model: model, direction: 1)
            }
            .clipShape(RoundedRectangle(cornerRadius: 6))
        }
        .focusable(enabled)
        .onKeyPress(phases: [.down, .repeat]) { press in
            guard enabled else { return .ignored }
            switch press.key {
            case .upArrow, .rightArrow: model.step(1)
            case .downArrow, .leftArrow: model.step(-1)
            default:
                if press.characters == "+" {
                    model.step(1)
                } else if press.characters == "-" {
                    model.step(-1)
                } else {
                    return .ignored
                }
            }
            return .handled
        }
        .opacity(enabled ? 1 : 0.45)
    }
}

/// One half of a stepper's linked buttons.
package struct StepperButton: View {
    package let symbol: String
    package let isEnabled: Bool
    package let model: StepperModel
    package let direction: Int
    @State private var isPressed = false
    @Environment(\.colorScheme) private var colorScheme

    package static let size = CGSize(width: 34, height: 30)

    package var body: some View {
        let pressed = $isPressed
        let model = self.model
        let direction = self.direction
        Image(systemName: symbol)
            .imageScale(.small)
            .opacity(isEnabled ? 1 : 0.35)
            .frame(width: Self.size.width, height: Self.size.height)
            .background(BezelButtonLook.plainFill(dark: colorScheme == .dark, pressed: isPressed && isEnabled))
            .contentShape(Rectangle())
            .gesture(
                ButtonPressGesture(
                    onPressedChange: { isPressed in
                        pressed.wrappedValue = isPressed
                        model.onEditingChanged(isPressed)
                    }, action: { model.step(direction) }),
                including: isEnabled ? .all : .subviews)
    }
}

/// What a stepper does at each step, whatever the value's type: whether each direction can move, and the move.
@MainActor
package struct StepperModel {
    package let canIncrement: Bool
    package let canDecrement: Bool
    /// Moves one step up (`+1`) or down (`-1`).
    package let step: @MainActor (Int) -> Void
    package let onEditingChanged: (Bool) -> Void

    package init(
        onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void
    ) {
        canIncrement = onIncrement != nil
        canDecrement = onDecrement != nil
        step = { direction in direction > 0 ? onIncrement?() : onDecrement?() }
        self.onEditingChanged = onEditingChanged
    }

    package init<V: Strideable>(
        value: Binding<V>, bounds: ClosedRange<V>?, step: V.Stride, onEditingChanged: @escaping (Bool) -> Void
    ) {
        let current = value.wrappedValue
        let finite = stepperIsFinite(current) && stepperIsFinite(step)
        canIncrement = !finite || bounds.map { current < $0.upperBound } ?? true
        canDecrement = !finite || bounds.map { current > $0.lowerBound } ?? true
        self.step = { direction in
            let current = value.wrappedValue
            guard stepperIsFinite(current), stepperIsFinite(step) else {
                ListDiagnostics.report("Stepper: the value \(current) or step \(step) is not a number; kept in bounds")
                if let bounds, stepperIsFinite(bounds.lowerBound), stepperIsFinite(bounds.upperBound) {
                    value.wrappedValue = direction > 0 ? bounds.upperBound : bounds.lowerBound
                }
                return
            }
            var next = current.advanced(by: direction > 0 ? step : -step)
            // A step that overshoots a bound stops at it (a value outside the bounds comes back in).
            if let bounds { next = min(max(next, bounds.lowerBound), bounds.upperBound) }
            if next != current { value.wrappedValue = next }
        }
        self.onEditingChanged = onEditingChanged
    }
}

/// Whether `value` is a number (a floating-point value that is neither NaN nor infinite; anything else is).
package func stepperIsFinite<T>(_ value: T) -> Bool {
    if let floating = value as? any BinaryFloatingPoint { return floating.isFinite }
    return true
}

extension Stepper {
    /// A stepper that runs `onIncrement` and `onDecrement` (a `nil` one dims its button).
    public init(
        @ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(
            model: StepperModel(onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged),
            label: label())
    }
    /// A stepper that runs `onIncrement` and `onDecrement` (the spelling with the label last).
    @_disfavoredOverload
    public init(
        onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.init(label: label, onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged)
    }
    /// A stepper moving `value` by `step`.
    public init<V: Strideable>(
        value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(
            model: StepperModel(value: value, bounds: nil, step: step, onEditingChanged: onEditingChanged),
            label: label())
    }
    /// A stepper moving `value` by `step` (the spelling with the label last).
    @_disfavoredOverload
    public init<V: Strideable>(
        value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.init(value: value, step: step, label: label, onEditingChanged: onEditingChanged)
    }
    /// A stepper moving `value` by `step` within `bounds`.
    public init<V: Strideable>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(
            model: StepperModel(value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged),
            label: label())
    }
    /// A stepper moving `value` by `step` within `bounds` (the spelling with the label last).
    @_disfavoredOverload
    public init<V: Strideable>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label
    ) {
        self.init(value: value, in: bounds, step: step, label: label, onEditingChanged: onEditingChanged)
    }
    /// A stepper moving `value` by `step`; `format` is how the value reads (to assistive technologies).
    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput>, step: F.FormatInput.Stride = 1, format: F, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(value: value, step: step, label: label, onEditingChanged: onEditingChanged)
    }
    /// A stepper moving `value` by `step` within `bounds`; `format` is how the value reads.
    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput>, in bounds: ClosedRange<F.FormatInput>, step: F.FormatInput.Stride = 1,
        format: F, @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(value: value, in: bounds, step: step, label: label, onEditingChanged: onEditingChanged)
    }
}

extension Stepper where Label == Text {
    /// A stepper titled with the text of `titleKey` that runs `onIncrement` and `onDecrement`.
    public init(
        _ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(
            label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement,
            onEditingChanged: onEditingChanged)
    }
    /// A stepper titled `title` that runs `onIncrement` and `onDecrement`.
    public init<S: StringProtocol>(
        _ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(
            label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement,
            onEditingChanged: onEditingChanged)
    }
    /// A stepper titled with the text of `titleKey` moving `value` by `step`.
    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, step: step, label: { Text(titleKey) }, onEditingChanged: onEditingChanged)
    }
    /// A stepper titled `title` moving `value` by `step`.
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, step: step, label: { Text(title) }, onEditingChanged: onEditingChanged)
    }
    /// A stepper titled with the text of `titleKey` moving `value` by `step` within `bounds`.
    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, in: bounds, step: step, label: { Text(titleKey) }, onEditingChanged: onEditingChanged)
    }
    /// A stepper titled `title` moving `value` by `step` within `bounds`.
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, in: bounds, step: step, label: { Text(title) }, onEditingChanged: onEditingChanged)
    }
    /// A stepper titled with the text of `titleKey` moving `value` by `step`; `format` is how the value reads.
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, step: F.FormatInput.Stride = 1, format: F,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(value: value, step: step, label: { Text(titleKey) }, onEditingChanged: onEditingChanged)
    }
    /// A stepper titled with the text of `titleKey` moving `value` by `step` within `bounds`; `format` is how
    /// the value reads.
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, in bounds: ClosedRange<F.FormatInput>,
        step: F.FormatInput.Stride = 1, format: F, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(value: value, in: bounds, step: step, label: { Text(titleKey) }, onEditingChanged: onEditingChanged)
    }
}

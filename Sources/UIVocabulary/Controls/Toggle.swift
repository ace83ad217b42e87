import Foundation
@_spi(Engine) import UICore

/// A control that switches between on and off.
///
/// Its look comes from the `toggleStyle` in the environment (`.automatic`: a switch). A toggle takes keyboard
/// focus (click, tap, Tab) and Space flips a focused one. A disabled toggle (`.disabled(true)`) draws dimmed
/// and ignores input. Where the pointer flips it depends on the style: the capsule of a switch (as on iOS and
/// macOS, not its label), the whole button, the box and label of a checkbox.
public struct Toggle<Label: View>: View {
    package let isOn: Binding<Bool>
    package let isMixed: Bool
    package let label: Label
    @Environment(\.toggleStyle) private var style
    @Environment(\.isEnabled) private var isEnabled

    /// A toggle showing `label`, on while `isOn` is true.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.isMixed = false
        self.label = label()
    }

    /// A toggle over several sources: on when all are on, mixed when only some are; flipping it sets all of them.
    public init<C: RandomAccessCollection>(
        sources: C, isOn: KeyPath<C.Element, Binding<Bool>>, @ViewBuilder label: () -> Label
    ) {
        let bindings = sources.map { $0[keyPath: isOn] }
        let onCount = bindings.filter { $0.wrappedValue }.count
        self.isOn = Binding(
            get: { !bindings.isEmpty && bindings.allSatisfy { $0.wrappedValue } },
            set: { value in for binding in bindings { binding.wrappedValue = value } })
        self.isMixed = onCount > 0 && onCount < bindings.count
        self.label = label()
    }

    public var body: some View {
        let isOn = self.isOn
        let isEnabled = self.isEnabled
        let configuration = ToggleStyleConfiguration(label: .init(label), isOn: isOn, isMixed: isMixed)
        (style ?? AnyToggleStyle(DefaultToggleStyle())).makeBody(configuration)
            .focusable()
            .onKeyPress(.space, phases: .down) { _ in
                // A window without focusable views hands keys to every handler: a disabled toggle stays put.
                guard isEnabled else { return .ignored }
                isOn.wrappedValue.toggle()
                return .handled
            }
    }
}

extension Toggle where Label == Text {
    /// A toggle labelled with the text of `titleKey`.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }
    /// A toggle labelled with `title`.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
    /// A toggle over several sources, labelled with the text of `titleKey`.
    public init<C: RandomAccessCollection>(
        _ titleKey: LocalizedStringKey, sources: C, isOn: KeyPath<C.Element, Binding<Bool>>
    ) {
        self.init(sources: sources, isOn: isOn) { Text(titleKey) }
    }
    /// A toggle over several sources, labelled with `title`.
    public init<S: StringProtocol, C: RandomAccessCollection>(
        _ title: S, sources: C, isOn: KeyPath<C.Element, Binding<Bool>>
    ) {
        self.init(sources: sources, isOn: isOn) { Text(title) }
    }
}

import Foundation
@_spi(Engine) import UICore

/// A control that runs an action: at a click or tap released inside it, or its keyboard shortcut.
///
/// Its look comes from the `buttonStyle` in the environment (`.automatic`, a bordered rounded button, by
/// default). A disabled button (`.disabled(true)`) draws dimmed and ignores presses and shortcuts. Buttons do
/// not change the pointer's shape (as on macOS); add `.pointerStyle(.link)` for a pointing hand.
public struct Button<Label: View>: View {
    package let action: @MainActor () -> Void
    package let label: Label
    package let role: ButtonRole?
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.primitiveButtonStyle) private var style
    @Environment(\.keyboardShortcut) private var shortcut
    @Environment(\.popupContext) private var popupContext
    @Environment(\.dialogButtonContext) private var dialogContext

    /// A button showing `label` that runs `action`.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    /// A button with a semantic `role` (a destructive button draws red).
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
        self.role = role
    }

    public var body: some View {
        if let popupContext, popupContext.isMenu {
            // In a menu a button is a row: choosing it closes the menus, then acts.
            let action = self.action
            MenuRow(label: label, checked: nil, role: role) {
                popupContext.closeAll()
                action()
            }
        } else if let dialogContext {
            // In an alert or confirmation dialog: a dialog button, which closes the dialog.
            DialogButton(label: label, role: role, action: action, context: dialogContext)
        } else {
            windowBody
        }
    }

    @ViewBuilder private var windowBody: some View {
        let configuration = PrimitiveButtonStyleConfiguration(
            role: role, label: .init(label), isEnabled: isEnabled, action: action)
        let shortcut = isEnabled ? self.shortcut : nil
        let action = self.action
        (style ?? AnyPrimitiveButtonStyle(DefaultButtonStyle())).makeBody(configuration)
            .interaction { _ in shortcut.map { .shortcut($0, action: action) } }
    }
}

extension Button where Label == Text {
    /// A button labelled with the text of `titleKey`.
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(role: nil, action: action) { Text(titleKey) }
    }
    /// A button labelled with `title`.
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(role: nil, action: action) { Text(title) }
    }
    /// A button with a `role`, labelled with the text of `titleKey`.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }
    /// A button with a `role`, labelled with `title`.
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

/// What a button does, for styles to show (a destructive button is red).
public struct ButtonRole: Hashable, Sendable {
    private enum Kind: Hashable, Sendable { case destructive, cancel }
    private let kind: Kind
    /// The button deletes data or does something that cannot be undone.
    public static let destructive = ButtonRole(kind: .destructive)
    /// The button cancels an operation.
    public static let cancel = ButtonRole(kind: .cancel)
}

import Foundation
@_spi(Engine) import UICore

/// An alert's or confirmation dialog's content, laid out as libadwaita's AdwAlertDialog: the title (bold) and
/// message centred; an alert's buttons side by side when they fit, stacked otherwise; a dialog's stacked.
package struct DialogCard: View {
    package let style: PresentationStyle
    package let title: Text?
    package let message: AnyView?
    package let buttons: AnyView
    /// A confirmation dialog whose buttons have no `.cancel` one gets a Cancel button.
    package let addsCancel: Bool
    package let suggestsPlainButton: Bool
    @Environment(\.dismiss) private var dismiss

    package var body: some View {
        let dismiss = self.dismiss
        let context = DialogButtonContext(dismiss: { dismiss() }, suggestsPlainButton: suggestsPlainButton)
        VStack(spacing: 0) {
            if style == .alert {
                VStack(spacing: 10) {
                    title?.font(.title3).bold()
                    message?.foregroundStyle(.secondary)
                }
                .multilineTextAlignment(.center)
                .frame(maxWidth: .infinity)
                .padding(.horizontal, 24)
                .padding(.top, 32)
                .padding(.bottom, 24)
                ViewThatFits(in: .horizontal) {
                    HStack(spacing: 12) { buttons }
                    VStack(spacing: 12) { buttons }
                }
                .padding([.horizontal, .bottom], 24)
            } else {
                if title != nil || message != nil {
                    VStack(spacing: 6) {
                        title?.font(.headline)
                        message?.font(.subheadline).foregroundStyle(.secondary)
                    }
                    .multilineTextAlignment(.center)
                    .frame(maxWidth: .infinity)
                    .padding(.horizontal, 20)
                    .padding(.top, 20)
                }
                VStack(spacing: 8) {
                    buttons
                    if addsCancel { Button("Cancel", role: .cancel) {} }
                }
                .padding(16)
            }
        }
        .environment(\.dialogButtonContext, context)
    }
}

/// A button in a dialog: a full-width rounded button (destructive: red, the suggested response: the accent);
/// it runs its action, then closes the dialog. A `.cancel` button answers to Escape, the suggested one to
/// Return.
package struct DialogButton<Label: View>: View {
    package let label: Label
    package let role: ButtonRole?
    package let action: @MainActor () -> Void
    package let context: DialogButtonContext
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        let action = self.action
        let context = self.context
        let run: @MainActor () -> Void = {
            action()
            context.dismiss()
        }
        let suggested = role == nil && context.suggestsPlainButton
        let shortcut: KeyboardShortcut? = role == .cancel ? .cancelAction : suggested ? .defaultAction : nil
        let enabled = isEnabled
        let dark = colorScheme == .dark
        PressableButton(
            configuration: PrimitiveButtonStyleConfiguration(
                role: role, label: .init(label), isEnabled: isEnabled, action: run)
        ) { pressed in
            let prominent = suggested || role == .destructive
            let fill =
                prominent
                ? BezelButtonLook.prominentFill(destructive: role == .destructive, pressed: pressed)
                : BezelButtonLook.plainFill(dark: dark, pressed: pressed)
            return
                label
                .foregroundColor(prominent ? .white : .primary)
                .padding(.horizontal, 16)
                .frame(maxWidth: .infinity)
                .padding(.vertical, 10)
                .background(RoundedRectangle(cornerRadius: 10).fill(fill))
                .opacity(enabled ? 1 : 0.45)
        }
        .interaction { _ in enabled ? shortcut.map { .shortcut($0, action: run) } : nil }
    }
}

extension Button: DialogRoleReporting {
    package var dialogRole: ButtonRole? { role }
}

// MARK: The deprecated alert and action sheet

/// The deprecated description of an alert: a title, a message and one or two buttons.
public struct Alert {
    /// A button of a deprecated alert or action sheet.
    public struct Button {
        package enum Kind { case plain, cancel, destructive }
        package let kind: Kind
        package let label: Text
        package let action: (() -> Void)?

        /// A regular button.
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Alert.Button {
            Alert.Button(kind: .plain, label: label, action: action)
        }
        /// A cancel button labelled `label` (Escape runs it).
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Alert.Button {
            Alert.Button(kind: .cancel, label: label, action: action)
        }
        /// A cancel button labelled Cancel.
        public static func cancel(_ action: (() -> Void)? = {}) -> Alert.Button {
            Alert.Button(kind: .cancel, label: Text("Cancel"), action: action)
        }
        /// A red button for an action that deletes or cannot be undone.
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Alert.Button {
            Alert.Button(kind: .destructive, label: label, action: action)
        }
    }

    package let title: Text
    package let message: Text?
    package let buttons: [Alert.Button]

    /// An alert with one button (OK when `dismissButton` is nil).
    public init(title: Text, message: Text? = nil, dismissButton: Alert.Button? = nil) {
        self.title = title
        self.message = message
        buttons = [dismissButton ?? .default(Text("OK"))]
    }

    /// An alert with two buttons.
    public init(title: Text, message: Text? = nil, primaryButton: Alert.Button, secondaryButton: Alert.Button) {
        self.title = title
        self.message = message
        buttons = [primaryButton, secondaryButton]
    }
}

/// The deprecated description of a confirmation dialog.
public struct ActionSheet {
    public typealias Button = Alert.Button
    package let title: Text
    package let message: Text?
    package let buttons: [Alert.Button]

    /// A list of choices (by default only Cancel).
    public init(title: Text, message: Text? = nil, buttons: [ActionSheet.Button] = [.cancel()]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

/// The buttons of a deprecated alert or action sheet, as dialog buttons.
package struct LegacyDialogButtons: View {
    package let buttons: [Alert.Button]

    package var body: some View {
        ForEach(buttons.indices, id: \.self) { index in
            let button = buttons[index]
            let role: ButtonRole? =
                switch button.kind {
                case .plain: nil
                case .cancel: .cancel
                case .destructive: .destructive
                }
            Button(role: role, action: { button.action?() }) { button.label }
        }
    }

    package var suggestsPlainButton: Bool {
        buttons.contains { $0.kind == .cancel } && buttons.filter { $0.kind == .plain }.count == 1
    }
}

extension View {
    /// Presents the alert `content` describes while `isPresented` is true.
    @available(*, deprecated, message: "use alert(_:isPresented:actions:message:)")
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View {
        legacyDialog(.alert, shown: isPresented.wrappedValue ? content() : nil) { isPresented.wrappedValue = false }
    }

    /// Presents the alert `content` describes for `item` while it is not nil.
    @available(*, deprecated, message: "use alert(_:isPresented:presenting:actions:message:)")
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> some View {
        legacyDialog(.alert, shown: item.wrappedValue.map(content)) { item.wrappedValue = nil }
    }

    /// Presents the choices `content` describes while `isPresented` is true.
    @available(*, deprecated, message: "use confirmationDialog(_:isPresented:titleVisibility:actions:)")
    public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet) -> some View {
        let sheet = isPresented.wrappedValue ? content() : nil
        return legacyDialog(
            .confirmationDialog,
            shown: sheet.map { Alert(title: $0.title, message: $0.message, buttons: $0.buttons) }
        ) { isPresented.wrappedValue = false }
    }

    /// Presents the choices `content` describes for `item` while it is not nil.
    @available(*, deprecated, message: "use confirmationDialog(_:isPresented:titleVisibility:presenting:actions:)")
    public func actionSheet<T: Identifiable>(item: Binding<T?>, content: (T) -> ActionSheet) -> some View {
        let sheet = item.wrappedValue.map(content)
        return legacyDialog(
            .confirmationDialog,
            shown: sheet.map { Alert(title: $0.title, message: $0.message, buttons: $0.buttons) }
        ) { item.wrappedValue = nil }
    }

    package func legacyDialog(_ style: PresentationStyle, shown alert: Alert?, dismiss: @escaping @MainActor () -> Void)
        -> some View
    {
        let card = alert.map { alert in
            let buttons = LegacyDialogButtons(buttons: alert.buttons)
            return AnyView(
                DialogCard(
                    style: style, title: alert.title, message: alert.message.map { AnyView($0) },
                    buttons: AnyView(buttons), addsCancel: false, suggestsPlainButton: buttons.suggestsPlainButton))
        }
        return modifier(
            PresentationModifier {
                card.map { PresentationRequest(style: style, content: $0, dismiss: dismiss) }
            })
    }
}

extension Alert {
    package init(title: Text, message: Text?, buttons: [Alert.Button]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

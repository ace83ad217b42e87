import Foundation
@_spi(Engine) import UICore

extension View {
    /// Presents an alert with a title and the buttons of `actions` while `isPresented` is true (an OK button
    /// when there is none). Any button dismisses it; Escape runs the `.cancel` button (or just dismisses).
    public func alert<A: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> some View {
        dialog(.alert, title: Text(titleKey), isPresented: isPresented, actions: actions(), message: nil)
    }

    /// An alert titled `title`.
    public func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> some View {
        dialog(.alert, title: Text(title), isPresented: isPresented, actions: actions(), message: nil)
    }

    /// An alert titled with a `Text`.
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        dialog(.alert, title: title, isPresented: isPresented, actions: actions(), message: nil)
    }

    /// An alert with a message under its title.
    public func alert<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
        @ViewBuilder message: () -> M
    ) -> some View {
        dialog(.alert, title: Text(titleKey), isPresented: isPresented, actions: actions(), message: AnyView(message()))
    }

    /// An alert titled `title`, with a message.
    public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        dialog(.alert, title: Text(title), isPresented: isPresented, actions: actions(), message: AnyView(message()))
    }

    /// An alert titled with a `Text`, with a message.
    public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        dialog(.alert, title: title, isPresented: isPresented, actions: actions(), message: AnyView(message()))
    }

    /// An alert about `data`: shown while `isPresented` is true and `data` is not nil.
    public func alert<A: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A
    ) -> some View {
        dialog(.alert, title: Text(titleKey), isPresented: isPresented, actions: data.map(actions), message: nil)
    }

    /// An alert titled `title` about `data`.
    public func alert<S: StringProtocol, A: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> some View {
        dialog(.alert, title: Text(title), isPresented: isPresented, actions: data.map(actions), message: nil)
    }

    /// An alert about `data`, with a message about it.
    public func alert<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        dialog(
            .alert, title: Text(titleKey), isPresented: isPresented, actions: data.map(actions),
            message: data.map { AnyView(message($0)) })
    }

    /// An alert titled `title` about `data`, with a message about it.
    public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View {
        dialog(
            .alert, title: Text(title), isPresented: isPresented, actions: data.map(actions),
            message: data.map { AnyView(message($0)) })
    }

    /// An alert titled with a `Text` about `data`, with a message about it.
    public func alert<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View {
        dialog(
            .alert, title: title, isPresented: isPresented, actions: data.map(actions),
            message: data.map { AnyView(message($0)) })
    }

    /// Presents a list of choices while `isPresented` is true: a card over the dimmed window, a bottom sheet on
    /// narrow windows; a Cancel button is added when no button has the `.cancel` role.
    public func confirmationDialog<A: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        dialog(
            .confirmationDialog, title: Text(titleKey), titleVisibility: titleVisibility, isPresented: isPresented,
            actions: actions(), message: nil)
    }

    /// A confirmation dialog titled `title`.
    public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        dialog(
            .confirmationDialog, title: Text(title), titleVisibility: titleVisibility, isPresented: isPresented,
            actions: actions(), message: nil)
    }

    /// A confirmation dialog with a message.
    public func confirmationDialog<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        dialog(
            .confirmationDialog, title: Text(titleKey), titleVisibility: titleVisibility, isPresented: isPresented,
            actions: actions(), message: AnyView(message()))
    }

    /// A confirmation dialog titled `title`, with a message.
    public func confirmationDialog<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        dialog(
            .confirmationDialog, title: Text(title), titleVisibility: titleVisibility, isPresented: isPresented,
            actions: actions(), message: AnyView(message()))
    }

    /// A confirmation dialog about `data`: shown while `isPresented` is true and `data` is not nil.
    public func confirmationDialog<A: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> some View {
        dialog(
            .confirmationDialog, title: Text(titleKey), titleVisibility: titleVisibility, isPresented: isPresented,
            actions: data.map(actions), message: nil)
    }

    /// A confirmation dialog about `data`, with a message about it.
    public func confirmationDialog<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        dialog(
            .confirmationDialog, title: Text(titleKey), titleVisibility: titleVisibility, isPresented: isPresented,
            actions: data.map(actions), message: data.map { AnyView(message($0)) })
    }

    /// An alert or confirmation dialog: shown while `isPresented` is true and there are `actions` (presenting
    /// variants pass nil while their data is nil).
    package func dialog<A: View>(
        _ style: PresentationStyle, title: Text, titleVisibility: Visibility = .visible, isPresented: Binding<Bool>,
        actions: A?, message: AnyView?
    ) -> some View {
        let roles = actions.map { DialogButtonRoles(of: $0) } ?? DialogButtonRoles()
        let showsTitle =
            switch titleVisibility {
            case .visible: true
            case .hidden: false
            case .automatic: style == .alert || message != nil
            }
        let card: AnyView? = actions.map { actions in
            let buttons =
                A.self == EmptyView.self ? AnyView(Button("OK") {}) : AnyView(actions)
            return AnyView(
                DialogCard(
                    style: style, title: showsTitle ? title : nil, message: message, buttons: buttons,
                    addsCancel: style == .confirmationDialog && !roles.hasCancel,
                    suggestsPlainButton: roles.suggestsPlainButton))
        }
        return modifier(
            PresentationModifier {
                guard isPresented.wrappedValue, let card else { return nil }
                return PresentationRequest(style: style, content: card, dismiss: { isPresented.wrappedValue = false })
            })
    }
}

/// The roles of the buttons written in a dialog's actions (found by looking into the view values: buttons made
/// by a `ForEach` are not seen).
@MainActor package struct DialogButtonRoles {
    package private(set) var roles: [ButtonRole?] = []

    package init() {}

    package init(of actions: Any) {
        collect(actions, depth: 0)
    }

    private mutating func collect(_ value: Any, depth: Int) {
        if let button = value as? any DialogRoleReporting {
            roles.append(button.dialogRole)
            return
        }
        guard depth < 8 else { return }
        for child in Mirror(reflecting: value).children { collect(child.value, depth: depth + 1) }
    }

    package var hasCancel: Bool { roles.contains(.cancel) }

    /// libadwaita suggests the one affirmative response beside a cancel: a lone plain button with a cancel.
    package var suggestsPlainButton: Bool { hasCancel && roles.filter { $0 == nil }.count == 1 }
}

/// A button, as a dialog sees it.
@MainActor package protocol DialogRoleReporting {
    var dialogRole: ButtonRole? { get }
}

/// What a button inside an alert or confirmation dialog does besides its action.
package struct DialogButtonContext {
    /// Closes the dialog (every button does, after its action).
    package var dismiss: @MainActor () -> Void
    /// Whether a plain (role-less) button is the suggested response (accent coloured, Return).
    package var suggestsPlainButton: Bool
}

package struct DialogButtonContextKey: EnvironmentKey { package static var defaultValue: DialogButtonContext? { nil } }

extension EnvironmentValues {
    package var dialogButtonContext: DialogButtonContext? {
        get { self[DialogButtonContextKey.self] }
        set { self[DialogButtonContextKey.self] = newValue }
    }
}

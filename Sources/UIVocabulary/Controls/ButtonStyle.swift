import Foundation
@_spi(Engine) import UICore

/// A look for buttons that keeps the standard interaction: the style draws the label given whether the
/// button is pressed; pressing, cancelling and the action are the button's.
@MainActor @preconcurrency
public protocol ButtonStyle {
    /// The view a button becomes.
    associatedtype Body: View
    /// The properties of the button being styled.
    typealias Configuration = ButtonStyleConfiguration
    /// The button's look for `configuration`.
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// What a `ButtonStyle` draws: the button's label, whether it is pressed, its role.
public struct ButtonStyleConfiguration {
    /// The button's label, type-erased.
    public struct Label: View {
        package let content: AnyView
        package init<V: View>(_ view: V) { content = AnyView(view) }
        public var body: Never { primitiveViewBody(Self.self) }
        public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
            makeNodes(view.content, into: builder)
        }
        public static func _makeViewList(_ view: Self) -> _ViewList { _viewList(of: view.content) }
        public static var _viewListCount: Int? { nil }
    }
    /// The button's role, if any.
    public let role: ButtonRole?
    /// The button's label.
    public let label: ButtonStyleConfiguration.Label
    /// Whether a pointer or finger is pressing the button (and is inside it).
    public let isPressed: Bool
}

/// A style that defines both the look and the interaction of buttons: its body calls
/// `configuration.trigger()` when the button should act (`.onTapGesture { configuration.trigger() }`).
/// The built-in styles (`.automatic`, `.bordered`, `.borderedProminent`, `.borderless`, `.plain`) are primitive.
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {
    /// The view a button becomes.
    associatedtype Body: View
    /// The properties of the button being styled.
    typealias Configuration = PrimitiveButtonStyleConfiguration
    /// The button for `configuration`.
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// What a `PrimitiveButtonStyle` builds from: the label, the role, and the trigger of the action.
public struct PrimitiveButtonStyleConfiguration {
    /// The button's label, type-erased.
    public typealias Label = ButtonStyleConfiguration.Label
    /// The button's role, if any.
    public let role: ButtonRole?
    /// The button's label.
    public let label: PrimitiveButtonStyleConfiguration.Label
    package let isEnabled: Bool
    package let action: @MainActor () -> Void

    package init(role: ButtonRole?, label: Label, isEnabled: Bool, action: @escaping @MainActor () -> Void) {
        self.role = role
        self.label = label
        self.isEnabled = isEnabled
        self.action = action
    }

    /// Runs the button's action (nothing when the button is disabled).
    @MainActor public func trigger() {
        if isEnabled { action() }
    }
}

/// A primitive button style, type-erased (what the environment carries).
package struct AnyPrimitiveButtonStyle {
    package let makeBody: @MainActor (PrimitiveButtonStyleConfiguration) -> AnyView

    @MainActor package init<S: PrimitiveButtonStyle>(_ style: S) {
        makeBody = { AnyView(style.makeBody(configuration: $0)) }
    }

    /// A `ButtonStyle`: its look inside the standard press tracking.
    @MainActor package init<S: ButtonStyle>(_ style: S) {
        makeBody = { configuration in
            AnyView(
                PressableButton(configuration: configuration) { pressed in
                    style.makeBody(
                        configuration: ButtonStyleConfiguration(
                            role: configuration.role, label: configuration.label,
                            isPressed: pressed))
                })
        }
    }
}

package struct PrimitiveButtonStyleKey: EnvironmentKey {
    package static var defaultValue: AnyPrimitiveButtonStyle? { nil }
}

extension EnvironmentValues {
    /// The style of buttons in this view (`nil`: `.automatic`).
    package var primitiveButtonStyle: AnyPrimitiveButtonStyle? {
        get { self[PrimitiveButtonStyleKey.self] }
        set { self[PrimitiveButtonStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of buttons in this view; the standard press interaction stays.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment(\.primitiveButtonStyle, AnyPrimitiveButtonStyle(style))
    }
    /// Sets the look and interaction of buttons in this view.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        environment(\.primitiveButtonStyle, AnyPrimitiveButtonStyle(style))
    }
}

/// The standard interaction around a look: pressed while a pointer or finger that went down on it stays
/// inside; the action at the release inside (`ButtonPressGesture`).
package struct PressableButton<Look: View>: View {
    package let configuration: PrimitiveButtonStyleConfiguration
    package let look: @MainActor (Bool) -> Look
    @State private var isPressed = false

    package var body: some View {
        let pressed = $isPressed
        let configuration = configuration
        look(isPressed && configuration.isEnabled)
            .gesture(
                ButtonPressGesture(onPressedChange: { pressed.wrappedValue = $0 }, action: { configuration.trigger() }),
                including: configuration.isEnabled ? .all : .subviews)
    }
}

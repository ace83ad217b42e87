import Foundation
@_spi(Engine) import UICore

/// A look and interaction for toggles: the style draws the label and the control, and flips
/// `configuration.isOn` when the control is used. Focus and the Space key are the toggle's own.
@MainActor @preconcurrency
public protocol ToggleStyle {
    /// The view a toggle becomes.
    associatedtype Body: View
    /// The properties of the toggle being styled.
    typealias Configuration = ToggleStyleConfiguration
    /// The toggle for `configuration`.
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// What a `ToggleStyle` builds from: the label, the state (settable) and whether it is mixed.
public struct ToggleStyleConfiguration {
    /// The toggle's label, type-erased.
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
    /// The toggle's label.
    public let label: ToggleStyleConfiguration.Label
    /// Whether the toggle is on; setting it (`configuration.isOn.toggle()`) writes the toggle's binding.
    @Binding public var isOn: Bool
    /// Whether a toggle over several sources has some of them on and some off.
    public var isMixed: Bool

    package init(label: Label, isOn: Binding<Bool>, isMixed: Bool) {
        self.label = label
        _isOn = isOn
        self.isMixed = isMixed
    }
}

/// A toggle style, type-erased (what the environment carries).
package struct AnyToggleStyle {
    package let makeBody: @MainActor (ToggleStyleConfiguration) -> AnyView

    @MainActor package init<S: ToggleStyle>(_ style: S) {
        makeBody = { AnyView(style.makeBody(configuration: $0)) }
    }
}

package struct ToggleStyleKey: EnvironmentKey { package static var defaultValue: AnyToggleStyle? { nil } }

extension EnvironmentValues {
    /// The style of toggles in this view (`nil`: `.automatic`).
    package var toggleStyle: AnyToggleStyle? {
        get { self[ToggleStyleKey.self] }
        set { self[ToggleStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look and interaction of toggles in this view.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        environment(\.toggleStyle, AnyToggleStyle(style))
    }
}

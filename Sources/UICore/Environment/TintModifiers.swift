import Foundation

package struct TintKey: EnvironmentKey { package static var defaultValue: Color? { nil } }
package struct AppAccentColorKey: EnvironmentKey { package static var defaultValue: Color? { nil } }

extension EnvironmentValues {
    /// The tint set with `tint(_:)`: the accent of controls and of `Color.accentColor` inside the view.
    package var tint: Color? {
        get { self[TintKey.self] }
        set { self[TintKey.self] = newValue }
    }
    /// The app's accent colour (its asset catalog's `AccentColor`): the host sets it on the window's root.
    package var appAccentColor: Color? {
        get { self[AppAccentColorKey.self] }
        set { self[AppAccentColorKey.self] = newValue }
    }
}

extension View {
    /// Tints the controls in this view (prominent buttons, switches, checkboxes, sliders, links) and
    /// `Color.accentColor` with `tint` (`nil`: the app's accent).
    public func tint(_ tint: Color?) -> some View { environment(\.tint, tint) }
    /// Tints the controls in this view with a style; a colour is used as it is, other styles keep the accent.
    @_disfavoredOverload
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View { environment(\.tint, tint as? Color) }
}

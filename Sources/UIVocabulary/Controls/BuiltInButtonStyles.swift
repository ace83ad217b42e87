import Foundation
@_spi(Engine) import UICore

// The built-in button looks, close to GNOME's and macOS's: a rounded grey bezel, accent blue for the
// prominent button, red for destructive roles; a pressed button darkens (bezels) or dims (bare labels);
// a disabled one is drawn at reduced opacity.

/// The platform's default: a bordered button.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        BorderedButtonStyle().makeBody(configuration: configuration)
    }
}

/// A rounded grey bezel around the label.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        PressableButton(configuration: configuration) { pressed in
            BezelButtonLook(
                label: configuration.label, role: configuration.role, isPressed: pressed, isProminent: false)
        }
    }
}

/// A rounded bezel in the accent colour, the label in white: the one button to press.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        PressableButton(configuration: configuration) { pressed in
            BezelButtonLook(label: configuration.label, role: configuration.role, isPressed: pressed, isProminent: true)
        }
    }
}

/// The label alone, in the accent colour (red for destructive roles); it dims while pressed.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        PressableButton(configuration: configuration) { pressed in
            BareButtonLook(
                label: configuration.label, tint: configuration.role == .destructive ? .red : .accentColor,
                isPressed: pressed)
        }
    }
}

/// The label as it is; it dims while pressed.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        PressableButton(configuration: configuration) { pressed in
            BareButtonLook(label: configuration.label, tint: nil, isPressed: pressed)
        }
    }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// The platform's default look (bordered).
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// A rounded grey bezel.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// A rounded bezel in the accent colour.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// The label in the accent colour, no bezel.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// The label as it is, no bezel.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

/// The bezel looks (bordered, bordered prominent).
package struct BezelButtonLook: View {
    package let label: ButtonStyleConfiguration.Label
    package let role: ButtonRole?
    package let isPressed: Bool
    package let isProminent: Bool
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    /// The tint (by default GNOME's accent blue, #3584e4) and destructive red (#e01b24); pressed: darker.
    package static func prominentFill(destructive: Bool, pressed: Bool) -> Color {
        let darken = pressed ? 0.78 : 1
        return destructive
            ? Color(red: 0.878 * darken, green: 0.106 * darken, blue: 0.141 * darken)
            : Color.controlAccent.scaled(by: darken)
    }

    package static func plainFill(dark: Bool, pressed: Bool) -> Color {
        dark ? Color(white: pressed ? 0.42 : 0.32) : Color(white: pressed ? 0.74 : 0.87)
    }

    package var body: some View {
        let destructive = role == .destructive
        let fill =
            isProminent
            ? Self.prominentFill(destructive: destructive, pressed: isPressed)
            : Self.plainFill(dark: colorScheme == .dark, pressed: isPressed)
        let foreground: Color = isProminent ? .white : destructive ? .red : .primary
        label
            .foregroundColor(foreground)
            .padding(.horizontal, 12)
            .padding(.vertical, 6)
            .background(RoundedRectangle(cornerRadius: 6).fill(fill))
            .opacity(isEnabled ? 1 : 0.45)
    }
}

/// The bare looks (borderless, plain): the label, tinted or not, dimmed while pressed or disabled.
package struct BareButtonLook: View {
    package let label: ButtonStyleConfiguration.Label
    package let tint: Color?
    package let isPressed: Bool
    @Environment(\.isEnabled) private var isEnabled

    package var body: some View {
        label
            .modifier(_EnvironmentTransformModifier { if let tint { $0.foregroundStyle = AnyShapeStyle(tint) } })
            .opacity(isEnabled ? (isPressed ? 0.55 : 1) : 0.45)
    }
}

import Foundation
@_spi(Engine) import UICore

// The built-in toggle looks, close to GNOME's, iOS's and macOS's: a capsule switch (accent blue when on,
// grey when off, a white knob that springs across), a bezel button tinted when on, a macOS checkbox.
// A disabled toggle is drawn at reduced opacity, as disabled buttons are.

/// The platform's default: a switch.
public struct DefaultToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        SwitchToggleStyle().makeBody(configuration: configuration)
    }
}

/// The label at the leading edge, a capsule switch at the trailing edge (the toggle takes the width offered).
/// A click or tap on the capsule flips it; the label does not (as on iOS and macOS).
public struct SwitchToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        SwitchToggleLook(configuration: configuration)
    }
}

/// A bordered button showing the label: grey when off, accent blue (label in white) when on.
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        let isOn = configuration.$isOn
        Button {
            isOn.wrappedValue.toggle()
        } label: {
            configuration.label
        }
        .buttonStyle(ToggleButtonBezelStyle(isOn: configuration.isOn))
    }
}

/// macOS's checkbox: a small box (a check mark when on, a dash when mixed) then the label; a click or tap on
/// either flips it.
public struct CheckboxToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        CheckboxToggleLook(configuration: configuration)
    }
}

extension ToggleStyle where Self == DefaultToggleStyle {
    /// The platform's default look (a switch).
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}
extension ToggleStyle where Self == SwitchToggleStyle {
    /// A capsule switch.
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}
extension ToggleStyle where Self == ButtonToggleStyle {
    /// A button that shows whether it is on.
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}
extension ToggleStyle where Self == CheckboxToggleStyle {
    /// A checkbox.
    public static var checkbox: CheckboxToggleStyle { CheckboxToggleStyle() }
}

/// The fill of a control that is on (switch, checkbox, slider): the tint, else GNOME's accent blue (#3584e4), as
/// prominent buttons.
package let controlOnFill = Color.controlAccent

extension View {
    /// Flips `isOn` at a click or tap released inside, as a button's press (it gives way to a scroll or drag
    /// around it); nothing while disabled.
    package func togglesOnPress(_ isOn: Binding<Bool>, isEnabled: Bool) -> some View {
        gesture(
            ButtonPressGesture(onPressedChange: { _ in }, action: { isOn.wrappedValue.toggle() }),
            including: isEnabled ? .all : .subviews)
    }
}

package struct SwitchToggleLook: View {
    package let configuration: ToggleStyleConfiguration
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    package static let trackSize = CGSize(width: 48, height: 26)
    package static let knobDiameter: CGFloat = 22

    package var body: some View {
        let isOn = configuration.isOn
        let travel = (Self.trackSize.width - Self.trackSize.height) / 2
        let offFill = colorScheme == .dark ? Color(white: 0.36) : Color(white: 0.78)
        HStack {
            // The label first takes what it needs (the spacer only what is left), so it wraps only when it must.
            configuration.label.layoutPriority(1)
            Spacer()
            ZStack {
                Capsule().fill(isOn ? controlOnFill : offFill)
                Circle().fill(Color.white)
                    .frame(width: Self.knobDiameter, height: Self.knobDiameter)
                    .shadow(color: Color(white: 0, opacity: 0.25), radius: 1.5, y: 1)
                    .offset(x: isOn ? travel : -travel)
            }
            .frame(width: Self.trackSize.width, height: Self.trackSize.height)
            .animation(.spring(response: 0.25, dampingFraction: 0.85), value: isOn)
            .contentShape(Capsule())
            .togglesOnPress(configuration.$isOn, isEnabled: isEnabled)
        }
        .opacity(isEnabled ? 1 : 0.45)
    }
}

/// The bezel of a `.button` toggle: the prominent (accent) bezel when on, the grey one when off.
package struct ToggleButtonBezelStyle: ButtonStyle {
    package let isOn: Bool
    package func makeBody(configuration: Configuration) -> some View {
        BezelButtonLook(label: configuration.label, role: nil, isPressed: configuration.isPressed, isProminent: isOn)
    }
}

package struct CheckboxToggleLook: View {
    package let configuration: ToggleStyleConfiguration
    @Environment(\.isEnabled) private var isEnabled

    package static let boxSide: CGFloat = 16

    package var body: some View {
        let filled = configuration.isOn || configuration.isMixed
        HStack(spacing: 6) {
            ZStack {
                if filled {
                    RoundedRectangle(cornerRadius: 4).fill(controlOnFill)
                    CheckboxMark(isMixed: configuration.isMixed)
                        .stroke(Color.white, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
                } else {
                    RoundedRectangle(cornerRadius: 4).fill(Color.white)
                    RoundedRectangle(cornerRadius: 4).strokeBorder(Color(white: 0.6), lineWidth: 1)
                }
            }
            .frame(width: Self.boxSide, height: Self.boxSide)
            configuration.label
        }
        .contentShape(Rectangle())
        .togglesOnPress(configuration.$isOn, isEnabled: isEnabled)
        .opacity(isEnabled ? 1 : 0.45)
    }
}

/// A check mark (on) or a dash (mixed) inside a checkbox.
package struct CheckboxMark: Shape {
    package let isMixed: Bool
    package func path(in rect: CGRect) -> Path {
        var path = Path()
        func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
            CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
        }
        if isMixed {
            path.move(to: point(0.27, 0.5))
            path.addLine(to: point(0.73, 0.5))
        } else {
            path.move(to: point(0.26, 0.52))
            path.addLine(to: point(0.43, 0.69))
            path.addLine(to: point(0.75, 0.32))
        }
        return path
    }
}

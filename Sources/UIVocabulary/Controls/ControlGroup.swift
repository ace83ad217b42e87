import Foundation
@_spi(Engine) import UICore

/// Controls shown together as one: GNOME's linked buttons, side by side in a rounded group with a hairline
/// between them. `.menu` and `.compactMenu` styles show them in a menu opened by the group's label instead.
public struct ControlGroup<Content: View>: View {
    package let content: Content
    package let label: AnyView?
    @Environment(\.controlGroupStyleIsMenu) private var isMenu

    /// Controls linked together.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        label = nil
    }

    /// Controls linked together, described by `label` (the menu's button in the menu styles).
    public init<C: View, L: View>(@ViewBuilder content: () -> C, @ViewBuilder label: () -> L)
    where Content == LabeledControlGroupContent<C, L> {
        let label = label()
        self.content = LabeledControlGroupContent(content: content(), label: label)
        self.label = AnyView(label)
    }

    public var body: some View {
        if isMenu, let label {
            Menu {
                content
            } label: {
                label
            }
        } else {
            HStack(spacing: 1) {
                content.buttonStyle(LinkedButtonStyle())
            }
            .fixedSize(horizontal: false, vertical: true)
            .clipShape(RoundedRectangle(cornerRadius: 6))
        }
    }
}

/// The content of a labelled control group: its controls (the label goes to the menu styles).
public struct LabeledControlGroupContent<Content: View, Label: View>: View {
    package let content: Content
    package let label: Label
    public var body: some View { content }
}

extension ControlGroup {
    /// Controls linked together, titled with the text of `titleKey`.
    public init<C: View>(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> C)
    where Content == LabeledControlGroupContent<C, Text> {
        self.init(content: content) { Text(titleKey) }
    }
    /// Controls linked together, titled `title`.
    @_disfavoredOverload
    public init<C: View, S: StringProtocol>(_ title: S, @ViewBuilder content: () -> C)
    where Content == LabeledControlGroupContent<C, Text> {
        self.init(content: content) { Text(title) }
    }
    /// Controls linked together, titled with the text of `titleKey` and a symbol.
    public init<C: View>(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> C)
    where Content == LabeledControlGroupContent<C, Label<Text, Image>> {
        self.init(content: content) { Label(titleKey, systemImage: systemImage) }
    }
}

/// One button of a linked group: the bordered button's grey fill, without its own rounding.
package struct LinkedButtonStyle: PrimitiveButtonStyle {
    package func makeBody(configuration: Configuration) -> some View {
        PressableButton(configuration: configuration) { pressed in
            LinkedButtonLook(label: configuration.label, role: configuration.role, isPressed: pressed)
        }
    }
}

package struct LinkedButtonLook: View {
    package let label: ButtonStyleConfiguration.Label
    package let role: ButtonRole?
    package let isPressed: Bool
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        label
            .foregroundColor(role == .destructive ? .red : .primary)
            .opacity(isEnabled ? 1 : 0.45)
            .padding(.horizontal, 12)
            .frame(minWidth: 34, maxHeight: .infinity)
            .padding(.vertical, 6)
            .background(BezelButtonLook.plainFill(dark: colorScheme == .dark, pressed: isPressed))
    }
}

/// How a control group looks.
public protocol ControlGroupStyle {}

/// The platform's default: linked buttons.
public struct AutomaticControlGroupStyle: ControlGroupStyle {
    public init() {}
}
/// Linked buttons, as in a toolbar.
public struct NavigationControlGroupStyle: ControlGroupStyle {
    public init() {}
}
/// Linked buttons (a palette of choices).
public struct PaletteControlGroupStyle: ControlGroupStyle {
    public init() {}
}
/// A menu of the controls, opened by the group's label.
public struct MenuControlGroupStyle: ControlGroupStyle {
    public init() {}
}
/// A menu of the controls, opened by the group's label (drawn as `.menu`).
public struct CompactMenuControlGroupStyle: ControlGroupStyle {
    public init() {}
}

extension ControlGroupStyle where Self == AutomaticControlGroupStyle {
    public static var automatic: AutomaticControlGroupStyle { AutomaticControlGroupStyle() }
}
extension ControlGroupStyle where Self == NavigationControlGroupStyle {
    public static var navigation: NavigationControlGroupStyle { NavigationControlGroupStyle() }
}
extension ControlGroupStyle where Self == PaletteControlGroupStyle {
    public static var palette: PaletteControlGroupStyle { PaletteControlGroupStyle() }
}
extension ControlGroupStyle where Self == MenuControlGroupStyle {
    public static var menu: MenuControlGroupStyle { MenuControlGroupStyle() }
}
extension ControlGroupStyle where Self == CompactMenuControlGroupStyle {
    public static var compactMenu: CompactMenuControlGroupStyle { CompactMenuControlGroupStyle() }
}

package struct ControlGroupStyleIsMenuKey: EnvironmentKey { package static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// Whether control groups here show their controls in a menu.
    package var controlGroupStyleIsMenu: Bool {
        get { self[ControlGroupStyleIsMenuKey.self] }
        set { self[ControlGroupStyleIsMenuKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of the control groups in this view.
    public func controlGroupStyle<S: ControlGroupStyle>(_ style: S) -> some View {
        environment(\.controlGroupStyleIsMenu, style is MenuControlGroupStyle || style is CompactMenuControlGroupStyle)
    }
}

// MARK: GroupBox

/// A box around related views, with an optional label above them: a rounded card on a faint fill.
public struct GroupBox<Label: View, Content: View>: View {
    package let label: Label
    package let content: Content
    @Environment(\.colorScheme) private var colorScheme

    /// A box of `content` titled by `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    /// A box of `content` titled by `label` (the older spelling).
    @available(*, deprecated, renamed: "init(content:label:)")
    public init(label: Label, @ViewBuilder content: () -> Content) {
        self.init(content: content) { label }
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            label.font(.headline)
            content
        }
        .padding(12)
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(
            RoundedRectangle(cornerRadius: 12).fill(
                colorScheme == .dark ? Color(white: 1, opacity: 0.08) : Color(white: 0, opacity: 0.05)))
    }
}

extension GroupBox where Label == EmptyView {
    /// A box of `content` without a label.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content) { EmptyView() }
    }
}

extension GroupBox where Label == Text {
    /// A box of `content` titled with the text of `titleKey`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }
    /// A box of `content` titled `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

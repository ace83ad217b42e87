import Foundation
@_spi(Engine) import UICore

/// A control that shows a menu of actions in a popup.
///
/// In a window it is a button with its label and a chevron; a click (or Space or Return when focused) opens
/// the menu below it (flipped above or slid sideways by the compositor where it would not fit). Inside a
/// menu it is a row with a chevron that opens a submenu beside it. The content's `Button`s become rows
/// (a destructive one red); `Divider`s separate them; nested `Menu`s are submenus. Choosing a row closes
/// every menu of the chain, then runs its action. With `primaryAction`, a click runs that action and the
/// chevron or a long press opens the menu.
public struct Menu<Label: View, Content: View>: View {
    package let label: Label
    package let content: Content
    package let primaryAction: (@MainActor () -> Void)?
    @State private var isOpen = false
    @Environment(\.popupContext) private var popupContext
    @Environment(\.menuButtonStyle) private var style

    /// A menu of `content`, shown by a button labelled `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
        primaryAction = nil
    }

    /// A menu whose button runs `primaryAction`; the menu opens from its chevron or a long press.
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label,
        primaryAction: @escaping @MainActor () -> Void
    ) {
        self.content = content()
        self.label = label()
        self.primaryAction = primaryAction
    }

    public var body: some View {
        let open = $isOpen
        if let popupContext, popupContext.isMenu {
            MenuRow(label: label, checked: nil, trailingSymbol: "chevron.right", opensSubmenu: true) {
                open.wrappedValue = true
            }
            .popupPresentation { _ in open.wrappedValue ? menuRequest(submenu: true) : nil }
        } else {
            button.popupPresentation { _ in open.wrappedValue ? menuRequest(submenu: false) : nil }
        }
    }

    @ViewBuilder private var button: some View {
        let open = $isOpen
        let chevron = Image(systemName: "chevron.down").imageScale(.small)
        if let primaryAction {
            HStack(spacing: 0) {
                Button(action: primaryAction) { label }
                    .simultaneousGesture(
                        LongPressGesture(minimumDuration: 0.5).onEnded { _ in open.wrappedValue = true })
                Button {
                    open.wrappedValue = true
                } label: {
                    chevron
                }
            }
            .applyMenuButtonStyle(style)
        } else {
            Button {
                open.wrappedValue = true
            } label: {
                HStack(spacing: 6) {
                    label
                    chevron
                }
            }
            .applyMenuButtonStyle(style)
        }
    }

    private func menuRequest(submenu: Bool) -> PopupRequest {
        let open = $isOpen
        // A submenu's first row lines up with the row that opened it.
        let positioning =
            submenu
            ? PopupPositioning(
                anchorRect: .zero, anchor: .topRight, gravity: .bottomRight,
                offset: CGSize(width: 0, height: -PopupChrome.menuVerticalPadding))
            : PopupPositioning(
                anchorRect: .zero, anchor: .bottomLeft, gravity: .bottomRight, offset: CGSize(width: 0, height: 4))
        return PopupRequest(
            kind: .menu, positioning: positioning, content: AnyView(MenuContent(content: content)),
            close: { open.wrappedValue = false })
    }
}

extension Menu where Label == Text {
    /// A menu labelled with the text of `titleKey`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }
    /// A menu labelled with `title`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
    /// A menu labelled with the text of `titleKey` whose button runs `primaryAction`.
    public init(
        _ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content,
        primaryAction: @escaping @MainActor () -> Void
    ) {
        self.init(content: content, label: { Text(titleKey) }, primaryAction: primaryAction)
    }
    /// A menu labelled with `title` whose button runs `primaryAction`.
    public init<S: StringProtocol>(
        _ title: S, @ViewBuilder content: () -> Content, primaryAction: @escaping @MainActor () -> Void
    ) {
        self.init(content: content, label: { Text(title) }, primaryAction: primaryAction)
    }
}

extension Menu where Label == UIVocabulary.Label<Text, Image> {
    /// A menu labelled with the text of `titleKey` and a symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { UIVocabulary.Label(titleKey, systemImage: systemImage) }
    }
    /// A menu labelled with `title` and a symbol.
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { UIVocabulary.Label(title, systemImage: systemImage) }
    }
}

/// A menu's rows, one above the other, as wide as the widest.
package struct MenuContent<Content: View>: View {
    package let content: Content
    package var body: some View {
        MenuColumn { content }
    }
}

/// Lays rows out top to bottom at the width of the widest row's ideal width (at least `minimumWidth`), whatever
/// is offered: a menu is as wide as its longest label, and every row's highlight spans it.
package struct MenuColumn: Layout {
    package static var minimumWidth: CGFloat { 160 }

    package func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let width = max(Self.minimumWidth, subviews.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0)
        let height = subviews.reduce(0) { $0 + $1.sizeThatFits(ProposedViewSize(width: width, height: nil)).height }
        return CGSize(width: width, height: height)
    }

    package func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var y = bounds.minY
        for subview in subviews {
            let height = subview.sizeThatFits(ProposedViewSize(width: bounds.width, height: nil)).height
            subview.place(
                at: CGPoint(x: bounds.minX, y: y), anchor: .topLeading,
                proposal: ProposedViewSize(width: bounds.width, height: height))
            y += height
        }
    }
}

/// One row of a menu: the label between a check column and a trailing symbol, highlighted while the pointer
/// is over it or the keyboard is on it; a click, Return or Space chooses it (Right too, for a submenu).
package struct MenuRow<RowLabel: View>: View {
    package let label: RowLabel
    /// `nil`: no check column; otherwise whether the checkmark shows (pickers and toggles in menus).
    package let checked: Bool?
    package var trailingSymbol: String? = nil
    package var opensSubmenu = false
    package var role: ButtonRole? = nil
    package let action: @MainActor () -> Void
    @FocusState private var isFocused: Bool
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    package static var rowHeight: CGFloat { 28 }
    package static var destructive: Color { Color(red: 0.88, green: 0.11, blue: 0.14) }

    package var body: some View {
        let action = self.action
        let enabled = isEnabled
        let opensSubmenu = self.opensSubmenu
        let focused = $isFocused
        HStack(spacing: 8) {
            if let checked {
                Image(systemName: "checkmark").imageScale(.small).opacity(checked ? 1 : 0)
            }
            label.lineLimit(1)
            Spacer(minLength: 24)
            if let trailingSymbol { Image(systemName: trailingSymbol).imageScale(.small) }
        }
        .padding(.horizontal, 12)
        .frame(maxWidth: .infinity, minHeight: Self.rowHeight, alignment: .leading)
        .foregroundStyle(role == .destructive ? Self.destructive : enabled ? Color.primary : Color.secondary)
        .background(
            RoundedRectangle(cornerRadius: 6).fill(
                isFocused && enabled ? AdwaitaPalette.rowHighlight(dark: colorScheme == .dark) : Color.clear
            ).padding(
                .horizontal, 6)
        )
        .contentShape(Rectangle())
        .focusable(enabled)
        .focusEffectDisabled()
        .focused($isFocused)
        .onHover { inside in
            if inside { focused.wrappedValue = true } else if focused.wrappedValue { focused.wrappedValue = false }
        }
        .onKeyPress(phases: .down) { press in
            guard enabled else { return .ignored }
            if press.key == .return || press.key == .space || (opensSubmenu && press.key == .rightArrow) {
                action()
                return .handled
            }
            return .ignored
        }
        .gesture(ButtonPressGesture(onPressedChange: { _ in }, action: { if enabled { action() } }))
    }
}

/// How a `Menu` in a window draws its button.
public protocol MenuStyle {}

/// The platform's menu button: a bordered button.
public struct DefaultMenuStyle: MenuStyle {
    public init() {}
}

/// A menu drawn as a bordered button.
public struct ButtonMenuStyle: MenuStyle {
    public init() {}
}

/// A menu drawn as a borderless button.
public struct BorderlessButtonMenuStyle: MenuStyle {
    public init() {}
}

extension MenuStyle where Self == DefaultMenuStyle {
    public static var automatic: DefaultMenuStyle { DefaultMenuStyle() }
}

extension MenuStyle where Self == ButtonMenuStyle {
    public static var button: ButtonMenuStyle { ButtonMenuStyle() }
}

extension MenuStyle where Self == BorderlessButtonMenuStyle {
    public static var borderlessButton: BorderlessButtonMenuStyle { BorderlessButtonMenuStyle() }
}

package struct MenuButtonStyleKey: EnvironmentKey { package static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// Whether menus in this view draw borderless buttons.
    package var menuButtonStyle: Bool {
        get { self[MenuButtonStyleKey.self] }
        set { self[MenuButtonStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets how menus in this view draw their button.
    public func menuStyle<S: MenuStyle>(_ style: S) -> some View {
        environment(\.menuButtonStyle, style is BorderlessButtonMenuStyle)
    }

    @ViewBuilder fileprivate func applyMenuButtonStyle(_ borderless: Bool) -> some View {
        if borderless { buttonStyle(.borderless) } else { self }
    }
}

import Foundation
@_spi(Engine) import UICore

/// Views shown one at a time, chosen in a tab bar drawn as GNOME's view switcher (at the top, in a header-bar
/// strip; at the bottom on narrow windows), or, with `.tabViewStyle(.page)`, pages swiped sideways by a finger
/// or a mouse drag. Every tab keeps its state while another one shows. Ctrl+Page Up/Down and Ctrl+(Shift+)Tab
/// move between tabs.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    package let selection: Binding<SelectionValue>?
    package let content: Content
    @State private var ownSelection: AnyHashable?
    @State private var model = TabSelectionModel()
    @Environment(\.tabViewStyleKind) private var style

    /// A tab view whose selected tab is the one whose `tag` (or `Tab` value) is `selection`.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    public var body: some View {
        let selection = self.selection
        let ownSelection = $ownSelection
        let model = self.model
        let selected: AnyHashable? = selection.map { AnyHashable($0.wrappedValue) } ?? ownSelection.wrappedValue
        model.select = { value in
            if let selection {
                if let typed = value.base as? SelectionValue { selection.wrappedValue = typed }
            } else {
                ownSelection.wrappedValue = value
            }
        }
        return TabContainer(content: AnyView(content), selected: selected, style: style, model: model)
            .onKeyPress(keys: [.pageUp, .pageDown, .tab]) { press in
                guard press.modifiers.contains(.control) || press.modifiers.contains(.command) else {
                    return .ignored
                }
                let forward = press.key == .pageDown || (press.key == .tab && !press.modifiers.contains(.shift))
                return model.step(forward: forward) ? .handled : .ignored
            }
    }
}

extension TabView where SelectionValue == Int {
    /// A tab view that keeps its own selection (the first tab at first).
    public init(@ViewBuilder content: () -> Content) {
        self.init(selection: nil, content: content)
    }
}

/// What the tab view's key handler and the bar need: the tabs' values in order, the one showing, and how to
/// choose another.
@MainActor
package final class TabSelectionModel {
    package var values: [AnyHashable] = []
    package var selectedIndex = 0
    package var select: @MainActor (AnyHashable) -> Void = { _ in }

    /// Selects the next (or previous) tab, wrapping around; false with fewer than two tabs.
    package func step(forward: Bool) -> Bool {
        guard values.count > 1 else { return false }
        let next = (selectedIndex + (forward ? 1 : values.count - 1)) % values.count
        select(values[next])
        return true
    }
}

extension View {
    /// The label of this view's tab in a tab view's bar (usually a `Label`).
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        layoutValue(key: TabItemKey.self, value: TabItemLabel(view: AnyView(label())))
    }

    /// How a tab view inside shows its tabs: `.automatic` (a tab bar) or `.page` (swiped pages).
    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        environment(\.tabViewStyleKind, (style as? any BuiltInTabViewStyle)?.kind ?? .tabBar)
    }

    /// How a paged tab view draws its page dots (`.page(backgroundDisplayMode: .always)`: on a dark capsule).
    public func indexViewStyle<S: IndexViewStyle>(_ style: S) -> some View {
        environment(\.pageIndexBackground, (style as? PageIndexViewStyle)?.showsBackground ?? false)
    }
}

/// A tab item's label, kept on the tab as a layout value.
package struct TabItemLabel {
    package let view: AnyView
}

package enum TabItemKey: LayoutValueKey {
    package static var defaultValue: TabItemLabel? { nil }
}

// MARK: Tab

/// One tab of a tab view: its content, the value that selects it and its label in the bar.
public struct Tab<Value: Hashable, Content: View, Label: View>: View {
    package let value: Value?
    package let content: Content
    package let label: Label

    public var body: some View {
        let tagged = content.tabItem { label }
        if let value {
            tagged.tag(value)
        } else {
            tagged
        }
    }
}

extension Tab where Label == DefaultTabLabel {
    /// A tab titled `titleKey` with a system image, selected by `value`.
    public init(
        _ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content
    ) {
        self.init(
            value: value, content: content(), label: DefaultTabLabel(title: Text(titleKey), icon: .system(systemImage)))
    }

    /// A tab titled `title` with a system image, selected by `value`.
    public init<S: StringProtocol>(
        _ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content
    ) {
        self.init(
            value: value, content: content(), label: DefaultTabLabel(title: Text(title), icon: .system(systemImage)))
    }

    /// A tab titled `titleKey` with an image from the app's resources, selected by `value`.
    public init(_ titleKey: LocalizedStringKey, image: String, value: Value, @ViewBuilder content: () -> Content) {
        self.init(value: value, content: content(), label: DefaultTabLabel(title: Text(titleKey), icon: .named(image)))
    }
}

extension Tab where Value == Never, Label == DefaultTabLabel {
    /// A tab titled `titleKey` with a system image, in a tab view without a selection binding.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(
            value: nil, content: content(), label: DefaultTabLabel(title: Text(titleKey), icon: .system(systemImage)))
    }
}

extension Tab {
    /// A tab selected by `value`, with its own label.
    public init(value: Value, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.init(value: value, content: content(), label: label())
    }
}

extension Tab where Label == EmptyView {
    /// A tab selected by `value`, without a label.
    public init(value: Value, @ViewBuilder content: () -> Content) {
        self.init(value: value, content: content(), label: EmptyView())
    }
}

/// A tab's title and icon, as the bar shows them.
public struct DefaultTabLabel: View {
    package enum Icon {
        case system(String)
        case named(String)
    }
    package let title: Text
    package let icon: Icon

    public var body: some View {
        switch icon {
        case .system(let name):
            Label {
                title
            } icon: {
                Image(systemName: name)
            }
        case .named(let name):
            Label {
                title
            } icon: {
                Image(name)
            }
        }
    }
}

// MARK: Styles

package enum TabViewStyleKind: Equatable {
    case tabBar
    case page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode)
}

package struct TabViewStyleKey: EnvironmentKey { package static var defaultValue: TabViewStyleKind { .tabBar } }
package struct PageIndexBackgroundKey: EnvironmentKey { package static var defaultValue: Bool { false } }

extension EnvironmentValues {
    package var tabViewStyleKind: TabViewStyleKind {
        get { self[TabViewStyleKey.self] }
        set { self[TabViewStyleKey.self] = newValue }
    }
    package var pageIndexBackground: Bool {
        get { self[PageIndexBackgroundKey.self] }
        set { self[PageIndexBackgroundKey.self] = newValue }
    }
}

/// How a tab view shows its tabs.
public protocol TabViewStyle {}

/// The built-in tab view styles, as the tab view reads them.
package protocol BuiltInTabViewStyle {
    var kind: TabViewStyleKind { get }
}

/// A tab bar (GNOME's view switcher).
public struct DefaultTabViewStyle: TabViewStyle, BuiltInTabViewStyle {
    public init() {}
    package var kind: TabViewStyleKind { .tabBar }
}

/// Pages side by side, swiped by a finger or a mouse drag, with page dots.
public struct PageTabViewStyle: TabViewStyle, BuiltInTabViewStyle {
    /// When the page dots show.
    public struct IndexDisplayMode: Equatable, Sendable {
        package let shows: Bool?
        /// With more than one page.
        public static let automatic = IndexDisplayMode(shows: nil)
        public static let always = IndexDisplayMode(shows: true)
        public static let never = IndexDisplayMode(shows: false)
    }
    package let indexDisplayMode: IndexDisplayMode
    public init(indexDisplayMode: PageTabViewStyle.IndexDisplayMode = .automatic) {
        self.indexDisplayMode = indexDisplayMode
    }
    package var kind: TabViewStyleKind { .page(indexDisplayMode: indexDisplayMode) }
}

extension TabViewStyle where Self == DefaultTabViewStyle {
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}

extension TabViewStyle where Self == PageTabViewStyle {
    public static var page: PageTabViewStyle { PageTabViewStyle() }
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}

/// How a paged tab view's index (its dots) is drawn.
public protocol IndexViewStyle {}

/// Page dots, on a capsule or not.
public struct PageIndexViewStyle: IndexViewStyle {
    /// When the dots get a background.
    public struct BackgroundDisplayMode: Equatable, Sendable {
        package let shows: Bool
        public static let automatic = BackgroundDisplayMode(shows: false)
        public static let always = BackgroundDisplayMode(shows: true)
        public static let never = BackgroundDisplayMode(shows: false)
        public static let interactive = BackgroundDisplayMode(shows: false)
    }
    package let backgroundDisplayMode: BackgroundDisplayMode
    public init(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode = .automatic) {
        self.backgroundDisplayMode = backgroundDisplayMode
    }
    package var showsBackground: Bool { backgroundDisplayMode.shows }
}

extension IndexViewStyle where Self == PageIndexViewStyle {
    public static var page: PageIndexViewStyle { PageIndexViewStyle() }
    public static func page(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode) -> PageIndexViewStyle {
        PageIndexViewStyle(backgroundDisplayMode: backgroundDisplayMode)
    }
}

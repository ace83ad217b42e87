import Foundation
@_spi(Engine) import UICore

/// What the views of one navigation page declared for its header bar: a title, whether to hide the back
/// control, toolbar items. Each declaring modifier has a node (its entry goes when the view leaves); when
/// several declare the same thing, the one configured last wins.
@MainActor
package final class NavigationBarModel {
    package struct Declaration {
        package var title: Text?
        package var hidesBackButton: Bool?
        package var toolbarItems: [ToolbarEntry]?
        package var order = 0
    }

    private var declarations: [ObjectIdentifier: Declaration] = [:]
    private var counter = 0
    /// The bars showing this page's declarations: rebuilt when they change.
    private var observers: [WeakBarNode] = []

    package func observe(_ node: NavigationBarNode) {
        observers.removeAll { $0.node == nil || $0.node === node }
        observers.append(WeakBarNode(node: node))
    }

    private func notify() {
        for observer in observers { observer.node?.barDidChange() }
    }

    package func declare(_ owner: ObjectIdentifier, _ change: (inout Declaration) -> Void) {
        var declaration = declarations[owner] ?? Declaration()
        let before = (declaration.title, declaration.hidesBackButton, declaration.toolbarItems == nil)
        change(&declaration)
        counter += 1
        declaration.order = counter
        declarations[owner] = declaration
        let same =
            before.0 == declaration.title && before.1 == declaration.hidesBackButton && before.2
            && declaration.toolbarItems == nil
        if !same { notify() }
    }

    package func withdraw(_ owner: ObjectIdentifier) {
        guard declarations.removeValue(forKey: owner) != nil else { return }
        notify()
    }

    private func latest<T>(_ value: (Declaration) -> T?) -> T? {
        declarations.values.filter { value($0) != nil }.max { $0.order < $1.order }.flatMap(value)
    }

    package var title: Text? { latest(\.title) }
    package var hidesBackButton: Bool { latest(\.hidesBackButton) ?? false }
    /// Every toolbar item declared on the page, in the order their modifiers were configured.
    package var toolbarItems: [ToolbarEntry] {
        declarations.values.sorted { $0.order < $1.order }.flatMap { $0.toolbarItems ?? [] }
    }
}

private struct WeakBarNode {
    weak var node: NavigationBarNode?
}

/// The bar of the page a view is on.
package struct NavigationBarModelKey: EnvironmentKey {
    package static var defaultValue: NavigationBarModel? { nil }
}

extension EnvironmentValues {
    package var navigationBar: NavigationBarModel? {
        get { self[NavigationBarModelKey.self] }
        set { self[NavigationBarModelKey.self] = newValue }
    }
}

/// The node of a modifier that declares something for the page's header bar; layout passes through it.
@MainActor
package final class NavigationBarDeclarationNode: ViewNode {
    private weak var bar: NavigationBarModel?

    package func declare(_ change: (inout NavigationBarModel.Declaration) -> Void) {
        let current = environment.navigationBar
        if let bar, bar !== current { bar.withdraw(ObjectIdentifier(self)) }
        bar = current
        current?.declare(ObjectIdentifier(self), change)
    }

    package override func willRemove() {
        bar?.withdraw(ObjectIdentifier(self))
        super.willRemove()
    }

    package override var debugName: String { "NavigationBarDeclaration" }
}

extension View {
    /// Wraps this view in a node declaring `change` for its page's header bar.
    package func declaringNavigationBar(_ change: @escaping (inout NavigationBarModel.Declaration) -> Void) -> some View
    {
        wrapped(in: { NavigationBarDeclarationNode(graph: $0, environment: $1) }) { $0.declare(change) }
    }
}

/// How a navigation title is displayed: accepted; the header bar always shows it inline, as GNOME apps do.
public struct NavigationBarItem: Sendable {
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}

/// The deprecated `navigationViewStyle(_:)` styles: a `NavigationView` is always a stack here.
public protocol NavigationViewStyle {}

public struct StackNavigationViewStyle: NavigationViewStyle {
    public init() {}
}

public struct DefaultNavigationViewStyle: NavigationViewStyle {
    public init() {}
}

public struct DoubleColumnNavigationViewStyle: NavigationViewStyle {
    public init() {}
}

extension NavigationViewStyle where Self == StackNavigationViewStyle {
    public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}

extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
    public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() }
}

extension NavigationViewStyle where Self == DoubleColumnNavigationViewStyle {
    public static var columns: DoubleColumnNavigationViewStyle { DoubleColumnNavigationViewStyle() }
}

extension View {
    /// The title shown in the header bar of the page this view is on.
    public func navigationTitle(_ title: Text) -> some View {
        declaringNavigationBar { $0.title = title }
    }

    /// The title shown in the header bar of the page this view is on.
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        navigationTitle(Text(titleKey))
    }

    /// The title shown in the header bar of the page this view is on.
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(verbatim: String(title)))
    }

    /// Accepted: the title is always inline in the header bar.
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        self
    }

    /// Hides the back control of the page this view is on (Escape, Alt+Left and the edge swipe still go back,
    /// as the system's back gestures do).
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        declaringNavigationBar { $0.hidesBackButton = hidesBackButton }
    }

    /// The deprecated spelling of `navigationTitle` with a display mode.
    @available(*, deprecated, renamed: "navigationTitle(_:)")
    public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode = .automatic)
        -> some View
    {
        navigationTitle(title)
    }

    /// The deprecated spelling of `navigationTitle` with a display mode.
    @available(*, deprecated, renamed: "navigationTitle(_:)")
    public func navigationBarTitle<S: StringProtocol>(
        _ title: S, displayMode: NavigationBarItem.TitleDisplayMode = .automatic
    )
        -> some View
    {
        navigationTitle(Text(verbatim: String(title)))
    }

    /// Accepted: a `NavigationView` is always a stack.
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }
}

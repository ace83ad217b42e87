import Foundation
@_spi(Engine) import UICore

/// A button that pushes a page: a value onto the stack's path (shown by its `navigationDestination`), or a
/// view of its own.
public struct NavigationLink<Label: View, Destination: View>: View {
    package enum Kind {
        case value(AnyHashable?)
        case destination(Destination, isActive: Binding<Bool>?)
    }
    package let kind: Kind
    package let label: Label
    @Environment(\.navigationStack) private var stack
    /// Identifies the link's own destination in its stack.
    @State private var key = NavigationDestinationKey()

    public var body: some View {
        switch kind {
        case .value(let value):
            Button {
                guard let value else { return }
                if let stack {
                    stack.push(value)
                } else {
                    logOutsideStack()
                }
            } label: {
                label
            }
        case .destination(let destination, let isActive):
            Button {
                if let isActive { isActive.wrappedValue = true }
                if let stack { stack.pushKeyed(ObjectIdentifier(key)) } else { logOutsideStack() }
            } label: {
                label
            }
            .registeringDestination(
                key: key, isActive: isActive?.wrappedValue,
                deactivate: { isActive?.wrappedValue = false }, build: { AnyView(destination) })
        }
    }

    private func logOutsideStack() {
        logNavigation("a NavigationLink outside a NavigationStack does nothing")
    }
}

/// The identity of a keyed destination (a link's view, an `isPresented` or `item` destination).
@MainActor
package final class NavigationDestinationKey {}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value` onto the path (nothing, when `value` is nil).
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        kind = .value(value.map { AnyHashable($0) })
        self.label = label()
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// A link titled `titleKey` that pushes `value` onto the path.
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
        self.init(value: value) { Text(titleKey) }
    }

    /// A link titled `title` that pushes `value` onto the path.
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(verbatim: String(title)) }
    }
}

extension NavigationLink {
    /// A link that pushes `destination`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        kind = .destination(destination(), isActive: nil)
        self.label = label()
    }

    /// A link that pushes `destination`.
    @available(
        *, deprecated, message: "use init(destination:label:) with a view builder, or NavigationLink(value:label:)"
    )
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        kind = .destination(destination, isActive: nil)
        self.label = label()
    }

    /// A link that pushes `destination` while `isActive` is true.
    @available(*, deprecated, message: "use navigationDestination(isPresented:destination:)")
    public init(destination: Destination, isActive: Binding<Bool>, @ViewBuilder label: () -> Label) {
        kind = .destination(destination, isActive: isActive)
        self.label = label()
    }
}

extension NavigationLink where Label == Text {
    /// A link titled `titleKey` that pushes `destination`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link titled `title` that pushes `destination`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(verbatim: String(title)) }
    }

    /// A link titled `titleKey` that pushes `destination`.
    @available(*, deprecated, message: "use init(_:destination:) with a view builder")
    public init(_ titleKey: LocalizedStringKey, destination: Destination) {
        kind = .destination(destination, isActive: nil)
        label = Text(titleKey)
    }

    /// A link titled `title` that pushes `destination`.
    @available(*, deprecated, message: "use init(_:destination:) with a view builder")
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        kind = .destination(destination, isActive: nil)
        label = Text(verbatim: String(title))
    }
}

// MARK: - Destinations

extension View {
    /// Shows values of type `data` on the path with `destination`, in the stack this view is in.
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    )
        -> some View
    {
        wrapped(in: { TypedDestinationNode(graph: $0, environment: $1) }) { node in
            node.register(type: data) { value in (value.base as? D).map { AnyView(destination($0)) } }
        }
    }

    /// Pushes `destination` while `isPresented` is true; popping it sets `isPresented` to false.
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V)
        -> some View
    {
        let view = destination()
        return modifier(
            KeyedDestinationModifier(
                isActive: isPresented.wrappedValue, deactivate: { isPresented.wrappedValue = false },
                build: { AnyView(view) }))
    }

    /// Pushes `destination` for `item` while it is not nil; popping it sets `item` to nil.
    public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    )
        -> some View
    {
        let current = item.wrappedValue
        return modifier(
            KeyedDestinationModifier(
                isActive: current != nil, deactivate: { item.wrappedValue = nil },
                build: { current.map { AnyView(destination($0)) } }))
    }

    /// Registers a keyed destination with the stack this view is in, for the view's lifetime.
    fileprivate func registeringDestination(
        key: NavigationDestinationKey, isActive: Bool?, deactivate: @escaping @MainActor () -> Void,
        build: @escaping @MainActor () -> AnyView?
    ) -> some View {
        wrapped(in: { KeyedDestinationNode(graph: $0, environment: $1) }) { node in
            node.register(key: key, isActive: isActive, deactivate: deactivate, build: build)
        }
    }
}

/// `navigationDestination(isPresented:)` and `(item:)`: a keyed destination with an identity of its own.
package struct KeyedDestinationModifier: ViewModifier {
    package let isActive: Bool
    package let deactivate: @MainActor () -> Void
    package let build: @MainActor () -> AnyView?
    @State private var key = NavigationDestinationKey()

    package func body(content: Content) -> some View {
        content.registeringDestination(key: key, isActive: isActive, deactivate: deactivate, build: build)
    }
}

/// The node of `navigationDestination(for:)`: registered with its stack while it is in the graph.
@MainActor
package final class TypedDestinationNode: ViewNode {
    private weak var stack: NavigationStackModel?

    package func register(type: Any.Type, build: @escaping @MainActor (AnyHashable) -> AnyView?) {
        let current = environment.navigationStack
        if let stack, stack !== current { stack.unregister(owner: ObjectIdentifier(self)) }
        stack = current
        current?.register(
            type: type, owner: ObjectIdentifier(self), depth: environment.navigationPageDepth, build: build)
    }

    package override func willRemove() {
        stack?.unregister(owner: ObjectIdentifier(self))
        super.willRemove()
    }

    package override var debugName: String { "NavigationDestination(for:)" }
}

/// The node of a keyed destination: registered with its stack while it is in the graph.
@MainActor
package final class KeyedDestinationNode: ViewNode {
    private weak var stack: NavigationStackModel?
    private var destinationKey: NavigationDestinationKey?

    package func register(
        key: NavigationDestinationKey, isActive: Bool?, deactivate: @escaping @MainActor () -> Void,
        build: @escaping @MainActor () -> AnyView?
    ) {
        let current = environment.navigationStack
        if let stack, let old = destinationKey, stack !== current || old !== key {
            stack.unregister(owner: ObjectIdentifier(old))
        }
        stack = current
        destinationKey = key
        current?.register(
            keyed: ObjectIdentifier(key), depth: environment.navigationPageDepth, isActive: isActive,
            build: build, deactivate: deactivate)
    }

    package override func willRemove() {
        if let destinationKey { stack?.unregister(owner: ObjectIdentifier(destinationKey)) }
        super.willRemove()
    }

    package override var debugName: String { "NavigationDestination(keyed)" }
}

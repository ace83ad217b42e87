import Foundation
@_spi(Engine) import UICore

/// What one `NavigationStack` knows beyond its path: the destinations its pages registered (by value type,
/// and by the view that declared them, for `navigationDestination(isPresented:)`, `(item:)` and
/// `NavigationLink(destination:)`), and the pages those keyed destinations pushed after the path's.
///
/// Registrations arrive while pages are built; pages that show a registered destination build it at
/// placement (`NavigationDestinationNode`), so one update sees every registration made in it.
@MainActor
package final class NavigationStackModel {
    /// A destination for values of one type, declared on the page at `depth`.
    package struct TypedDestination {
        package let owner: ObjectIdentifier
        package let depth: Int
        package let build: @MainActor (AnyHashable) -> AnyView?
    }

    /// A destination declared by one view: shown while `isActive`, and made inactive by popping it.
    package struct KeyedDestination {
        package let depth: Int
        package let build: @MainActor () -> AnyView?
        package let deactivate: @MainActor () -> Void
    }

    package private(set) var typed: [ObjectIdentifier: [TypedDestination]] = [:]
    package private(set) var keyed: [ObjectIdentifier: KeyedDestination] = [:]
    /// The keyed destinations pushed, oldest first: they come after the path's pages.
    package private(set) var pushedKeys: [ObjectIdentifier] = []
    /// Pages that build a registered destination, told when registrations change.
    private var destinationNodes: [WeakDestinationNode] = []

    /// Reads and writes the path (the binding given to the stack, or the stack's own state).
    package var readPath: @MainActor () -> [AnyHashable] = { [] }
    package var writePath: @MainActor ([AnyHashable]) -> Void = { _ in }
    /// Tells the stack's node that the pushed keys changed.
    package var pagesDidChange: @MainActor () -> Void = {}

    /// In a split view: the column after this one (values pushed here show there) and the one before (whose
    /// destinations this column also uses).
    package weak var nextColumn: NavigationStackModel?
    package weak var previousColumn: NavigationStackModel?

    // MARK: Pages

    /// How many pages the stack shows, the root included.
    package var pageCount: Int { 1 + readPath().count + pushedKeys.count }

    /// Pops until `count` pages (at least the root) are left.
    package func pop(toCount count: Int) {
        let keep = max(1, count)
        let path = readPath()
        if keep - 1 < path.count {
            writePath(Array(path.prefix(keep - 1)))
            deactivatePushed(from: 0)
        } else {
            deactivatePushed(from: keep - 1 - path.count)
        }
    }

    /// Pops the top page, if there is one above the root.
    @discardableResult
    package func popTop() -> Bool {
        let count = pageCount
        guard count > 1 else { return false }
        pop(toCount: count - 1)
        return true
    }

    /// Pushes a value onto the path.
    package func push(_ value: AnyHashable) {
        if let nextColumn {
            nextColumn.show(value)
            return
        }
        // A value pushed from a keyed page goes on the path, which comes first: the keyed pages above leave.
        deactivatePushed(from: 0)
        writePath(readPath() + [value])
    }

    /// Shows `value` as the only page above the root (a split view's previous column chose it).
    package func show(_ value: AnyHashable) {
        deactivatePushed(from: 0)
        writePath([value])
    }

    private func deactivatePushed(from index: Int) {
        guard index < pushedKeys.count else { return }
        let leaving = pushedKeys[index...]
        pushedKeys.removeSubrange(index...)
        for key in leaving.reversed() { keyed[key]?.deactivate() }
        pagesDidChange()
    }

    // MARK: Registrations

    /// Registers (or replaces) `owner`'s destination for values of `type`.
    package func register(
        type: Any.Type, owner: ObjectIdentifier, depth: Int, build: @escaping @MainActor (AnyHashable) -> AnyView?
    ) {
        let key = ObjectIdentifier(type)
        var list = typed[key, default: []]
        list.removeAll { $0.owner == owner }
        list.append(TypedDestination(owner: owner, depth: depth, build: build))
        typed[key] = list
        destinationsChanged(after: depth)
    }

    /// Registers `owner`'s keyed destination; `isActive` (when a binding drives it) pushes it, after the
    /// pages there are, or pops it.
    package func register(
        keyed owner: ObjectIdentifier, depth: Int, isActive: Bool?, build: @escaping @MainActor () -> AnyView?,
        deactivate: @escaping @MainActor () -> Void
    ) {
        keyed[owner] = KeyedDestination(depth: depth, build: build, deactivate: deactivate)
        if isActive == true, !pushedKeys.contains(owner) {
            pushedKeys.append(owner)
            pagesDidChange()
        } else if isActive == false, let index = pushedKeys.firstIndex(of: owner) {
            deactivatePushed(from: index)
        }
        destinationsChanged(after: depth)
    }

    /// Pushes `owner`'s keyed destination (a `NavigationLink(destination:)` was activated).
    package func pushKeyed(_ owner: ObjectIdentifier) {
        guard keyed[owner] != nil, !pushedKeys.contains(owner) else { return }
        pushedKeys.append(owner)
        pagesDidChange()
    }

    /// `owner` left the graph: its destinations go, and a page it pushed is popped.
    package func unregister(owner: ObjectIdentifier) {
        for (key, list) in typed where list.contains(where: { $0.owner == owner }) {
            typed[key] = list.filter { $0.owner != owner }
        }
        if keyed.removeValue(forKey: owner) != nil, let index = pushedKeys.firstIndex(of: owner) {
            pushedKeys.removeSubrange(index...)
            pagesDidChange()
        }
        destinationsChanged(after: -1)
    }

    /// The view for a path value: the destination for its type declared nearest below the page showing it.
    package func destination(for value: AnyHashable, atDepth depth: Int) -> AnyView? {
        let list = typed[ObjectIdentifier(type(of: value.base)), default: []]
        guard let candidate = list.last(where: { $0.depth < depth }) ?? list.last else {
            return previousColumn?.destination(for: value, atDepth: .max)
        }
        return candidate.build(value)
    }

    /// The view of a keyed destination.
    package func destination(forKey key: ObjectIdentifier) -> AnyView? { keyed[key]?.build() }

    /// Logs, once per type, that a path value has no destination.
    package func logMissingDestination(for value: AnyHashable) {
        let typeName = String(reflecting: type(of: value.base))
        InvalidValueLog.report(
            "navigation-destination-\(typeName)",
            "NavigationStack: no navigationDestination(for: \(typeName).self) for the value \(value.base) on the path; "
                + "showing a placeholder")
    }

    // MARK: Pages that show destinations

    package func addDestinationNode(_ node: NavigationDestinationNode) {
        destinationNodes.removeAll { $0.node == nil || $0.node === node }
        destinationNodes.append(WeakDestinationNode(node: node))
    }

    /// Pages above `depth` rebuild their destination (those at or below it cannot depend on it, and
    /// rebuilding them would loop when a page declares the destination it shows).
    private func destinationsChanged(after depth: Int) {
        for entry in destinationNodes {
            if let node = entry.node, node.pageDepth > depth { node.destinationsChanged() }
        }
        nextColumn?.destinationsChanged(after: -1)
    }
}

private struct WeakDestinationNode {
    weak var node: NavigationDestinationNode?
}

package struct NavigationStackModelKey: EnvironmentKey {
    package static var defaultValue: NavigationStackModel? { nil }
}

/// Which page of its stack a view is on (0: the root).
package struct NavigationPageDepthKey: EnvironmentKey {
    package static var defaultValue: Int { 0 }
}

extension EnvironmentValues {
    /// The stack the view is in, if any.
    package var navigationStack: NavigationStackModel? {
        get { self[NavigationStackModelKey.self] }
        set { self[NavigationStackModelKey.self] = newValue }
    }
    /// The depth of the page the view is on.
    package var navigationPageDepth: Int {
        get { self[NavigationPageDepthKey.self] }
        set { self[NavigationPageDepthKey.self] = newValue }
    }
}

/// One line on stderr (where invalid values are reported) about a navigation mistake.
package func logNavigation(_ message: String) { InvalidValueLog.sink(message) }

import Foundation
@_spi(Engine) import UICore

/// A type-erased list of the values a `NavigationStack` has pushed: each value is shown by the destination
/// registered for its type with `navigationDestination(for:destination:)`.
public struct NavigationPath: Equatable {
    package var elements: [AnyHashable]

    /// An empty path: the stack shows its root view.
    public init() { elements = [] }

    /// A path holding `elements`, the first one nearest the root.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    /// How many values the path holds.
    public var count: Int { elements.count }

    /// Whether the stack shows its root view.
    public var isEmpty: Bool { elements.isEmpty }

    /// Pushes `value`: its destination view becomes the top of the stack.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

    /// Pops the last `k` values. Asking for more than there are empties the path and logs one line (SwiftUI
    /// would trap).
    public mutating func removeLast(_ k: Int = 1) {
        if k > elements.count || k < 0 {
            logNavigation("NavigationPath.removeLast(\(k)) on a path of \(elements.count); removed what there was")
        }
        elements.removeLast(max(0, min(k, elements.count)))
    }

    public static func == (lhs: NavigationPath, rhs: NavigationPath) -> Bool { lhs.elements == rhs.elements }
}

import Foundation

/// One step of a view's structural identity inside its parent node: which tuple slot,
/// which branch of a conditional, which `ForEach`/`.id` identifier, which erased type.
package enum IdentityComponent: Hashable {
    case index(Int)
    case branch(Int)
    case explicit(AnyHashable)
    case type(ObjectIdentifier)
    case secondary
}

/// The key a node is matched by across updates: its structural path under the parent node plus its node class.
package struct NodeKey: Hashable {
    package var path: [IdentityComponent]
    package var nodeType: ObjectIdentifier
}

/// The identity of a view in the view graph: stable across updates for as long as the view keeps its
/// structural position and explicit id. Gestures key their per-view state by it.
package struct ViewIdentity: Hashable, Sendable, CustomStringConvertible {
    package let serial: Int
    package var description: String { "#\(serial)" }
}

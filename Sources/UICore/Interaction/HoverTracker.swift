import Foundation

/// Where the pointer hovers in one `ViewGraph`: runs `onHover` and `onContinuousHover` actions and chooses
/// the pointer style.
///
/// The hovered views are the hit-test chain under the pointer (the front-most view and its ancestors, as
/// SwiftUI: a view covered by another does not hover; `allowsHitTesting(false)` views never do). At each
/// pointer motion, views the pointer left hear `false`/`.ended`, then views it entered hear `true`, and
/// every continuous-hover view under it hears `.active(location)`; each group innermost first. After each
/// update the pointer is hovering over the new layout where it is. The pointer style is the innermost
/// non-nil `.pointerStyle` on the chain (`nil`: none chosen, the host shows its arrow).
@MainActor
package final class HoverTracker: GraphSubsystem {
    package let graph: ViewGraph
    /// Called when the chosen pointer style changes.
    package var onPointerStyleChange: ((PointerStyle?) -> Void)?
    /// The pointer style the views under the pointer chose.
    package private(set) var pointerStyle: PointerStyle?
    /// Where the pointer is (window points), nil while it is outside the window.
    package private(set) var location: CGPoint?
    /// The hover views under the pointer, innermost first.
    private var hovered: [ViewIdentity] = []

    /// The hover tracker of `graph`; it follows the graph's updates.
    package init(graph: ViewGraph) {
        self.graph = graph
        graph.attach(self)
    }

    /// The pointer entered the window or moved to `location` (window points).
    package func pointerMoved(to location: CGPoint) {
        self.location = location
        refresh()
    }

    /// The pointer left the window: every hovered view hears the end.
    package func pointerLeft() {
        location = nil
        refresh()
    }

    /// Views that leave are found gone at the update's end.
    package func graphDidUpdate() {
        guard location != nil || !hovered.isEmpty else { return }
        refresh()
    }

    private func refresh() {
        let chain = location.flatMap { graph.hitTestTree.hitTest($0)?.chain } ?? []
        let inner = chain.reversed()
        let hoverNodes = inner.filter { node in
            switch node.interaction {
            case .hover?, .continuousHover?: true
            default: false
            }
        }
        let now = hoverNodes.map(\.identity)
        let left = hovered.filter { !now.contains($0) }
        if !left.isEmpty {
            // Views the pointer left, found in the current tree (a view that went away hears nothing).
            for node in interactionNodes(left) {
                switch node.interaction {
                case .hover(let action)?: action(false)
                case .continuousHover(_, _, let action)?: action(.ended)
                default: break
                }
            }
        }
        let previous = hovered
        hovered = now
        if let location {
            for node in hoverNodes {
                switch node.interaction {
                case .hover(let action)? where !previous.contains(node.identity):
                    action(true)
                case .continuousHover(let space, let named, let action)?:
                    action(.active(Self.convert(location, to: space, frame: node.frame, named: named)))
                default: break
                }
            }
        }
        var style: PointerStyle?
        for node in inner {
            if case .pointerStyle(let chosen?)? = node.interaction {
                style = chosen
                break
            }
        }
        if style != pointerStyle {
            pointerStyle = style
            onPointerStyleChange?(style)
        }
    }

    /// The nodes of `identities` in the current hit-test tree, in the given order.
    private func interactionNodes(_ identities: [ViewIdentity]) -> [HitTestNode] {
        var found: [ViewIdentity: HitTestNode] = [:]
        func visit(_ node: HitTestNode) {
            if node.interaction != nil, identities.contains(node.identity) { found[node.identity] = node }
            node.children.forEach(visit)
        }
        graph.hitTestTree.roots.forEach(visit)
        return identities.compactMap { found[$0] }
    }

    package static func convert(
        _ point: CGPoint, to space: CoordinateSpace, frame: CGRect, named: [AnyHashable: CGRect]
    )
        -> CGPoint
    {
        switch space {
        case .global: return point
        case .local: return CGPoint(x: point.x - frame.minX, y: point.y - frame.minY)
        case .named(let name):
            guard let origin = named[name]?.origin else { return point }
            return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
        }
    }
}

/// The pointer hovering over a view with `onContinuousHover`.
public enum HoverPhase: Equatable, Sendable {
    /// The pointer is over the view, at this location in the chosen coordinate space.
    case active(CGPoint)
    /// The pointer left the view.
    case ended
}

extension View {
    /// Runs `action` with `true` when the pointer enters the view and `false` when it leaves.
    public func onHover(perform action: @escaping @MainActor (Bool) -> Void) -> some View {
        interaction { _ in .hover(action) }
    }

    /// Runs `action` with the pointer's location in `coordinateSpace` as it moves over the view, and `.ended` when it leaves.
    public func onContinuousHover(
        coordinateSpace: CoordinateSpace = .local,
        perform action: @escaping @MainActor (HoverPhase) -> Void
    ) -> some View {
        interaction { _ in .continuousHover(coordinateSpace, named: [:], action) }
    }

    /// Sets the pointer's shape while it is over this view (`nil`: this view chooses none; the views around it may).
    public func pointerStyle(_ style: PointerStyle?) -> some View {
        interaction { _ in .pointerStyle(style) }
    }
}

import Foundation

/// Gives its content a `ScrollViewProxy` that scrolls the scroll views inside it to a view by its id.
public struct ScrollViewReader<Content: View>: View {
    public var content: (ScrollViewProxy) -> Content

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(ScrollViewReaderNode.self) {
            ScrollViewReaderNode(graph: builder.graph, environment: builder.environment)
        }
        let proxy = ScrollViewProxy(node: node)
        builder.graph.rebuildChildren(of: node, environment: builder.environment) {
            makeNodes(view.content(proxy), into: $0)
        }
    }
}

/// Scrolls the scroll views inside a `ScrollViewReader`.
@MainActor
public struct ScrollViewProxy {
    package weak var node: ScrollViewReaderNode?

    /// Scrolls the innermost scroll view holding the view with `id` (a `ForEach` element's id or an `.id`) so
    /// that `anchor` of the view sits on `anchor` of the scroll view; with no anchor, by the least that shows
    /// all of it. Rows of lazy stacks and grids not built yet are found too. Inside `withAnimation` the content
    /// slides there with the animation.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        guard let node else { return }
        let request = ScrollRequest(id: AnyHashable(id), anchor: anchor, animation: Transaction.current.animation)
        // Every scroll view inside takes the request; those that do not hold the id leave it.
        func visit(_ each: ViewNode) {
            if let scroll = each as? ScrollNode {
                scroll.pendingScrollRequest = request
                scroll.invalidatePlacementOnly()
            }
            each.children.forEach(visit)
        }
        visit(node)
    }
}

/// The node of a `ScrollViewReader`: lays out its content as a wrapper does.
@MainActor
package final class ScrollViewReaderNode: ViewNode {
    package override var debugName: String { "ScrollViewReader" }
}

/// A view to scroll to, and where it should end up.
package struct ScrollRequest {
    package var id: AnyHashable
    package var anchor: UnitPoint?
    /// The animation of the transaction that asked, if any.
    package var animation: Animation?
}

extension ScrollNode {
    /// Moves the offset so the view of `request` shows as asked, placing the content again; a row of a lazy
    /// container not built yet is first brought near by its estimated place, then placed exactly.
    package func fulfil(
        _ request: ScrollRequest, content: ViewNode, proposal: ProposedViewSize, context: PlacementContext
    ) {
        let component = IdentityComponent.explicit(request.id)
        for _ in 0..<4 {
            guard let contentOrigin = content.placedOrigin else { return }
            var wanted: CGPoint
            if let target = Self.placedNode(in: content, with: component), let origin = target.placedOrigin {
                let frame = CGRect(
                    origin: CGPoint(x: origin.x - contentOrigin.x, y: origin.y - contentOrigin.y), size: target.size)
                wanted = offset(showing: frame, anchor: request.anchor)
            } else if let estimate = Self.estimatedPlace(in: content, of: component, contentOrigin: contentOrigin) {
                // With no anchor, the least scroll: a view below ends at the bottom edge, one above at the top.
                let below = axes.contains(.vertical) ? estimate.minY > offset.y : estimate.minX > offset.x
                wanted = offset(showing: estimate, anchor: request.anchor ?? (below ? .bottomTrailing : .topLeading))
            } else {
                return  // not in this scroll view
            }
            wanted = clamped(wanted)
            if wanted == offset, Self.placedNode(in: content, with: component) != nil { return }
            offset = wanted
            let x = axes.contains(.horizontal) ? -offset.x : (size.width - contentSize.width) / 2
            let y = axes.contains(.vertical) ? -offset.y : (size.height - contentSize.height) / 2
            content.needsPlacement = true
            content.place(at: CGPoint(x: x, y: y), proposal: proposal, in: context)
            invalidateRender()
        }
    }

    /// The offset that puts `frame` (content points) where `anchor` says, or shows it by the least scroll.
    private func offset(showing frame: CGRect, anchor: UnitPoint?) -> CGPoint {
        guard let anchor else {
            // Above: its start at the start; below: its end at the end (its start, if it is longer than the view).
            func least(_ low: CGFloat, _ high: CGFloat, _ current: CGFloat, _ length: CGFloat) -> CGFloat {
                if low < current { return low }
                if high > current + length { return min(low, high - length) }
                return current
            }
            return CGPoint(
                x: least(frame.minX, frame.maxX, offset.x, size.width),
                y: least(frame.minY, frame.maxY, offset.y, size.height))
        }
        return CGPoint(
            x: frame.minX - anchor.x * (size.width - frame.width),
            y: frame.minY - anchor.y * (size.height - frame.height))
    }

    /// The laid-out node under `root` whose identity holds `component` (the views shown, lazy rows included).
    private static func placedNode(in root: ViewNode, with component: IdentityComponent) -> ViewNode? {
        for child in root.children {
            if child.key.path.contains(component), child.placedOrigin != nil { return child }
            if let found = placedNode(in: child, with: component) { return found }
        }
        return nil
    }

    /// Where a lazy container under `root` estimates its element with `component` to be (content points).
    private static func estimatedPlace(in root: ViewNode, of component: IdentityComponent, contentOrigin: CGPoint)
        -> CGRect?
    {
        for child in root.children {
            if let lazy = child as? LazyStackNode, let origin = lazy.placedOrigin,
                let place = lazy.estimatedPlace(ofElementWith: component)
            {
                return place.offsetBy(dx: origin.x - contentOrigin.x, dy: origin.y - contentOrigin.y)
            }
            if let found = estimatedPlace(in: child, of: component, contentOrigin: contentOrigin) { return found }
        }
        return nil
    }
}

extension LazyStackNode {
    /// The estimated frame (in the stack) of the element whose identity holds `component`, if it has one.
    package func estimatedPlace(ofElementWith component: IdentityComponent) -> CGRect? {
        guard let index = (0..<list.count).first(where: { identity(at: $0).contains(component) }) else { return nil }
        let slot = slot(ofElement: index)
        let axis = parameters.axis
        let pitch = estimate + parameters.spacing
        let start: CGFloat
        if let placed = placedElements.first(where: { $0.index == slot && !$0.isPinned }) {
            start = placed.start
        } else if let first = placedElements.first(where: { !$0.isPinned }) {
            start = first.start + CGFloat(slot - first.index) * pitch
        } else {
            start = CGFloat(slot) * pitch
        }
        return CGRect(
            origin: CGPoint(axis: axis, main: start, cross: 0), size: CGSize(axis: axis, main: estimate, cross: 0))
    }
}

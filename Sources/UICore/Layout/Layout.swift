import Foundation

/// Preferred spacing around a view; stacks use the larger of two neighbours' preferences.
public struct ViewSpacing: Hashable, Sendable {
    package var value: CGFloat
    /// No spacing.
    public static let zero = ViewSpacing(value: 0)
    /// The system spacing (8 points).
    public init() { value = StackLayoutEngine.defaultSpacing }
    package init(value: CGFloat) { self.value = value }
    /// The distance to `next` along `axis`.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat { max(value, next.value) }
    /// Merges `other` into this spacing (the larger wins).
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) { value = max(value, other.value) }
    /// This spacing merged with `other`.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var s = self
        s.formUnion(other)
        return s
    }
}

/// Properties of a layout container.
public struct LayoutProperties: Sendable {
    /// The axis a stack-like layout arranges along (spacers expand along it).
    public var stackOrientation: Axis?
    public init() {}
}

/// A proxy for one subview of a custom `Layout`.
@MainActor
public struct LayoutSubview: Equatable {
    package let node: ViewNode
    package unowned(unsafe) let container: LayoutContainerNode
    /// The subview's place among its container's subviews.
    package let index: Int

    /// The size the subview takes for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { node.sizeThatFits(proposal) }
    /// The subview's dimensions (size and alignment guides) for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        node.dimensions(for: node.sizeThatFits(proposal))
    }
    /// The subview's layout priority.
    public var priority: Double { node.layoutPriority }
    /// The subview's spacing preferences (none for spacers).
    public var spacing: ViewSpacing { node.isSpacer ? .zero : ViewSpacing() }
    /// Places the subview with its `anchor` at `position` (in the bounds' coordinate space), sized for `proposal`.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        container.place(self, at: position, anchor: anchor, proposal: proposal)
    }
    public nonisolated static func == (l: LayoutSubview, r: LayoutSubview) -> Bool { l.node === r.node }
}

/// The subviews of a custom `Layout`.
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    /// The subviews' nodes (the stack engines work on them directly).
    package let nodes: [ViewNode]
    /// Unsafe-unowned: subviews live no longer than a call of their container's layout or its cache, which
    /// the container owns (a counted reference would cost on every measurement).
    package unowned(unsafe) let container: LayoutContainerNode
    public var startIndex: Int { 0 }
    public var endIndex: Int { nodes.count }
    public subscript(index: Int) -> LayoutSubview {
        LayoutSubview(node: nodes[index], container: container, index: index)
    }
    public nonisolated static func == (l: LayoutSubviews, r: LayoutSubviews) -> Bool {
        l.nodes.count == r.nodes.count && zip(l.nodes, r.nodes).allSatisfy { $0 === $1 }
    }
}

/// A custom layout container: sizes itself from its subviews and places them.
@MainActor @preconcurrency
public protocol Layout {
    /// Data computed once per layout pass and shared by its calls.
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews
    static var layoutProperties: LayoutProperties { get }
    func makeCache(subviews: Self.Subviews) -> Self.Cache
    func updateCache(_ cache: inout Self.Cache, subviews: Self.Subviews)
    func spacing(subviews: Self.Subviews, cache: inout Self.Cache) -> ViewSpacing
    /// The container's size for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Self.Subviews, cache: inout Self.Cache) -> CGSize
    /// Places every subview inside `bounds`.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Self.Subviews, cache: inout Self.Cache)
    func explicitAlignment(
        of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
        subviews: Self.Subviews, cache: inout Self.Cache
    ) -> CGFloat?
    func explicitAlignment(
        of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
        subviews: Self.Subviews, cache: inout Self.Cache
    ) -> CGFloat?
}

extension Layout {
    public static var layoutProperties: LayoutProperties { LayoutProperties() }
    public func updateCache(_ cache: inout Self.Cache, subviews: Self.Subviews) {
        cache = makeCache(subviews: subviews)
    }
    public func spacing(subviews: Self.Subviews, cache: inout Self.Cache) -> ViewSpacing { ViewSpacing() }
    public func explicitAlignment(
        of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
        subviews: Self.Subviews, cache: inout Self.Cache
    ) -> CGFloat? { nil }
    public func explicitAlignment(
        of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
        subviews: Self.Subviews, cache: inout Self.Cache
    ) -> CGFloat? { nil }

    /// Uses this layout as a container for `content`.
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutRoot(layout: self, content: content())
    }
}

extension Layout where Cache == () {
    public func makeCache(subviews: Self.Subviews) -> Self.Cache { () }
}

/// A custom layout applied to content.
package struct _LayoutRoot<L: Layout, Content: View>: View {
    package let layout: L
    package let content: Content
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(LayoutNode<L>.self) {
            LayoutNode(layout: view.layout, graph: builder.graph, environment: builder.environment)
        }
        node.update(layout: view.layout)
        builder.graph.rebuildChildren(of: node, environment: builder.environment) { makeNodes(view.content, into: $0) }
    }
}

/// A node that lays out its children through `place(_:at:anchor:proposal:)`.
@MainActor
package class LayoutContainerNode: ViewNode {
    package var placementContext: PlacementContext?
    /// Which subviews the layout placed in the current pass (the others are centred afterwards).
    package var placed: [Bool] = []

    package func place(_ subview: LayoutSubview, at position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize) {
        guard let context = placementContext else { return }
        if subview.index < placed.count { placed[subview.index] = true }
        let child = subview.node
        guard anchor != .topLeading else {
            child.place(at: position, proposal: proposal, in: context)
            return
        }
        let size = child.sizeThatFits(proposal)
        child.place(
            at: CGPoint(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height),
            proposal: proposal, in: context)
    }
}

/// The node of a `Layout` container (ZStack included; HStack and VStack have `StackLayoutNode`).
@MainActor
package final class LayoutNode<L: Layout>: LayoutContainerNode {
    private var layout: L
    private var cache: L.Cache?
    /// Set when sizes below changed: the layout updates its cache before the next use.
    private var cacheIsStale = false

    /// The axis spacers and dividers in this layout follow (a static property, read from the value for `AnyLayout`).
    private var stackAxis: Axis?
    package init(layout: L, graph: ViewGraph, environment: EnvironmentValues) {
        self.layout = layout
        super.init(graph: graph, environment: environment)
        layoutDidChange()
    }

    package func update(layout newLayout: L) {
        let changed = !viewValuesEqual(layout, newLayout)
        layout = newLayout
        if changed {
            layoutDidChange()
            invalidate()
        }
    }

    private func layoutDidChange() {
        stackAxis = (layout as? AnyLayout)?.stackOrientation ?? L.layoutProperties.stackOrientation
    }

    private var subviews: LayoutSubviews { LayoutSubviews(nodes: layoutChildren, container: self) }

    package override func layoutCacheDidClear() {
        cacheIsStale = true
    }

    private func withCache<R>(_ body: (inout L.Cache, LayoutSubviews) -> R) -> R {
        let subviews = self.subviews
        if cache == nil {
            cache = layout.makeCache(subviews: subviews)
        } else if cacheIsStale {
            layout.updateCache(&cache!, subviews: subviews)
        }
        cacheIsStale = false
        return body(&cache!, subviews)
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        for child in layoutChildren { child.setStackAxis(stackAxis) }
        return withCache { cache, subviews in layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
        }
    }

    package override func placeContent(in context: PlacementContext) {
        let proposal = placedProposal ?? ProposedViewSize(size)
        placementContext = context
        withCache { cache, subviews in
            placed.removeAll(keepingCapacity: true)
            placed.append(contentsOf: repeatElement(false, count: subviews.count))
            layout.placeSubviews(
                in: CGRect(origin: .zero, size: size), proposal: proposal, subviews: subviews, cache: &cache)
            // As in SwiftUI, subviews the layout did not place sit at the centre of its bounds.
            for subview in subviews where !placed[subview.index] {
                place(
                    subview, at: CGPoint(x: size.width / 2, y: size.height / 2), anchor: .center, proposal: .unspecified
                )
            }
        }
        placementContext = nil
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        let bounds = CGRect(origin: .zero, size: size)
        // The proposal this size answered, when it is the placed size.
        let proposal = size == self.size ? (placedProposal ?? ProposedViewSize(size)) : ProposedViewSize(size)
        return withCache { cache, subviews in
            if key.axis == .horizontal {
                return layout.explicitAlignment(
                    of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache
                )
            }
            return layout.explicitAlignment(
                of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }
    package override var layoutPriority: Double { 0 }
    package override var zIndex: Double { 0 }
    package override var debugName: String {
        layout is ZStackLayout ? "ZStack" : "Layout<\(L.self)>"
    }
}

extension HorizontalAlignment { package init(key: AlignmentKey) { self.key = key } }
extension VerticalAlignment { package init(key: AlignmentKey) { self.key = key } }

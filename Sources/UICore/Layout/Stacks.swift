import Foundation

// HStack, VStack and ZStack are views over their `Layout` counterparts, as in SwiftUI: `HStack { … }` and
// `HStackLayout() { … }` are the same container with the same node and the same algorithm.

/// Arranges views in a horizontal line.
public struct HStack<Content: View>: View {
    package let alignment: VerticalAlignment
    package let spacing: CGFloat?
    package let content: Content
    /// A horizontal stack; `spacing` `nil` uses the system spacing (8 points, none next to spacers).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(HStackLayout(alignment: view.alignment, spacing: view.spacing) { view.content }, into: builder)
    }
}

/// Arranges views in a vertical line.
public struct VStack<Content: View>: View {
    package let alignment: HorizontalAlignment
    package let spacing: CGFloat?
    package let content: Content
    /// A vertical stack; `spacing` `nil` uses the system spacing (8 points, none next to spacers).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(VStackLayout(alignment: view.alignment, spacing: view.spacing) { view.content }, into: builder)
    }
}

/// Overlays views, aligned on `alignment`.
public struct ZStack<Content: View>: View {
    package let alignment: Alignment
    package let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(_LayoutRoot(layout: ZStackLayout(alignment: view.alignment), content: view.content), into: builder)
    }
}

/// Builds `content` in a horizontal or vertical stack.
@MainActor package func makeStackNodes<Content: View>(
    axis: Axis, alignment: AlignmentKey, spacing: CGFloat?, content: Content, into builder: _ViewNodeBuilder
) {
    if axis == .horizontal {
        makeNodes(
            HStackLayout(alignment: VerticalAlignment(key: alignment), spacing: spacing) { content }, into: builder)
    } else {
        makeNodes(
            VStackLayout(alignment: HorizontalAlignment(key: alignment), spacing: spacing) { content }, into: builder)
    }
}

/// The HStack algorithm as a `Layout`.
public struct HStackLayout: _StackLayout {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
    public static var layoutProperties: LayoutProperties {
        var p = LayoutProperties()
        p.stackOrientation = .horizontal
        return p
    }
    public var _stack: _StackParameters {
        _StackParameters(axis: .horizontal, alignment: alignment.key, spacing: spacing)
    }
}

/// The VStack algorithm as a `Layout`.
public struct VStackLayout: _StackLayout {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
    public static var layoutProperties: LayoutProperties {
        var p = LayoutProperties()
        p.stackOrientation = .vertical
        return p
    }
    public var _stack: _StackParameters {
        _StackParameters(axis: .vertical, alignment: alignment.key, spacing: spacing)
    }
}

/// The axis, alignment and spacing of a stack layout.
public struct _StackParameters: Equatable {
    package let axis: Axis
    package let alignment: AlignmentKey
    package let spacing: CGFloat?
}

/// HStackLayout and VStackLayout: one algorithm (StackLayoutEngine) along their axis, with a plan cache.
public protocol _StackLayout: Layout where Cache == _StackLayoutCache {
    var _stack: _StackParameters { get }
}

extension _StackLayout {
    public func makeCache(subviews: Subviews) -> Cache { Cache(axis: _stack.axis) }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache.removeAll() }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        cache.size(for: proposal, kids: subviews.nodes, stack: _stack)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        cache.place(subviews, in: bounds, proposal: proposal, stack: _stack)
    }
    /// Text baselines pass through stacks.
    public func explicitAlignment(
        of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
        subviews: Subviews, cache: inout Cache
    ) -> CGFloat? {
        cache.baseline(guide.key, proposal: proposal, kids: subviews.nodes, stack: _stack).map { bounds.minY + $0 }
    }
}

extension _StackLayout {
    /// Uses this stack layout as a container for `content` (the node calls the same cache as the methods above).
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _StackRoot(stack: _stack, content: content())
    }
}

/// HStack, VStack, HStackLayout and VStackLayout applied to content.
package struct _StackRoot<Content: View>: View {
    package let stack: _StackParameters
    package let content: Content
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(StackLayoutNode.self) {
            StackLayoutNode(graph: builder.graph, environment: builder.environment)
        }
        node.update(stack: view.stack)
        builder.graph.rebuildChildren(of: node, environment: builder.environment) { makeNodes(view.content, into: $0) }
    }
}

/// The node of HStackLayout and VStackLayout (and so of HStack and VStack): their cache's plans, laid out
/// directly on the children's nodes.
@MainActor
package final class StackLayoutNode: ViewNode {
    private var stack = _StackParameters(axis: .horizontal, alignment: VerticalAlignment.center.key, spacing: nil)
    /// A constant, so that measuring reads it without counting a reference.
    private let plans = _StackLayoutCache(axis: .horizontal)

    package func update(stack newStack: _StackParameters) {
        guard newStack != stack else { return }
        stack = newStack
        plans.axis = newStack.axis
        invalidate()  // drops the plans
    }

    package override func layoutCacheDidClear() { plans.removeAll() }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        plans.size(for: proposal, kids: layoutChildren, stack: stack)
    }

    package override func placeContent(in context: PlacementContext) {
        plans.place(layoutChildren, proposal: placedProposal ?? ProposedViewSize(size), stack: stack, context: context)
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        // Stacks are asked for guides on every measurement; only baselines pass through them.
        guard _StackLayoutCache.passesThrough(key) else { return nil }
        return plans.baseline(
            key, proposal: placedProposal ?? ProposedViewSize(size), kids: layoutChildren, stack: stack)
    }
    package override var layoutPriority: Double { 0 }
    package override var zIndex: Double { 0 }
    package override var debugName: String { stack.axis == .horizontal ? "HStack" : "VStack" }
}

/// The ZStack algorithm as a `Layout`. As in SwiftUI, when subviews have different layout priorities the
/// highest ones are sized first with the stack's proposal, and the others are offered the size those take.
public struct ZStackLayout: Layout {
    public var alignment: Alignment
    public init(alignment: Alignment = .center) { self.alignment = alignment }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let kids = subviews.nodes
        guard let proposals = ZStackLayoutEngine.priorityProposals(kids, proposal: proposal, alignment: alignment)
        else {
            return ZStackLayoutEngine.size(of: kids, proposal: proposal, alignment: alignment)
        }
        return ZStackLayoutEngine.layout(kids, proposals: proposals, alignment: alignment).size
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let kids = subviews.nodes
        let proposals =
            ZStackLayoutEngine.priorityProposals(kids, proposal: proposal, alignment: alignment)
            ?? Array(repeating: proposal, count: kids.count)
        let (_, origins) = ZStackLayoutEngine.layout(kids, proposals: proposals, alignment: alignment)
        for index in kids.indices {
            subviews[index].place(
                at: CGPoint(x: bounds.minX + origins[index].x, y: bounds.minY + origins[index].y),
                proposal: proposals[index])
        }
    }
}

/// The cache of HStackLayout and VStackLayout: recent plans by proposal (a ring: parents probe each child with
/// several proposals). Plan `i` answers `planProposals[i]` with `planSizes[i]`; its slots live in `planStorage`
/// (reused across passes, so planning allocates nothing), whose last plan is scratch.
@MainActor
public final class _StackLayoutCache {
    package var axis: Axis
    private var planProposals: [ProposedViewSize] = []
    private var planSizes: [CGSize] = []
    private let planStorage = StackLayoutEngine.Storage(capacity: _StackLayoutCache.planCapacity + 1)
    private var planCursor = 0
    private static let planCapacity = 10

    package init(axis: Axis) { self.axis = axis }

    /// Forgets every plan (the subviews or their sizes changed); the storage stays for the next plans.
    package func removeAll() {
        planProposals.removeAll(keepingCapacity: true)
        planSizes.removeAll(keepingCapacity: true)
        planCursor = 0
    }

    /// The index of the plan for `proposal` in `planStorage`, planned now unless cached.
    private func plan(for proposal: ProposedViewSize, kids: [ViewNode], stack: _StackParameters) -> Int {
        if planStorage.stride != kids.count {
            // The children changed without a cache update: every stored plan is for other children.
            removeAll()
            planStorage.reserve(count: kids.count)
        }
        for index in planProposals.indices where planProposals[index] == proposal { return index }
        // Planned into the scratch plan first, stored after: planning may clear this cache (a spacer
        // learning its axis invalidates its ancestors), and the plan is kept all the same.
        let scratch = planStorage.slots(of: _StackLayoutCache.planCapacity)
        let size = StackLayoutEngine.plan(
            kids, into: scratch, group: planStorage.order,
            axis: axis, proposal: proposal, spacing: stack.spacing, alignment: stack.alignment)
        let index: Int
        if planProposals.count < _StackLayoutCache.planCapacity {
            index = planProposals.count
            planProposals.append(proposal)
            planSizes.append(size)
        } else {
            index = planCursor
            planProposals[index] = proposal
            planSizes[index] = size
            planCursor = (planCursor + 1) % _StackLayoutCache.planCapacity
        }
        planStorage.slots(of: index).update(from: scratch, count: kids.count)
        return index
    }

    package func size(for proposal: ProposedViewSize, kids: [ViewNode], stack: _StackParameters) -> CGSize {
        planSizes[plan(for: proposal, kids: kids, stack: stack)]
    }

    /// Places `kids` as planned for `proposal` (the stack's node, without `LayoutSubview`s).
    package func place(
        _ kids: [ViewNode], proposal: ProposedViewSize, stack: _StackParameters, context: PlacementContext
    ) {
        StackLayoutEngine.place(
            kids, slots: planStorage.slots(of: plan(for: proposal, kids: kids, stack: stack)), axis: axis,
            context: context)
    }

    package func place(
        _ subviews: LayoutSubviews, in bounds: CGRect, proposal: ProposedViewSize, stack: _StackParameters
    ) {
        let slots = planStorage.slots(of: plan(for: proposal, kids: subviews.nodes, stack: stack))
        for index in 0..<subviews.count {
            let slot = slots[index]
            let p = CGPoint(axis: axis, main: slot.mainOffset, cross: slot.crossOffset)
            subviews[index].place(at: CGPoint(x: bounds.minX + p.x, y: bounds.minY + p.y), proposal: slot.proposal)
        }
    }

    /// Whether a stack reports `key` of its subviews (text baselines); other guides are the stack's own.
    package nonisolated static func passesThrough(_ key: AlignmentKey) -> Bool {
        key.id == BuiltInGuide.firstBaseline || key.id == BuiltInGuide.lastBaseline
    }

    /// Text baselines pass through stacks: the first (or last) subview's that has one, where it sits.
    package func baseline(_ key: AlignmentKey, proposal: ProposedViewSize, kids: [ViewNode], stack: _StackParameters)
        -> CGFloat?
    {
        guard Self.passesThrough(key) else { return nil }
        let slots = planStorage.slots(of: plan(for: proposal, kids: kids, stack: stack))
        let order = key.id == BuiltInGuide.firstBaseline ? Array(kids.indices) : kids.indices.reversed()
        for index in order {
            let slot = slots[index]
            guard let value = kids[index].explicitAlignment(key, size: slot.size) else { continue }
            let origin = CGPoint(axis: axis, main: slot.mainOffset, cross: slot.crossOffset)
            return value + origin.y
        }
        return nil
    }
}

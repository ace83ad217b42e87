import Foundation

/// Arranges views in a horizontal line.
public struct HStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    /// A horizontal stack; `spacing` `nil` uses the system spacing (8 points, none next to spacers).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeStackNodes(axis: .horizontal, alignment: view.alignment.key, spacing: view.spacing, content: view.content, into: builder)
    }
}

/// Arranges views in a vertical line.
public struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    /// A vertical stack; `spacing` `nil` uses the system spacing (8 points, none next to spacers).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeStackNodes(axis: .vertical, alignment: view.alignment.key, spacing: view.spacing, content: view.content, into: builder)
    }
}

/// Overlays views, aligned on `alignment`.
public struct ZStack<Content: View>: View {
    let alignment: Alignment
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(ZStackNode.self) { ZStackNode(graph: builder.graph, environment: builder.environment) }
        if node.alignment != view.alignment { node.alignment = view.alignment; node.invalidate() }
        builder.graph.rebuildChildren(of: node, environment: builder.environment) { makeNodes(view.content, into: $0) }
    }
}

@MainActor func makeStackNodes<Content: View>(axis: Axis, alignment: AlignmentKey, spacing: CGFloat?, content: Content, into builder: _ViewNodeBuilder) {
    let node = builder.node(StackNode.self) { StackNode(graph: builder.graph, environment: builder.environment) }
    node.configure(axis: axis, alignment: alignment, spacing: spacing)
    builder.graph.rebuildChildren(of: node, environment: builder.environment) { makeNodes(content, into: $0) }
}

/// The node of an HStack or VStack.
@MainActor
final class StackNode: ViewNode {
    private(set) var axis = Axis.horizontal
    private var alignment = VerticalAlignment.center.key
    private var spacing: CGFloat?
    /// Recent plans by proposal (a ring: parents probe each child with several proposals). Plan `i` answers
    /// `planProposals[i]` with `planSizes[i]`; its slots live in `planStorage` (reused across passes), whose
    /// last plan is scratch.
    private var planProposals: [ProposedViewSize] = []
    private var planSizes: [CGSize] = []
    private let planStorage = StackLayoutEngine.Storage(capacity: StackNode.planCapacity + 1)
    private var planCursor = 0
    private static let planCapacity = 10

    func configure(axis: Axis, alignment: AlignmentKey, spacing: CGFloat?) {
        guard axis != self.axis || alignment != self.alignment || spacing != self.spacing else { return }
        self.axis = axis; self.alignment = alignment; self.spacing = spacing
        invalidate()
    }

    override func layoutCacheDidClear() {
        planProposals.removeAll(keepingCapacity: true)
        planSizes.removeAll(keepingCapacity: true)
        planCursor = 0
    }

    /// The index of the plan for `proposal` in `planStorage`, planned now unless cached.
    private func plan(for proposal: ProposedViewSize, kids: [ViewNode]) -> Int {
        if planStorage.stride != kids.count {
            // The children changed without a cache clear: every stored plan is for other children.
            planProposals.removeAll(keepingCapacity: true)
            planSizes.removeAll(keepingCapacity: true)
            planCursor = 0
            planStorage.reserve(count: kids.count)
        }
        for index in planProposals.indices where planProposals[index] == proposal { return index }
        // Planned into the scratch plan first, stored after: planning may clear this cache (a spacer
        // learning its axis invalidates its ancestors), and the plan is kept all the same.
        let scratch = planStorage.slots(of: StackNode.planCapacity)
        let size = StackLayoutEngine.plan(kids, into: scratch, group: planStorage.order,
                                          axis: axis, proposal: proposal, spacing: spacing, alignment: alignment)
        let index: Int
        if planProposals.count < StackNode.planCapacity {
            index = planProposals.count
            planProposals.append(proposal)
            planSizes.append(size)
        } else {
            index = planCursor
            planProposals[index] = proposal
            planSizes[index] = size
            planCursor = (planCursor + 1) % StackNode.planCapacity
        }
        planStorage.slots(of: index).update(from: scratch, count: kids.count)
        return index
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let index = plan(for: proposal, kids: layoutChildren)
        return planSizes[index]
    }

    override func placeContent(in context: PlacementContext) {
        let kids = layoutChildren
        let index = plan(for: placedProposal ?? ProposedViewSize(size), kids: kids)
        StackLayoutEngine.place(kids, slots: planStorage.slots(of: index), axis: axis, context: context)
    }

    /// Text baselines pass through stacks: the first (or last) child's that has one, where it sits.
    override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        guard key.id == BuiltInGuide.firstBaseline || key.id == BuiltInGuide.lastBaseline else { return nil }
        let kids = layoutChildren
        let slots = planStorage.slots(of: plan(for: placedProposal ?? ProposedViewSize(size), kids: kids))
        let order = key.id == BuiltInGuide.firstBaseline ? Array(kids.indices) : kids.indices.reversed()
        for index in order {
            let slot = slots[index]
            guard let value = kids[index].explicitAlignment(key, size: slot.size) else { continue }
            let origin = CGPoint(axis: axis, main: slot.mainOffset, cross: slot.crossOffset)
            return value + origin.y
        }
        return nil
    }
    override var layoutPriority: Double { 0 }
    override var zIndex: Double { 0 }
    override var debugName: String { axis == .horizontal ? "HStack" : "VStack" }
}

/// The node of a ZStack. As in SwiftUI, when children have different layout priorities the highest
/// ones are sized first with the stack's proposal, and the others are offered the size those take.
@MainActor
final class ZStackNode: ViewNode {
    var alignment = Alignment.center

    private func childProposals(_ proposal: ProposedViewSize) -> [ProposedViewSize] {
        let kids = layoutChildren
        guard let top = kids.map({ $0.layoutPriority }).max(), kids.contains(where: { $0.layoutPriority != top }) else {
            return Array(repeating: proposal, count: kids.count)
        }
        let leaders = kids.filter { $0.layoutPriority == top }
        let leaderSize = ZStackLayoutEngine.size(of: leaders, proposal: proposal, alignment: alignment)
        return kids.map { $0.layoutPriority == top ? proposal : ProposedViewSize(leaderSize) }
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let proposals = childProposals(proposal)
        if proposals.allSatisfy({ $0 == proposal }) {
            return ZStackLayoutEngine.size(of: layoutChildren, proposal: proposal, alignment: alignment)
        }
        return ZStackLayoutEngine.layout(layoutChildren, proposals: proposals, alignment: alignment).size
    }

    override func placeContent(in context: PlacementContext) {
        let proposal = placedProposal ?? ProposedViewSize(size)
        let kids = layoutChildren
        let proposals = childProposals(proposal)
        let (_, origins) = ZStackLayoutEngine.layout(kids, proposals: proposals, alignment: alignment)
        for index in kids.indices { kids[index].place(at: origins[index], proposal: proposals[index], in: context) }
    }

    override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }
    override var layoutPriority: Double { 0 }
    override var zIndex: Double { 0 }
    override var debugName: String { "ZStack" }
}

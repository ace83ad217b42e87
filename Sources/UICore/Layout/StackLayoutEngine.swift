import Foundation

/// SwiftUI's HStack/VStack algorithm over a list of children.
///
/// With a concrete proposal along the stack's axis, the space left after spacing is divided among the
/// children by layout priority (highest first, after reserving the minimum sizes of lower priorities);
/// within a priority the least flexible child (max − min size) is offered an equal share of what remains
/// first, so rigid children take what they need and flexible ones share the rest.
@MainActor
enum StackLayoutEngine {
    /// The system spacing between adjacent views (none next to a spacer).
    nonisolated static let defaultSpacing: CGFloat = 8

    struct Plan {
        var sizes: [CGSize]
        /// The proposal each child's size answered.
        var proposals: [ProposedViewSize]
        var gaps: [CGFloat]
        /// Cross-axis position of each child (top or leading edge) inside the stack.
        var crossOffsets: [CGFloat]
        var size: CGSize
    }

    static func gaps(_ kids: [ViewNode], spacing: CGFloat?) -> [CGFloat] {
        guard kids.count > 1 else { return [] }
        return (0..<(kids.count - 1)).map { i in
            if let spacing { return spacing }
            return kids[i].isSpacer || kids[i + 1].isSpacer ? 0 : defaultSpacing
        }
    }

    static func plan(_ kids: [ViewNode], axis: Axis, proposal: ProposedViewSize, spacing: CGFloat?, alignment: AlignmentKey) -> Plan {
        for child in kids { child.setStackAxis(axis) }
        let gaps = self.gaps(kids, spacing: spacing)
        let totalSpacing = gaps.reduce(0, +)
        let cross = proposal[axis.other]
        var sizes = [CGSize](repeating: .zero, count: kids.count)
        var proposals = [ProposedViewSize](repeating: .unspecified, count: kids.count)

        if let main = proposal[axis] {
            let minimums = kids.map { $0.sizeThatFits(ProposedViewSize(axis: axis, main: 0, cross: cross))[axis] }
            let maximums = kids.map { $0.sizeThatFits(ProposedViewSize(axis: axis, main: .infinity, cross: cross))[axis] }
            let priorities = kids.map(\.layoutPriority)
            var remaining = main - totalSpacing
            for priority in Set(priorities).sorted(by: >) {
                let group = kids.indices.filter { priorities[$0] == priority }
                    .sorted { (maximums[$0] - minimums[$0], $0) < (maximums[$1] - minimums[$1], $1) }
                let reserved = kids.indices.filter { priorities[$0] < priority }.reduce(0) { $0 + minimums[$1] }
                var groupRemaining = remaining - reserved
                var count = group.count
                for index in group {
                    let share = max(0, groupRemaining / CGFloat(count))
                    proposals[index] = ProposedViewSize(axis: axis, main: share, cross: cross)
                    let size = kids[index].sizeThatFits(proposals[index])
                    sizes[index] = size
                    groupRemaining -= size[axis]
                    count -= 1
                }
                remaining -= group.reduce(0) { $0 + sizes[$1][axis] }
            }
        } else {
            for (index, child) in kids.enumerated() {
                proposals[index] = ProposedViewSize(axis: axis, main: nil, cross: cross)
                sizes[index] = child.sizeThatFits(proposals[index])
            }
        }

        // Cross axis: every child's alignment guide on one line; the stack spans their union.
        var guides = [CGFloat](repeating: 0, count: kids.count)
        var low = CGFloat.infinity, high = -CGFloat.infinity
        for (index, child) in kids.enumerated() {
            let crossSize = sizes[index][axis.other]
            let guide = alignmentValue(child, size: sizes[index], key: alignment, crossSize: crossSize)
            guides[index] = guide
            low = min(low, -guide)
            high = max(high, crossSize - guide)
        }
        if kids.isEmpty { low = 0; high = 0 }
        let crossOffsets = guides.map { -$0 - low }
        let mainTotal = sizes.reduce(0) { $0 + $1[axis] } + totalSpacing
        return Plan(sizes: sizes, proposals: proposals, gaps: gaps, crossOffsets: crossOffsets, size: CGSize(axis: axis, main: mainTotal, cross: high - low))
    }

    /// The value of the guide `key` in `child` of `size`: explicit if set, else the guide's default.
    static func alignmentValue(_ child: ViewNode, size: CGSize, key: AlignmentKey, crossSize: CGFloat) -> CGFloat {
        if key == HorizontalAlignment.center.key || key == VerticalAlignment.center.key {
            // Fast path for the common case: centre guides are rarely set explicitly.
            if let explicit = child.explicitAlignment(key, size: size) { return explicit }
            return crossSize / 2
        }
        return child.dimensions(for: size)[key]
    }

    static func place(_ kids: [ViewNode], plan: Plan, axis: Axis, context: PlacementContext) {
        var main: CGFloat = 0
        for (index, child) in kids.enumerated() {
            let position = CGPoint(axis: axis, main: main, cross: plan.crossOffsets[index])
            child.place(at: position, proposal: plan.proposals[index], in: context)
            main += plan.sizes[index][axis] + (index < plan.gaps.count ? plan.gaps[index] : 0)
        }
    }
}

/// SwiftUI's ZStack algorithm: every child gets the same proposal; the stack spans the union of the
/// children aligned on the alignment's guides.
@MainActor
enum ZStackLayoutEngine {
    static func size(of kids: [ViewNode], proposal: ProposedViewSize, alignment: Alignment) -> CGSize {
        guard !kids.isEmpty else { return .zero }
        if kids.count == 1 { return kids[0].sizeThatFits(proposal) }
        return layout(kids, proposal: proposal, alignment: alignment).size
    }

    static func layout(_ kids: [ViewNode], proposal: ProposedViewSize, alignment: Alignment) -> (size: CGSize, origins: [CGPoint]) {
        var left = CGFloat.infinity, top = CGFloat.infinity, right = -CGFloat.infinity, bottom = -CGFloat.infinity
        var guides: [CGPoint] = []
        for child in kids {
            let size = child.sizeThatFits(proposal)
            let dims = child.dimensions(for: size)
            let g = CGPoint(x: dims[alignment.horizontal], y: dims[alignment.vertical])
            guides.append(g)
            left = min(left, -g.x); top = min(top, -g.y)
            right = max(right, size.width - g.x); bottom = max(bottom, size.height - g.y)
        }
        let origins = guides.map { CGPoint(x: -$0.x - left, y: -$0.y - top) }
        return (CGSize(width: right - left, height: bottom - top), origins)
    }

    /// Places `kids` inside a box of `size` as a ZStack with `alignment` would.
    static func place(_ kids: [ViewNode], in size: CGSize, proposal: ProposedViewSize, alignment: Alignment, context: PlacementContext) {
        for child in kids {
            let childSize = child.sizeThatFits(proposal)
            child.place(at: origin(of: child, size: childSize, in: size, alignment: alignment), proposal: proposal, in: context)
        }
    }

    /// Where a child of `size` goes inside a box of `container` size so their `alignment` guides meet.
    static func origin(of child: ViewNode, size: CGSize, in container: CGSize, alignment: Alignment) -> CGPoint {
        let containerDims = ViewDimensions(size: container)
        let childDims = child.dimensions(for: size)
        return CGPoint(x: containerDims[alignment.horizontal] - childDims[alignment.horizontal],
                       y: containerDims[alignment.vertical] - childDims[alignment.vertical])
    }
}

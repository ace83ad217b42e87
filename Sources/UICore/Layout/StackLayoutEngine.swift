import Foundation

/// SwiftUI's HStack/VStack algorithm over a list of children.
///
/// With a concrete proposal along the stack's axis, the space left after spacing is divided among the
/// children by layout priority (highest first, after reserving the minimum sizes of lower priorities);
/// within a priority the least flexible child (max − min size) is offered an equal share of what remains
/// first, so rigid children take what they need and flexible ones share the rest.
@MainActor
package enum StackLayoutEngine {
    /// The system spacing between adjacent views (none next to a spacer).
    package nonisolated static let defaultSpacing: CGFloat = 8

    /// One child's part of a plan.
    package struct Slot {
        package var size = CGSize.zero
        /// The proposal `size` answered (the child is placed with it).
        package var proposal = ProposedViewSize.unspecified
        /// Main-axis position of the child's leading/top edge inside the stack.
        package var mainOffset: CGFloat = 0
        /// Cross-axis position of the child's top/leading edge inside the stack.
        package var crossOffset: CGFloat = 0
        // Working values of the sizing pass.
        package var minimum: CGFloat = 0
        package var flexibility: CGFloat = 0
        package var priority: Double = 0
        /// The spacing after this child (none after the last).
        package var gap: CGFloat = 0
    }

    /// Working memory for plans: `capacity` plans of `stride` slots each plus one ordering scratch, reused
    /// across layout passes so planning allocates nothing (stacks plan each child many times per pass).
    package final class Storage {
        package private(set) var slots: UnsafeMutablePointer<Slot>
        package private(set) var order: UnsafeMutablePointer<Int>
        package private(set) var stride = 0
        package let capacity: Int

        package nonisolated init(capacity: Int) {
            self.capacity = capacity
            slots = UnsafeMutablePointer<Slot>.allocate(capacity: 0)
            order = UnsafeMutablePointer<Int>.allocate(capacity: 0)
        }

        /// Makes room for `capacity` plans of `count` children each (contents are undefined after a change).
        package nonisolated func reserve(count: Int) {
            guard count != stride else { return }
            slots.deallocate()
            order.deallocate()
            stride = count
            slots = UnsafeMutablePointer<Slot>.allocate(capacity: count * capacity)
            slots.initialize(repeating: Slot(), count: count * capacity)
            order = UnsafeMutablePointer<Int>.allocate(capacity: count)
            order.initialize(repeating: 0, count: count)
        }

        /// The slots of plan number `index`.
        package nonisolated func slots(of index: Int) -> UnsafeMutablePointer<Slot> { slots + index * stride }

        deinit {
            slots.deallocate()
            order.deallocate()
        }
    }

    package static func gap(_ kids: [ViewNode], after index: Int, spacing: CGFloat?) -> CGFloat {
        if let spacing { return spacing }
        return kids[index].isSpacer || kids[index + 1].isSpacer ? 0 : defaultSpacing
    }

    /// A plan with its own slots (for the `Layout` protocol's stacks, which keep no plan cache).
    package static func plan(
        _ kids: [ViewNode], axis: Axis, proposal: ProposedViewSize, spacing: CGFloat?, alignment: AlignmentKey
    ) -> (slots: [Slot], size: CGSize) {
        let storage = Storage(capacity: 1)
        storage.reserve(count: kids.count)
        let size = plan(
            kids, into: storage.slots(of: 0), group: storage.order, axis: axis, proposal: proposal, spacing: spacing,
            alignment: alignment)
        return (Array(UnsafeBufferPointer(start: storage.slots(of: 0), count: kids.count)), size)
    }

    /// Plans `kids` for `proposal` into `slots` (one per kid), using `group` (one Int per kid) as scratch;
    /// returns the stack's size.
    package static func plan(
        _ kids: [ViewNode], into slots: UnsafeMutablePointer<Slot>, group: UnsafeMutablePointer<Int>,
        axis: Axis, proposal: ProposedViewSize, spacing: CGFloat?, alignment: AlignmentKey
    ) -> CGSize {
        let count = kids.count
        var totalSpacing: CGFloat = 0
        for index in 0..<count {
            slots[index] = Slot()
            kids[index].setStackAxis(axis)
            if index + 1 < count {
                let gap = gap(kids, after: index, spacing: spacing)
                slots[index].gap = gap
                totalSpacing += gap
            }
        }
        let cross = proposal[axis.other]

        if let main = proposal[axis] {
            var samePriority = true
            for index in 0..<count {
                let child = kids[index]
                let minimum = child.sizeThatFits(ProposedViewSize(axis: axis, main: 0, cross: cross))[axis]
                slots[index].minimum = minimum
                slots[index].flexibility =
                    child.sizeThatFits(ProposedViewSize(axis: axis, main: .infinity, cross: cross))[axis] - minimum
                slots[index].priority = child.layoutPriority
                if slots[index].priority != slots[0].priority { samePriority = false }
            }
            var remaining = main - totalSpacing
            // Priorities from highest to lowest, each taken once (the common single priority without a list).
            var priority = count > 0 ? slots[0].priority : 0
            if !samePriority { for index in 1..<count { priority = max(priority, slots[index].priority) } }
            while true {
                var groupCount = 0
                var reserved: CGFloat = 0
                for index in 0..<count {
                    if slots[index].priority == priority {
                        group[groupCount] = index
                        groupCount += 1
                    } else if slots[index].priority < priority {
                        reserved += slots[index].minimum
                    }
                }
                // Least flexible first; ties keep their order. (An insertion sort written out: groups are
                // small, and a comparator closure would be checked for main-actor isolation on every call.)
                if groupCount > 1 {
                    for i in 1..<groupCount {
                        let member = group[i]
                        let flexibility = slots[member].flexibility
                        var j = i - 1
                        while j >= 0 && slots[group[j]].flexibility > flexibility {
                            group[j + 1] = group[j]
                            j -= 1
                        }
                        group[j + 1] = member
                    }
                }
                var groupRemaining = remaining - reserved
                var left = groupCount
                var used: CGFloat = 0
                for member in 0..<groupCount {
                    let index = group[member]
                    let share = max(0, groupRemaining / CGFloat(left))
                    let childProposal = ProposedViewSize(axis: axis, main: share, cross: cross)
                    let size = kids[index].sizeThatFits(childProposal)
                    slots[index].proposal = childProposal
                    slots[index].size = size
                    groupRemaining -= size[axis]
                    used += size[axis]
                    left -= 1
                }
                remaining -= used
                if samePriority { break }
                // The next lower priority, if any.
                var next = -Double.infinity
                var found = false
                for index in 0..<count where slots[index].priority < priority && slots[index].priority > next {
                    next = slots[index].priority
                    found = true
                }
                guard found else { break }
                priority = next
            }
        } else {
            for index in 0..<count {
                let childProposal = ProposedViewSize(axis: axis, main: nil, cross: cross)
                slots[index].proposal = childProposal
                slots[index].size = kids[index].sizeThatFits(childProposal)
            }
        }

        // Cross axis: every child's alignment guide on one line; the stack spans their union.
        var low = CGFloat.infinity
        var high = -CGFloat.infinity
        var mainPosition: CGFloat = 0
        for index in 0..<count {
            let size = slots[index].size
            let crossSize = size[axis.other]
            let guide = alignmentValue(kids[index], size: size, key: alignment, crossSize: crossSize)
            slots[index].crossOffset = -guide
            low = min(low, -guide)
            high = max(high, crossSize - guide)
            slots[index].mainOffset = mainPosition
            mainPosition += size[axis] + slots[index].gap
        }
        if count == 0 {
            low = 0
            high = 0
        }
        for index in 0..<count { slots[index].crossOffset -= low }
        return CGSize(axis: axis, main: mainPosition, cross: high - low)
    }

    /// The value of the guide `key` in `child` of `size`: explicit if set, else the guide's default.
    package static func alignmentValue(_ child: ViewNode, size: CGSize, key: AlignmentKey, crossSize: CGFloat)
        -> CGFloat
    {
        if key.id == BuiltInGuide.horizontalCenter || key.id == BuiltInGuide.verticalCenter {
            // Fast path for the common case: centre guides are rarely set explicitly.
            if let explicit = child.explicitAlignment(key, size: size) { return explicit }
            return crossSize / 2
        }
        return guideValue(child, size: size, key: key)
    }

    /// A child's guide value: its explicit one, else the guide's default (no closure-carrying dimensions).
    package static func guideValue(_ child: ViewNode, size: CGSize, key: AlignmentKey) -> CGFloat {
        child.explicitAlignment(key, size: size) ?? key.defaultValue(ViewDimensions(size: size))
    }

    package static func place(
        _ kids: [ViewNode], slots: UnsafeMutablePointer<Slot>, axis: Axis, origin: CGPoint = .zero,
        context: PlacementContext
    ) {
        for index in 0..<kids.count {
            let slot = slots[index]
            let position = CGPoint(axis: axis, main: slot.mainOffset, cross: slot.crossOffset)
            kids[index].place(
                at: CGPoint(x: origin.x + position.x, y: origin.y + position.y), proposal: slot.proposal, in: context)
        }
    }
}

/// SwiftUI's ZStack algorithm: every child gets the same proposal; the stack spans the union of the
/// children aligned on the alignment's guides.
@MainActor
package enum ZStackLayoutEngine {
    package static func size(of kids: [ViewNode], proposal: ProposedViewSize, alignment: Alignment) -> CGSize {
        guard !kids.isEmpty else { return .zero }
        if kids.count == 1 { return kids[0].sizeThatFits(proposal) }
        return layout(kids, proposal: proposal, alignment: alignment).size
    }

    /// A proposal per child when the children's layout priorities differ (else nil: each gets `proposal`):
    /// the highest-priority children are offered `proposal`, the others the size those take together.
    package static func priorityProposals(_ kids: [ViewNode], proposal: ProposedViewSize, alignment: Alignment)
        -> [ProposedViewSize]?
    {
        guard let first = kids.first else { return nil }
        var top = first.layoutPriority
        var uniform = true
        for child in kids.dropFirst() {
            let priority = child.layoutPriority
            if priority != top {
                uniform = false
                top = max(top, priority)
            }
        }
        guard !uniform else { return nil }
        let leaders = kids.filter { $0.layoutPriority == top }
        let leaderSize = size(of: leaders, proposal: proposal, alignment: alignment)
        return kids.map { $0.layoutPriority == top ? proposal : ProposedViewSize(leaderSize) }
    }

    package static func layout(_ kids: [ViewNode], proposal: ProposedViewSize, alignment: Alignment) -> (
        size: CGSize, origins: [CGPoint]
    ) {
        layout(kids, proposals: Array(repeating: proposal, count: kids.count), alignment: alignment)
    }

    /// The origin `layout` gives a stack's only child (the same arithmetic, without arrays).
    package static func originOfOnlyChild(_ child: ViewNode, proposal: ProposedViewSize, alignment: Alignment)
        -> CGPoint
    {
        let size = child.sizeThatFits(proposal)
        let guide = CGPoint(
            x: StackLayoutEngine.guideValue(child, size: size, key: alignment.horizontal.key),
            y: StackLayoutEngine.guideValue(child, size: size, key: alignment.vertical.key))
        let left = min(CGFloat.infinity, -guide.x)
        let top = min(CGFloat.infinity, -guide.y)
        return CGPoint(x: -guide.x - left, y: -guide.y - top)
    }

    /// The ZStack layout with a proposal per child.
    package static func layout(_ kids: [ViewNode], proposals: [ProposedViewSize], alignment: Alignment) -> (
        size: CGSize, origins: [CGPoint]
    ) {
        var left = CGFloat.infinity
        var top = CGFloat.infinity
        var right = -CGFloat.infinity
        var bottom = -CGFloat.infinity
        var guides: [CGPoint] = []
        // A child as big as an infinite proposal makes the stack as big (guides at infinity would give NaN).
        var infiniteWidth = false
        var infiniteHeight = false
        for (child, proposal) in zip(kids, proposals) {
            let size = child.sizeThatFits(proposal)
            if size.width.isInfinite { infiniteWidth = true }
            if size.height.isInfinite { infiniteHeight = true }
            let g = CGPoint(
                x: StackLayoutEngine.guideValue(child, size: size, key: alignment.horizontal.key),
                y: StackLayoutEngine.guideValue(child, size: size, key: alignment.vertical.key))
            guides.append(g)
            left = min(left, -g.x)
            top = min(top, -g.y)
            right = max(right, size.width - g.x)
            bottom = max(bottom, size.height - g.y)
        }
        let origins = guides.map { CGPoint(x: -$0.x - left, y: -$0.y - top) }
        return (
            CGSize(width: infiniteWidth ? .infinity : right - left, height: infiniteHeight ? .infinity : bottom - top),
            origins
        )
    }

    /// Places `kids` inside a box of `size` as a ZStack with `alignment` would.
    package static func place(
        _ kids: [ViewNode], in size: CGSize, proposal: ProposedViewSize, alignment: Alignment, context: PlacementContext
    ) {
        for child in kids {
            let childSize = child.sizeThatFits(proposal)
            child.place(
                at: origin(of: child, size: childSize, in: size, alignment: alignment), proposal: proposal, in: context)
        }
    }

    /// Where a child of `size` goes inside a box of `container` size so their `alignment` guides meet.
    package static func origin(of child: ViewNode, size: CGSize, in container: CGSize, alignment: Alignment) -> CGPoint
    {
        let containerDims = ViewDimensions(size: container)
        return CGPoint(
            x: containerDims[alignment.horizontal]
                - StackLayoutEngine.guideValue(child, size: size, key: alignment.horizontal.key),
            y: containerDims[alignment.vertical]
                - StackLayoutEngine.guideValue(child, size: size, key: alignment.vertical.key))
    }
}

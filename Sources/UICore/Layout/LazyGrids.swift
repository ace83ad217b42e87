import Foundation

/// A grid growing downwards: its views fill `columns` row after row, built only as their row scrolls into view.
/// `Section` headers and footers take a row of their own across all columns (pinned with `pinnedViews`).
public struct LazyVGrid<Content: View>: View {
    package let columns: [GridItem]
    package let alignment: HorizontalAlignment
    package let spacing: CGFloat?
    package let pinnedViews: PinnedScrollableViews
    package let content: Content

    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let cellAlignment = Alignment(horizontal: view.alignment, vertical: .center)
        makeLazyStackNode(
            LazyGridNode.self,
            parameters: LazyGridNode.stackParameters(
                axis: .vertical, alignment: view.alignment.key, spacing: view.spacing, pinned: view.pinnedViews),
            content: view.content, into: builder,
            configure: { $0.configure(items: view.columns, cellAlignment: cellAlignment) })
    }
}

/// A grid growing sideways: its views fill `rows` column after column, built only as they scroll into view.
public struct LazyHGrid<Content: View>: View {
    package let rows: [GridItem]
    package let alignment: VerticalAlignment
    package let spacing: CGFloat?
    package let pinnedViews: PinnedScrollableViews
    package let content: Content

    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let cellAlignment = Alignment(horizontal: .center, vertical: view.alignment)
        makeLazyStackNode(
            LazyGridNode.self,
            parameters: LazyGridNode.stackParameters(
                axis: .horizontal, alignment: view.alignment.key, spacing: view.spacing, pinned: view.pinnedViews),
            content: view.content, into: builder,
            configure: { $0.configure(items: view.rows, cellAlignment: cellAlignment) })
    }
}

/// The node of `LazyVGrid` and `LazyHGrid`: a lazy stack whose slots are rows of cells (columns of cells for
/// `LazyHGrid`), and section headers and footers each a slot of their own across the grid.
@MainActor
package final class LazyGridNode: LazyStackNode {
    /// A run of elements laid out alike: cells `perSlot` to a slot, or headers and footers one to a slot.
    private struct Segment {
        var firstElement: Int
        var elementCount: Int
        var firstSlot: Int
        var perSlot: Int
        var isFullWidth: Bool
        var slotCount: Int { (elementCount + perSlot - 1) / perSlot }
    }

    private var items: [GridItem] = []
    /// How views sit in cells whose item gives no alignment.
    private var cellAlignment = Alignment.center
    /// The segments and how many slots they make, for a number of cells a row.
    private var segmentCache: (segments: [Segment], slots: Int, perRow: Int)?
    /// The space proposed across the axis in the layout pass under way (the number of cells a row follows it).
    private var crossProposal: CGFloat?
    private var trackCache: (proposal: CGFloat?, tracks: [GridTrack])?

    package static func stackParameters(
        axis: Axis, alignment: AlignmentKey, spacing: CGFloat?, pinned: PinnedScrollableViews
    )
        -> Parameters
    {
        var between = spacing ?? GridItem.systemSpacing
        if !between.isFinite {
            InvalidValueLog.report("lazy-grid-spacing", "lazy grid: spacing \(between) is not a length; ignored")
            between = GridItem.systemSpacing
        }
        return Parameters(axis: axis, alignment: alignment, spacing: between, pinned: pinned)
    }

    package func configure(items newItems: [GridItem], cellAlignment newAlignment: Alignment) {
        let sanitized = newItems.map(\.sanitized)
        guard sanitized.map(\.signature) != items.map(\.signature) || newAlignment != cellAlignment else { return }
        items = sanitized
        cellAlignment = newAlignment
        segmentCache = nil
        trackCache = nil
        invalidate()
    }

    package override func update(list newList: _ViewList) {
        segmentCache = nil
        super.update(list: newList)
    }

    /// The grid's tracks for a proposal across its axis: the grid is as long as its tracks end to end, and they
    /// are laid out again in that length (as SwiftUI places a grid at the size it chose).
    package func tracks(for crossProposal: CGFloat?) -> [GridTrack] {
        if let trackCache, trackCache.proposal == crossProposal { return trackCache.tracks }
        var tracks = GridItem.tracks(of: items, in: crossProposal)
        if crossProposal != nil { tracks = GridItem.tracks(of: items, in: GridItem.totalLength(of: tracks)) }
        trackCache = (crossProposal, tracks)
        return tracks
    }

    package override func placeContent(in context: PlacementContext) {
        crossProposal = placedProposal?[parameters.axis.other]
        super.placeContent(in: context)
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let axis = parameters.axis
        crossProposal = proposal[axis.other]
        let main = super.computeSize(ProposedViewSize(axis: axis, main: proposal[axis], cross: 0))[axis]
        // As wide as the tracks for the proposal (their second layout, in that width, may differ).
        let cross = GridItem.totalLength(of: GridItem.tracks(of: items, in: proposal[axis.other]))
        return CGSize(axis: axis, main: main, cross: cross)
    }

    package override func idealCrossLength() -> CGFloat { GridItem.totalLength(of: tracks(for: nil)) }

    // MARK: Slots

    /// The segments, found by walking the content: a section's parts from its traits, a run outside sections
    /// from what the content knows of it (else element by element).
    private var segments: (segments: [Segment], slots: Int) {
        let perRow = max(1, tracks(for: crossProposal).count)
        if let segmentCache, segmentCache.perRow == perRow { return (segmentCache.segments, segmentCache.slots) }
        var result: [Segment] = []
        var slots = 0
        func append(_ first: Int, _ count: Int, fullWidth: Bool) {
            guard count > 0 else { return }
            let segment = Segment(
                firstElement: first, elementCount: count, firstSlot: slots, perSlot: fullWidth ? 1 : perRow,
                isFullWidth: fullWidth)
            result.append(segment)
            slots += segment.slotCount
        }
        let count = list.count
        var index = 0
        while index < count {
            if let section = traits(at: index).section {
                let start = index - section.index
                let rows = start + section.headerCount
                let footers = rows + section.rowCount
                let end = start + section.count
                append(index, max(0, rows - index), fullWidth: true)
                append(max(index, rows), footers - max(index, rows), fullWidth: false)
                append(max(index, footers), end - max(index, footers), fullWidth: true)
                index = max(index + 1, end)
            } else {
                var end = min(count, max(index + 1, list.sectionlessEnd(index) ?? index + 1))
                if list.sectionlessEnd(index) == nil {
                    while end < count && traits(at: end).section == nil { end += 1 }
                }
                append(index, end - index, fullWidth: false)
                index = end
            }
        }
        segmentCache = (result, slots, perRow)
        return (result, slots)
    }

    private func segment(containingSlot slot: Int) -> Segment? {
        let all = segments.segments
        var low = 0
        var high = all.count - 1
        guard high >= 0 else { return nil }
        while low < high {
            let middle = (low + high + 1) / 2
            if all[middle].firstSlot <= slot { low = middle } else { high = middle - 1 }
        }
        return all[low]
    }

    private func segment(containingElement index: Int) -> Segment? {
        let all = segments.segments
        var low = 0
        var high = all.count - 1
        guard high >= 0 else { return nil }
        while low < high {
            let middle = (low + high + 1) / 2
            if all[middle].firstElement <= index { low = middle } else { high = middle - 1 }
        }
        return all[low]
    }

    package override var slotCount: Int { segments.slots }

    package override func elementRange(ofSlot slot: Int) -> Range<Int> {
        guard let segment = segment(containingSlot: slot) else { return 0..<0 }
        let first = segment.firstElement + (slot - segment.firstSlot) * segment.perSlot
        return first..<min(first + segment.perSlot, segment.firstElement + segment.elementCount)
    }

    package override func slot(ofElement index: Int) -> Int {
        guard let segment = segment(containingElement: index) else { return 0 }
        return segment.firstSlot + (index - segment.firstElement) / segment.perSlot
    }

    private func isFullWidth(_ slot: Int) -> Bool { segment(containingSlot: slot)?.isFullWidth ?? false }

    package override func measureSlot(_ slot: Int, crossProposal: CGFloat?) -> (extent: CGFloat, cross: CGFloat) {
        let tracks = tracks(for: crossProposal)
        let total = GridItem.totalLength(of: tracks)
        if isFullWidth(slot) {
            let measured = measureElement(elementRange(ofSlot: slot).lowerBound, crossProposal: total)
            return (measured.extent, total)
        }
        let axis = parameters.axis
        var extent: CGFloat = 0
        for (element, track) in zip(elementRange(ofSlot: slot), tracks) {
            let proposal = ProposedViewSize(axis: axis, main: nil, cross: track.length)
            for node in layoutElements(ofElement: element) { extent = max(extent, node.sizeThatFits(proposal)[axis]) }
        }
        return (extent, total)
    }

    package override func placeSlot(_ slot: PlacedElement, crossProposal: CGFloat?, context: PlacementContext) {
        let tracks = tracks(for: crossProposal)
        let axis = parameters.axis
        if isFullWidth(slot.index) {
            var header = slot
            header.index = elementRange(ofSlot: slot.index).lowerBound
            placeElement(header, crossProposal: GridItem.totalLength(of: tracks), context: context)
            return
        }
        for (element, track) in zip(elementRange(ofSlot: slot.index), tracks) {
            let proposal = ProposedViewSize(axis: axis, main: nil, cross: track.length)
            let cell = CGSize(axis: axis, main: slot.extent, cross: track.length)
            let alignment = track.alignment ?? cellAlignment
            for node in layoutElements(ofElement: element) {
                let size = node.sizeThatFits(proposal)
                let inCell = ZStackLayoutEngine.origin(of: node, size: size, in: cell, alignment: alignment)
                let corner = CGPoint(axis: axis, main: slot.start, cross: track.offset)
                node.place(at: CGPoint(x: corner.x + inCell.x, y: corner.y + inCell.y), proposal: proposal, in: context)
            }
        }
    }

    package override var debugName: String { parameters.axis == .vertical ? "LazyVGrid" : "LazyHGrid" }
}

extension GridItem {
    /// What decides the item's layout, to tell when the items changed.
    fileprivate var signature: String {
        "\(size) \(spacing.map { "\($0)" } ?? "-") \(alignment.map { "\($0)" } ?? "-")"
    }
}

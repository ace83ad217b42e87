import Foundation

/// The node of `LazyVStack` and `LazyHStack` (and the base of lists): it builds and places only the elements in
/// the visible part of the window, one after the other along its axis from the first one in view, and estimates
/// the others at the average length of those it measured.
///
/// Where the first element in view starts is known only relative to the elements before it, which are
/// estimated: when the first element of all comes into view and does not start at 0, the stack moves every
/// element so that it does, and its scroll view moves its offset by as much, so nothing in view moves.
/// Elements that leave the view disappear (their `onDisappear` runs) and stay built for a while, in case they
/// come back; then they are released, and their state with them, as SwiftUI's lazy stacks do.
@MainActor
@_spi(Engine) open class LazyStackNode: LazyElementsNode {
    package struct Parameters: Equatable {
        package var axis: Axis
        package var alignment: AlignmentKey
        package var spacing: CGFloat
        package var pinned: PinnedScrollableViews
        package init(axis: Axis, alignment: AlignmentKey, spacing: CGFloat, pinned: PinnedScrollableViews) {
            self.axis = axis
            self.alignment = alignment
            self.spacing = spacing
            self.pinned = pinned
        }
    }

    /// One element as last placed: where it starts along the axis and how long it is; pinned headers and footers
    /// (and a held element) are drawn over the others.
    @_spi(Engine) public struct PlacedElement {
        package var index: Int
        package var start: CGFloat
        package var extent: CGFloat
        package var isPinned = false
        package var end: CGFloat { start + extent }
    }

    /// The space between views when none is given (as `VStack`'s).
    package static let systemSpacing: CGFloat = 8
    /// The length an element is estimated at before any is measured.
    package static let initialEstimate: CGFloat = 44
    /// How many placements an element out of view stays built, and how many such elements at most.
    package static let retainedPlacements = 30
    package static let retainedLimit = 64

    package private(set) var parameters = Parameters(
        axis: .vertical, alignment: HorizontalAlignment.center.key, spacing: 8,
        pinned: [])
    package private(set) var placedElements: [PlacedElement] = []
    private var shown = Set<Int>()
    /// Built elements out of view, with the placement count when they left it.
    private var parkedSince: [Int: Int] = [:]
    private var placementCount = 0
    /// The length of each built element as last measured.
    private var extents: [Int: CGFloat] = [:]
    /// Every first measurement, for the average that estimates unmeasured elements.
    private var measuredTotal: CGFloat = 0
    private var measuredCount = 0
    /// The cross size of the first element: the stack's ideal cross size.
    private var idealCross: CGFloat?

    @_spi(Engine) public required override init(graph: ViewGraph, environment: EnvironmentValues) {
        super.init(graph: graph, environment: environment)
    }

    /// An element kept built and placed while it is out of view, if any.
    @_spi(Engine) open var heldElement: Int? { nil }

    package func configure(_ newParameters: Parameters) {
        guard newParameters != parameters else { return }
        parameters = newParameters
        invalidate()
    }

    @_spi(Engine) open override func update(list newList: _ViewList) {
        placedElements.removeAll { $0.index >= newList.count }
        super.update(list: newList)
        placedElements.removeAll { $0.index >= slotCount }
    }

    package override func elementWasReleased(at index: Int) {
        extents[slot(ofElement: index)] = nil
        parkedSince[index] = nil
        shown.remove(index)
        if index == 0 { idealCross = nil }
    }

    // MARK: Slots: what is laid out one after the other (an element in a stack, a row of elements in a grid)

    /// How many slots.
    package var slotCount: Int { list.count }
    /// The elements in slot `slot`.
    package func elementRange(ofSlot slot: Int) -> Range<Int> { slot..<slot + 1 }
    /// The slot element `index` is in.
    package func slot(ofElement index: Int) -> Int { index }

    /// Measures slot `slot` (building its elements as needed): its length along the axis and across.
    package func measureSlot(_ slot: Int, crossProposal: CGFloat?) -> (extent: CGFloat, cross: CGFloat) {
        let measured = measureElement(slot, crossProposal: crossProposal)
        return (measured.extent, measured.cross)
    }

    /// Places the views of a slot measured with `crossProposal` at its place along the axis.
    package func placeSlot(_ slot: PlacedElement, crossProposal: CGFloat?, context: PlacementContext) {
        placeElement(slot, crossProposal: crossProposal, context: context)
    }

    /// The stack's size across its axis when nothing is proposed that way.
    package func idealCrossLength() -> CGFloat { idealCrossSize() }

    /// The layout nodes of element `index`, built now if needed.
    package func layoutElements(ofElement index: Int) -> [ViewNode] {
        let nodes = builtNodes(at: index) ?? buildElement(at: index, duringLayout: true)
        var elements: [ViewNode] = []
        for node in nodes { node.appendLayoutElements(to: &elements) }
        return elements
    }

    package override func isShown(_ index: Int) -> Bool { shown.contains(index) }

    /// The estimated length of an element not measured.
    package var estimate: CGFloat { measuredCount > 0 ? measuredTotal / CGFloat(measuredCount) : Self.initialEstimate }

    // MARK: Hooks for lists

    /// Space around element `index` inside its slot (list rows' insets).
    @_spi(Engine) open func insets(ofElement index: Int, nodes: [ViewNode]) -> EdgeInsets { EdgeInsets() }
    /// The part of element `index`'s length that is not the element's own (the space lists put between sections),
    /// which the estimate of other elements' lengths leaves out.
    @_spi(Engine) open func extentOutsideElement(_ index: Int) -> CGFloat { 0 }
    /// The least length of element `index`'s slot (list rows' minimum height).
    @_spi(Engine) open func minimumExtent(ofElement index: Int) -> CGFloat { 0 }

    // MARK: Layout

    @_spi(Engine) open override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let axis = parameters.axis
        let cross = proposal[axis.other] ?? idealCrossLength()
        return CGSize(axis: axis, main: mainLength(), cross: cross)
    }

    /// The stack's length: the elements placed, what is estimated before the first (its start) and after the last.
    private func mainLength() -> CGFloat {
        let count = slotCount
        guard count > 0 else { return 0 }
        let pitch = estimate + parameters.spacing
        guard let last = placedElements.last(where: { !$0.isPinned }) else {
            return CGFloat(count) * pitch - parameters.spacing
        }
        return last.end + CGFloat(count - last.index - 1) * pitch
    }

    private func idealCrossSize() -> CGFloat {
        if let idealCross { return idealCross }
        guard list.count > 0 else { return 0 }
        let measured = measureElement(0, crossProposal: nil)
        idealCross = measured.cross
        if !shown.contains(0) { park(0) }
        return measured.cross
    }

    /// Measures slot `slot` and keeps its length for the estimates.
    private func measure(_ slot: Int, crossProposal: CGFloat?) -> (extent: CGFloat, cross: CGFloat) {
        let measured = measureSlot(slot, crossProposal: crossProposal)
        if extents[slot] == nil {
            measuredTotal += measured.extent - extentOutsideElement(slot)
            measuredCount += 1
        }
        extents[slot] = measured.extent
        return measured
    }

    /// The layout nodes of element `index`, built now if needed, with their sizes for `crossProposal`, and the
    /// element's length (at least its minimum) and cross size, insets included, stacked along the axis.
    package func measureElement(_ index: Int, crossProposal: CGFloat?) -> (
        nodes: [ViewNode], sizes: [CGSize], insets: EdgeInsets,
        extent: CGFloat, cross: CGFloat
    ) {
        let axis = parameters.axis
        let elements = layoutElements(ofElement: index)
        let insets = self.insets(ofElement: index, nodes: elements)
        let crossInsets = axis == .vertical ? insets.leading + insets.trailing : insets.top + insets.bottom
        let mainInsets = axis == .vertical ? insets.top + insets.bottom : insets.leading + insets.trailing
        let proposal = ProposedViewSize(axis: axis, main: nil, cross: crossProposal.map { max(0, $0 - crossInsets) })
        let sizes = elements.map { $0.sizeThatFits(proposal) }
        var main =
            sizes.reduce(0) { $0 + $1[axis] } + CGFloat(max(0, sizes.count - 1)) * parameters.spacing + mainInsets
        main = max(main, minimumExtent(ofElement: index))
        let cross = (sizes.map { $0[axis.other] }.max() ?? 0) + crossInsets
        return (elements, sizes, insets, main, cross)
    }

    @_spi(Engine) open override func placeContent(in context: PlacementContext) {
        placementCount += 1
        let axis = parameters.axis
        let spacing = parameters.spacing
        let count = slotCount
        let lengthBefore = size[axis]
        let crossProposal = placedProposal?[axis.other]
        let visible = context.visibleRect.offsetBy(dx: -context.origin.x, dy: -context.origin.y)
        var low = max(0, axis == .vertical ? visible.minY : visible.minX)
        var high = min(lengthBefore, axis == .vertical ? visible.maxY : visible.maxX)
        var placed: [PlacedElement] = []
        var shift: CGFloat = 0
        if count > 0 && high > low {
            let pitch = estimate + spacing
            let previous = placedElements.filter { !$0.isPinned }
            // Start from the first element placed last time when the view is still near it; after a jump, from
            // where the estimates put the first element in view.
            var index: Int
            var position: CGFloat
            if let first = previous.first, let last = previous.last,
                low >= first.start - (high - low), low <= last.end + (high - low)
            {
                index = first.index
                position = first.start
            } else if let first = previous.first {
                index = min(count - 1, max(0, first.index + Int(((low - first.start) / pitch).rounded(.down))))
                position = first.start + CGFloat(index - first.index) * pitch
            } else {
                index = min(count - 1, Int(low / pitch))
                position = CGFloat(index) * pitch
            }
            // Back over the elements before, measuring them, until the first in view; the first of all starts at 0.
            while index > 0 && position > low {
                index -= 1
                position -= measure(index, crossProposal: crossProposal).extent + spacing
            }
            if index == 0 && position != 0 {
                shift = -position
                position = 0
                low += shift
                high += shift
            }
            // Over the elements wholly before the view (at their known or estimated length), then those in view.
            while index < count - 1 {
                let length = extents[index] ?? estimate
                guard position + length + spacing <= low else { break }
                position += length + spacing
                index += 1
            }
            while index < count && (position < high || placed.isEmpty) {
                let extent = measure(index, crossProposal: crossProposal).extent
                placed.append(PlacedElement(index: index, start: position, extent: extent))
                position += extent + spacing
                index += 1
            }
            pinSectionEdges(&placed, low: low, high: high, crossProposal: crossProposal)
        }
        // A held element (a list row being dragged) stays placed where it was, over the others, out of view.
        if let held = heldElement, !placed.contains(where: { $0.index == held }),
            let before = placedElements.first(where: { $0.index == held })
        {
            placed.append(
                PlacedElement(index: held, start: before.start + shift, extent: before.extent, isPinned: true))
        }
        placedElements = placed
        updateShownElements(Set(placed.flatMap { elementRange(ofSlot: $0.index) }))
        for element in placed { placeSlot(element, crossProposal: crossProposal, context: context) }
        if shift != 0 || abs(mainLength() - lengthBefore) > 0.01 { contentDidChange(shift: shift) }
    }

    /// Keeps the header of the section at the top of the view (and the footer of the one at the bottom) in view
    /// while their section is, pushed out by the end of their section.
    private func pinSectionEdges(_ placed: inout [PlacedElement], low: CGFloat, high: CGFloat, crossProposal: CGFloat?)
    {
        let pinned = parameters.pinned
        if pinned.contains(.sectionHeaders), let first = placed.first,
            let firstElement = elementRange(ofSlot: first.index).first,
            let section = traits(at: firstElement).section, section.headerCount > 0
        {
            let headerElement = firstElement - section.index
            let header = slot(ofElement: headerElement)
            if first.index != header || first.start < low {
                let lastInSection = slot(ofElement: headerElement + section.count - 1)
                let sectionEnd = placed.last(where: { $0.index == lastInSection })?.end ?? .infinity
                let extent = measure(header, crossProposal: crossProposal).extent
                let start = min(low, sectionEnd - extent)
                placed.removeAll { $0.index == header }
                placed.append(PlacedElement(index: header, start: start, extent: extent, isPinned: true))
            }
        }
        if pinned.contains(.sectionFooters), let last = placed.last(where: { !$0.isPinned }),
            let lastElement = elementRange(ofSlot: last.index).first,
            let section = traits(at: lastElement).section, section.count > section.headerCount + section.rowCount
        {
            let sectionFirstElement = lastElement - section.index
            let sectionFirst = slot(ofElement: sectionFirstElement)
            let footer = slot(ofElement: sectionFirstElement + section.headerCount + section.rowCount)
            if last.index != footer || last.end > high {
                let sectionStart =
                    placed.first(where: { $0.index == sectionFirst && !$0.isPinned })?.start ?? -.infinity
                let extent = measure(footer, crossProposal: crossProposal).extent
                let start = max(high - extent, sectionStart + extent)
                placed.removeAll { $0.index == footer }
                placed.append(PlacedElement(index: footer, start: start, extent: extent, isPinned: true))
            }
        }
    }

    /// Shows the elements of `now`; those that left the view disappear and wait; those waiting too long leave.
    private func updateShownElements(_ now: Set<Int>) {
        guard now != shown else { return }
        let left = shown.subtracting(now)
        for index in now { parkedSince[index] = nil }
        shown = now
        for index in left { park(index) }
        let expired = parkedSince.filter { placementCount - $0.value > Self.retainedPlacements }.map(\.key)
        for index in expired { releaseElement(at: index, duringLayout: true) }
        if parkedSince.count > Self.retainedLimit {
            let oldest = parkedSince.sorted { $0.value < $1.value }.prefix(parkedSince.count - Self.retainedLimit)
            for (index, _) in oldest { releaseElement(at: index, duringLayout: true) }
        }
        arrangeChildren(duringLayout: true)
    }

    private func park(_ index: Int) {
        parkedSince[index] = placementCount
        for node in builtNodes(at: index) ?? [] { node.didLeaveView() }
    }

    @_spi(Engine) open func placeElement(_ element: PlacedElement, crossProposal: CGFloat?, context: PlacementContext) {
        let axis = parameters.axis
        let measured = measureElement(element.index, crossProposal: crossProposal)
        let insets = measured.insets
        let crossSize = size[axis.other]
        let crossStart = axis == .vertical ? insets.leading : insets.top
        let crossInsets = crossStart + (axis == .vertical ? insets.trailing : insets.bottom)
        let crossAvailable = crossSize - crossInsets
        var cursor = element.start + (axis == .vertical ? insets.top : insets.leading)
        let contentLength =
            measured.sizes.reduce(0) { $0 + $1[axis] }
            + CGFloat(max(0, measured.sizes.count - 1)) * parameters.spacing
        let mainInsets = axis == .vertical ? insets.top + insets.bottom : insets.leading + insets.trailing
        // Content shorter than the slot's minimum is centred in it (list rows).
        cursor += max(0, (element.extent - mainInsets - contentLength) / 2)
        let proposal = ProposedViewSize(axis: axis, main: nil, cross: crossProposal.map { max(0, $0 - crossInsets) })
        let guide = parameters.alignment
        let stackGuide = guide.defaultValue(ViewDimensions(size: CGSize(axis: axis, main: 0, cross: crossAvailable)))
        for (node, nodeSize) in zip(measured.nodes, measured.sizes) {
            let cross = crossStart + stackGuide - StackLayoutEngine.guideValue(node, size: nodeSize, key: guide)
            node.place(at: CGPoint(axis: axis, main: cursor, cross: cross), proposal: proposal, in: context)
            cursor += nodeSize[axis] + parameters.spacing
        }
    }

    /// Tells the scroll view around that the stack's length changed (or its elements moved by `shift`).
    private func contentDidChange(shift: CGFloat) {
        var ancestor = parent
        while let node = ancestor {
            if let scroll = node as? ScrollNode {
                scroll.contentDidChangeDuringPlacement(
                    self, shift: CGSize(axis: parameters.axis, main: shift, cross: 0))
                return
            }
            ancestor = node.parent
        }
        // No scroll view: the window shows what fits; the next update lays out with the new length.
        graph.deferAction { [weak self] in self?.invalidate() }
    }

    // MARK: Rendering

    @_spi(Engine) open override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        renderElements(placedElements.filter { !$0.isPinned }, at: origin, into: &output)
        renderElements(placedElements.filter(\.isPinned), at: origin, into: &output)
    }

    /// Draws `elements` (lists add row backgrounds, separators and selection around them).
    @_spi(Engine) open func renderElements(
        _ elements: [PlacedElement], at origin: CGPoint, into output: inout RenderOutput
    ) {
        for element in elements {
            renderChildren(layoutNodes(ofSlot: element.index), at: origin, into: &output)
        }
    }

    /// The layout nodes of built element `index`.
    package func layoutNodes(of index: Int) -> [ViewNode] {
        var elements: [ViewNode] = []
        for node in builtNodes(at: index) ?? [] { node.appendLayoutElements(to: &elements) }
        return elements
    }

    /// The layout nodes of the built elements of slot `slot`.
    package func layoutNodes(ofSlot slot: Int) -> [ViewNode] { elementRange(ofSlot: slot).flatMap(layoutNodes(of:)) }

    @_spi(Engine) open override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }
    @_spi(Engine) open override var layoutPriority: Double { 0 }
    @_spi(Engine) open override var zIndex: Double { 0 }
    @_spi(Engine) open override var debugName: String { parameters.axis == .vertical ? "LazyVStack" : "LazyHStack" }
}

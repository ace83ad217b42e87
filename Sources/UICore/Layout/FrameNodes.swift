import Foundation

/// `frame(minWidth:idealWidth:maxWidth:…)`: the child is offered the proposal clamped to [min, max]
/// (the ideal for an unspecified proposal); the frame's own size is the proposal clamped to bounds that
/// default to the child's size where a limit is missing.
@MainActor
package final class FlexFrameNode: ViewNode {
    package struct Limits: Equatable {
        package var minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
        package var minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    }
    package var limits = Limits()
    package var alignment = Alignment.center

    private static func clamp(_ value: CGFloat, _ low: CGFloat?, _ high: CGFloat?) -> CGFloat {
        var v = value
        if let high { v = min(v, high) }
        if let low { v = max(v, low) }
        return v
    }
    private func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(
            width: p.width.map { Self.clamp($0, limits.minWidth, limits.maxWidth) } ?? limits.idealWidth,
            height: p.height.map { Self.clamp($0, limits.minHeight, limits.maxHeight) } ?? limits.idealHeight)
    }
    private static func dimension(child: CGFloat, proposal: CGFloat?, min: CGFloat?, ideal: CGFloat?, max: CGFloat?)
        -> CGFloat
    {
        if min == nil && max == nil { return proposal == nil ? (ideal ?? child) : child }
        let lower = min ?? Swift.min(child, max ?? .infinity)
        let upper = max ?? Swift.max(child, min ?? -.infinity)
        let wanted = proposal ?? ideal ?? child
        return Swift.max(lower, Swift.min(wanted, upper))
    }
    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let child = ZStackLayoutEngine.size(of: layoutChildren, proposal: childProposal(proposal), alignment: alignment)
        return CGSize(
            width: Self.dimension(
                child: child.width, proposal: proposal.width, min: limits.minWidth, ideal: limits.idealWidth,
                max: limits.maxWidth),
            height: Self.dimension(
                child: child.height, proposal: proposal.height, min: limits.minHeight, ideal: limits.idealHeight,
                max: limits.maxHeight))
    }
    package override func placeContent(in context: PlacementContext) {
        ZStackLayoutEngine.place(
            layoutChildren, in: size, proposal: childProposal(placedProposal ?? ProposedViewSize(size)),
            alignment: alignment, context: context)
    }
    package override var debugName: String { "flexFrame" }
}

/// `padding`: the child is offered the proposal minus the insets and placed inside them; negative
/// insets grow the proposal and let the child draw beyond the padded view's frame.
@MainActor
package final class PaddingNode: ViewNode {
    package var insets = EdgeInsets()

    private func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(
            width: p.width.map { max(0, $0 - insets.horizontal) }, height: p.height.map { max(0, $0 - insets.vertical) }
        )
    }
    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let child = ZStackLayoutEngine.size(of: layoutChildren, proposal: childProposal(proposal), alignment: .center)
        return CGSize(width: max(0, child.width + insets.horizontal), height: max(0, child.height + insets.vertical))
    }
    package override func placeContent(in context: PlacementContext) {
        let proposal = childProposal(placedProposal ?? ProposedViewSize(size))
        let kids = layoutChildren
        let inner = ZStackLayoutEngine.size(of: kids, proposal: proposal, alignment: .center)
        for child in kids {
            let childSize = child.sizeThatFits(proposal)
            let origin = ZStackLayoutEngine.origin(of: child, size: childSize, in: inner, alignment: .center)
            child.place(
                at: CGPoint(x: insets.leading + origin.x, y: insets.top + origin.y), proposal: proposal, in: context)
        }
    }
    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        let inner = CGSize(width: max(0, size.width - insets.horizontal), height: max(0, size.height - insets.vertical))
        let kids = layoutChildren
        guard kids.count == 1 else { return nil }
        let childSize = kids[0].sizeThatFits(ProposedViewSize(inner))
        guard let value = kids[0].explicitAlignment(key, size: childSize) else { return nil }
        return key.axis == .horizontal
            ? value + insets.leading + (inner.width - childSize.width) / 2
            : value + insets.top + (inner.height - childSize.height) / 2
    }
    package override var debugName: String { "padding" }
}

/// `fixedSize`: the child is offered `nil` (its ideal size) in the fixed dimensions.
@MainActor
package final class FixedSizeNode: ViewNode {
    package var horizontal = true
    package var vertical = true
    private func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }
    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        ZStackLayoutEngine.size(of: layoutChildren, proposal: childProposal(proposal), alignment: .center)
    }
    package override func placeContent(in context: PlacementContext) {
        ZStackLayoutEngine.place(
            layoutChildren, in: size, proposal: childProposal(placedProposal ?? ProposedViewSize(size)),
            alignment: .center, context: context)
    }
}

/// `aspectRatio(_:contentMode:)`: offers the child the largest (fit) or smallest (fill) size of the ratio
/// inside the proposal; without a ratio, the child's ideal size gives it.
@MainActor
package final class AspectRatioNode: ViewNode {
    package var ratio: CGFloat?
    package var contentMode = ContentMode.fit

    private func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        let kids = layoutChildren
        var r = ratio ?? 1
        if ratio == nil, let ideal = kids.first.map({ $0.sizeThatFits(.unspecified) }), ideal.height > 0,
            ideal.width > 0
        {
            r = ideal.width / ideal.height
        }
        guard r > 0, r.isFinite else { return p }
        switch (p.width, p.height) {
        case (let w?, let h?):
            let fitWidth = min(w, h * r)
            let fillWidth = max(w, h * r)
            let width = contentMode == .fit ? fitWidth : fillWidth
            if !width.isFinite { return ProposedViewSize(width: w, height: h) }
            return ProposedViewSize(width: width, height: width / r)
        case (let w?, nil): return w.isFinite ? ProposedViewSize(width: w, height: w / r) : p
        case (nil, let h?): return h.isFinite ? ProposedViewSize(width: h * r, height: h) : p
        case (nil, nil):
            let ideal = kids.first.map { $0.sizeThatFits(.unspecified) } ?? .zero
            return ProposedViewSize(width: ideal.width, height: ideal.width / r)
        }
    }
    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        ZStackLayoutEngine.size(of: layoutChildren, proposal: childProposal(proposal), alignment: .center)
    }
    package override func placeContent(in context: PlacementContext) {
        ZStackLayoutEngine.place(
            layoutChildren, in: size, proposal: childProposal(placedProposal ?? ProposedViewSize(size)),
            alignment: .center, context: context)
    }
}

/// `ignoresSafeArea`: where the view's frame touches the safe area's edge, the content extends to the
/// window's edge (a Wayland desktop window has no unsafe area, so there it changes nothing).
@MainActor
package final class IgnoresSafeAreaNode: ViewNode {
    package var edges = Edge.Set.all
    package override func placeContent(in context: PlacementContext) {
        let frame = CGRect(origin: context.origin, size: size)
        let safe = context.safeArea
        let tolerance: CGFloat = 0.5
        var grow = EdgeInsets()
        if edges.contains(.top), frame.minY <= safe.minY + tolerance { grow.top = max(0, frame.minY) }
        if edges.contains(.leading), frame.minX <= safe.minX + tolerance { grow.leading = max(0, frame.minX) }
        if edges.contains(.bottom), frame.maxY >= safe.maxY - tolerance {
            grow.bottom = max(0, graph.size.height - frame.maxY)
        }
        if edges.contains(.trailing), frame.maxX >= safe.maxX - tolerance {
            grow.trailing = max(0, graph.size.width - frame.maxX)
        }
        // The safe area itself does not move: content extended into it can still ask how far it reaches.
        let inner = context
        let grown = CGSize(width: size.width + grow.horizontal, height: size.height + grow.vertical)
        let proposal = ProposedViewSize(grown)
        for child in layoutChildren {
            let childSize = child.sizeThatFits(proposal)
            let origin = ZStackLayoutEngine.origin(of: child, size: childSize, in: grown, alignment: .center)
            child.place(at: CGPoint(x: origin.x - grow.leading, y: origin.y - grow.top), proposal: proposal, in: inner)
        }
    }
}

/// `alignmentGuide(_:computeValue:)`: overrides one guide's value.
@MainActor
package final class AlignmentGuideNode: ViewNode {
    package var guideKey: AlignmentKey?
    package var compute: ((ViewDimensions) -> CGFloat)?
    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        if key == guideKey, let compute {
            let kids = layoutChildren
            let dims = kids.count == 1 ? kids[0].dimensions(for: size) : ViewDimensions(size: size)
            return compute(dims)
        }
        return super.explicitAlignment(key, size: size)
    }
}

/// `layoutPriority(_:)` and `zIndex(_:)`: traits read by the parent container.
@MainActor
package final class TraitNode: ViewNode {
    package var priority: Double?
    package var index: Double?
    package override var layoutPriority: Double { priority ?? super.layoutPriority }
    package override var zIndex: Double { index ?? super.zIndex }
}

/// `coordinateSpace(name:)`: names this view's frame for `GeometryProxy.frame(in:)` and gestures.
@MainActor
package final class CoordinateSpaceNode: ViewNode {
    package var name: AnyHashable = AnyHashable(0)
    package override func placeContent(in context: PlacementContext) {
        var inner = context
        inner.namedSpaces[name] = CGRect(origin: context.origin, size: size)
        super.placeContent(in: inner)
    }
}

import Foundation

/// Where a node is being placed: its origin in window points and what geometry readers can ask about.
@_spi(Engine) public struct PlacementContext {
    /// The node's top-leading corner in window points (offsets applied outside it included).
    package var origin: CGPoint
    /// Frames (window points) of the views that declared `coordinateSpace(name:)` above this node.
    package var namedSpaces: [AnyHashable: CGRect]
    /// The window's safe area, in window points.
    package var safeArea: CGRect
    /// The part of the window where content shows (the window, or the innermost scroll view's frame), window
    /// points: lazy containers build only what falls inside.
    package var visibleRect: CGRect = .infinite
    /// What decides the transaction of a layout change for the views placed here (Animation/LayoutAnimation.swift).
    package var layoutChange = LayoutChangeScope()
}

/// What rendering one node produced: display items and hit-test nodes, both in window points.
@_spi(Engine) public struct RenderOutput {
    package var items: [DisplayItem] = []
    package var hits: [HitTestNode] = []
    package mutating func append(_ other: RenderOutput) {
        if items.isEmpty && hits.isEmpty {
            // Share the other's storage (copied on write): single-child chains pass the whole list up uncopied.
            self = other
            return
        }
        appendItems(other.items)
        appendHits(other.hits)
    }
    /// Appends `other`; an empty list takes its storage instead (appending would copy it).
    package mutating func appendItems(_ other: [DisplayItem]) {
        if items.isEmpty { items = other } else { items.append(contentsOf: other) }
    }
    package mutating func appendHits(_ other: [HitTestNode]) {
        if hits.isEmpty { hits = other } else { hits.append(contentsOf: other) }
    }
    package init(items: [DisplayItem] = [], hits: [HitTestNode] = []) {
        self.items = items
        self.hits = hits
    }
}

/// A persistent node of the view graph. One exists per primitive view, modifier and composite view;
/// it keeps state, caches its layout and rendering, and is matched across updates by its `NodeKey`.
///
/// Layout follows SwiftUI's protocol: the parent proposes a size (`sizeThatFits`), the child answers,
/// the parent places the child (`place`). Positions are relative to the layout parent's origin.
@MainActor
@_spi(Engine) open class ViewNode {
    package final unowned let graph: ViewGraph
    package final weak var parent: ViewNode?
    package final var key = NodeKey(path: [], nodeType: ObjectIdentifier(ViewNode.self))
    package final let identity: ViewIdentity
    package final var depth = 0
    package final var environment: EnvironmentValues
    package final var children: [ViewNode] = []
    /// Set once the node left the graph: pending writes to its state are ignored.
    package final var isRemoved = false
    /// The graph's `updateCount` when the node was created (insertions under new nodes need no transition of their own).
    package final let birthUpdate: Int
    /// The insertion or removal transition running on this view (Animation/Transition.swift).
    package final var transitionState: TransitionState?
    /// Whether the preferences this subtree sets stay inside it (a presentation's view reports to its own stage,
    /// not to the view that presented it).
    package final var keepsPreferencesInside = false

    // Layout caches. Invalidation (`invalidate()`) clears them along the path to the root.
    /// Stacks ask each child for its minimum, maximum and share, for each of their own three proposals.
    private final let sizeCache = RingCache<ProposedViewSize, CGSize>(capacity: 12)
    /// Set by leaves whose size is cheaper to compute than to look up (a `Color` is its proposal).
    package final var sizesWithoutCache = false
    private final var flattenedCache: [ViewNode]?
    package final var needsPlacement = true
    package final var needsRender = true
    /// Position relative to the layout parent's origin and size, as last placed.
    package final var position = CGPoint.zero
    package final var size = CGSize.zero
    package final var placedOrigin: CGPoint?
    /// The change that last invalidated this node's layout (Animation/LayoutAnimation.swift).
    package final var layoutChangeStamp = 0
    /// The frame (position and size) moving from where it was drawn to where layout put it, while it animates.
    package final var layoutFrameAnimation: AnimatedVector?
    private final var renderCacheOrigin: CGPoint?
    private final var renderCacheSize = CGSize.zero
    private final var renderCache = RenderOutput()

    package init(graph: ViewGraph, environment: EnvironmentValues) {
        self.graph = graph
        self.environment = environment
        self.identity = graph.nextIdentity()
        self.birthUpdate = graph.updateCount
    }

    // MARK: Structure

    /// The children as layout sees them: the elements they stand for (a custom view's are its body's).
    package final var layoutChildren: [ViewNode] {
        if let cached = flattenedCache { return cached }
        var result: [ViewNode] = []
        result.reserveCapacity(children.count)
        for child in children where !isSecondary(child) { child.appendLayoutElements(to: &result) }
        flattenedCache = result
        return result
    }

    /// Adds the elements this node stands for in its container's layout: itself, for nodes that lay out.
    package func appendLayoutElements(to elements: inout [ViewNode]) { elements.append(self) }

    /// Starts the insertion transitions of the elements this node stands for, if the change is animated.
    package func beginInsertionTransitions() { beginInsertionTransition() }

    /// Starts the removal transitions of the elements this node stands for; returns whether any runs
    /// (the node then stays until they end).
    package func beginRemovalTransitions() -> Bool { beginRemovalTransition() }

    /// A child's removal transition ended and it left.
    package func elementDidLeave() {}

    /// Children that are built here but laid out separately (a background's content, say).
    @_spi(Engine) open func isSecondary(_ child: ViewNode) -> Bool { false }

    /// Re-evaluates invalidated content (composite bodies, geometry readers); no-op for other nodes.
    @_spi(Engine) open func evaluateIfDirty() {}

    /// For composite nodes: how many times `body` ran.
    package var compositeEvaluationCount: Int? { nil }

    /// Called when the node leaves the graph (its view disappeared).
    @_spi(Engine) open func willRemove() {
        isRemoved = true
        for child in children { child.willRemove() }
    }

    /// The view left the visible part of a lazy container but stays built (it may come back): its `onDisappear`
    /// actions run, and it is placed afresh (appearing again) when shown.
    package func didLeaveView() {
        needsPlacement = true
        needsRender = true
        for child in children { child.didLeaveView() }
    }

    // MARK: Invalidation

    /// Marks this node and its ancestors as needing layout and rendering.
    package func invalidate() {
        // No early exit: a node measured but not yet placed looks "invalid" while holding a size cache.
        let stamp = graph.layoutChangeStamp()
        var node: ViewNode? = self
        while let current = node {
            current.layoutChangeStamp = stamp
            current.clearSizeCache()
            current.flattenedCache = nil
            current.needsPlacement = true
            current.needsRender = true
            if current === graph.placementBarrier {
                // Content rebuilt while its geometry reader is being placed: the reader places it right now,
                // so its ancestors need no new layout, only new rendering.
                current.invalidateRender()
                return
            }
            node = current.parent
        }
        graph.setNeedsUpdate()
    }

    /// The children changed while this node is laid out (a lazy container showing other elements): its own
    /// layout is under way, so only its view of its children and its drawing are stale.
    package final func childrenDidChangeDuringLayout() {
        flattenedCache = nil
        invalidateRender()
    }

    /// Marks this node and its ancestors as needing rendering only (geometry unchanged).
    /// Walks to the root: composites are never rendered (their elements are), so their flag says nothing.
    package func invalidateRender() {
        var node: ViewNode? = self
        while let current = node {
            current.needsRender = true
            node = current.parent
        }
    }

    /// Drops every cache in the subtree (text measurer, safe area or image sizes changed).
    package func invalidateSubtree() {
        clearSizeCache()
        flattenedCache = nil
        needsPlacement = true
        needsRender = true
        for child in children { child.invalidateSubtree() }
    }

    // MARK: Layout

    /// How many times the node computed a size (cache misses; tests check that only changed views are measured).
    package final private(set) var measureCount = 0

    /// The size this view takes for `proposal` (cached).
    package final func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if sizesWithoutCache {
            measureCount &+= 1
            return computeSize(proposal)
        }
        let cache = sizeCache
        if let size = cache.value(for: proposal) { return size }
        measureCount &+= 1
        let result = computeSize(proposal)
        cache.insert(proposal, result)
        return result
    }

    package func clearSizeCache() {
        sizeCache.removeAll()
        layoutCacheDidClear()
    }

    /// Subclasses with their own layout caches drop them here.
    package func layoutCacheDidClear() {}

    /// Subclasses compute their size here; the default lays its children out like a centred ZStack.
    @_spi(Engine) open func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        ZStackLayoutEngine.size(of: layoutChildren, proposal: proposal, alignment: .center)
    }

    /// Places the node at `position` (relative to the parent's origin), sized for `proposal`
    /// (as SwiftUI's `place(at:anchor:proposal:)`), then its children.
    package final func place(at position: CGPoint, proposal: ProposedViewSize, in parentContext: PlacementContext) {
        let previousFrame = CGRect(origin: self.position, size: size)
        let wasPlaced = placedProposal != nil
        self.position = position
        var context = parentContext
        context.origin = parentContext.origin + position
        if !needsPlacement && proposal == placedProposal && context.origin == placedOrigin {
            if position != previousFrame.origin {
                layoutFrameDidChange(from: previousFrame, scope: layoutChangeScope(in: parentContext.layoutChange))
            }
            return
        }
        context.layoutChange = layoutChangeScope(in: parentContext.layoutChange)
        let newSize = sizeThatFits(proposal)
        if newSize != size || context.origin != placedOrigin { invalidateRender() }
        size = newSize
        if wasPlaced, position != previousFrame.origin || newSize != previousFrame.size {
            layoutFrameDidChange(from: previousFrame, scope: context.layoutChange)
        }
        placedProposal = proposal
        placedOrigin = context.origin
        placeContent(in: context)
        needsPlacement = false
    }

    /// The proposal the node was last placed with.
    package final private(set) var placedProposal: ProposedViewSize?

    /// Subclasses place their children inside `size` here; the default centres them like a ZStack.
    @_spi(Engine) open func placeContent(in context: PlacementContext) {
        ZStackLayoutEngine.place(
            layoutChildren, in: size, proposal: placedProposal ?? ProposedViewSize(size), alignment: .center,
            context: context)
    }

    /// The explicit value of an alignment guide inside this view of `size`, if one is set.
    @_spi(Engine) open func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        // Wrappers place their one child centred in their own size (the common case; nodes that place
        // differently override this).
        let kids = layoutChildren
        guard kids.count == 1, let child = kids.first else { return nil }
        let childSize = child.sizeThatFits(ProposedViewSize(size))
        guard let value = child.explicitAlignment(key, size: childSize) else { return nil }
        return value
            + (key.axis == .horizontal ? (size.width - childSize.width) / 2 : (size.height - childSize.height) / 2)
    }

    /// This view's dimensions at `size`, with its explicit alignment guides.
    package func dimensions(for size: CGSize) -> ViewDimensions {
        ViewDimensions(size: size) { [unowned self] key in self.explicitAlignment(key, size: size) }
    }

    /// The layout priority trait (`layoutPriority(_:)`); wrappers report their content's.
    @_spi(Engine) open var layoutPriority: Double {
        let kids = layoutChildren
        return kids.count == 1 ? kids[0].layoutPriority : 0
    }

    /// The value set with `layoutValue(key:value:)` for `key`; wrappers report their content's.
    package func layoutValue(for key: ObjectIdentifier) -> Any? {
        let kids = layoutChildren
        return kids.count == 1 ? kids[0].layoutValue(for: key) : nil
    }

    /// The z-index trait (`zIndex(_:)`); wrappers report their content's.
    @_spi(Engine) open var zIndex: Double {
        let kids = layoutChildren
        return kids.count == 1 ? kids[0].zIndex : 0
    }

    /// Whether this node shapes the transaction of the layout changes below it (animation and transaction
    /// modifiers): asked of every node placed, so a property rather than two dynamic casts.
    package var shapesLayoutChangeTransactions: Bool { false }

    /// Whether this is a `Spacer` (stacks put no spacing next to spacers).
    package var isSpacer: Bool { false }

    /// Tells axis-dependent leaves (Spacer, Divider) which stack they are in.
    package func setStackAxis(_ axis: Axis?) {}

    // MARK: Rendering

    /// Appends this node's display items and hit-test nodes, drawn with its origin at `origin` (window points).
    package final func render(at origin: CGPoint, into output: inout RenderOutput) {
        if let layoutFrameAnimation {
            // Drawn at the presented frame: its offset from the laid-out position moves the origin, and the
            // content draws at the presented size (layout keeps its own).
            let presented = layoutFrameAnimation.presented(at: graph.animations.time)
            let shifted = CGPoint(x: origin.x + presented[0] - position.x, y: origin.y + presented[1] - position.y)
            let presentedSize = CGSize(width: max(0, presented[2]), height: max(0, presented[3]))
            renderPlaced(at: shifted, size: presentedSize, into: &output)
            return
        }
        renderPlaced(at: origin, size: size, into: &output)
    }

    /// Draws the node with its top-leading corner at `origin` and its frame `size` wide and high (its
    /// presented frame while that animates).
    private final func renderPlaced(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        if let state = transitionState {
            var local = RenderOutput()
            renderUntransitioned(at: origin, size: size, into: &local)
            applyTransition(state, frame: CGRect(origin: origin, size: size), to: &local)
            output.append(local)
            return
        }
        renderUntransitioned(at: origin, size: size, into: &output)
    }

    private final func renderUntransitioned(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        if !cachesRendering {
            // Leaves draw a couple of items: redrawing them is cheaper than keeping a copy.
            renderContent(at: origin, size: size, into: &output)
            needsRender = false
            return
        }
        if !needsRender, renderCacheOrigin == origin, renderCacheSize == size {
            output.append(renderCache)
            return
        }
        var local = RenderOutput()
        renderContent(at: origin, size: size, into: &local)
        renderCache = local
        renderCacheOrigin = origin
        renderCacheSize = size
        needsRender = false
        output.append(local)
    }

    /// Whether the node keeps its rendered output for reuse (containers do; leaves redraw).
    @_spi(Engine) open var cachesRendering: Bool { true }

    /// Subclasses draw here, in a frame `size` wide and high (the presented size while the frame animates,
    /// `self.size` being the one layout gave); the default draws the layout children in z order.
    @_spi(Engine) open func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        renderChildren(layoutChildren, at: origin, into: &output)
    }

    /// Renders `nodes` back to front, honouring `zIndex` (stable for equal indices).
    package func renderChildren(_ nodes: [ViewNode], at origin: CGPoint, into output: inout RenderOutput) {
        var hasZIndex = false
        for child in nodes where child.zIndex != 0 {
            hasZIndex = true
            break
        }
        guard hasZIndex else {
            for child in nodes { child.render(at: origin + child.position, into: &output) }
            return
        }
        let ordered = nodes.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
        for (_, child) in ordered { child.render(at: origin + child.position, into: &output) }
    }

    /// A short description for debugging and snapshot tests.
    @_spi(Engine) open var debugName: String { String(describing: type(of: self)) }
}

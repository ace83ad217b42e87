import Foundation

/// A scrollable view. Its content is laid out along `axes` at its ideal size (several views stack along the
/// axis, as in SwiftUI) and moved by the pointer's wheel or touchpad, or by a finger's drag; the view itself
/// takes all the space offered and clips the content to it.
///
/// A mouse drag does not scroll (as in SwiftUI on the Mac and GTK); a finger does, once it has moved
/// 10 points, and from then on the views under it lose their gestures (their taps do not happen). A finger that
/// lifts while moving flings the content on, slowing down as UIKit's normal deceleration does.
public struct ScrollView<Content: View>: View {
    public let axes: Axis.Set
    public let showsIndicators: Bool
    public let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(ScrollNode.self) { ScrollNode(graph: builder.graph, environment: builder.environment) }
        node.environment = builder.environment
        let environment = builder.environment
        // Hidden when every scrolling axis has its indicator hidden (`scrollIndicators(.hidden)`).
        let hidden = [Axis.vertical, .horizontal].filter {
            view.axes.contains($0 == .vertical ? Axis.Set.vertical : .horizontal)
        }.allSatisfy { axis in
            let visibility =
                axis == .vertical
                ? environment.verticalScrollIndicatorVisibility : environment.horizontalScrollIndicatorVisibility
            return visibility == .hidden || visibility == .never
        }
        node.configure(
            axes: view.axes, showsIndicators: view.showsIndicators && !hidden,
            isDisabled: !environment.isScrollEnabled)
        node.bindPosition(environment.scrollPosition)
        var inside = environment
        inside.scrollPosition = nil  // the binding is this scroll view's, not those inside it
        builder.graph.rebuildChildren(of: node, environment: inside) { inner in
            // The content stacks along the scrolling axis (a VStack unless only horizontal).
            makeStackNodes(
                axis: view.axes == .horizontal ? .horizontal : .vertical, alignment: .center(for: view.axes),
                spacing: nil, content: view.content, into: inner)
        }
    }
}

extension AlignmentKey {
    fileprivate static func center(for axes: Axis.Set) -> AlignmentKey {
        axes == .horizontal ? VerticalAlignment.center.key : HorizontalAlignment.center.key
    }
}

/// Something in the hit-test tree that scrolls: it takes what it can of `delta` and returns the rest.
@MainActor
package protocol ScrollTarget: AnyObject {
    func scroll(by delta: CGSize) -> CGSize
}

/// The node of a `ScrollView`: owns the content offset.
@MainActor
package final class ScrollNode: ViewNode, ScrollTarget, AnimatingNode {
    package private(set) var axes: Axis.Set = .vertical
    private var showsIndicators = true
    /// `scrollDisabled(true)`: neither the wheel nor a finger scrolls it (its content's gestures get the finger).
    package private(set) var isDisabled = false
    /// Pull to refresh: how far a finger pulls the content down past its top (points), and whether the
    /// environment's refresh action is running.
    package var refreshPull: CGFloat = 0
    package private(set) var isRefreshing = false
    /// How far the content is scrolled: the content point at the view's top-leading corner.
    package var offset = CGPoint.zero
    /// A `ScrollViewProxy.scrollTo` waiting for the next placement.
    package var pendingScrollRequest: ScrollRequest?
    /// `scrollPosition(id:)`: the binding, and the id it was last given or read as.
    package var positionBinding: ScrollPositionBinding?
    package var reportedPosition: AnyHashable?
    package private(set) var contentSize = CGSize.zero
    /// The offset when the current finger drag began.
    private var panStart: CGPoint?
    /// The content coasting after a finger lifted: offset(t) = from + v·τ·(1 − e^(−t/τ)).
    private struct Fling {
        var from: CGPoint
        /// Points per second, in offset terms.
        var velocity: CGSize
        /// Animation-clock seconds; set by the first frame.
        var start: Double?
        /// UIKit's normal deceleration (×0.998 per millisecond) as a time constant, seconds.
        static let timeConstant = -0.001 / log(0.998)
        /// Below this speed (points per second) the fling stops.
        static let restingSpeed = 10.0

        func offset(after elapsed: Double) -> CGPoint {
            let travelled = Self.timeConstant * (1 - exp(-elapsed / Self.timeConstant))
            return CGPoint(x: from.x + velocity.width * travelled, y: from.y + velocity.height * travelled)
        }
        func isOver(after elapsed: Double) -> Bool {
            let decay = exp(-elapsed / Self.timeConstant)
            return hypot(velocity.width, velocity.height) * decay < Self.restingSpeed
        }
    }
    private var fling: Fling?
    /// An animated `scrollTo`: the offset goes from `from` to `to` with `animation` (start set by the first frame).
    private var scrollAnimation: (from: CGPoint, to: CGPoint, animation: Animation, start: Double?)?

    package func configure(axes: Axis.Set, showsIndicators: Bool, isDisabled: Bool) {
        guard axes != self.axes || showsIndicators != self.showsIndicators || isDisabled != self.isDisabled
        else { return }
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.isDisabled = isDisabled
        invalidate()
    }

    /// The content is measured at its ideal size along the scrolling axes, and the view's size across them.
    private func contentProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(
            width: axes.contains(.horizontal) ? nil : proposal.width,
            height: axes.contains(.vertical) ? nil : proposal.height)
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        // Greedy: all the space offered; the content's size where nothing is offered.
        let content = layoutChildren.first?.sizeThatFits(contentProposal(proposal)) ?? .zero
        return CGSize(width: proposal.width ?? content.width, height: proposal.height ?? content.height)
    }

    package override func placeContent(in context: PlacementContext) {
        guard let content = layoutChildren.first else { return }
        let proposal = contentProposal(placedProposal ?? ProposedViewSize(size))
        var inner = context
        inner.visibleRect = context.visibleRect.intersection(CGRect(origin: context.origin, size: size))
        // A lazy stack inside learns its rows' sizes as it places them: when its size (or where its first row
        // starts) changes, the content is measured and placed again, the offset moved so nothing seen moves.
        for _ in 0..<4 {
            contentSize = content.sizeThatFits(proposal)
            offset = clamped(offset)
            // Along a scrolling axis the content starts at the leading edge; across it, it is centred.
            let x = axes.contains(.horizontal) ? -offset.x : (size.width - contentSize.width) / 2
            let y = axes.contains(.vertical) ? -offset.y + refreshInset : (size.height - contentSize.height) / 2
            content.place(at: CGPoint(x: x, y: y), proposal: proposal, in: inner)
            guard !contentChangedDuringPlacement.isEmpty else { break }
            for node in contentChangedDuringPlacement {
                var current: ViewNode? = node
                while let each = current, each !== self {
                    each.clearSizeCache()
                    each.needsPlacement = true
                    current = each.parent
                }
            }
            contentChangedDuringPlacement.removeAll()
            offset = CGPoint(x: offset.x + pendingShift.width, y: offset.y + pendingShift.height)
            pendingShift = .zero
        }
        contentChangedDuringPlacement.removeAll()
        pendingShift = .zero
        if let request = pendingScrollRequest {
            pendingScrollRequest = nil
            let before = offset
            fulfil(request, content: content, proposal: proposal, context: inner)
            if let animation = request.animation, offset != before {
                // Found where it goes; it slides there from where it was, starting with this frame.
                scrollAnimation = (before, offset, animation, graph.animations.time)
                fling = nil
                offset = before
                content.needsPlacement = true
                let x = axes.contains(.horizontal) ? -offset.x : (size.width - contentSize.width) / 2
                let y = axes.contains(.vertical) ? -offset.y + refreshInset : (size.height - contentSize.height) / 2
                content.place(at: CGPoint(x: x, y: y), proposal: proposal, in: inner)
                graph.animations.register(self)
                graph.setNeedsUpdate()
            }
        }
        reportPosition()
    }

    /// Lazy content whose size changed while placed, and how far it moved what was in view.
    private var contentChangedDuringPlacement: [ViewNode] = []
    private var pendingShift = CGSize.zero

    /// Called by lazy content during placement: its size changed, and what it shows moved by `shift` (content
    /// points; the offset follows, so the rows in view stay where they are).
    package func contentDidChangeDuringPlacement(_ node: ViewNode, shift: CGSize) {
        contentChangedDuringPlacement.append(node)
        pendingShift.width += shift.width
        pendingShift.height += shift.height
    }

    package func clamped(_ point: CGPoint) -> CGPoint {
        CGPoint(
            x: axes.contains(.horizontal) ? max(0, min(point.x, contentSize.width - size.width)) : 0,
            y: axes.contains(.vertical) ? max(0, min(point.y, contentSize.height - size.height)) : 0)
    }

    /// Moves the content; returns the part of `delta` that went past an edge (for an enclosing scroll view).
    package func scroll(by delta: CGSize) -> CGSize {
        guard !isDisabled else { return delta }
        scrollAnimation = nil
        let wanted = CGPoint(x: offset.x + delta.width, y: offset.y + delta.height)
        let reached = clamped(wanted)
        setOffset(reached)
        return CGSize(width: wanted.x - reached.x, height: wanted.y - reached.y)
    }

    /// Starts or ends showing the spinner (the refresh action started or returned).
    package func setRefreshing(_ refreshing: Bool) {
        guard refreshing != isRefreshing else { return }
        isRefreshing = refreshing
        if refreshing { graph.animations.register(self) }
        invalidatePlacementOnly()
    }

    private func setOffset(_ new: CGPoint) {
        guard new != offset else { return }
        offset = new
        invalidatePlacementOnly()  // sizes do not depend on the offset: only placement and drawing change
    }

    fileprivate func pan(by value: TouchScrollGesture.Value) {
        fling = nil  // a finger stops a coasting scroll view
        scrollAnimation = nil
        let start = panStart ?? offset
        panStart = start
        let wanted = CGPoint(x: start.x - value.translation.width, y: start.y - value.translation.height)
        setOffset(clamped(wanted))
        // Pulled down past the top of a refreshable view: the content follows the finger at half its pace.
        let pull = canRefresh && axes.contains(.vertical) && wanted.y < 0 ? -wanted.y / 2 : 0
        if pull != refreshPull {
            refreshPull = pull
            invalidatePlacementOnly()
        }
    }

    fileprivate func endPan(_ value: TouchScrollGesture.Value) {
        panStart = nil
        if refreshPull > 0 {
            if refreshPull >= Self.refreshThreshold { _ = beginRefresh() }
            refreshPull = 0
            invalidatePlacementOnly()
            return
        }
        let velocity = CGSize(
            width: axes.contains(.horizontal) ? -value.velocity.width : 0,
            height: axes.contains(.vertical) ? -value.velocity.height : 0)
        guard hypot(velocity.width, velocity.height) >= Fling.restingSpeed * 5 else { return }
        fling = Fling(from: offset, velocity: velocity)
        graph.animations.register(self)
        graph.setNeedsUpdate()
    }

    // MARK: AnimatingNode (the fling)

    package func invalidateForAnimationFrame() {
        if isRefreshing { invalidateRender() }  // the spinner turns
        if var animated = scrollAnimation {
            let now = graph.animations.time
            let start = animated.start ?? now
            animated.start = start
            scrollAnimation = animated
            let fraction = animated.animation.fraction(at: now - start)
            setOffset(
                CGPoint(
                    x: animated.from.x + (animated.to.x - animated.from.x) * fraction,
                    y: animated.from.y + (animated.to.y - animated.from.y) * fraction))
        }
        guard var current = fling else { return }
        let now = graph.animations.time
        let start = current.start ?? now
        current.start = start
        fling = current
        setOffset(clamped(current.offset(after: now - start)))
    }

    package func finishAnimations(at time: Double) -> Bool {
        if let animated = scrollAnimation {
            guard let start = animated.start, animated.animation.isComplete(at: time - start) else { return true }
            scrollAnimation = nil
            setOffset(animated.to)
        }
        guard let current = fling, let start = current.start else { return fling != nil || isRefreshing }
        let target = current.offset(after: time - start)
        // Over when slow enough, or when the content has run into an edge.
        if current.isOver(after: time - start) || clamped(target) != target {
            fling = nil
            return isRefreshing
        }
        return true
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        let frame = CGRect(origin: origin, size: size)
        var clipped = inner.items
        if refreshInset > 0 { clipped += refreshIndicator(in: frame) }
        var items = [DisplayItem.layer(DisplayLayer(effect: .clip(Path(frame), eoFill: false), items: clipped))]
        if showsIndicators { items += indicators(in: frame) }
        output.items.append(contentsOf: items)
        // Only what shows inside the view can be hit; the view itself is hit anywhere in its frame (to scroll).
        let pan = TouchScrollGesture(axes: axes)
            .onChanged { [weak self] value in self?.pan(by: value) }
            .onEnded { [weak self] value in self?.endPan(value) }
        // High priority, as UIKit's scroll views cancel the touches of their content once they scroll: a drag
        // that started on a button or a tappable row scrolls, and the tap does not happen.
        let attached = AttachedGesture(
            gesture: pan, priority: .high, mask: .all, owner: identity, index: 0,
            frameInWindow: frame, namedSpaces: [:])
        let hit = HitTestNode(
            kind: .contentShape, identity: identity, frame: frame, shape: nil, children: inner.hits,
            gestures: isDisabled ? [] : [attached], name: "ScrollView")
        hit.scrollTarget = self
        output.hits.append(hit)
    }

    /// Thin capsules along the trailing and bottom edges showing the visible part, where the content overflows.
    private func indicators(in frame: CGRect) -> [DisplayItem] {
        var items: [DisplayItem] = []
        let thickness: CGFloat = 3
        let inset: CGFloat = 2
        let paint = Paint.color(RGBA(red: 0, green: 0, blue: 0, opacity: 0.35))
        if axes.contains(.vertical), contentSize.height > size.height, size.height > 0 {
            let length = max(24, size.height * size.height / contentSize.height)
            let travel = size.height - length
            let y = frame.minY + travel * offset.y / (contentSize.height - size.height)
            let bar = CGRect(x: frame.maxX - thickness - inset, y: y, width: thickness, height: length)
            items.append(
                .fill(
                    FillOperation(
                        path: Path(roundedRect: bar, cornerRadius: thickness / 2), primitive: nil, paint: paint,
                        eoFill: false, antialiased: true)))
        }
        if axes.contains(.horizontal), contentSize.width > size.width, size.width > 0 {
            let length = max(24, size.width * size.width / contentSize.width)
            let travel = size.width - length
            let x = frame.minX + travel * offset.x / (contentSize.width - size.width)
            let bar = CGRect(x: x, y: frame.maxY - thickness - inset, width: length, height: thickness)
            items.append(
                .fill(
                    FillOperation(
                        path: Path(roundedRect: bar, cornerRadius: thickness / 2), primitive: nil, paint: paint,
                        eoFill: false, antialiased: true)))
        }
        return items
    }

    package override var debugName: String { "ScrollView" }
}

/// A finger dragging a scroll view: fails for the mouse, active after 10 points, reports the translation.
package struct TouchScrollGesture: Gesture, RecognizableGesture {
    package struct Value: Equatable {
        package var translation: CGSize
        /// Points per second.
        package var velocity: CGSize
    }
    package typealias Body = Never
    /// The axes the view scrolls along: a finger moving more across them than along them is not a scroll
    /// (a list row's swipe, a horizontal pager inside).
    package var axes: Axis.Set = [.horizontal, .vertical]
    package func makeRecognizer() -> AnyGestureRecognizer { TouchScrollRecognizer(axes: axes) }
}

package final class TouchScrollRecognizer: GestureRecognizer<TouchScrollGesture.Value> {
    private let axes: Axis.Set
    package init(axes: Axis.Set = [.horizontal, .vertical]) { self.axes = axes }
    private var press = FollowedPress()
    private var isActive = false
    private var sampler = VelocitySampler<CGSize>()
    /// Movement a finger may make before a tap underneath gives way to scrolling.
    package static let slop: CGFloat = 10

    package override var debugName: String { "ScrollView pan" }

    package override func update(_ step: inout GestureStep) -> GesturePhase<TouchScrollGesture.Value>? {
        let point: TrackedPoint
        switch press.next(in: step, accepts: { $0.kind == .touch }) {
        case .event(let event): point = event
        case .unchanged: return nil
        case .failed: return .failed
        }
        let translation = CGSize(width: point.location.x - press.start.x, height: point.location.y - press.start.y)
        if point.ended {
            let value = TouchScrollGesture.Value(
                translation: translation, velocity: sampler.velocity(liftedAt: point.time))
            return isActive ? .ended(value) : .failed
        }
        sampler.add(translation, at: point.time)
        let value = TouchScrollGesture.Value(translation: translation, velocity: sampler.velocity)
        if !isActive && distance(point.location, press.start) >= Self.slop {
            let across = abs(axes == .vertical ? translation.width : translation.height)
            let along = abs(axes == .vertical ? translation.height : translation.width)
            if axes != [.horizontal, .vertical] && across > along { return .failed }
            isActive = true
        }
        return isActive ? .active(value) : .possible(nil)
    }
}

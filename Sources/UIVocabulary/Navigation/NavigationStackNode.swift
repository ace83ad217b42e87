import Foundation
@_spi(Engine) import UICore

/// One page of a stack: its identity and the view it shows (header bar and content).
package struct NavigationPageEntry {
    package let id: AnyHashable
    package let view: AnyView
}

/// The pages of a stack, laid out on top of each other, only the top one showing. A push slides the new page
/// in from the trailing edge over the old one (which moves a little the other way and darkens, as
/// libadwaita's navigation view does); a pop slides it out. A finger from the leading edge drags the top
/// page away and pops it when let go past half the width or flicked.
package struct NavigationPages: View {
    /// The root's page and the path's.
    package let pathEntries: [NavigationPageEntry]
    /// The page of a keyed destination at a depth.
    package let keyedEntry: @MainActor (Int, ObjectIdentifier) -> NavigationPageEntry
    package let model: NavigationStackModel
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(NavigationStackNode.self) {
            NavigationStackNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.configure(pathEntries: view.pathEntries, keyedEntry: view.keyedEntry, model: view.model)
    }
}

@MainActor
package final class NavigationStackNode: ViewNode, AnimatingNode, StateReader {
    /// The slide of libadwaita's navigation view: a critically damped spring (mass 1, stiffness 1000).
    package static let slideAnimation = Animation.spring(
        response: 2 * Double.pi / 1000.0.squareRoot(), dampingFraction: 1)
    /// How far a page beneath the top one moves, as a fraction of the width, when the top page covers it.
    package static let parallax: CGFloat = 0.3
    /// How dark the page beneath gets when fully covered.
    package static let dimming: Double = 0.12
    /// How far from the leading edge a finger must touch down to swipe back.
    package static let edgeWidth: CGFloat = 24

    package private(set) var entries: [NavigationPageEntry] = []
    /// Pages popped whose slide out is not over: they are built after the others, at their former depth.
    private var leaving: [(entry: NavigationPageEntry, depth: Int)] = []
    package private(set) weak var model: NavigationStackModel?
    /// The presented position: the depth of the page showing, fractional while sliding.
    private var slidePosition = AnimatedVector()
    private var swipeStart: Double?

    package var topDepth: Int { entries.count - 1 }

    /// The depth showing now (fractional while a slide runs): tests and the swipe read it.
    package var presentedPosition: Double { slidePosition.presented(at: graph.animations.time).first ?? 0 }

    private var pathEntries: [NavigationPageEntry] = []
    private var keyedEntry: (@MainActor (Int, ObjectIdentifier) -> NavigationPageEntry)?
    private var keyedPagesChanged = false

    package func configure(
        pathEntries: [NavigationPageEntry],
        keyedEntry: @escaping @MainActor (Int, ObjectIdentifier) -> NavigationPageEntry,
        model: NavigationStackModel
    ) {
        self.model = model
        self.pathEntries = pathEntries
        self.keyedEntry = keyedEntry
        model.pagesDidChange = { [weak self] in self?.setKeyedPagesChanged() }
        update(entries: currentEntries())
    }

    /// The path's pages, then the keyed destinations pushed.
    private func currentEntries() -> [NavigationPageEntry] {
        guard let model, let keyedEntry else { return pathEntries }
        var result = pathEntries
        for key in model.pushedKeys { result.append(keyedEntry(result.count, key)) }
        return result
    }

    /// A keyed destination was pushed or popped (while views were built, or by an action): the pages are
    /// rebuilt in this update, or the next.
    private func setKeyedPagesChanged() {
        guard !isRemoved, !keyedPagesChanged else { return }
        keyedPagesChanged = true
        graph.scheduleEvaluation(self)
    }

    private func update(entries newEntries: [NavigationPageEntry]) {
        keyedPagesChanged = false
        let oldEntries = entries
        let oldTop = oldEntries.count - 1
        entries = newEntries
        // Pages no longer on the stack slide out unless they were covered already.
        let newIDs = Set(newEntries.map(\.id))
        leaving.removeAll { newIDs.contains($0.entry.id) }
        for (depth, entry) in oldEntries.enumerated() where !newIDs.contains(entry.id) && depth > newEntries.count - 1 {
            leaving.append((entry, depth))
        }
        let target = Double(topDepth)
        if oldEntries.isEmpty {
            _ = slidePosition.set([target], animation: nil, at: graph.animations.time)
        } else if target != slidePosition.target.first || oldTop != topDepth {
            let animation = transactionForChange.disablesAnimations ? nil : Self.slideAnimation
            if slidePosition.set([target], animation: animation, at: graph.animations.time) {
                graph.animations.register(self)
            }
        }
        if !slidePosition.isAnimating { leaving.removeAll() }
        rebuild()
    }

    private func rebuild() {
        let pages = entries.map { ($0, true) } + leaving.map { ($0.entry, false) }
        graph.rebuildChildren(of: self, environment: environment) { builder in
            for (entry, _) in pages {
                builder.with(.explicit(entry.id)) { makeNodes(entry.view, into: builder) }
            }
        }
        invalidate()
    }

    /// The depth of each child (leaving pages keep theirs).
    private func depth(ofChildAt index: Int) -> Int {
        index < entries.count ? index : leaving[index - entries.count].depth
    }

    // MARK: Layout

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: CGSize(width: 10, height: 10))
    }

    package override func placeContent(in context: PlacementContext) {
        // Every page is laid out (a covered page keeps its geometry and builds the destinations it declares).
        let proposal = ProposedViewSize(size)
        for child in layoutChildren { child.place(at: .zero, proposal: proposal, in: context) }
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }

    // MARK: Rendering

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        let frame = CGRect(origin: origin, size: size)
        let shown = presentedPosition
        var inner = RenderOutput()
        let kids = layoutChildren
        // Lower pages first; a leaving page is above the pages that stay.
        let order = kids.indices.sorted { depth(ofChildAt: $0) < depth(ofChildAt: $1) }
        for index in order {
            let child = kids[index]
            let offset = CGFloat(Double(depth(ofChildAt: index)) - shown)
            guard offset > -1, offset < 1 else { continue }
            let x = offset >= 0 ? offset * size.width : offset * size.width * Self.parallax
            var page = RenderOutput()
            child.render(at: origin + child.position + CGPoint(x: x.rounded(), y: 0), into: &page)
            inner.items.append(contentsOf: page.items)
            if offset < 0 {
                let dim = RGBA(red: 0, green: 0, blue: 0, opacity: Self.dimming * Double(-offset))
                inner.items.append(
                    .fill(
                        FillOperation(
                            path: Path(frame), primitive: .rect(frame), paint: .color(dim), eoFill: false,
                            antialiased: false)))
            } else if offset > 0 {
                inner.items.append(edgeShadow(atX: frame.minX + x.rounded(), frame: frame))
            }
            // Only the page the stack is going to takes input.
            if index == topDepth { inner.hits.append(contentsOf: page.hits) }
        }
        output.items.append(.layer(DisplayLayer(effect: .clip(Path(frame), eoFill: false), items: inner.items)))
        let swipe = EdgeSwipeGesture(edge: frame.minX, width: Self.edgeWidth)
            .onChanged { [weak self] value in self?.swipe(value) }
            .onEnded { [weak self] value in self?.endSwipe(value) }
        var gestures: [AttachedGesture] = []
        if topDepth > 0 {
            gestures.append(
                AttachedGesture(
                    gesture: swipe, priority: .high, mask: .all, owner: identity, index: 0,
                    frameInWindow: frame, namedSpaces: [:]))
        }
        output.hits.append(
            HitTestNode(
                kind: .group, identity: identity, frame: frame, shape: nil, children: inner.hits,
                gestures: gestures, name: "NavigationStack"))
    }

    /// A soft shadow cast on the page beneath by the edge of the page sliding over it.
    private func edgeShadow(atX x: CGFloat, frame: CGRect) -> DisplayItem {
        let width: CGFloat = 16
        let band = CGRect(x: x - width, y: frame.minY, width: width, height: frame.height)
        let stops = [
            GradientStop(color: RGBA(red: 0, green: 0, blue: 0, opacity: 0), location: 0),
            GradientStop(color: RGBA(red: 0, green: 0, blue: 0, opacity: 0.08), location: 1),
        ]
        return .fill(
            FillOperation(
                path: Path(band), primitive: .rect(band),
                paint: .linearGradient(
                    stops: stops, start: CGPoint(x: band.minX, y: band.midY),
                    end: CGPoint(x: band.maxX, y: band.midY)),
                eoFill: false, antialiased: false))
    }

    // MARK: Swipe back

    private func swipe(_ value: EdgeSwipeGesture.Value) {
        guard topDepth > 0, size.width > 0 else { return }
        let fraction = Double(max(0, min(1, value.translation / size.width)))
        _ = slidePosition.set([Double(topDepth) - fraction], animation: nil, at: graph.animations.time)
        invalidateRender()
        graph.setNeedsUpdate()
    }

    private func endSwipe(_ value: EdgeSwipeGesture.Value) {
        guard topDepth > 0, size.width > 0 else { return }
        let fraction = value.translation / size.width
        let flicked = value.velocity > 400 && fraction > 0.05
        if (fraction > 0.5 && value.velocity > -400) || flicked, let model {
            // The pop animates from where the finger left the page (see `configure`).
            model.popTop()
        } else if slidePosition.set([Double(topDepth)], animation: Self.slideAnimation, at: graph.animations.time) {
            graph.animations.register(self)
            invalidateRender()
            graph.setNeedsUpdate()
        }
    }

    // MARK: Animation

    package func invalidateForAnimationFrame() { invalidateRender() }

    package func finishAnimations(at time: Double) -> Bool {
        if slidePosition.finishIfComplete(at: time) { return true }
        if !leaving.isEmpty {
            // The popped pages slid out: they leave at the next update.
            graph.scheduleEvaluation(self)
        }
        return false
    }

    package func stateDidChange() { graph.scheduleEvaluation(self) }

    package override func evaluateIfDirty() {
        if keyedPagesChanged {
            update(entries: currentEntries())
        } else if !leaving.isEmpty, !slidePosition.isAnimating {
            leaving.removeAll()
            rebuild()
        }
    }

    package override var debugName: String { "NavigationStack" }
}

/// A finger from the leading edge moving sideways: fails for the mouse, for a touch that starts further in,
/// and for one that moves up or down first; active after 10 points.
package struct EdgeSwipeGesture: Gesture, RecognizableGesture {
    package struct Value: Equatable {
        /// Horizontal movement since the touch went down.
        package var translation: CGFloat
        /// Horizontal points per second.
        package var velocity: CGFloat
    }
    package typealias Body = Never
    package let edge: CGFloat
    package let width: CGFloat
    package func makeRecognizer() -> AnyGestureRecognizer { EdgeSwipeRecognizer(edge: edge, width: width) }
}

package final class EdgeSwipeRecognizer: GestureRecognizer<EdgeSwipeGesture.Value> {
    private let edge: CGFloat
    private let width: CGFloat
    private var tracked: InputSequenceID?
    private var start = CGPoint.zero
    private var isActive = false
    private var sampler = VelocitySampler<CGSize>()

    package init(edge: CGFloat, width: CGFloat) {
        self.edge = edge
        self.width = width
    }

    package override var debugName: String { "NavigationStack edge swipe" }

    package override func update(_ step: inout GestureStep) -> GesturePhase<EdgeSwipeGesture.Value>? {
        let point: TrackedPoint
        if let current = step.point(tracked) {
            guard current.hasEvent else { return nil }
            point = current
        } else if tracked == nil, let first = step.firstPress(), first.kind == .touch,
            first.location.x >= edge, first.location.x < edge + width
        {
            tracked = first.id
            start = first.location
            point = first
        } else {
            return .failed
        }
        let dx = point.location.x - start.x
        let dy = point.location.y - start.y
        sampler.add(CGSize(width: dx, height: dy), at: point.time)
        let value = EdgeSwipeGesture.Value(translation: dx, velocity: sampler.velocity.width)
        if point.ended { return isActive ? .ended(value) : .failed }
        if !isActive {
            if abs(dy) >= TouchScrollRecognizer.slop && abs(dy) > abs(dx) { return .failed }
            if dx >= TouchScrollRecognizer.slop { isActive = true }
        }
        return isActive ? .active(value) : .possible(nil)
    }
}

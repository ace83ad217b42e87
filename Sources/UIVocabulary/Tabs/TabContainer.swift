import Foundation
@_spi(Engine) import UICore

/// The tabs of a tab view and its bar (or page dots). Every tab is built and keeps its state; only the selected
/// one is laid out and drawn (in page style, also those partly in view while a swipe or a snap runs).
package struct TabContainer: View {
    package let content: AnyView
    package let selected: AnyHashable?
    package let style: TabViewStyleKind
    package let model: TabSelectionModel
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(TabContainerNode.self) {
            TabContainerNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.configure(view)
    }
}

@MainActor
package final class TabContainerNode: ViewNode, AnimatingNode, StateReader {
    /// Narrower than this, the bar goes to the bottom (libadwaita's view switcher bar).
    package static let bottomBarBreakpoint: CGFloat = 450
    package static let topBarHeight: CGFloat = NavigationBarNode.height
    package static let bottomBarHeight: CGFloat = 56
    /// The snap of a page after a swipe: a critically damped spring, as the navigation slide.
    package static let snapAnimation = NavigationStackNode.slideAnimation

    private var style = TabViewStyleKind.tabBar
    private weak var model: TabSelectionModel?
    package private(set) var selectedIndex = 0
    /// The page position showing (fractional while swiping or snapping).
    private var pagePosition = AnimatedVector()
    private var swipeStartPosition: Double?
    private var isNarrow = false

    package var pages: [ViewNode] { layoutChildren }
    package var bar: ViewNode? { children.first { isSecondary($0) } }
    package var presentedPagePosition: Double { pagePosition.presented(at: graph.animations.time).first ?? 0 }

    package override func isSecondary(_ child: ViewNode) -> Bool { child.key.path.first == .secondary }

    private var lastView: TabContainer?
    private var barIsStale = false

    package func configure(_ view: TabContainer) {
        lastView = view
        barIsStale = false
        // The window's width until the view has its own.
        isNarrow = (placedProposal == nil ? graph.size.width : size.width) < Self.bottomBarBreakpoint
        style = view.style
        model = view.model
        var values: [AnyHashable] = []
        var labels: [AnyView?] = []
        var badges: [Text?] = []
        graph.rebuildChildren(of: self, environment: environment) { builder in
            builder.with(.index(0)) { makeNodes(view.content, into: builder) }
            var elements: [ViewNode] = []
            for node in builder.built { node.appendLayoutElements(to: &elements) }
            for (index, page) in elements.enumerated() {
                values.append(page.tag ?? AnyHashable(index))
                labels.append((page.layoutValue(for: ObjectIdentifier(TabItemKey.self)) as? TabItemLabel)?.view)
                badges.append((page.layoutValue(for: ObjectIdentifier(BadgeKey.self)) as? BadgeLabel)?.text)
            }
            let index = view.selected.flatMap { values.firstIndex(of: $0) } ?? 0
            if case .tabBar = view.style {
                let model = view.model
                builder.with(.secondary) {
                    makeNodes(
                        TabBar(labels: labels, badges: badges, selectedIndex: index, isBottom: isNarrow) { chosen in
                            if chosen < model.values.count { model.select(model.values[chosen]) }
                        }, into: builder)
                }
            }
        }
        view.model.values = values
        let index = view.selected.flatMap { values.firstIndex(of: $0) } ?? 0
        view.model.selectedIndex = index
        if index != selectedIndex {
            let old = pages.indices.contains(selectedIndex) ? pages[selectedIndex] : nil
            selectedIndex = index
            if case .tabBar = style { old?.didLeaveView() }
            invalidate()
        }
        let animated = birthUpdate != graph.updateCount && !transactionForChange.disablesAnimations
        if case .page = style, pagePosition.target.first != Double(index) {
            let fromSwipe = swipeStartPosition != nil
            if pagePosition.set(
                [Double(index)], animation: animated || fromSwipe ? Self.snapAnimation : nil, at: graph.animations.time)
            {
                graph.animations.register(self)
            }
            invalidateRender()
        } else if pagePosition.target.isEmpty {
            _ = pagePosition.set([Double(index)], animation: nil, at: graph.animations.time)
        }
    }

    // MARK: Layout

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: CGSize(width: 10, height: 10))
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }

    /// The frame pages are laid out in and the bar's, in the node's points.
    private var frames: (page: CGRect, bar: CGRect?) {
        guard bar != nil else { return (CGRect(origin: .zero, size: size), nil) }
        if isNarrow {
            let barFrame = CGRect(
                x: 0, y: size.height - Self.bottomBarHeight, width: size.width, height: Self.bottomBarHeight)
            return (CGRect(x: 0, y: 0, width: size.width, height: barFrame.minY), barFrame)
        }
        return (
            CGRect(x: 0, y: Self.topBarHeight, width: size.width, height: size.height - Self.topBarHeight),
            CGRect(x: 0, y: 0, width: size.width, height: Self.topBarHeight)
        )
    }

    package override func placeContent(in context: PlacementContext) {
        let narrow = size.width < Self.bottomBarBreakpoint
        if narrow != isNarrow, !barIsStale {
            // The bar moves to the other edge: it is built again for it at the next update.
            barIsStale = true
            graph.scheduleEvaluation(self)
        }
        let (pageFrame, barFrame) = frames
        if let bar, let barFrame {
            bar.place(at: barFrame.origin, proposal: ProposedViewSize(barFrame.size), in: context)
        }
        // Each tab is centred in the space under (or over) the bar, as in SwiftUI.
        let proposal = ProposedViewSize(pageFrame.size)
        for index in visiblePageIndices {
            let page = pages[index]
            let fitted = page.sizeThatFits(proposal)
            let origin = CGPoint(
                x: pageFrame.minX + ((pageFrame.width - fitted.width) / 2).rounded(),
                y: pageFrame.minY + ((pageFrame.height - fitted.height) / 2).rounded())
            page.place(at: origin, proposal: proposal, in: context)
        }
    }

    /// The pages drawn now: the selected one; in page style those in view at the current position.
    private var visiblePageIndices: [Int] {
        let all = pages
        guard case .page = style else { return all.indices.contains(selectedIndex) ? [selectedIndex] : [] }
        let position = presentedPagePosition
        return all.indices.filter { abs(Double($0) - position) < 1 }
    }

    // MARK: Rendering

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        let frame = CGRect(origin: origin, size: size)
        var inner = RenderOutput()
        let all = pages
        let position = presentedPagePosition
        for index in visiblePageIndices {
            let page = all[index]
            guard page.placedOrigin != nil else { continue }
            let x: CGFloat
            if case .page = style { x = (CGFloat(Double(index) - position) * size.width).rounded() } else { x = 0 }
            page.render(at: origin + page.position + CGPoint(x: x, y: 0), into: &inner)
        }
        if let bar { bar.render(at: origin + bar.position, into: &inner) }
        if case .page(let mode) = style, mode.shows ?? (all.count > 1) {
            inner.items.append(contentsOf: pageDots(count: all.count, position: position, in: frame))
        }
        output.items.append(.layer(DisplayLayer(effect: .clip(Path(frame), eoFill: false), items: inner.items)))
        var gestures: [AttachedGesture] = []
        if case .page = style, all.count > 1 {
            let swipe = SidewaysSwipeGesture(rule: .page)
                .onChanged { [weak self] value in self?.swipe(value) }
                .onEnded { [weak self] value in self?.endSwipe(value) }
            gestures.append(
                AttachedGesture(
                    gesture: swipe, priority: .high, mask: .all, owner: identity, index: 0, frameInWindow: frame,
                    namedSpaces: [:]))
        }
        output.hits.append(
            HitTestNode(
                kind: .contentShape, identity: identity, frame: frame, shape: nil, children: inner.hits,
                gestures: gestures, name: "TabView"))
    }

    /// Page dots at the bottom centre: 7 points across, the current one dark.
    private func pageDots(count: Int, position: Double, in frame: CGRect) -> [DisplayItem] {
        let diameter: CGFloat = 7
        let spacing: CGFloat = 9
        let width = CGFloat(count) * diameter + CGFloat(count - 1) * spacing
        var x = (frame.midX - width / 2).rounded()
        let y = frame.maxY - 24
        var items: [DisplayItem] = []
        if environment.pageIndexBackground {
            let capsule = CGRect(x: x - 10, y: y - 6, width: width + 20, height: diameter + 12)
            items.append(
                .fill(
                    FillOperation(
                        path: Path(roundedRect: capsule, cornerRadius: capsule.height / 2), primitive: nil,
                        paint: .color(RGBA(red: 0, green: 0, blue: 0, opacity: 0.3)), eoFill: false, antialiased: true))
            )
        }
        let current = Int(position.rounded())
        for index in 0..<count {
            let dot = CGRect(x: x, y: y, width: diameter, height: diameter)
            let opacity = index == current ? 0.8 : 0.3
            items.append(
                .fill(
                    FillOperation(
                        path: Path(ellipseIn: dot), primitive: .ellipse(dot),
                        paint: .color(RGBA(red: 0.1, green: 0.1, blue: 0.1, opacity: opacity)), eoFill: false,
                        antialiased: true)))
            x += diameter + spacing
        }
        return items
    }

    // MARK: Swiping pages

    private func swipe(_ value: SidewaysSwipeGesture.Value) {
        guard size.width > 0 else { return }
        let start = swipeStartPosition ?? presentedPagePosition
        swipeStartPosition = start
        let last = Double(max(0, pages.count - 1))
        let position = min(last, max(0, start - Double(value.translation / size.width)))
        _ = pagePosition.set([position], animation: nil, at: graph.animations.time)
        invalidate()
    }

    private func endSwipe(_ value: SidewaysSwipeGesture.Value) {
        guard let start = swipeStartPosition, size.width > 0 else { return }
        let moved = -Double(value.translation / size.width)
        var target = (start + moved).rounded()
        // A flick turns the page even when it moved less than half of it.
        if abs(value.velocity) > 400, abs(moved) > 0.05 { target = start.rounded() + (value.velocity < 0 ? 1 : -1) }
        let index = Int(min(Double(pages.count - 1), max(0, target)))
        if pagePosition.set([Double(index)], animation: Self.snapAnimation, at: graph.animations.time) {
            graph.animations.register(self)
        }
        invalidate()
        if index != selectedIndex, let model, index < model.values.count { model.select(model.values[index]) }
        swipeStartPosition = nil
    }

    // MARK: Animation

    package func invalidateForAnimationFrame() { invalidate() }

    package func finishAnimations(at time: Double) -> Bool { pagePosition.finishIfComplete(at: time) }

    package func stateDidChange() { graph.scheduleEvaluation(self) }

    package override func evaluateIfDirty() {
        if barIsStale, let lastView { configure(lastView) }
    }

    package override var debugName: String { "TabView" }
}

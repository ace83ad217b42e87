import Foundation
@_spi(Engine) import UICore

/// Realises the popups a graph's views ask for: the Wayland host as `xdg_popup`s, the offscreen presenter
/// by drawing them into the window's image. Told once per change, parents before children (present) and
/// children before parents (dismiss).
@MainActor
package protocol PopupPresenter: AnyObject {
    /// The clock the popups' gestures run on (the window's).
    var gestureClock: any GestureClock { get }
    /// A new popup: show it (its `positioning` is in its parent's points: the window's, or the parent popup's).
    func present(_ popup: PresentedPopup)
    /// The popup's anchor moved or its size changed: place it again.
    func reposition(_ popup: PresentedPopup)
    /// The popup closed: take it off the screen (its own popups are already gone).
    func dismiss(_ popup: PresentedPopup)
}

/// Follows one graph's presenting views (`PopupAnchorNode`s): after each update it presents the popups newly
/// asked for, updates the content and anchors of those showing, and dismisses those no longer asked for.
@MainActor
package final class PopupCoordinator: GraphSubsystem {
    package let graph: ViewGraph
    /// Where popups are shown; a popup's own coordinator shares its parent's.
    package weak var presenter: (any PopupPresenter)?
    /// The popup whose content this graph is (nil for a window's graph).
    package private(set) weak var owner: PresentedPopup?
    private var anchors: [ObjectIdentifier: PopupAnchorNode] = [:]
    /// The popups showing, in the order they were presented.
    package private(set) var presented: [PresentedPopup] = []

    package init(graph: ViewGraph, presenter: (any PopupPresenter)?, owner: PresentedPopup? = nil) {
        self.graph = graph
        self.presenter = presenter
        self.owner = owner
        graph.attach(self)
    }

    package func register(_ node: PopupAnchorNode) { anchors[ObjectIdentifier(node)] = node }
    package func unregister(_ node: PopupAnchorNode) {
        guard anchors.removeValue(forKey: ObjectIdentifier(node)) != nil else { return }
        graph.setNeedsUpdate()
    }

    package func graphDidUpdate() {
        var wanted: [ObjectIdentifier: PopupAnchorNode] = [:]
        for (key, node) in anchors where node.request != nil && !node.isRemoved { wanted[key] = node }
        for popup in presented where wanted[popup.anchorKey] == nil { tearDown(popup) }
        // Anchors in the order they were registered are unordered: present in layout (identity) order.
        for (key, node) in wanted.sorted(by: { $0.value.identity.serial < $1.value.identity.serial }) {
            guard let request = node.request else { continue }
            var positioning = request.positioning
            positioning.anchorRect = request.anchor.resolved(in: node.drawnFrame)
            if let popup = presented.first(where: { $0.anchorKey == key }) {
                popup.update(request: request, positioning: positioning)
            } else {
                let popup = PresentedPopup(
                    anchorKey: key, request: request, positioning: positioning, parentGraph: graph,
                    parent: owner, presenter: presenter)
                presented.append(popup)
                presenter?.present(popup)
            }
        }
    }

    /// Closes `popup` and everything it opened, innermost first.
    private func tearDown(_ popup: PresentedPopup) {
        popup.coordinator.dismissAll()
        presented.removeAll { $0 === popup }
        popup.detach()
        presenter?.dismiss(popup)
    }

    /// Closes every popup of this graph (the window or popup closes).
    package func dismissAll() {
        for popup in presented.reversed() { tearDown(popup) }
    }

    /// The innermost popup showing in this graph's chain (the one keys go to), if any.
    package var topmost: PresentedPopup? {
        guard let last = presented.last else { return nil }
        return last.coordinator.topmost ?? last
    }
}

/// One popup showing: its own graph (with gestures, focus and hover, so input on its surface works as in a
/// window), its size, and where it is anchored. The host gives it a surface; the offscreen presenter draws it.
@MainActor
package final class PresentedPopup {
    package let graph: ViewGraph
    package let gestures: GestureSystem
    package let focus: FocusSystem
    package let hover: HoverTracker
    package let coordinator: PopupCoordinator
    /// The popup this one was opened from (a submenu's menu), nil for one opened from a window.
    package private(set) weak var parent: PresentedPopup?
    package private(set) var kind: PopupKind
    /// Where it goes: anchor rectangle in the parent's points (the window's graph, or the parent popup's).
    package private(set) var positioning: PopupPositioning
    /// The whole surface, points (the panel and its shadow margin).
    package private(set) var surfaceSize = CGSize.zero
    /// The popup's window geometry inside its surface (the panel with its arrow, without the shadow margin).
    package var geometry: CGRect {
        CGRect(
            x: PopupChrome.shadowMargin, y: PopupChrome.shadowMargin,
            width: max(1, surfaceSize.width - 2 * PopupChrome.shadowMargin),
            height: max(1, surfaceSize.height - 2 * PopupChrome.shadowMargin))
    }
    /// Where the compositor (or the offscreen presenter) put the geometry, parent points.
    package private(set) var placedFrame: CGRect?
    /// Called when the content's size changed (the host resizes the surface and repositions).
    package let anchorKey: ObjectIdentifier
    private var request: PopupRequest
    private var arrow: PopupArrow?
    /// The edge of the panel a popover's arrow is on (after any flip by the compositor).
    package var arrowEdge: Edge? { arrow?.edge }
    private var isDetached = false

    package init(
        anchorKey: ObjectIdentifier, request: PopupRequest, positioning: PopupPositioning, parentGraph: ViewGraph,
        parent: PresentedPopup?, presenter: (any PopupPresenter)?
    ) {
        self.anchorKey = anchorKey
        self.request = request
        self.kind = request.kind
        self.positioning = positioning
        self.parent = parent
        graph = ViewGraph(
            root: EmptyView(), textMeasurer: parentGraph.textMeasurer, imageSizeProvider: parentGraph.imageSizeProvider)
        gestures = GestureSystem(graph: graph, clock: presenter?.gestureClock ?? MonotonicGestureClock())
        focus = FocusSystem(graph: graph)
        hover = HoverTracker(graph: graph)
        coordinator = PopupCoordinator(graph: graph, presenter: presenter)
        coordinator.setOwner(self)
        environmentSource = parentGraph
        arrow = initialArrow()
        rebuild()
        // A popover's first focusable view takes the keys at once (a calendar's arrows), as GTK's popovers do; a
        // menu's rows wait for the pointer or the arrow keys.
        if case .popover = kind { focus.activate() }
    }

    private weak var environmentSource: ViewGraph?

    /// The presenting view's new request (its content and anchor, after its graph's update).
    package func update(request: PopupRequest, positioning: PopupPositioning) {
        self.request = request
        kind = request.kind
        let moved = positioning != self.positioning
        self.positioning = positioning
        if moved, placedFrame == nil { arrow = initialArrow() }
        let oldSize = surfaceSize
        rebuild()
        if moved || surfaceSize != oldSize { coordinator.presenter?.reposition(self) }
    }

    private func rebuild() {
        var environment = request.environment ?? environmentSource?.environment ?? EnvironmentValues()
        let closeSelf = request.close
        // Weakly: the parent keeps this popup while it shows, and a closure in this popup's environment that kept
        // the parent would keep both alive after they close.
        let closeAll = parent.map { root in { @MainActor [weak root] in root?.closeChain() } } ?? closeSelf
        environment.popupContext = PopupContext(close: closeSelf, closeAll: closeAll, isMenu: kind == .menu)
        if !environment.isIdentical(to: graph.environment) { graph.environment = environment }
        graph.setRoot(PopupSurfaceView(kind: kind, arrow: arrow, content: request.content))
        surfaceSize = graph.fittingSize()
        graph.size = surfaceSize
    }

    /// Closes this popup and the menus it was opened from (a row was chosen in a submenu).
    package func closeChain() {
        request.close()
        parent?.closeChain()
    }

    /// Asks the presenting view to close the popup (Escape, a click outside, the compositor's `popup_done`):
    /// its binding becomes false and the popup leaves at the presenting graph's next update.
    package func close() {
        guard !isDetached else { return }
        request.close()
    }

    /// The compositor placed the geometry at `frame` (parent points): a popover flipped by it turns its arrow.
    package func placed(at frame: CGRect) {
        placedFrame = frame
        guard case .popover(let edge) = kind else { return }
        let anchor = positioning.anchorRect
        var actual = edge
        switch edge {
        case .top where frame.maxY <= anchor.minY: actual = .bottom
        case .bottom where frame.minY >= anchor.maxY: actual = .top
        case .leading where frame.maxX <= anchor.minX: actual = .trailing
        case .trailing where frame.minX >= anchor.maxX: actual = .leading
        default: break
        }
        let along = actual == .top || actual == .bottom ? anchor.midX - frame.minX : anchor.midY - frame.minY
        let newArrow = PopupArrow(edge: actual, position: along)
        guard newArrow != arrow else { return }
        arrow = newArrow
        graph.setRoot(PopupSurfaceView(kind: kind, arrow: arrow, content: request.content))
    }

    /// The arrow before the compositor said where the popup went: on the asked-for edge, at the anchor's centre.
    private func initialArrow() -> PopupArrow? {
        guard case .popover(let edge) = kind else { return nil }
        let size = CGSize(
            width: max(1, surfaceSize.width - 2 * PopupChrome.shadowMargin),
            height: max(1, surfaceSize.height - 2 * PopupChrome.shadowMargin))
        let frame = positioning.unconstrainedFrame(size: size, anchor: positioning.anchor, gravity: positioning.gravity)
        let anchor = positioning.anchorRect
        let along = edge == .top || edge == .bottom ? anchor.midX - frame.minX : anchor.midY - frame.minY
        return PopupArrow(edge: edge, position: along)
    }

    /// A key while this popup is the topmost: the focused row's handlers first; then Up and Down move between
    /// rows, Escape (and Left in a submenu) closes. Returns whether the popup took it.
    @discardableResult
    package func handleKey(_ press: KeyPress) -> Bool {
        if focus.handle(press) { return true }
        guard press.phase != .up else { return false }
        switch press.key {
        case .downArrow: return focus.moveFocus(forward: true)
        case .upArrow: return focus.moveFocus(forward: false)
        case .escape:
            close()
            return true
        case .leftArrow where parent != nil && kind == .menu:
            close()
            return true
        default:
            return false
        }
    }

    /// The popup left: nothing it still does reaches its graph's host.
    package func detach() {
        isDetached = true
        gestures.cancelAll()
        graph.onNeedsUpdate = nil
    }

    package var isClosed: Bool { isDetached }
}

extension PopupCoordinator {
    package func setOwner(_ popup: PresentedPopup) { owner = popup }
}

extension ViewGraph {
    /// The size the root view takes when offered no size (a popup's own size), after bringing the graph up to date.
    package func fittingSize() -> CGSize {
        update()
        return ZStackLayoutEngine.size(of: rootNode.layoutChildren, proposal: .unspecified, alignment: .center)
    }
}

import Foundation
@_spi(Engine) import UICore

/// Shows a window graph's popups without a compositor: places them as a compositor would (within the window's
/// bounds), draws them over the window's display list, and routes input to them as an `xdg_popup` grab does
/// (a press outside every popup closes them all and goes nowhere else). Offscreen renders and UICore tests
/// see popups through it.
@MainActor
package final class OffscreenPopupPresenter: PopupPresenter {
    package let graph: ViewGraph
    package private(set) var coordinator: PopupCoordinator!
    package let gestureClock: any GestureClock
    /// The popups showing, parents before their children.
    package private(set) var popups: [PresentedPopup] = []
    /// Where each pointer or finger went down: the popup it belongs to (nil: the window), until it lifts.
    private var sequenceTargets: [InputSequenceID: PresentedPopup?] = [:]
    /// The window's gestures (input outside popups, when none is open).
    package let windowGestures: GestureSystem?

    package init(graph: ViewGraph, windowGestures: GestureSystem? = nil, clock: (any GestureClock)? = nil) {
        self.graph = graph
        self.windowGestures = windowGestures
        gestureClock = clock ?? windowGestures?.clock ?? MonotonicGestureClock()
        coordinator = PopupCoordinator(graph: graph, presenter: self)
    }

    package func present(_ popup: PresentedPopup) {
        popups.append(popup)
        place(popup)
    }

    package func reposition(_ popup: PresentedPopup) { place(popup) }

    package func dismiss(_ popup: PresentedPopup) {
        popups.removeAll { $0 === popup }
        for (id, target) in sequenceTargets where target === popup { sequenceTargets[id] = .some(nil) }
    }

    /// The popup's surface origin, window points.
    package func surfaceOrigin(of popup: PresentedPopup) -> CGPoint {
        let parentOrigin = popup.parent.map(surfaceOrigin) ?? .zero
        let frame = popup.placedFrame ?? .zero
        return CGPoint(
            x: parentOrigin.x + frame.minX - popup.geometry.minX, y: parentOrigin.y + frame.minY - popup.geometry.minY)
    }

    /// The popup's geometry (its panel), window points.
    package func frame(of popup: PresentedPopup) -> CGRect {
        popup.geometry.offsetBy(dx: surfaceOrigin(of: popup).x, dy: surfaceOrigin(of: popup).y)
    }

    private func place(_ popup: PresentedPopup) {
        let parentOrigin = popup.parent.map(surfaceOrigin) ?? .zero
        let bounds = CGRect(origin: .zero, size: graph.size).offsetBy(dx: -parentOrigin.x, dy: -parentOrigin.y)
        popup.placed(at: popup.positioning.frame(size: popup.geometry.size, within: bounds))
    }

    /// Brings the window and every popup up to date (opening and closing popups until nothing changes) and
    /// returns the window's display list with the popups drawn over it.
    @discardableResult
    package func update() -> DisplayList {
        var list = graph.update()
        var rounds = 0
        while rounds < 8, graph.needsUpdate || popups.contains(where: \.graph.needsUpdate) {
            rounds += 1
            if graph.needsUpdate { list = graph.update() }
            for popup in popups where popup.graph.needsUpdate { popup.graph.update() }
        }
        for popup in popups {
            let origin = surfaceOrigin(of: popup)
            let items = popup.graph.displayList.items
            list.items.append(
                .layer(
                    DisplayLayer(
                        effect: .transform(CGAffineTransform(translationX: origin.x, y: origin.y)), items: items)))
        }
        return list
    }

    /// The topmost popup whose panel holds window point `point`.
    package func popup(at point: CGPoint) -> PresentedPopup? {
        popups.last { frame(of: $0).contains(point) }
    }

    /// One frame of input as a compositor with a popup grab delivers it: each pointer or finger belongs to what
    /// it went down on; a press outside every open popup closes them all and reaches nothing.
    package func handle(frame events: [InputEvent]) {
        var byTarget: [(PresentedPopup?, [InputEvent])] = []
        func add(_ event: InputEvent, to target: PresentedPopup?) {
            if let index = byTarget.firstIndex(where: { $0.0 === target }) {
                byTarget[index].1.append(event)
            } else {
                byTarget.append((target, [event]))
            }
        }
        for event in events {
            let id = event.sequenceID
            switch event.kind {
            case .pointerDown, .touchDown:
                let location = event.location ?? .zero
                let target = popup(at: location)
                if target == nil, !popups.isEmpty {
                    // Outside the grab: the compositor ends it (popup_done) and the press goes nowhere.
                    for popup in popups { popup.close() }
                    if let id { sequenceTargets[id] = nil }
                    continue
                }
                if let id { sequenceTargets[id] = .some(target) }
                if let target { target.focus.pointerPressed(at: local(location, in: target)) }
                add(event, to: target)
            case .pointerMove where sequenceTargets[.pointer] == nil:
                // Hovering, no button held: the surface under the pointer gets it.
                let location = event.location ?? .zero
                let target = popup(at: location)
                for popup in popups where popup !== target { popup.hover.pointerLeft() }
                if let target { target.hover.pointerMoved(to: local(location, in: target)) }
                add(event, to: target)
            default:
                guard let id else {
                    // A scroll goes to what is under the pointer; a touch cancel to everything.
                    add(event, to: event.location.flatMap(popup(at:)))
                    continue
                }
                guard let target = sequenceTargets[id] else { continue }
                if case .pointerUp = event.kind { sequenceTargets[id] = nil }
                if case .touchUp = event.kind { sequenceTargets[id] = nil }
                add(event, to: target)
            }
        }
        for (target, part) in byTarget {
            if let target {
                target.gestures.handle(
                    frame: part.map { event in
                        var moved = event
                        moved.location = event.location.map { local($0, in: target) }
                        return moved
                    })
            } else {
                windowGestures?.handle(frame: part)
            }
        }
    }

    private func local(_ point: CGPoint, in popup: PresentedPopup) -> CGPoint {
        let origin = surfaceOrigin(of: popup)
        return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    }

    /// A key: to the topmost popup if one is open.
    @discardableResult
    package func handleKey(_ press: KeyPress) -> Bool {
        coordinator.topmost?.handleKey(press) ?? false
    }
}

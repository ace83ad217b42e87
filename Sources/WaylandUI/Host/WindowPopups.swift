import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// A window's popups (menus, popovers) as `xdg_popup`s: each gets its own shm surface drawn by the window's
/// renderer, its own input router, and a grab with the serial of the press that opened it, so that a click
/// anywhere else ends it. Keys go to the innermost popup while one is open; a press on the window itself
/// closes them (the compositor delivers it to us, not as `popup_done`).
@MainActor
final class WindowPopups: PopupPresenter {
    private let session: WaylandSession
    private let window: ToplevelWindow
    private let renderer: DisplayListRenderer
    private let seats: [Seat]
    private let latestPress: () -> (WlSeat, UInt32)?
    private let report: (String) -> Void
    let gestureClock: any GestureClock
    private(set) var coordinator: PopupCoordinator!
    private var surfaces: [ObjectIdentifier: PopupSurfaceHost] = [:]

    init(
        session: WaylandSession, window: ToplevelWindow, graph: ViewGraph, renderer: DisplayListRenderer, seats: [Seat],
        clock: any GestureClock, latestPress: @escaping () -> (WlSeat, UInt32)?, report: @escaping (String) -> Void
    ) {
        self.session = session
        self.window = window
        self.renderer = renderer
        self.seats = seats
        self.latestPress = latestPress
        self.report = report
        gestureClock = clock
        coordinator = PopupCoordinator(graph: graph, presenter: self)
    }

    var isEmpty: Bool { surfaces.isEmpty }

    /// The popup host drawing on the surface with `surfaceID`, if it is one of this window's popups.
    func host(for surfaceID: UInt32) -> PopupSurfaceHost? {
        surfaces.values.first { $0.surface.surface.id == surfaceID }
    }

    /// Sends a key to the innermost popup; false when none is open.
    func handleKey(_ press: KeyPress) -> Bool {
        guard let topmost = coordinator.topmost else { return false }
        topmost.handleKey(press)
        return true
    }

    /// Closes every popup (a press on the window itself).
    func closeAll() {
        for popup in coordinator.presented { popup.close() }
    }

    /// The window closes: its popups go first, innermost first.
    func tearDown() {
        coordinator.dismissAll()
    }

    /// The parent's surface and the origin of its window geometry in its own points.
    private func parent(of popup: PresentedPopup) -> (XdgSurface, CGPoint, Int)? {
        if let parent = popup.parent {
            guard let host = surfaces[ObjectIdentifier(parent)] else { return nil }
            return (host.surface.xdgSurface, parent.geometry.origin, host.surface.scale)
        }
        let margin = CGFloat(window.frameMargin)
        return (window.xdgSurface, CGPoint(x: margin, y: margin), window.scale)
    }

    private func placement(of popup: PresentedPopup, parentOrigin: CGPoint) -> PopupPlacement {
        let positioning = popup.positioning
        let anchor = positioning.anchorRect.offsetBy(dx: -parentOrigin.x, dy: -parentOrigin.y)
        let x = Int(anchor.minX.rounded(.down))
        let y = Int(anchor.minY.rounded(.down))
        let rect = PixelRect(
            x: x, y: y, width: max(1, Int(anchor.maxX.rounded(.up)) - x),
            height: max(1, Int(anchor.maxY.rounded(.up)) - y))
        let geometry = popup.geometry
        return PopupPlacement(
            size: (Int(geometry.width.rounded(.up)), Int(geometry.height.rounded(.up))), anchorRect: rect,
            anchor: XdgPositioner.Anchor(rawValue: positioning.anchor.rawValue),
            gravity: XdgPositioner.Gravity(rawValue: positioning.gravity.rawValue),
            offset: (Int(positioning.offset.width.rounded()), Int(positioning.offset.height.rounded())),
            constraintAdjustment: positioning.adjustment.rawValue)
    }

    private static func sizes(of popup: PresentedPopup) -> ((width: Int, height: Int), PixelRect) {
        let geometry = popup.geometry
        let surface = (Int(popup.surfaceSize.width.rounded(.up)), Int(popup.surfaceSize.height.rounded(.up)))
        let rect = PixelRect(
            x: Int(geometry.minX), y: Int(geometry.minY), width: Int(geometry.width.rounded(.up)),
            height: Int(geometry.height.rounded(.up)))
        return (surface, rect)
    }

    func present(_ popup: PresentedPopup) {
        guard let (parentSurface, parentOrigin, scale) = parent(of: popup) else { return }
        let (surfaceSize, geometry) = Self.sizes(of: popup)
        // A popup grabs with the serial of the press or key that opened it; one opened without input quotes none
        // (serial 0), and the compositor may refuse it: its `popup_done` then closes the popup.
        let grab = latestPress() ?? seats.first.map { ($0.wlSeat, UInt32(0)) }
        let surface = PopupSurface(
            session: session, parent: parentSurface, placement: placement(of: popup, parentOrigin: parentOrigin),
            surfaceSize: surfaceSize, geometry: geometry, scale: scale, grab: grab)
        let host = PopupSurfaceHost(popup: popup, surface: surface, renderer: renderer, seats: seats)
        surfaces[ObjectIdentifier(popup)] = host
        let number = surfaces.count
        surface.onConfigure = { [unowned popup, unowned surface] rect in
            popup.placed(
                at: CGRect(
                    x: CGFloat(rect.x) + parentOrigin.x, y: CGFloat(rect.y) + parentOrigin.y,
                    width: CGFloat(rect.width), height: CGFloat(rect.height)))
            popup.graph.size = CGSize(width: surface.surfaceSize.width, height: surface.surfaceSize.height)
        }
        surface.onDone = { [weak self, unowned popup] in
            self?.report("popup done")
            popup.close()
        }
        surface.onFramePresented = { [weak self, unowned popup] frame in
            guard frame == 1, let self, let placed = popup.placedFrame else { return }
            // In the window's points, whatever the popup's parent.
            let origin = self.windowOrigin(ofParentOf: popup)
            self.report(
                "popup shown \(number) \(Int(origin.x + placed.minX)),\(Int(origin.y + placed.minY)) \(Int(placed.width))x\(Int(placed.height))"
            )
        }
        report("popup opened \(number)")
    }

    /// Where the popup's parent surface starts, in the window's points.
    private func windowOrigin(ofParentOf popup: PresentedPopup) -> CGPoint {
        guard let parent = popup.parent, let placed = parent.placedFrame else { return .zero }
        let origin = windowOrigin(ofParentOf: parent)
        return CGPoint(
            x: origin.x + placed.minX - parent.geometry.minX, y: origin.y + placed.minY - parent.geometry.minY)
    }

    func reposition(_ popup: PresentedPopup) {
        guard let host = surfaces[ObjectIdentifier(popup)], let (_, parentOrigin, _) = parent(of: popup) else { return }
        let (surfaceSize, geometry) = Self.sizes(of: popup)
        host.surface.reposition(
            placement(of: popup, parentOrigin: parentOrigin), surfaceSize: surfaceSize, geometry: geometry)
    }

    func dismiss(_ popup: PresentedPopup) {
        guard let host = surfaces.removeValue(forKey: ObjectIdentifier(popup)) else { return }
        host.close()
        report("popup closed")
    }
}

/// One popup's surface, drawing its graph and taking the seat input that lands on it.
@MainActor
final class PopupSurfaceHost {
    let popup: PresentedPopup
    let surface: PopupSurface
    let input: InputRouter
    private let painter: FramePainter
    private var isDrawing = false
    // Weak: a frame asked for just before the popup closed comes after its host is gone.
    private lazy var frameRequest = CoalescedFrameRequest { [weak self] _ in self?.surface.setNeedsDisplay() }

    init(popup: PresentedPopup, surface: PopupSurface, renderer: DisplayListRenderer, seats: [Seat]) {
        self.popup = popup
        self.surface = surface
        painter = FramePainter(graph: popup.graph, renderer: renderer)
        input = InputRouter(gestures: popup.gestures, focus: popup.focus, hover: popup.hover)
        surface.draw = { [unowned self] buffer in self.draw(into: buffer) }
        popup.graph.onNeedsUpdate = { [unowned self] in
            if !self.isDrawing { self.requestFrame() }
        }
    }

    func handle(_ frame: [PointerEvent], from seat: Seat) { input.handle(frame, from: seat) }
    func handle(_ frame: [TouchEvent], from seat: Seat) { input.handle(frame, from: seat) }

    func close() {
        popup.graph.onNeedsUpdate = nil
        popup.gestures.cancelAll()
        surface.destroy()
    }

    private func requestFrame() { frameRequest.request() }

    private func draw(into buffer: ShmBuffer) -> [PixelRect] {
        isDrawing = true
        defer {
            isDrawing = false
            if popup.graph.isAnimating || popup.graph.needsUpdate { requestFrame() }
        }
        let size = CGSize(width: surface.surfaceSize.width, height: surface.surfaceSize.height)
        let scale = Double(buffer.width) / Double(max(1, surface.surfaceSize.width))
        let region = painter.paint(
            size: size, scale: scale, pixels: buffer.pixels, width: buffer.width, height: buffer.height,
            stride: buffer.stride, bufferAge: buffer.age)
        return region.boxes.map { PixelRect(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0, height: $0.y1 - $0.y0) }
    }
}

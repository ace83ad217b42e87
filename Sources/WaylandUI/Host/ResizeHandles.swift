import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// Which edges of a window a resize handle moves.
struct ResizeEdges: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let top = ResizeEdges(rawValue: 1)
    static let bottom = ResizeEdges(rawValue: 2)
    static let left = ResizeEdges(rawValue: 4)
    static let right = ResizeEdges(rawValue: 8)

    /// The handle under `point` (surface points) of a window whose geometry sits `margin` points inside a
    /// surface of `surfaceSize`: the handles fill the invisible margin, and corners reach
    /// `cornerLength` along both edges so they are easy to catch. Empty inside the window or with no margin.
    static func handle(at point: CGPoint, surfaceSize: CGSize, margin: CGFloat, cornerLength: CGFloat) -> ResizeEdges {
        guard margin > 0 else { return [] }
        let window = CGRect(
            x: margin, y: margin, width: surfaceSize.width - 2 * margin, height: surfaceSize.height - 2 * margin)
        let surface = CGRect(origin: .zero, size: surfaceSize)
        guard surface.contains(point), !window.contains(point) else { return [] }
        var edges: ResizeEdges = []
        if point.y < window.minY { edges.insert(.top) } else if point.y >= window.maxY { edges.insert(.bottom) }
        if point.x < window.minX { edges.insert(.left) } else if point.x >= window.maxX { edges.insert(.right) }
        // Beside an edge but near a corner, the handle takes the corner (a wider target for the diagonal).
        if edges == .top || edges == .bottom {
            if point.x < window.minX + cornerLength {
                edges.insert(.left)
            } else if point.x >= window.maxX - cornerLength {
                edges.insert(.right)
            }
        } else if edges == .left || edges == .right {
            if point.y < window.minY + cornerLength {
                edges.insert(.top)
            } else if point.y >= window.maxY - cornerLength {
                edges.insert(.bottom)
            }
        }
        return edges
    }

    /// xdg_toplevel's edge value.
    var xdgEdge: XdgToplevel.ResizeEdge {
        switch self {
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case [.top, .left]: .topLeft
        case [.top, .right]: .topRight
        case [.bottom, .left]: .bottomLeft
        case [.bottom, .right]: .bottomRight
        default: .none
        }
    }

    /// The protocol's name for the edges (`bottom_right`), for probes and logs.
    var name: String {
        let vertical = contains(.top) ? "top" : contains(.bottom) ? "bottom" : nil
        let horizontal = contains(.left) ? "left" : contains(.right) ? "right" : nil
        return [vertical, horizontal].compactMap { $0 }.joined(separator: "_")
    }

    /// The theme cursor that shows which way the handle resizes.
    var cursorShape: CursorShape {
        switch self {
        case .top: .resizeTop
        case .bottom: .resizeBottom
        case .left: .resizeLeft
        case .right: .resizeRight
        case [.top, .left]: .resizeTopLeft
        case [.top, .right]: .resizeTopRight
        case [.bottom, .left]: .resizeBottomLeft
        case [.bottom, .right]: .resizeBottomRight
        default: .arrow
        }
    }
}

/// The window frame's own pointer handling, ahead of the views: resize handles in the invisible margin
/// (their cursor, and a press hands the resize to the compositor) and a right click on the title bar
/// (the compositor's window menu). Presses it takes, and their releases, never reach the views.
@MainActor
final class ResizeHandles {
    private unowned let window: ToplevelWindow
    private let chrome: WindowChrome
    /// Per seat: the pointer's position and the handle it is over.
    private var locations: [ObjectIdentifier: CGPoint] = [:]
    private var hoveredHandles: [ObjectIdentifier: ResizeEdges] = [:]
    /// Buttons whose press this took, per seat: their releases are swallowed too.
    private var takenButtons: [ObjectIdentifier: Set<UInt32>] = [:]
    /// The cursor the views under the pointer chose (`.pointerStyle`), shown outside the handles.
    var contentCursor = CursorShape.arrow

    init(window: ToplevelWindow, chrome: WindowChrome) {
        self.window = window
        self.chrome = chrome
    }

    /// Returns the events the views should see.
    func filter(_ frame: [PointerEvent], from seat: Seat) -> [PointerEvent] {
        let id = ObjectIdentifier(seat)
        var passed: [PointerEvent] = []
        for event in frame {
            switch event {
            case .enter(_, _, let x, let y), .motion(_, let x, let y):
                locations[id] = CGPoint(x: x, y: y)
                updateCursor(seat)
                passed.append(event)
            case .leave:
                // The arrow again for the next enter, which may land straight in the content.
                if let handle = hoveredHandles.removeValue(forKey: id), !handle.isEmpty, let cursor = seat.cursor,
                    cursor.shape != .hidden
                {
                    cursor.set(contentCursor)
                }
                passed.append(event)
            case .button(let serial, _, let button, true):
                if take(button: button, serial: serial, seat: seat) {
                    takenButtons[id, default: []].insert(button)
                } else {
                    passed.append(event)
                }
            case .button(_, _, let button, false):
                if takenButtons[id]?.remove(button) == nil { passed.append(event) }
            default:
                passed.append(event)
            }
        }
        return passed
    }

    /// Whether the seat's pointer is over a resize handle (its cursor is the handle's, not the views').
    func isOverHandle(_ seat: Seat) -> Bool { !(hoveredHandles[ObjectIdentifier(seat)] ?? []).isEmpty }

    private func handle(for seat: Seat) -> ResizeEdges {
        guard let location = locations[ObjectIdentifier(seat)] else { return [] }
        let size = window.surfaceSize
        return ResizeEdges.handle(
            at: location, surfaceSize: CGSize(width: size.width, height: size.height),
            margin: CGFloat(window.frameMargin), cornerLength: WindowChrome.cornerHandleLength)
    }

    /// The resize cursor over a handle; the views' cursor again when the pointer leaves the handles. A hidden
    /// cursor (kiosk, `--no-cursor`) stays hidden.
    private func updateCursor(_ seat: Seat) {
        let id = ObjectIdentifier(seat)
        let handle = handle(for: seat)
        guard handle != hoveredHandles[id] ?? [] else { return }
        hoveredHandles[id] = handle
        guard let cursor = seat.cursor, cursor.shape != .hidden else { return }
        cursor.set(handle.isEmpty ? contentCursor : handle.cursorShape)
        if !handle.isEmpty { Probe.report("resize-cursor \(handle.name)") }
    }

    /// A primary press on a handle starts a resize; a secondary press on the title bar opens the window menu.
    private func take(button: UInt32, serial: UInt32, seat: Seat) -> Bool {
        let handle = handle(for: seat)
        if button == 272, !handle.isEmpty {
            window.beginResize(seat: seat.wlSeat, serial: serial, edges: handle.xdgEdge)
            Probe.report("resize \(handle.name) serial \(serial)")
            return true
        }
        if button == 273, chrome.showsTitleBar, let location = locations[ObjectIdentifier(seat)] {
            let margin = CGFloat(window.frameMargin)
            let titleBar = CGRect(
                x: margin, y: margin, width: CGFloat(window.size.width), height: WindowChrome.titleBarHeight)
            guard titleBar.contains(location) else { return false }
            let x = Int(location.x.rounded(.down))
            let y = Int(location.y.rounded(.down))
            window.showWindowMenu(seat: seat.wlSeat, serial: serial, x: x, y: y)
            Probe.report("window-menu \(x),\(y) serial \(serial)")
            return true
        }
        return false
    }
}

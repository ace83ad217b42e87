import CWaylandCursor
import Foundation

/// The pointer's look while it is over our surfaces: a shape from the cursor theme (libwayland-cursor,
/// `XCURSOR_THEME` and `XCURSOR_SIZE`), drawn at the window's scale, or no cursor at all.
public enum CursorShape: String, Sendable, CaseIterable {
    case arrow, pointingHand, text, grab, grabbing, crosshair, notAllowed
    case resizeTop, resizeBottom, resizeLeft, resizeRight
    case resizeTopLeft, resizeTopRight, resizeBottomLeft, resizeBottomRight
    /// No cursor (kiosk mode, touch-first screens).
    case hidden
    case verticalText, columnResize, rowResize, zoomIn, zoomOut

    /// Theme names to try: the CSS name current themes use, then the X11 name older ones have.
    var themeNames: [String] {
        switch self {
        case .arrow: ["default", "left_ptr"]
        case .pointingHand: ["pointer", "hand2", "hand1"]
        case .text: ["text", "xterm"]
        case .grab: ["grab", "openhand", "hand1"]
        case .grabbing: ["grabbing", "closedhand", "hand1"]
        case .crosshair: ["crosshair", "cross"]
        case .notAllowed: ["not-allowed", "crossed_circle"]
        case .resizeTop: ["n-resize", "top_side"]
        case .resizeBottom: ["s-resize", "bottom_side"]
        case .resizeLeft: ["w-resize", "left_side"]
        case .resizeRight: ["e-resize", "right_side"]
        case .resizeTopLeft: ["nw-resize", "top_left_corner"]
        case .resizeTopRight: ["ne-resize", "top_right_corner"]
        case .resizeBottomLeft: ["sw-resize", "bottom_left_corner"]
        case .resizeBottomRight: ["se-resize", "bottom_right_corner"]
        case .hidden: []
        case .verticalText: ["vertical-text", "xterm"]
        case .columnResize: ["col-resize", "sb_h_double_arrow"]
        case .rowResize: ["row-resize", "sb_v_double_arrow"]
        case .zoomIn: ["zoom-in", "crosshair"]
        case .zoomOut: ["zoom-out", "crosshair"]
        }
    }
}

/// Sets the cursor image on `wl_pointer.enter` and whenever the shape or scale changes.
@MainActor
public final class PointerCursor {
    public private(set) var shape = CursorShape.arrow
    public private(set) var scale = 1
    /// Called with the shape's theme name and pixel size each time a cursor is set (nil name: hidden).
    public var onApplied: ((String?, Int) -> Void)?

    private let session: WaylandSession
    private let surface: WlSurface
    private var themes: [Int: OpaquePointer] = [:]  // wl_cursor_theme by scale, kept for the process
    private var buffers: [OpaquePointer: WlBuffer] = [:]  // the themes' buffers, wrapped once
    private var pointer: WlPointer?
    private var enterSerial: UInt32 = 0
    private let themeName = ProcessInfo.processInfo.environment["XCURSOR_THEME"]
    private let baseSize = PointerCursor.baseSize(fromEnvironment: ProcessInfo.processInfo.environment["XCURSOR_SIZE"])

    /// Cursor sizes themes ship go up to a few hundred pixels; beyond this a value is a mistake.
    static let largestBaseSize = 512

    /// `XCURSOR_SIZE` in pixels; unset, it is 24; out of range or not a number, 24 after a one-line warning.
    static func baseSize(fromEnvironment value: String?) -> Int {
        guard let value, !value.isEmpty else { return 24 }
        if let size = Int(value.trimmingCharacters(in: .whitespaces)), (1...largestBaseSize).contains(size) {
            return size
        }
        FileHandle.standardError.write(
            Data(
                "WaylandUI: XCURSOR_SIZE wants a cursor size in pixels from 1 to \(largestBaseSize), not '\(value.prefix(40))'; using 24\n"
                    .utf8))
        return 24
    }

    public init(session: WaylandSession) {
        self.session = session
        surface = session.compositor.createSurface()
    }

    /// Changes the shape; applied at once if the pointer is over us.
    public func set(_ shape: CursorShape, scale: Int? = nil) {
        let scale = max(1, scale ?? self.scale)
        guard shape != self.shape || scale != self.scale else { return }
        self.shape = shape
        self.scale = scale
        apply()
    }

    /// The pointer entered one of our surfaces with `serial`: the cursor must be set again.
    func pointerEntered(_ pointer: WlPointer, serial: UInt32) {
        self.pointer = pointer
        enterSerial = serial
        apply()
    }

    func pointerLeft() {
        pointer = nil
    }

    private func apply() {
        guard let pointer, !pointer.isDestroyed else { return }
        guard shape != .hidden, let (buffer, image) = image(for: shape) else {
            pointer.setCursor(serial: enterSerial, surface: nil, hotspotX: 0, hotspotY: 0)
            onApplied?(nil, 0)
            return
        }
        if surface.version >= 3 { surface.setBufferScale(scale: Int32(scale)) }
        surface.attach(buffer: buffer, x: 0, y: 0)
        surface.damageBuffer(x: 0, y: 0, width: Int32(image.width), height: Int32(image.height))
        surface.commit()
        // The hotspot is in surface points: the image is `scale` times larger.
        pointer.setCursor(
            serial: enterSerial, surface: surface, hotspotX: Int32(image.hotspot_x) / Int32(scale),
            hotspotY: Int32(image.hotspot_y) / Int32(scale))
        onApplied?(shape.rawValue, Int(image.width))
    }

    private func image(for shape: CursorShape) -> (WlBuffer, wl_cursor_image)? {
        guard let theme = theme(scale: scale) else { return nil }
        for name in shape.themeNames {
            guard let cursor = wl_cursor_theme_get_cursor(theme, name), cursor.pointee.image_count > 0,
                let image = cursor.pointee.images[0], let raw = wl_cursor_image_get_buffer(image)
            else { continue }
            let buffer =
                buffers[raw] ?? WlBuffer(raw: raw, connection: session.connection, receivesEvents: false, owned: false)
            buffers[raw] = buffer
            return (buffer, image.pointee)
        }
        return nil
    }

    private func theme(scale: Int) -> OpaquePointer? {
        if let theme = themes[scale] { return theme }
        // The compositor picks the scale: clamped, so no buffer size overflows.
        let theme = wl_cursor_theme_load(themeName, Int32(baseSize * min(scale, 16)), session.shm.raw)
        themes[scale] = theme
        return theme
    }
}

import Foundation

/// Where an `xdg_popup` goes, in `xdg_positioner`'s terms (points relative to the parent's window geometry).
public struct PopupPlacement: Equatable, Sendable {
    public var size: (width: Int, height: Int)
    public var anchorRect: PixelRect
    public var anchor: XdgPositioner.Anchor
    public var gravity: XdgPositioner.Gravity
    public var offset: (x: Int, y: Int)
    public var constraintAdjustment: UInt32

    public init(
        size: (width: Int, height: Int), anchorRect: PixelRect, anchor: XdgPositioner.Anchor,
        gravity: XdgPositioner.Gravity,
        offset: (x: Int, y: Int), constraintAdjustment: UInt32
    ) {
        self.size = size
        self.anchorRect = anchorRect
        self.anchor = anchor
        self.gravity = gravity
        self.offset = offset
        self.constraintAdjustment = constraintAdjustment
    }

    public static func == (a: PopupPlacement, b: PopupPlacement) -> Bool {
        a.size == b.size && a.anchorRect == b.anchorRect && a.anchor == b.anchor && a.gravity == b.gravity
            && a.offset == b.offset && a.constraintAdjustment == b.constraintAdjustment
    }

    @MainActor func makePositioner(_ wmBase: XdgWmBase) -> XdgPositioner {
        let positioner = wmBase.createPositioner()
        positioner.setSize(width: Int32(max(1, size.width)), height: Int32(max(1, size.height)))
        positioner.setAnchorRect(
            x: Int32(anchorRect.x), y: Int32(anchorRect.y), width: Int32(max(1, anchorRect.width)),
            height: Int32(max(1, anchorRect.height)))
        positioner.setAnchor(anchor: anchor)
        positioner.setGravity(gravity: gravity)
        positioner.setConstraintAdjustment(constraintAdjustment: constraintAdjustment)
        positioner.setOffset(x: Int32(offset.x), y: Int32(offset.y))
        return positioner
    }
}

/// A popup (menu, popover) drawn with shared-memory buffers: an `xdg_popup` of a parent `xdg_surface`, placed by
/// the compositor from a positioner (which may flip, slide or shrink it to keep it on screen), optionally
/// grabbing the seat so that a click elsewhere ends it (`popup_done`).
///
/// The surface is `surfaceSize` points; `geometry` is the part the positioner places (the rest holds a shadow).
/// Like a toplevel it draws once configured, then at most one frame per frame callback.
@MainActor
public final class PopupSurface {
    /// Fills a free buffer and returns the rectangles it changed.
    public var draw: ((ShmBuffer) -> [PixelRect])?
    /// The compositor placed the geometry at this rectangle (relative to the parent's window geometry); called
    /// before the frame at that size is drawn.
    public var onConfigure: ((PixelRect) -> Void)?
    /// The compositor ended the popup (a click outside, or a grab it refused); destroy it.
    public var onDone: (() -> Void)?
    /// A frame with this number reached the screen.
    public var onFramePresented: ((Int) -> Void)?

    public let surface: WlSurface
    public let xdgSurface: XdgSurface
    public let popup: XdgPopup
    public let buffers: BufferPool
    /// The whole surface, points.
    public private(set) var surfaceSize: (width: Int, height: Int)
    /// The placed part of the surface, surface points.
    public private(set) var geometry: PixelRect
    /// Where the compositor put the geometry, relative to the parent's window geometry.
    public private(set) var placedRect: PixelRect?
    public var scale: Int { didSet { if scale != oldValue { setNeedsDisplay() } } }
    public private(set) var committedFrames = 0
    public private(set) var isDestroyed = false

    private let session: WaylandSession
    private var placement: PopupPlacement
    private var isConfigured = false
    private var needsDisplay = true
    private var frameCallback: WlCallback?
    private var committedScale: Int?
    private var committedGeometry: PixelRect?
    private var repositionToken: UInt32 = 0

    public init(
        session: WaylandSession, parent: XdgSurface, placement: PopupPlacement, surfaceSize: (width: Int, height: Int),
        geometry: PixelRect, scale: Int, grab: (seat: WlSeat, serial: UInt32)?
    ) {
        self.session = session
        self.placement = placement
        self.surfaceSize = surfaceSize
        self.geometry = geometry
        self.scale = max(1, scale)
        buffers = BufferPool(shm: session.shm)
        surface = session.compositor.createSurface()
        xdgSurface = session.wmBase.getXdgSurface(surface: surface)
        let positioner = placement.makePositioner(session.wmBase)
        popup = xdgSurface.getPopup(parent: parent, positioner: positioner)
        positioner.destroy()
        xdgSurface.setWindowGeometry(
            x: Int32(geometry.x), y: Int32(geometry.y), width: Int32(geometry.width), height: Int32(geometry.height))
        committedGeometry = geometry
        popup.onEvent = { [unowned self] event in
            switch event {
            case .configure(let x, let y, let width, let height):
                self.placedRect = PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
            case .popupDone:
                self.onDone?()
            case .repositioned:
                break
            }
        }
        xdgSurface.onEvent = { [unowned self] event in
            if case .configure(let serial) = event { self.applyConfigure(serial: serial) }
        }
        buffers.onBufferReleased = { [unowned self] in self.renderIfNeeded() }
        // The grab must come before the first commit.
        if let grab { popup.grab(seat: grab.seat, serial: grab.serial) }
        surface.commit()
    }

    /// Places the popup again (its anchor moved or its size changed): `xdg_popup.reposition` where the
    /// compositor speaks xdg-shell 3; older ones keep the popup where it is, at its new size.
    public func reposition(_ placement: PopupPlacement, surfaceSize: (width: Int, height: Int), geometry: PixelRect) {
        guard !isDestroyed else { return }
        self.surfaceSize = surfaceSize
        self.geometry = geometry
        needsDisplay = true
        if placement != self.placement, popup.version >= 3 {
            self.placement = placement
            repositionToken &+= 1
            let positioner = placement.makePositioner(session.wmBase)
            popup.reposition(positioner: positioner, token: repositionToken)
            positioner.destroy()
        }
        renderIfNeeded()
    }

    /// Destroys the popup and its surface (its own popups must be gone already).
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        draw = nil
        frameCallback = nil
        popup.destroy()
        xdgSurface.destroy()
        surface.destroy()
        buffers.removeAll()
    }

    public func setNeedsDisplay() {
        needsDisplay = true
        renderIfNeeded()
    }

    private func applyConfigure(serial: UInt32) {
        xdgSurface.ackConfigure(serial: serial)
        if let placedRect {
            if placedRect.width != geometry.width || placedRect.height != geometry.height {
                // Shrunk (or grown back) by the compositor: the surface follows, the margin stays.
                surfaceSize = (
                    placedRect.width + surfaceSize.width - geometry.width,
                    placedRect.height + surfaceSize.height - geometry.height
                )
                geometry = PixelRect(x: geometry.x, y: geometry.y, width: placedRect.width, height: placedRect.height)
            }
            onConfigure?(placedRect)
        }
        isConfigured = true
        needsDisplay = true
        renderIfNeeded()
    }

    private func renderIfNeeded() {
        guard needsDisplay, isConfigured, !isDestroyed, frameCallback == nil, let draw else { return }
        let bufferGeometry = BufferGeometry(
            logicalWidth: surfaceSize.width, logicalHeight: surfaceSize.height, integerScale: scale)
        let buffer: ShmBuffer?
        do {
            buffer = try buffers.acquire(width: bufferGeometry.width, height: bufferGeometry.height)
        } catch {
            WaylandSession.exitWithError(error)
        }
        guard let buffer else { return }
        needsDisplay = false
        let damage = draw(buffer)
        if damage.isEmpty && committedFrames > 0 && committedScale == bufferGeometry.bufferScale
            && committedGeometry == geometry
        {
            return
        }
        if surface.version >= 3, bufferGeometry.bufferScale != committedScale ?? 1 {
            surface.setBufferScale(scale: Int32(bufferGeometry.bufferScale))
        }
        committedScale = bufferGeometry.bufferScale
        if committedGeometry != geometry {
            xdgSurface.setWindowGeometry(
                x: Int32(geometry.x), y: Int32(geometry.y), width: Int32(geometry.width), height: Int32(geometry.height)
            )
            committedGeometry = geometry
        }
        let frameNumber = committedFrames + 1
        frameCallback = surface.commitFrame(buffer, damage: damage) { [weak self] in
            guard let self, !self.isDestroyed else { return }
            self.frameCallback = nil
            self.onFramePresented?(frameNumber)
            self.renderIfNeeded()
        }
        buffers.submitted(buffer)
        committedFrames += 1
    }
}

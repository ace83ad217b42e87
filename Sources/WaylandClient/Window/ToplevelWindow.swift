import Foundation

/// An xdg toplevel window drawn with shared-memory buffers.
///
/// The life cycle follows xdg-shell: an initial commit without a buffer, then each `configure` is acked
/// and answered with a buffer of the configured size (0x0 ▸ `defaultSize`). Frames are paced by frame
/// callbacks, and nothing is drawn unless `setNeedsDisplay()` was called or the size changed. A frame that answers
/// input is drawn at once instead (see `minimumInputFrameInterval`).
@MainActor
public final class ToplevelWindow {
    public struct Size: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Fills a free buffer for the next frame and returns the rectangles it changed.
    public var draw: ((ShmBuffer) -> [PixelRect])?
    /// The user (or compositor) asked to close the window.
    public var onClose: (() -> Void)?
    /// A new size was configured; called before the frame at that size is drawn.
    public var onResize: ((Size) -> Void)?
    /// Called after each frame is committed, with its sequence number (1 for the first).
    public var onFrameCommitted: ((Int, ShmBuffer) -> Void)?
    /// Called when the compositor signals (frame callback) that the frame with this number reached the screen.
    public var onFramePresented: ((Int) -> Void)?

    /// The current size of the window geometry (what configures are about), in surface points.
    public private(set) var size: Size
    /// An invisible margin around the window geometry, in points, for client-side shadows and resize
    /// handles: the surface is this much larger on every side, and `xdg_surface.set_window_geometry` leaves
    /// it out (so the compositor places, tiles and snaps the visible window). Applied with the next frame.
    public var frameMargin = 0 {
        didSet { if frameMargin != oldValue { needsDisplay = true } }
    }
    /// The whole surface: the window geometry plus the frame margin on each side.
    public var surfaceSize: Size { Size(width: size.width + 2 * frameMargin, height: size.height + 2 * frameMargin) }
    /// The smallest window geometry asked for (`xdg_toplevel.set_min_size`); floating windows never draw smaller.
    public private(set) var minimumSize: Size
    /// The largest integer scale of the outputs the window is on.
    public private(set) var scale = 1
    /// The compositor's preferred fractional scale in 120ths, where it offers one.
    public private(set) var fractionalScale120: Int?
    /// How the current size and scale map to buffer pixels (what the last frame was drawn with).
    public private(set) var geometry: BufferGeometry
    /// Called when the scale changes; the next frame is drawn at the new scale.
    public var onScaleChange: ((Int) -> Void)?
    public private(set) var states: WindowStates = []
    public var isFullscreen: Bool { states.contains(.fullscreen) }
    /// What the compositor lets the window ask for (`wm_capabilities`); everything until it says otherwise.
    public private(set) var capabilities = WindowCapabilities.all
    /// Who draws the decorations: client-side unless the compositor agreed to draw them.
    public private(set) var decorationMode = DecorationMode.clientSide
    /// States or decoration mode changed (applied with the configure that carried them).
    public var onStateChange: (() -> Void)?
    public private(set) var committedFrames = 0
    public let defaultSize: Size
    /// A window that is not resizable keeps `defaultSize` whatever the compositor proposes (min = max size).
    public let isResizable: Bool

    public let surface: WlSurface
    public let xdgSurface: XdgSurface
    public let toplevel: XdgToplevel
    public let buffers: BufferPool

    private var pendingSize: Size?
    private var pendingStates: WindowStates = []
    private var pendingDecorationMode: DecorationMode?
    private let decoration: ZxdgToplevelDecorationV1?
    private var isConfigured = false
    private var needsDisplay = true
    /// The callback of the latest commit; earlier ones may still be in flight after a frame that answered input.
    private var frameCallback: WlCallback?
    /// A frame answering input is waiting to be drawn.
    private var inputIsWaiting = false
    /// When the latest frame was committed (ns, monotonic).
    private var lastCommitUptime: UInt64 = 0
    /// A frame that answers input is drawn without waiting for the frame callback when the latest commit is at
    /// least this old (seconds). Waiting for the callback would show input up to one refresh late; the bound keeps
    /// a 1 000 Hz mouse from making more than 250 frames a second.
    public var minimumInputFrameInterval = 0.004
    private let session: WaylandSession
    private var enteredOutputs: [WlOutput] = []
    private let viewport: WpViewport?
    private let fractionalScale: WpFractionalScaleV1?
    private var committedGeometry: BufferGeometry?
    private var toldAboutCap = false
    /// The size the window last had while floating: what it returns to when the compositor lets it choose.
    private var floatingSize: Size
    /// The window geometry last announced (margin, width, height).
    private var committedWindowGeometry: (margin: Int, size: Size)?

    public init(
        session: WaylandSession, title: String, appID: String, defaultSize: Size = Size(width: 640, height: 480),
        minimumSize: Size = Size(width: 120, height: 80), isResizable: Bool = true
    ) {
        self.defaultSize = defaultSize
        self.isResizable = isResizable
        self.session = session
        size = defaultSize
        floatingSize = defaultSize
        geometry = BufferGeometry(logicalWidth: defaultSize.width, logicalHeight: defaultSize.height, integerScale: 1)
        buffers = BufferPool(shm: session.shm)
        surface = session.compositor.createSurface()
        viewport = session.viewporter?.getViewport(surface: surface)
        fractionalScale = session.fractionalScaleManager?.getFractionalScale(surface: surface)
        xdgSurface = session.wmBase.getXdgSurface(surface: surface)
        toplevel = xdgSurface.getToplevel()
        toplevel.setTitle(title: title)
        toplevel.setAppId(appId: appID)
        let minimum = isResizable ? minimumSize : defaultSize
        self.minimumSize = minimum
        toplevel.setMinSize(width: Int32(minimum.width), height: Int32(minimum.height))
        if !isResizable { toplevel.setMaxSize(width: Int32(defaultSize.width), height: Int32(defaultSize.height)) }
        // Must exist before the first commit; the answer comes with the first configure.
        decoration = session.decorationManager?.getToplevelDecoration(toplevel: toplevel)
        decoration?.setMode(mode: .serverSide)
        toplevel.onEvent = { [unowned self] event in self.handle(event) }
        decoration?.onEvent = { [unowned self] event in
            if case .configure(let mode) = event {
                self.pendingDecorationMode = mode == .serverSide ? .serverSide : .clientSide
            }
        }
        xdgSurface.onEvent = { [unowned self] event in
            if case .configure(let serial) = event { self.applyConfigure(serial: serial) }
        }
        buffers.onBufferReleased = { [unowned self] in self.renderIfNeeded() }
        surface.onEvent = { [unowned self] event in
            switch event {
            case .enter(let output?): self.enteredOutputs.append(output)
            case .leave(let output?): self.enteredOutputs.removeAll { $0 === output }
            default: break
            }
            self.updateScale()
        }
        session.observeOutputs { [weak self] in self?.updateScale() }
        fractionalScale?.onEvent = { [unowned self] event in
            if case .preferredScale(let scale) = event, Int(scale) != self.fractionalScale120 {
                self.fractionalScale120 = Int(scale)
                self.onScaleChange?(self.scale)
                self.setNeedsDisplay()
            }
        }
        surface.commit()  // no buffer: asks for the first configure
    }

    /// Destroys the toplevel and its surface (the window disappears); nothing is drawn afterwards.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        draw = nil
        frameCallback = nil
        decoration?.destroy()
        fractionalScale?.destroy()
        viewport?.destroy()
        toplevel.destroy()
        xdgSurface.destroy()
        surface.destroy()
        buffers.removeAll()
    }

    public private(set) var isDestroyed = false

    /// Schedules a frame: drawn now if possible, else when the frame callback or a buffer arrives. A frame
    /// `answeringInput` may be drawn while a frame callback is still in flight (`minimumInputFrameInterval`).
    public func setNeedsDisplay(answeringInput: Bool = false) {
        needsDisplay = true
        if answeringInput { inputIsWaiting = true }
        renderIfNeeded()
    }

    /// Whether a frame may be drawn now rather than at the pending frame callback.
    private var mayDrawBeforeCallback: Bool {
        guard inputIsWaiting else { return false }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- lastCommitUptime) / 1e9
        return elapsed >= minimumInputFrameInterval
    }

    public func setFullscreen(_ fullscreen: Bool) {
        if fullscreen { toplevel.setFullscreen(output: nil) } else { toplevel.unsetFullscreen() }
    }

    public func setMaximized(_ maximized: Bool) {
        if maximized { toplevel.setMaximized() } else { toplevel.unsetMaximized() }
    }

    public func minimize() {
        toplevel.setMinimized()
    }

    /// Asks the compositor not to make the window smaller than `minimum` (window geometry, points), and
    /// draws no smaller itself while floating. Applied with the next commit.
    public func setMinimumSize(_ minimum: Size) {
        guard isResizable, minimum != minimumSize else { return }
        minimumSize = minimum
        toplevel.setMinSize(width: Int32(minimum.width), height: Int32(minimum.height))
        let clamped = clampedToMinimum(size, states: states)
        if clamped != size {
            size = clamped
            onResize?(size)
        }
        // Drawn with the next frame: this may be called while a configure is being applied.
        needsDisplay = true
    }

    /// A maximized, fullscreen or tiled window must take the configured size exactly; a floating one may
    /// be larger than a configure that undercuts its minimum.
    private func clampedToMinimum(_ size: Size, states: WindowStates) -> Size {
        guard Self.isFloating(states) else { return size }
        return Size(width: max(size.width, minimumSize.width), height: max(size.height, minimumSize.height))
    }

    private static func isFloating(_ states: WindowStates) -> Bool {
        states.isDisjoint(with: [.maximized, .fullscreen]) && !states.isTiled
    }

    /// Starts an interactive move, in answer to the pointer press or touch down with `serial`.
    public func beginMove(seat: WlSeat, serial: UInt32) {
        toplevel.move(seat: seat, serial: serial)
    }

    /// Starts an interactive resize from `edges`, in answer to the press with `serial`.
    public func beginResize(seat: WlSeat, serial: UInt32, edges: XdgToplevel.ResizeEdge) {
        toplevel.resize(seat: seat, serial: serial, edges: edges)
    }

    /// Shows the compositor's window menu at a point of the surface.
    public func showWindowMenu(seat: WlSeat, serial: UInt32, x: Int, y: Int) {
        guard capabilities.contains(.windowMenu) else { return }
        toplevel.showWindowMenu(seat: seat, serial: serial, x: Int32(x), y: Int32(y))
    }

    public func setTitle(_ title: String) {
        toplevel.setTitle(title: title)
    }

    private func updateScale() {
        // wl_surface.set_buffer_scale needs wl_surface v3; older compositors get scale 1 buffers.
        guard surface.version >= 3 else { return }
        let newScale = enteredOutputs.compactMap { session.output(for: $0)?.scale }.max() ?? scale
        guard newScale != scale else { return }
        scale = newScale
        onScaleChange?(scale)
        setNeedsDisplay()
    }

    private func handle(_ event: XdgToplevel.Event) {
        switch event {
        case .configure(let width, let height, let states):
            pendingStates = WindowStates(configureArray: states)
            // A 0 means "choose yourself": a floating window goes back to its last floating size (the
            // default at first), so leaving fullscreen or maximized restores it.
            // A fullscreen window left to choose (cage's first configure) takes its output's size.
            let chosen =
                Self.isFloating(pendingStates)
                ? floatingSize
                : pendingStates.contains(.fullscreen) ? outputSize ?? size : size
            pendingSize =
                isResizable
                ? Size(width: width > 0 ? Int(width) : chosen.width, height: height > 0 ? Int(height) : chosen.height)
                : defaultSize
        case .close:
            onClose?()
        case .wmCapabilities(let list):
            capabilities = WindowCapabilities(capabilityArray: list)
        case .configureBounds:
            break
        }
    }

    /// The first output's size in surface points, if it announced its mode.
    private var outputSize: Size? {
        session.outputs.lazy.compactMap(\.logicalSize).first.map { Size(width: $0.width, height: $0.height) }
    }

    private func applyConfigure(serial: UInt32) {
        xdgSurface.ackConfigure(serial: serial)
        let newDecoration = pendingDecorationMode ?? decorationMode
        if pendingStates != states || newDecoration != decorationMode {
            states = pendingStates
            decorationMode = newDecoration
            onStateChange?()
            needsDisplay = true
        }
        if let pendingSize = pendingSize.map({ clampedToMinimum($0, states: states) }), pendingSize != size {
            size = pendingSize
            onResize?(size)
            needsDisplay = true
        }
        pendingSize = nil
        if Self.isFloating(states) { floatingSize = size }
        if !isConfigured {
            isConfigured = true
            needsDisplay = true
        }
        renderIfNeeded()
    }

    private func renderIfNeeded() {
        guard needsDisplay, isConfigured, !isDestroyed, frameCallback == nil || mayDrawBeforeCallback, let draw else {
            return
        }
        let surfaceSize = surfaceSize
        let geometry = BufferGeometry(
            logicalWidth: surfaceSize.width, logicalHeight: surfaceSize.height, integerScale: scale,
            fractionalScale120: fractionalScale120)
        reportCapOnce(geometry)
        let buffer: ShmBuffer?
        // A frame drawn ahead of the callback waits for a release rather than making a third buffer (memory).
        let aheadOfCallback = frameCallback != nil
        do {
            buffer = try buffers.acquire(width: geometry.width, height: geometry.height, mayAddThird: !aheadOfCallback)
        } catch {
            WaylandSession.exitWithError(error)
        }
        guard let buffer else { return }  // all buffers busy: a release will call us again
        needsDisplay = false
        inputIsWaiting = false
        let unchangedGeometry =
            geometry == committedGeometry && buffer.width == geometry.width
            && committedWindowGeometry.map { $0.margin == frameMargin && $0.size == size } ?? false
        self.geometry = geometry
        let damage = draw(buffer)
        // Nothing changed (a state change with no visible effect): no commit, the buffer stays free.
        if damage.isEmpty && unchangedGeometry && committedFrames > 0 { return }
        applyGeometry(geometry)
        applyWindowGeometry()
        let frameNumber = committedFrames + 1
        frameCallback = surface.commitFrame(buffer, damage: damage) { [weak self] in
            guard let self, !self.isDestroyed else { return }  // the window may be gone by now
            self.onFramePresented?(frameNumber)
            // An earlier frame's callback says nothing about when to draw next; the latest one's does.
            guard frameNumber == self.committedFrames else { return }
            self.frameCallback = nil
            self.renderIfNeeded()
        }
        lastCommitUptime = DispatchTime.now().uptimeNanoseconds
        buffers.submitted(buffer)
        committedFrames += 1
        onFrameCommitted?(committedFrames, buffer)
    }

    /// Announces a new buffer scale or viewport, once per change.
    private func applyGeometry(_ geometry: BufferGeometry) {
        guard geometry != committedGeometry else { return }
        if surface.version >= 3, geometry.bufferScale != committedGeometry?.bufferScale ?? 1 {
            surface.setBufferScale(scale: Int32(geometry.bufferScale))
        }
        if let viewport {
            let destination = geometry.viewportDestination
            viewport.setDestination(width: Int32(destination?.width ?? -1), height: Int32(destination?.height ?? -1))
        }
        committedGeometry = geometry
    }

    /// Announces the visible part of the surface, once per change (it persists until set again).
    private func applyWindowGeometry() {
        if let committed = committedWindowGeometry, committed.margin == frameMargin, committed.size == size { return }
        xdgSurface.setWindowGeometry(
            x: Int32(frameMargin), y: Int32(frameMargin), width: Int32(size.width), height: Int32(size.height))
        committedWindowGeometry = (frameMargin, size)
    }

    private func reportCapOnce(_ geometry: BufferGeometry) {
        guard geometry.isCapped, !toldAboutCap else { return }
        toldAboutCap = true
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "WaylandUI"
        let message =
            "\(program): the window is \(surfaceSize.width)x\(surfaceSize.height) points; drawing it at \(geometry.width)x\(geometry.height) pixels, the most a buffer may hold\n"
        FileHandle.standardError.write(Data(message.utf8))
    }
}

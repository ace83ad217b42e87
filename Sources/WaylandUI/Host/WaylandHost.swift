import Foundation
import Raster
import UICore
import WaylandClient

/// Runs an app's window on Wayland: state changes ▸ frame callback ▸ update ▸ damaged pixels ▸ commit.
@MainActor
enum WaylandHost {
    static func run(_ description: WindowDescription, options: HostOptions) -> Never {
        let size = options.size ?? description.defaultSize ?? CGSize(width: 800, height: 600)
        let session: WaylandSession
        do {
            session = try WaylandSession()
        } catch {
            // --screenshot needs no compositor: draw the first frame offscreen.
            if let path = options.screenshot {
                OffscreenRenderer.writeScreenshot(of: description, size: size, to: path)
            }
            WaylandSession.exitWithError(error)
        }
        OpenURLAction.systemHandler = DesktopURLOpener.open
        let host = WindowHost(session: session, description: description, size: size, options: options)
        withExtendedLifetime(host) { session.run() }
    }
}

/// One window: a toplevel, its view graph and the painter between them.
@MainActor
final class WindowHost {
    let window: ToplevelWindow
    let graph: ViewGraph
    let painter: FramePainter
    let chrome: WindowChrome
    /// Changes made while a frame is being drawn are part of that frame.
    private var isDrawing = false
    private var frameRequested = false
    private var seats: [Seat] = []
    private let input: InputRouter
    private let focus: FocusSystem
    private let hover: HoverTracker

    init(session: WaylandSession, description: WindowDescription, size: CGSize, options: HostOptions) {
        let renderer: DisplayListRenderer
        do {
            renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        } catch {
            WaylandSession.exitWithError(error)
        }
        let appID = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
        chrome = WindowChrome(title: description.title.isEmpty ? appID : description.title)
        graph = ViewGraph(root: DecoratedRoot(chrome: chrome, content: description.makeContent()))
        graph.textMeasurer = renderer.text
        graph.imageSizeProvider = renderer.images
        input = InputRouter(gestures: GestureSystem(graph: graph))
        focus = FocusSystem(graph: graph)
        input.onPress = { [unowned focus] point in focus.pointerPressed(at: point) }
        hover = HoverTracker(graph: graph)
        input.onPointerMove = { [unowned hover] location in
            if let location { hover.pointerMoved(to: location) } else { hover.pointerLeft() }
        }
        painter = FramePainter(graph: graph, renderer: renderer, overlay: input.gestures)
        window = ToplevelWindow(session: session, title: chrome.title, appID: appID,
                                defaultSize: .init(width: Int(size.width.rounded()), height: Int(size.height.rounded())))
        window.draw = { [unowned self] buffer in self.draw(into: buffer) }
        window.onClose = { exit(0) }
        window.onFramePresented = { frame in Probe.report("shown \(frame)") }
        window.onStateChange = { [unowned self] in
            Probe.report("states \(self.window.states.names.isEmpty ? "none" : self.window.states.names.joined(separator: ","))")
            self.updateChrome()
        }
        window.onFrameCommitted = { frame, buffer in
            Probe.report("frame \(frame) \(buffer.width)x\(buffer.height)")
            if frame == 1, let path = options.screenshot { Self.writeScreenshot(of: buffer, to: path) }
        }
        graph.onNeedsUpdate = { [unowned self] in
            if !self.isDrawing { self.requestFrame() }
        }
        if options.fullscreen { window.setFullscreen(true) }
        attachSeats(session, hidesCursor: options.hidesCursor)
        hover.onPointerStyleChange = { [unowned self] style in self.showPointerStyle(style) }
        chrome.close = { exit(0) }
        chrome.minimize = { [unowned self] in self.window.minimize() }
        chrome.toggleMaximize = { [unowned self] in self.window.setMaximized(!self.window.states.contains(.maximized)) }
        chrome.beginMove = { [unowned self] in
            guard let (seat, serial) = self.input.lastPress else { return }
            self.window.beginMove(seat: seat, serial: serial)
            self.input.gestures.cancelAll()       // the compositor has the pointer now: no release will come to us
        }
        updateChrome()
    }

    /// The title bar follows the decoration mode, fullscreen and focus.
    private func updateChrome() {
        let shows = window.decorationMode == .clientSide && !window.isFullscreen
        if chrome.showsTitleBar != shows { chrome.showsTitleBar = shows }
        let active = window.states.contains(.activated)
        if chrome.isActive != active { chrome.isActive = active }
        if chrome.capabilities != window.capabilities { chrome.capabilities = window.capabilities }
    }

    /// Input: every seat's pointer, touch and keyboard reach this window; the cursor follows the scale.
    private func attachSeats(_ session: WaylandSession, hidesCursor: Bool) {
        let gestures = session.registry.bind(ZwpPointerGesturesV1.self)
        for global in session.registry.globals where global.interface == WlSeat.name {
            let cursor = PointerCursor(session: session)
            if hidesCursor { cursor.set(.hidden) }
            let seat = Seat(session.registry.bind(global, as: WlSeat.self), cursor: cursor, gestures: gestures)
            seat.onKeyboardEvent = { [unowned self] event in self.handle(event) }
            input.attach(seat)
            seats.append(seat)
        }
        window.onScaleChange = { [unowned self] scale in
            for seat in self.seats { seat.cursor?.set(seat.cursor?.shape ?? .arrow, scale: scale) }
        }
    }

    /// The cursor the views under the pointer chose (`.pointerStyle`); a hidden cursor (kiosk, `--no-cursor`) stays hidden.
    private func showPointerStyle(_ style: PointerStyle?) {
        let shape = CursorShape(style)
        for seat in seats {
            guard let cursor = seat.cursor, cursor.shape != .hidden else { continue }
            cursor.set(shape)
            Probe.report("cursor \(shape.rawValue)")
        }
    }

    private var modifiers: KeyModifiers = []

    /// Keys go to the app first (the focused view's `onKeyPress` chain, then buttons' shortcuts, then Tab);
    /// desktop conventions apply to what it left: Escape leaves fullscreen. Ctrl+Q always quits.
    private func handle(_ event: KeyboardEvent) {
        switch event {
        case .enter:
            focus.activate()
        case .modifiers(let current):
            modifiers = current
        case .key(_, _, _, let phase, _, let name, let text):
            if phase == .down, modifiers.contains(.control), name == "q" || name == "Q" { exit(0) }
            let handled = KeyTranslation.keyPress(phase: phase, keysymName: name, text: text, modifiers: modifiers)
                .map { focus.handle($0) } ?? false
            guard phase == .down, !handled else { return }
            if name == "Escape", window.isFullscreen { window.setFullscreen(false) }
            if name == "F11" {            // the gesture inspector: every live recogniser's state, over the content
                input.gestures.isInspectorEnabled.toggle()
                painter.overlayChanged()
                window.setNeedsDisplay()
            }
        default:
            break
        }
    }

    /// State is announced before it changes (objectWillChange), and one event may write many times: the
    /// frame is asked for at the end of this main-queue turn, when every write has landed.
    private func requestFrame() {
        guard !frameRequested else { return }
        frameRequested = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.frameRequested = false
                self.window.setNeedsDisplay()
            }
        }
    }

    private func draw(into buffer: ShmBuffer) -> [PixelRect] {
        isDrawing = true
        defer {
            isDrawing = false
            // While something animates, the next frame callback draws the next step; idle apps draw nothing.
            if graph.isAnimating { requestFrame() }
        }
        let geometry = window.geometry
        let region = painter.paint(size: CGSize(width: window.size.width, height: window.size.height), scale: geometry.pixelsPerPoint,
                                   pixels: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.stride,
                                   bufferAge: buffer.age)
        return region.boxes.map { PixelRect(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0, height: $0.y1 - $0.y0) }
    }

    private static func writeScreenshot(of buffer: ShmBuffer, to path: String) {
        do {
            let canvas = try RasterCanvas(pixels: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.stride)
            try canvas.writePNG(toFile: path)
            exit(0)
        } catch {
            WaylandSession.exitWithError(error)
        }
    }
}

/// Draws a window's first frame without a compositor (`--screenshot` when none is reachable, and tests).
@MainActor
enum OffscreenRenderer {
    /// The first frame of `description` at `size` points and `scale`, as a canvas.
    static func render(_ description: WindowDescription, size: CGSize, scale: Double = 1) throws -> RasterCanvas {
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        let graph = ViewGraph(root: description.makeContent())
        graph.textMeasurer = renderer.text
        graph.imageSizeProvider = renderer.images
        let width = max(1, Int((size.width * scale).rounded())), height = max(1, Int((size.height * scale).rounded()))
        let canvas = try RasterCanvas(width: width, height: height, scale: scale)
        graph.size = size
        graph.environment.displayScale = scale
        renderer.render(graph.update(), into: canvas, region: PixelRegion(PixelBox(x: 0, y: 0, width: width, height: height)))
        return canvas
    }

    static func writeScreenshot(of description: WindowDescription, size: CGSize, to path: String) -> Never {
        do {
            try render(description, size: size).writePNG(toFile: path)
            FileHandle.standardError.write(Data("WaylandUI: no Wayland compositor; drew the first frame offscreen into \(path)\n".utf8))
            exit(0)
        } catch {
            WaylandSession.exitWithError(error)
        }
    }
}

import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// Runs an app's windows on Wayland: state changes ▸ frame callback ▸ update ▸ damaged pixels ▸ commit.
@MainActor
enum WaylandHost {
    /// Opens the first of `scenes` (the others open through `openWindow`) and runs until the last window closes.
    static func run(_ scenes: [WindowDescription], options: HostOptions) -> Never {
        LaunchPhases.begin()
        // Fontconfig loads while the compositor is connected and the window is made.
        TextEngine.loadFontConfigurationInBackground()
        let description = scenes[0]
        let size =
            options.size ?? description.defaultSize.flatMap(HostOptions.validWindowSize)
            ?? CGSize(width: 800, height: 600)
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
        LaunchPhases.end("connect")
        OpenURLAction.systemHandler = DesktopURLOpener.open
        let windows = WindowManager(session: session, scenes: scenes, options: options)
        windows.open(description, size: size)
        withExtendedLifetime(windows) { session.run() }
    }
}

/// One window: a toplevel, its view graph and the painter between them. It is built in dependency order
/// (window ▸ graph and its input subsystems ▸ painter ▸ input ▸ extras); the window manager hands it the
/// seat events that are for it.
@MainActor
final class WindowHost {
    let window: ToplevelWindow
    let graph: ViewGraph
    let painter: FramePainter
    let chrome: WindowChrome
    /// Changes made while a frame is being drawn are part of that frame.
    private var isDrawing = false
    // Weak: a frame asked for just before the window closed comes after its host is gone.
    private lazy var frameRequest = CoalescedFrameRequest { [weak self] answeringInput in
        self?.window.setNeedsDisplay(answeringInput: answeringInput)
    }
    /// Wakes the window for a view's next scheduled date (a TimelineView's entry) when nothing animates.
    private var wakeTimer: DispatchSourceTimer?
    /// The seats whose cursors this window sets while the pointer is over it.
    private let seats: [Seat]
    private let input: InputRouter
    /// Kiosk mode, input recording and replay, the frame-time HUD (KioskMode.swift, InputReplay.swift, FrameTimeHUD.swift).
    private let extras: HostExtras
    let focus: FocusSystem
    private let frameControls: ResizeHandles
    private let hidesTitleBar: Bool
    /// The window's menus and popovers, as `xdg_popup`s.
    private var popups: WindowPopups!
    /// The seat and serial of the latest press or key on any of the window's surfaces: what a popup's grab quotes.
    var latestInputSerial: (WlSeat, UInt32)?
    /// The scene this window shows.
    let sceneID: String?
    /// Probe lines of the first window are plain (`frame 1 400x300`); later windows say which they are
    /// (`window 2 frame 1 300x200`).
    private let probePrefix: String
    /// The user or the compositor closed the window (not the app: Ctrl+Q quits everything).
    var onClose: () -> Void = {}
    /// After each frame is drawn (input methods follow the focused field).
    var onDrawn: () -> Void = {}

    init(
        session: WaylandSession, seats: [Seat], description: WindowDescription, size: CGSize, options: HostOptions,
        number: Int,
        environment: (inout EnvironmentValues) -> Void
    ) {
        let renderer: DisplayListRenderer
        do {
            // Image files decode in the background, unless the first frame is the screenshot asked for.
            renderer = DisplayListRenderer(
                text: try TextSystem(), images: ImageStore(decodesInBackground: options.screenshot == nil))
            // The chrome paints the window's white background itself: the frame margin around it stays clear.
            renderer.background = .clear
        } catch {
            WaylandSession.exitWithError(error)
        }
        LaunchPhases.end("fonts")
        self.seats = seats
        let appID = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
        chrome = WindowChrome(title: description.title.isEmpty ? appID : description.title)
        hidesTitleBar = description.hidesTitleBar
        sceneID = description.id
        probePrefix = number == 1 ? "" : "window \(number) "
        let window = ToplevelWindow(
            session: session, title: chrome.title, appID: appID,
            defaultSize: .init(width: Int(size.width.rounded()), height: Int(size.height.rounded())))
        self.window = window
        frameControls = ResizeHandles(window: window, chrome: chrome)
        // Kiosk, recording and replay belong to the app's first window.
        let content = HostExtras.Content(description.makeContent, options: options, primary: number == 1)
        graph = ViewGraph(root: DecoratedRoot(chrome: chrome, content: content.view))
        graph.textMeasurer = renderer.text
        graph.imageSizeProvider = renderer.images
        environment(&graph.environment)
        let gestures = GestureSystem(graph: graph)
        focus = FocusSystem(graph: graph)
        let hover = HoverTracker(graph: graph)
        painter = FramePainter(graph: graph, renderer: renderer, overlay: gestures)
        input = InputRouter(gestures: gestures, focus: focus, hover: hover)
        extras = HostExtras(
            options: options, router: input, painter: painter, content: content,
            windowSize: { [unowned window] in
                CGSize(width: window.surfaceSize.width, height: window.surfaceSize.height)
            })
        extras.hud.presentation = session.registry.bind(WpPresentation.self)
        window.draw = { [unowned self] buffer in self.draw(into: buffer) }
        window.onScaleChange = { [unowned self] scale in
            for seat in self.seats { seat.cursor?.set(seat.cursor?.shape ?? .arrow, scale: scale) }
        }
        window.onClose = { [unowned self] in self.onClose() }
        window.onFramePresented = { [unowned self] frame in
            self.report("shown \(frame)")
            if frame == 1 { self.extras.windowShown(cursors: self.seats.compactMap(\.cursor)) }
        }
        window.onStateChange = { [unowned self] in
            self.report(
                "states \(self.window.states.names.isEmpty ? "none" : self.window.states.names.joined(separator: ","))")
            self.updateChrome()
            self.followSuspension()
        }
        window.onFrameCommitted = { [unowned self] frame, buffer in
            self.report("frame \(frame) \(buffer.width)x\(buffer.height)")
            self.extras.hud.frameCommitted()
            if frame == 1 { LaunchPhases.firstFrameCommitted() }
            if frame == 1, number == 1, let path = options.screenshot { Self.writeScreenshot(of: buffer, to: path) }
        }
        graph.onNeedsUpdate = { [unowned self] in
            if !self.isDrawing { self.requestFrame() }
        }
        if options.fullscreen { window.setFullscreen(true) }
        hover.onPointerStyleChange = { [unowned self] style in self.showPointerStyle(style) }
        popups = WindowPopups(
            session: session, window: window, graph: graph, renderer: renderer, seats: seats, clock: gestures.clock,
            latestPress: { [unowned self] in self.latestInputSerial },
            report: { [unowned self] fact in self.report(fact) })
        chrome.close = { [unowned self] in self.onClose() }
        chrome.minimize = { [unowned self] in self.window.minimize() }
        chrome.toggleMaximize = { [unowned self] in self.window.setMaximized(!self.window.states.contains(.maximized)) }
        chrome.beginMove = { [unowned self] in
            guard let (seat, serial) = self.input.lastPress else { return }
            self.window.beginMove(seat: seat, serial: serial)
            self.input.gestures.cancelAll()  // the compositor has the pointer now: no release will come to us
        }
        updateChrome()
        LaunchPhases.end("window")
    }

    /// The title bar follows the decoration mode, fullscreen and focus; a floating client-decorated window
    /// gets its margin for the shadow and resize handles.
    private func updateChrome() {
        let clientSide = window.decorationMode == .clientSide
        let shows = clientSide && !window.isFullscreen && !hidesTitleBar && !extras.hidesTitleBar
        if chrome.showsTitleBar != shows { chrome.showsTitleBar = shows }
        let floating =
            clientSide && window.states.isDisjoint(with: [.maximized, .fullscreen]) && !window.states.isTiled
        let margin = floating ? WindowChrome.floatingFrameMargin : 0
        window.frameMargin = Int(margin)
        if chrome.frameMargin != margin { chrome.frameMargin = margin }
        let minimum = WindowChrome.minimumSize(capabilities: window.capabilities)
        window.setMinimumSize(.init(width: Int(minimum.width), height: Int(minimum.height)))
        let active = window.states.contains(.activated)
        if chrome.isActive != active { chrome.isActive = active }
        let phase = Self.scenePhase(for: window.states)
        if graph.environment.scenePhase != phase { graph.environment.scenePhase = phase }
        if chrome.capabilities != window.capabilities { chrome.capabilities = window.capabilities }
    }

    /// The scene phase a window's states mean: suspended (minimised, hidden) is background; shown but without
    /// keyboard focus, inactive; activated, active.
    static func scenePhase(for states: WindowStates) -> ScenePhase {
        if states.contains(.suspended) { return .background }
        return states.contains(.activated) ? .active : .inactive
    }

    private func report(_ fact: String) {
        Probe.report(probePrefix + fact)
    }

    // MARK: Seat input (the window manager sends each event to the window it is for)

    /// Whether the surface is this window's or one of its popups'.
    func owns(surfaceID: UInt32) -> Bool {
        window.surface.id == surfaceID || popups.host(for: surfaceID) != nil
    }

    /// A pointer frame over one of this window's surfaces: a popup's goes to it; on the window, the frame's
    /// resize handles take their presses, the views the rest. While popups are open a press on the window
    /// closes them and goes no further (the compositor leaves clicks on our own surfaces to us).
    func handle(_ frame: [PointerEvent], from seat: Seat, surfaceID: UInt32?) {
        if let surfaceID, let popup = popups.host(for: surfaceID) {
            popup.handle(frame, from: seat)
            return
        }
        if !popups.isEmpty, frame.contains(where: { if case .button(_, _, _, true) = $0 { true } else { false } }) {
            popups.closeAll()
            return
        }
        let passed = frameControls.filter(frame, from: seat)
        guard !passed.isEmpty else { return }
        let release = passed.contains { if case .button(_, _, _, false) = $0 { true } else { false } }
        timingLatency(endsInteraction: release) { input.handle(passed, from: seat) }
    }

    /// Handles input, noting its arrival when it changed something a frame will show (input ▸ commit latency).
    private func timingLatency(endsInteraction: Bool = false, _ handle: () -> Void) {
        let arrival = FrameLatency.now
        handle()
        answeredInput(arrivedAt: arrival, endsInteraction: endsInteraction)
    }

    /// Input changed something a frame will show: its arrival is noted, and the frame is drawn without waiting for
    /// the compositor's frame callback.
    private func answeredInput(arrivedAt arrival: Double, endsInteraction: Bool = false) {
        guard graph.needsUpdate else { return }
        extras.hud.latency.inputArrived(at: arrival, endsInteraction: endsInteraction)
        frameRequest.request(answeringInput: true)
    }

    /// A touch frame of fingers that went down on one of this window's surfaces.
    func handle(_ frame: [TouchEvent], from seat: Seat, surfaceID: UInt32?) {
        if let surfaceID, let popup = popups.host(for: surfaceID) {
            popup.handle(frame, from: seat)
            return
        }
        if !popups.isEmpty, frame.contains(where: { if case .down = $0 { true } else { false } }) {
            popups.closeAll()
            return
        }
        let lift = frame.contains { if case .up = $0 { true } else { false } }
        timingLatency(endsInteraction: lift) { input.handle(frame, from: seat) }
    }

    /// A touchpad pinch that began over this window.
    func handle(_ event: PinchEvent) {
        timingLatency { input.handle(event) }
    }

    /// Forgets the pressed pointer and fingers: a drag and drop took them over, their releases go elsewhere.
    func endPointerSequences() { input.gestures.cancelAll() }

    /// Takes the window off the screen for good; whatever still runs for it afterwards draws nothing.
    func close() {
        popups.tearDown()
        graph.onNeedsUpdate = nil
        input.gestures.cancelAll()
        window.destroy()
        report("closed")
    }

    /// The cursor the views under the pointer chose (`.pointerStyle`), except over the frame's resize handles;
    /// a hidden cursor (kiosk, `--no-cursor`) stays hidden.
    private func showPointerStyle(_ style: PointerStyle?) {
        let shape = CursorShape(style)
        frameControls.contentCursor = shape
        for seat in seats where !frameControls.isOverHandle(seat) {
            guard let cursor = seat.cursor, cursor.shape != .hidden else { continue }
            cursor.set(shape)
            Probe.report("cursor \(shape.rawValue)")
        }
    }

    private var modifiers: KeyModifiers = []

    /// A keyboard event for this window (it has keyboard focus, or every window hears it: modifiers).
    /// Keys go to the app first (the focused view's `onKeyPress` chain, then buttons' shortcuts, then Tab);
    /// desktop conventions apply to what it left: F11 toggles fullscreen, Escape leaves it, Ctrl+Shift+I shows
    /// the gesture inspector. Ctrl+Q always quits.
    func handle(_ event: KeyboardEvent) {
        switch event {
        case .enter:
            focus.activate()
        case .modifiers(let current):
            modifiers = current
            focus.heldModifiers = KeyTranslation.modifiers(current)
        case .key(_, _, _, let phase, _, let name, let text):
            if phase == .down { extras.keyPressed() }
            if phase == .down, modifiers.contains(.control), name == "q" || name == "Q" { exit(0) }
            if !popups.isEmpty {
                // An open menu or popover has the keyboard (arrows, Return, Escape).
                if let press = KeyTranslation.keyPress(phase: phase, keysymName: name, text: text, modifiers: modifiers)
                {
                    _ = popups.handleKey(press)
                }
                return
            }
            let arrival = FrameLatency.now
            let handled =
                KeyTranslation.keyPress(phase: phase, keysymName: name, text: text, modifiers: modifiers)
                .map { focus.handle($0) } ?? false
            answeredInput(arrivedAt: arrival)
            guard phase == .down, !handled else { return }
            if name == "F12" {
                extras.hud.isVisible.toggle()
                window.setNeedsDisplay()
            }
            if name == "Escape", window.isFullscreen { window.setFullscreen(false) }
            if name == "F11" { window.setFullscreen(!window.isFullscreen) }
            if modifiers.isSuperset(of: [.control, .shift]), name == "I" || name == "i" {
                // The gesture inspector: every live recogniser's state, over the content.
                input.gestures.isInspectorEnabled.toggle()
                painter.overlayChanged()
                window.setNeedsDisplay()
            }
        default:
            break
        }
    }

    /// The frame is asked for at the end of this main-queue turn, when every write has landed.
    private func requestFrame() { frameRequest.request() }

    /// What a window asks for once a frame is drawn: another frame (a change came while it was drawn, or
    /// something animates), a wake at a view's next scheduled date (a TimelineView's entry), or nothing. A
    /// suspended window (minimised, hidden) asks for no animation frame and no wake until it is shown again;
    /// a change of its state still draws (scene phase handlers run).
    enum AfterFrame: Equatable {
        case frame
        case wake(at: Double)
        case nothing
    }

    static func afterFrame(needsUpdate: Bool, isAnimating: Bool, nextWake: Double?, suspended: Bool) -> AfterFrame {
        if needsUpdate { return .frame }
        if suspended { return .nothing }
        if isAnimating { return .frame }
        return nextWake.map { .wake(at: $0) } ?? .nothing
    }

    private var isSuspended: Bool { window.states.contains(.suspended) }
    private var wasSuspended = false

    /// Suspended: the wake timer is dropped. Shown again: a frame, after which animations and timelines go on.
    private func followSuspension() {
        let suspended = isSuspended
        defer { wasSuspended = suspended }
        if suspended {
            wakeTimer?.cancel()
            wakeTimer = nil
        } else if wasSuspended {
            requestFrame()
        }
    }

    /// Asks for a frame when `wake` (animation clock time) comes. The timer is armed only after a frame is
    /// drawn, and a window that draws none (hidden: no frame callbacks come) is not woken again.
    private func armWakeTimer(at wake: Double?) {
        wakeTimer?.cancel()
        wakeTimer = nil
        guard let wake else { return }
        let delay = max(0, wake - graph.animationClock())
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + delay, leeway: .milliseconds(2))
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.wakeTimer?.cancel()
                self.wakeTimer = nil
                self.requestFrame()
            }
        }
        timer.resume()
        wakeTimer = timer
    }

    private func draw(into buffer: ShmBuffer) -> [PixelRect] {
        isDrawing = true
        if window.committedFrames == 0 { LaunchPhases.end("configure") }
        extras.hud.drawBegan()
        defer {
            isDrawing = false
            // While something animates, the next frame callback draws the next step; idle apps draw nothing.
            // Writes from the update's deferred actions (onAppear, onChange) came after layout: they need a frame too.
            switch Self.afterFrame(
                needsUpdate: graph.needsUpdate, isAnimating: graph.isAnimating,
                nextWake: graph.animations.nextWakeTime, suspended: isSuspended)
            {
            case .frame: requestFrame()
            case .wake(let time): armWakeTimer(at: time)
            case .nothing: armWakeTimer(at: nil)
            }
            onDrawn()
        }
        let geometry = window.geometry
        let surfaceSize = window.surfaceSize
        let region = painter.paint(
            size: CGSize(width: surfaceSize.width, height: surfaceSize.height), scale: geometry.pixelsPerPoint,
            pixels: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.stride,
            bufferAge: buffer.age)
        extras.hud.drawEnded(
            layout: painter.lastTimings.layout, render: painter.lastTimings.render, painted: !region.isEmpty)
        if window.committedFrames == 0 {
            LaunchPhases.firstFrameDrawn(layout: painter.lastTimings.layout, render: painter.lastTimings.render)
        }
        if !region.isEmpty { extras.hud.frameWillCommit(surface: window.surface) }
        return region.boxes.map { PixelRect(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0, height: $0.y1 - $0.y0) }
    }

    private static func writeScreenshot(of buffer: ShmBuffer, to path: String) {
        do {
            let canvas = try RasterCanvas(
                pixels: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.stride)
            try OutputFile.write(try canvas.pngData(), to: path)
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
    /// `prepare`, when given, gets the graph after a first update (tests drive input through it before the frame).
    static func render(
        _ description: WindowDescription, size: CGSize, scale: Double = 1,
        prepare: (@MainActor (ViewGraph) -> Void)? = nil
    ) throws -> RasterCanvas {
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        let graph = ViewGraph(root: description.makeContent())
        graph.textMeasurer = renderer.text
        graph.imageSizeProvider = renderer.images
        let width = max(1, Int((size.width * scale).rounded()))
        let height = max(1, Int((size.height * scale).rounded()))
        let canvas = try RasterCanvas(width: width, height: height, scale: scale)
        graph.size = size
        graph.environment.displayScale = scale
        renderer.images.scale = scale
        // Popups open in the first frame are drawn where a compositor would put them, over the window.
        let popups = OffscreenPopupPresenter(graph: graph)
        if let prepare {
            _ = popups.update()
            prepare(graph)
        }
        let list = popups.update()
        renderer.background = graph.effectiveColorScheme == .dark ? WindowChrome.darkBackground : .white
        renderer.render(
            list, into: canvas, region: PixelRegion(PixelBox(x: 0, y: 0, width: width, height: height)))
        return canvas
    }

    static func writeScreenshot(of description: WindowDescription, size: CGSize, to path: String) -> Never {
        do {
            try OutputFile.write(try render(description, size: size).pngData(), to: path)
            FileHandle.standardError.write(
                Data("WaylandUI: no Wayland compositor; drew the first frame offscreen into \(path)\n".utf8))
            exit(0)
        } catch {
            WaylandSession.exitWithError(error)
        }
    }
}

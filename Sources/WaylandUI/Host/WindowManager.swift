import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// The app's windows on one connection: opens them (`openWindow`), closes them (the app ends with the
/// last), and, as the one listener of every seat, sends each seat event to the window it is for — pointer
/// events to the surface the pointer entered, touches to the surface each finger went down on, keys to the
/// surface with keyboard focus.
@MainActor
final class WindowManager {
    private let session: WaylandSession
    private let scenes: [WindowDescription]
    private let options: HostOptions
    private var seats: [Seat] = []
    /// Each seat's clipboard and primary selection (text fields use the first seat's).
    private var clipboards: [ObjectIdentifier: SeatClipboard] = [:]
    /// Text fields' drag and drop on the first seat.
    private var textDrags: TextDragAndDropBridge?
    /// Each seat's input method support (where the compositor offers text-input-v3).
    private var inputMethods: [InputMethodBridge] = []
    private var windows: [WindowHost] = []
    private var openedCount = 0
    /// Per seat: the window under the pointer, the one with keyboard focus, and where each finger went down.
    private var pointerWindow: [ObjectIdentifier: WindowHost] = [:]
    private var keyboardWindow: [ObjectIdentifier: WindowHost] = [:]
    private var pinchWindow: [ObjectIdentifier: WindowHost] = [:]
    private var touchWindows: [ObjectIdentifier: [Int32: (WindowHost, UInt32)]] = [:]
    /// Per seat: the surface the pointer is on (a window's or one of its popups').
    private var pointerSurface: [ObjectIdentifier: UInt32] = [:]

    init(session: WaylandSession, scenes: [WindowDescription], options: HostOptions) {
        self.session = session
        self.scenes = scenes
        self.options = options
        let gestures = session.registry.bind(ZwpPointerGesturesV1.self)
        for global in session.registry.globals where global.interface == WlSeat.name {
            let cursor = PointerCursor(session: session)
            if options.hidesCursor { cursor.set(.hidden) }
            let seat = Seat(session.registry.bind(global, as: WlSeat.self), cursor: cursor, gestures: gestures)
            seats.append(seat)
            clipboards[ObjectIdentifier(seat)] = SeatClipboard(registry: session.registry, seat: seat.wlSeat)
        }
        for seat in seats {
            guard let textInput = SeatTextInput(registry: session.registry, seat: seat.wlSeat) else { continue }
            inputMethods.append(InputMethodBridge(textInput: textInput) { [unowned self] id in self.window(for: id) })
        }
        if let first = seats.first, let clipboard = clipboards[ObjectIdentifier(first)] {
            TextClipboards.current = WaylandTextClipboard(clipboard)
            if let dragAndDrop = clipboard.dragAndDrop {
                let bridge = TextDragAndDropBridge(
                    dragAndDrop: dragAndDrop, seat: first.wlSeat, window: { [unowned self] in self.window(for: $0) },
                    pointerWindow: { [unowned self] in self.pointerWindow[ObjectIdentifier(first)] })
                textDrags = bridge
                TextDrags.host = bridge
            }
        }
        for seat in seats { listen(to: seat) }
        // Every window follows the desktop's dark-style preference.
        let appearance = DesktopAppearance.shared
        appearance.start()
        appearance.onChange = { [unowned self] scheme in
            for window in windows where window.graph.environment.colorScheme != scheme {
                window.graph.environment.colorScheme = scheme
            }
        }
    }

    /// Opens a window of the scene with `id`: a `Window` that is already open stays as it is.
    func open(id: String) {
        guard let scene = scenes.first(where: { $0.id == id }) else {
            let known = scenes.compactMap(\.id).map { "'\($0)'" }.joined(separator: ", ")
            FileHandle.standardError.write(
                Data(
                    "WaylandUI: openWindow(id: \"\(id)\"): no scene has this id (known: \(known.isEmpty ? "none" : known))\n"
                        .utf8))
            return
        }
        if scene.isUnique, windows.contains(where: { $0.sceneID == id }) { return }
        open(scene, size: scene.defaultSize ?? CGSize(width: 800, height: 600))
    }

    func open(_ scene: WindowDescription, size: CGSize) {
        openedCount += 1
        // Only the first window takes the command line's fullscreen and screenshot options.
        var options = options
        if openedCount > 1 {
            options.fullscreen = false
            options.screenshot = nil
        }
        weak var opened: WindowHost?  // weak: the window's own environment must not keep it alive
        // The actions run after the current event or update (a window opened from onAppear is not built
        // inside another window's update).
        let host = WindowHost(
            session: session, seats: seats, description: scene, size: size, options: options, number: openedCount
        ) { environment in
            environment.colorScheme = DesktopAppearance.shared.colorScheme
            environment.openWindow = OpenWindowAction { [unowned self] id in self.later { self.open(id: id) } }
            environment.dismissWindow = DismissWindowAction(
                dismissCurrent: { [unowned self] in self.later { if let opened { self.close(opened) } } },
                dismissScene: { [unowned self] id in
                    self.later { self.windows.filter { $0.sceneID == id }.forEach(self.close) }
                })
            environment.dismiss = DismissAction { [unowned self] in self.later { if let opened { self.close(opened) } }
            }
        }
        opened = host
        host.onClose = { [unowned self, unowned host] in self.close(host) }
        host.onDrawn = { [unowned self, unowned host] in
            for bridge in self.inputMethods { bridge.windowDidDraw(host) }
        }
        windows.append(host)
        if openedCount > 1 { Probe.report("window \(openedCount) opened \(scene.id ?? "")") }
    }

    private func later(_ action: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(action) }
    }

    /// Closes one window; the app ends when none is left.
    func close(_ host: WindowHost) {
        guard let index = windows.firstIndex(where: { $0 === host }) else { return }
        windows.remove(at: index)
        for (seat, window) in pointerWindow where window === host { pointerWindow[seat] = nil }
        for (seat, window) in keyboardWindow where window === host { keyboardWindow[seat] = nil }
        for (seat, window) in pinchWindow where window === host { pinchWindow[seat] = nil }
        for seat in touchWindows.keys { touchWindows[seat] = touchWindows[seat]?.filter { $0.value.0 !== host } }
        for bridge in inputMethods { bridge.windowWillClose(host) }
        host.close()
        if windows.isEmpty { exit(0) }
    }

    /// The window owning a surface: its own, or one of its popups'.
    private func window(for surfaceID: UInt32) -> WindowHost? {
        windows.first { $0.owns(surfaceID: surfaceID) }
    }

    /// Becomes the seat's one listener: its events go to the window they are for.
    private func listen(to seat: Seat) {
        let id = ObjectIdentifier(seat)
        seat.onPointerFrame = { [unowned self, unowned seat] frame in
            // A frame may leave one window and enter another: split it where the target changes.
            var target = self.pointerWindow[id]
            var surface = self.pointerSurface[id]
            var part: [PointerEvent] = []
            @MainActor func flush() {
                if !part.isEmpty { target?.handle(part, from: seat, surfaceID: surface) }
                part.removeAll()
            }
            for event in frame {
                if case .button(let serial, _, _, true) = event {
                    self.clipboards[id]?.inputSerial = serial
                    target?.latestInputSerial = (seat.wlSeat, serial)
                }
                switch event {
                case .enter(_, let surfaceID, _, _):
                    flush()
                    target = self.window(for: surfaceID)
                    surface = surfaceID
                    part.append(event)
                case .leave(_, let surfaceID):
                    flush()
                    target = self.window(for: surfaceID)
                    surface = surfaceID
                    part.append(event)
                    flush()
                    target = nil
                    surface = nil
                default:
                    part.append(event)
                }
            }
            flush()
            self.pointerWindow[id] = target
            self.pointerSurface[id] = surface
        }
        seat.onTouchFrame = { [unowned self, unowned seat] frame in
            var parts: [(WindowHost, UInt32?, [TouchEvent])] = []
            for case .down(let serial, _, let surfaceID, _, _, _) in frame {
                self.clipboards[id]?.inputSerial = serial
                self.window(for: surfaceID)?.latestInputSerial = (seat.wlSeat, serial)
            }
            @MainActor func add(_ event: TouchEvent, to target: (WindowHost, UInt32?)?) {
                guard let (host, surface) = target else { return }
                if let index = parts.firstIndex(where: { $0.0 === host && $0.1 == surface }) {
                    parts[index].2.append(event)
                } else {
                    parts.append((host, surface, [event]))
                }
            }
            for event in frame {
                switch event {
                case .down(_, _, let surfaceID, let finger, _, _):
                    if let host = self.window(for: surfaceID) {
                        self.touchWindows[id, default: [:]][finger] = (host, surfaceID)
                        add(event, to: (host, surfaceID))
                    }
                case .motion(_, let finger, _, _):
                    add(event, to: self.touchWindows[id]?[finger].map { ($0.0, $0.1) })
                case .up(_, _, let finger):
                    add(event, to: self.touchWindows[id]?.removeValue(forKey: finger).map { ($0.0, $0.1) })
                case .cancel:
                    for host in self.windows { add(event, to: (host, nil)) }
                    self.touchWindows[id] = [:]
                }
            }
            for (host, surface, events) in parts { host.handle(events, from: seat, surfaceID: surface) }
        }
        seat.onPinch = { [unowned self] event in
            if case .begin(_, let surfaceID, _) = event { self.pinchWindow[id] = self.window(for: surfaceID) }
            self.pinchWindow[id]?.handle(event)
        }
        seat.onKeyboardEvent = { [unowned self] event in
            if case .key(let serial, _, _, let phase, _, _, _) = event {
                self.clipboards[id]?.inputSerial = serial
                if phase == .down { self.keyboardWindow[id]?.latestInputSerial = (seat.wlSeat, serial) }
            }
            switch event {
            case .enter(_, let surfaceID, _):
                self.keyboardWindow[id] = self.window(for: surfaceID)
                self.keyboardWindow[id]?.handle(event)
            case .leave(_, let surfaceID):
                self.window(for: surfaceID)?.handle(event)
                if self.keyboardWindow[id].map({ $0.window.surface.id == surfaceID }) ?? false {
                    self.keyboardWindow[id] = nil
                }
            case .modifiers, .repeatInfo:
                // Every window keeps the modifier state, so a window that gains focus has it right.
                for host in self.windows { host.handle(event) }
            case .key:
                self.keyboardWindow[id]?.handle(event)
            }
        }
    }
}

/// Text fields' clipboard on a seat's Wayland selections.
@MainActor
final class WaylandTextClipboard: TextClipboard {
    let clipboard: SeatClipboard
    init(_ clipboard: SeatClipboard) { self.clipboard = clipboard }

    func setText(_ text: String, on selection: ClipboardSelection) {
        clipboard.setText(text, on: selection == .clipboard ? .clipboard : .primary)
    }

    func requestText(on selection: ClipboardSelection, completion: @escaping @MainActor (String) -> Void) {
        clipboard.requestText(on: selection == .clipboard ? .clipboard : .primary, completion: completion)
    }
}

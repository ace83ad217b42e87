import Glibc

/// A `wl_seat`: its pointer, keyboard and touch devices, acquired and released as its capabilities
/// change, with events grouped into protocol frames and keys decoded through the keymap.
@MainActor
public final class Seat {
    public let wlSeat: WlSeat
    public private(set) var name: String?
    public private(set) var capabilities: WlSeat.Capability = []

    /// Each pointer frame, in order. Before wl_pointer v5 (no `frame` event) each event is its own frame.
    public var onPointerFrame: (([PointerEvent]) -> Void)?
    /// Each touch frame; a `cancel` is delivered at once as its own frame.
    public var onTouchFrame: (([TouchEvent]) -> Void)?
    public var onKeyboardEvent: ((KeyboardEvent) -> Void)?
    /// Touchpad pinches, where the compositor offers `zwp_pointer_gestures_v1`.
    public var onPinch: ((PinchEvent) -> Void)?

    private var pointer: WlPointer?
    private let gestures: ZwpPointerGesturesV1?
    private(set) var pinch: ZwpPointerGesturePinchV1?
    private var keyboard: WlKeyboard?
    private var touch: WlTouch?
    private let decoder = KeyboardDecoder()
    private var keymap: Keymap? { decoder.keymap }
    private var pendingPointer: [PointerEvent] = []
    private var pendingTouch: [TouchEvent] = []
    private var touchesDown: Set<Int32> = []
    private let keyRepeater = KeyRepeater()
    /// Sets the cursor image while the pointer is over our surfaces; nil leaves it to the compositor.
    public let cursor: PointerCursor?

    public init(_ seat: WlSeat, cursor: PointerCursor? = nil, gestures: ZwpPointerGesturesV1? = nil) {
        wlSeat = seat
        self.cursor = cursor
        self.gestures = gestures
        keyRepeater.onRepeat = { [unowned self] event in self.onKeyboardEvent?(event) }
        seat.onEvent = { [unowned self] event in
            switch event {
            case .capabilities(let capabilities): self.update(capabilities)
            case .name(let name): self.name = name
            }
        }
    }

    private func update(_ newCapabilities: WlSeat.Capability) {
        capabilities = newCapabilities
        sync(&pointer, wanted: newCapabilities.contains(.pointer)) {
            let device = wlSeat.getPointer()
            device.onEvent = { [unowned self] event in self.handle(event) }
            pinch = gestures?.getPinchGesture(pointer: device)
            pinch?.onEvent = { [unowned self] event in self.handle(event) }
            return device
        } release: { [unowned self] device in
            self.pinch?.destroy()
            self.pinch = nil
            device.version >= 3 ? device.release() : device.destroy()
        }
        sync(&keyboard, wanted: newCapabilities.contains(.keyboard)) {
            let device = wlSeat.getKeyboard()
            device.onEvent = { [unowned self] event in self.handle(event) }
            return device
        } release: {
            $0.version >= 3 ? $0.release() : $0.destroy()
        }
        if keyboard == nil {
            decoder.reset()
            keyRepeater.stop()
        }
        sync(&touch, wanted: newCapabilities.contains(.touch)) {
            let device = wlSeat.getTouch()
            device.onEvent = { [unowned self] event in self.handle(event) }
            return device
        } release: {
            $0.version >= 3 ? $0.release() : $0.destroy()
        }
    }

    /// Acquires a device when its capability appears and releases it (a request from seat v3 on) when it goes.
    private func sync<Device>(_ device: inout Device?, wanted: Bool, acquire: () -> Device, release: (Device) -> Void) {
        if wanted, device == nil {
            device = acquire()
        } else if !wanted, let existing = device {
            release(existing)
            device = nil
        }
    }

    // MARK: - Pointer

    private func handle(_ event: WlPointer.Event) {
        let decoded: PointerEvent
        switch event {
        case .enter(let serial, let surface, let x, let y):
            if let pointer { cursor?.pointerEntered(pointer, serial: serial) }
            decoded = .enter(serial: serial, surfaceID: surface?.id ?? 0, x: x, y: y)
        case .leave(let serial, let surface):
            cursor?.pointerLeft()
            decoded = .leave(serial: serial, surfaceID: surface?.id ?? 0)
        case .motion(let time, let x, let y):
            decoded = .motion(time: time, x: x, y: y)
        case .button(let serial, let time, let button, let state):
            decoded = .button(serial: serial, time: time, button: button, pressed: state == .pressed)
        case .axis(let time, let axis, let value):
            decoded = .axis(time: time, axis: axis.rawValue, value: value)
        case .axisSource(let source):
            decoded = .axisSource(source.rawValue)
        case .axisStop(let time, let axis):
            decoded = .axisStop(time: time, axis: axis.rawValue)
        case .axisDiscrete(let axis, let discrete):
            decoded = .axisValue120(axis: axis.rawValue, value120: discrete * 120)
        case .axisValue120(let axis, let value120):
            decoded = .axisValue120(axis: axis.rawValue, value120: value120)
        case .frame:
            let frame = pendingPointer
            pendingPointer.removeAll()
            if !frame.isEmpty { onPointerFrame?(frame) }
            return
        }
        if (pointer?.version ?? 1) >= 5 {
            pendingPointer.append(decoded)
        } else {
            onPointerFrame?([decoded])
        }
    }

    func handle(_ event: ZwpPointerGesturePinchV1.Event) {
        switch event {
        case .begin(_, let time, let surface, let fingers):
            onPinch?(.begin(time: time, surfaceID: surface?.id ?? 0, fingers: fingers))
        case .update(let time, let dx, let dy, let scale, let rotation):
            onPinch?(.update(time: time, dx: dx, dy: dy, scale: scale, rotation: rotation))
        case .end(_, let time, let cancelled):
            onPinch?(.end(time: time, cancelled: cancelled != 0))
        }
    }

    // MARK: - Touch

    private func handle(_ event: WlTouch.Event) {
        switch event {
        case .down(let serial, let time, let surface, let id, let x, let y):
            touchesDown.insert(id)
            pendingTouch.append(.down(serial: serial, time: time, surfaceID: surface?.id ?? 0, id: id, x: x, y: y))
        case .up(let serial, let time, let id):
            touchesDown.remove(id)
            pendingTouch.append(.up(serial: serial, time: time, id: id))
            // Some compositors (weston) send no frame after the last finger lifts: end the frame here.
            if touchesDown.isEmpty { deliverTouchFrame() }
        case .motion(let time, let id, let x, let y):
            pendingTouch.append(.motion(time: time, id: id, x: x, y: y))
        case .frame:
            deliverTouchFrame()
        case .cancel:
            pendingTouch.removeAll()
            touchesDown.removeAll()
            onTouchFrame?([.cancel])
        case .shape, .orientation:
            break
        }
    }

    private func deliverTouchFrame() {
        let frame = pendingTouch
        pendingTouch.removeAll()
        if !frame.isEmpty { onTouchFrame?(frame) }
    }

    // MARK: - Keyboard

    private func handle(_ event: WlKeyboard.Event) {
        switch event {
        case .keymap(let format, let fd, let size):
            let held = decoder.replaceKeymap(format == .xkbV1 ? Keymap(fd: fd, size: size) : nil)
            if format != .xkbV1 { _ = Glibc.close(fd) }
            if let held { onKeyboardEvent?(.modifiers(held)) }
        case .enter(let serial, let surface, let keys):
            onKeyboardEvent?(.enter(serial: serial, surfaceID: surface?.id ?? 0, pressedKeys: keys.wireUInt32s))
        case .leave(let serial, let surface):
            keyRepeater.stop()
            onKeyboardEvent?(.leave(serial: serial, surfaceID: surface?.id ?? 0))
        case .key(let serial, let time, let key, let state):
            let description =
                keymap?.describe(evdevKey: key, pressed: state == .pressed) ?? (keysym: 0, name: "", text: "")
            let event = KeyboardEvent.key(
                serial: serial, time: time, key: key, phase: state == .pressed ? .down : .up,
                keysym: description.keysym, keysymName: description.name, text: description.text)
            if state == .pressed, keymap?.repeats(evdevKey: key) == true {
                keyRepeater.start(event)
            } else if keyRepeater.repeatingKey == key {
                keyRepeater.stop()
            }
            onKeyboardEvent?(event)
        case .modifiers(_, let depressed, let latched, let locked, let group):
            let modifiers = decoder.updateModifiers(
                depressed: depressed, latched: latched, locked: locked, group: group)
            onKeyboardEvent?(.modifiers(modifiers))
        case .repeatInfo(let rate, let delay):
            keyRepeater.configure(rate: Int(rate), delay: Int(delay))
            onKeyboardEvent?(.repeatInfo(rate: rate, delay: delay))
        }
    }
}

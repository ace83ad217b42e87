/// Seat input as it arrives from the compositor, grouped into the frames the protocol defines: one
/// `wl_pointer.frame` or `wl_touch.frame` ends a group of events that belong together (a motion with
/// its scroll, two fingers moving at once). Coordinates are surface-local, in surface points.

/// One pointer event inside a frame.
public enum PointerEvent: Equatable, Sendable {
    case enter(serial: UInt32, surfaceID: UInt32, x: Double, y: Double)
    case leave(serial: UInt32, surfaceID: UInt32)
    case motion(time: UInt32, x: Double, y: Double)
    /// `button` is the evdev code (272 = left).
    case button(serial: UInt32, time: UInt32, button: UInt32, pressed: Bool)
    /// `axis` 0 = vertical, 1 = horizontal; `value` in surface points.
    case axis(time: UInt32, axis: UInt32, value: Double)
    case axisSource(UInt32)
    case axisStop(time: UInt32, axis: UInt32)
    /// High-resolution wheel steps: 120 is one notch (v8 `axis_value120`, or v5 `axis_discrete` × 120).
    case axisValue120(axis: UInt32, value120: Int32)
}

/// A touchpad pinch (`zwp_pointer_gesture_pinch_v1`): two or more fingers moving together, scaling and
/// rotating. Deltas are in surface points; `scale` is relative to the start of the pinch, `rotation` is in
/// degrees clockwise since the last update.
public enum PinchEvent: Equatable, Sendable {
    case begin(time: UInt32, surfaceID: UInt32, fingers: UInt32)
    case update(time: UInt32, dx: Double, dy: Double, scale: Double, rotation: Double)
    case end(time: UInt32, cancelled: Bool)
}

/// One touch event inside a frame. `id` identifies the finger for as long as it touches.
public enum TouchEvent: Equatable, Sendable {
    case down(serial: UInt32, time: UInt32, surfaceID: UInt32, id: Int32, x: Double, y: Double)
    case up(serial: UInt32, time: UInt32, id: Int32)
    case motion(time: UInt32, id: Int32, x: Double, y: Double)
    /// The compositor took over every active touch: treat all of them as lost, not ended.
    case cancel
}

/// Keyboard input, decoded through the compositor's keymap.
public enum KeyboardEvent: Equatable, Sendable {
    case enter(serial: UInt32, surfaceID: UInt32, pressedKeys: [UInt32])
    case leave(serial: UInt32, surfaceID: UInt32)
    /// `key` is the evdev code; `keysym` and `text` follow the keymap and the current modifiers.
    case key(
        serial: UInt32, time: UInt32, key: UInt32, phase: KeyPhase, keysym: UInt32, keysymName: String, text: String)
    case modifiers(KeyModifiers)
    /// Characters per second and delay in milliseconds; rate 0 means no repeat.
    case repeatInfo(rate: Int32, delay: Int32)
}

/// A key going down, repeating while held (client-side repeat, from the compositor's `repeat_info`), or up.
public enum KeyPhase: String, Sendable {
    case down, `repeat`, up
}

/// The modifiers in effect, after the compositor's `modifiers` event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
    public static let logo = KeyModifiers(rawValue: 8)
    public static let capsLock = KeyModifiers(rawValue: 16)
}

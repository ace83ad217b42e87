import Foundation

/// A pointer button. Only `.primary` drives gestures (SwiftUI's drag, tap and long press ignore the others).
public enum PointerButton: Hashable, Sendable {
    case primary, secondary, middle
    case other(UInt32)
}

/// One platform-free input event, in window points, stamped in milliseconds on the host's event timeline
/// (Wayland event times: CLOCK_MONOTONIC milliseconds). The host groups events per Wayland `frame`
/// and hands each group to `GestureSystem.handle(frame:)`.
public struct InputEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A pointer button press at `location`.
        case pointerDown(PointerButton)
        /// Pointer motion to `location` (also outside the window while a button is held: the implicit grab).
        case pointerMove
        /// A pointer button release (`location` nil: where the pointer last was).
        case pointerUp(PointerButton)
        /// A finger touching down at `location`.
        case touchDown(id: Int32)
        /// A finger moving to `location`.
        case touchMove(id: Int32)
        /// A finger lifting (`location` nil: where it last was).
        case touchUp(id: Int32)
        /// The compositor took the touch sequence (`wl_touch.cancel`): every gesture is cancelled.
        case touchCancel
        /// A touchpad pinch began (`zwp_pointer_gesture_pinch_v1.begin`) at `location` (the pointer).
        case pinchBegin(fingers: Int)
        /// Pinch progress: `scale` relative to the beginning (absolute, as Wayland reports it) and
        /// `rotation` in degrees clockwise since the previous update (a delta, as Wayland reports it).
        case pinchUpdate(scale: Double, rotation: Double)
        /// The pinch ended; `cancelled` when the compositor cancelled it.
        case pinchEnd(cancelled: Bool)
    }
    public var kind: Kind
    /// Window points; `nil` where the protocol gives none (releases): the last known location is used.
    public var location: CGPoint?
    /// Milliseconds on the event timeline.
    public var time: Double

    public init(_ kind: Kind, location: CGPoint?, time: Double) {
        self.kind = kind; self.location = location; self.time = time
    }

    public static func pointerDown(_ location: CGPoint, time: Double, button: PointerButton = .primary) -> InputEvent {
        InputEvent(.pointerDown(button), location: location, time: time)
    }
    public static func pointerMove(_ location: CGPoint, time: Double) -> InputEvent {
        InputEvent(.pointerMove, location: location, time: time)
    }
    public static func pointerUp(_ location: CGPoint? = nil, time: Double, button: PointerButton = .primary) -> InputEvent {
        InputEvent(.pointerUp(button), location: location, time: time)
    }
    public static func touchDown(_ id: Int32, _ location: CGPoint, time: Double) -> InputEvent {
        InputEvent(.touchDown(id: id), location: location, time: time)
    }
    public static func touchMove(_ id: Int32, _ location: CGPoint, time: Double) -> InputEvent {
        InputEvent(.touchMove(id: id), location: location, time: time)
    }
    public static func touchUp(_ id: Int32, _ location: CGPoint? = nil, time: Double) -> InputEvent {
        InputEvent(.touchUp(id: id), location: location, time: time)
    }
    public static func touchCancel(time: Double) -> InputEvent { InputEvent(.touchCancel, location: nil, time: time) }
    public static func pinchBegin(_ location: CGPoint, fingers: Int = 2, time: Double) -> InputEvent {
        InputEvent(.pinchBegin(fingers: fingers), location: location, time: time)
    }
    public static func pinchUpdate(scale: Double, rotation: Double = 0, time: Double) -> InputEvent {
        InputEvent(.pinchUpdate(scale: scale, rotation: rotation), location: nil, time: time)
    }
    public static func pinchEnd(time: Double, cancelled: Bool = false) -> InputEvent {
        InputEvent(.pinchEnd(cancelled: cancelled), location: nil, time: time)
    }
}

/// One pointer press, finger or pinch: the unit of arbitration (SwiftUI binds each to the gestures under its down point).
public enum InputSequenceID: Hashable, Sendable, CustomStringConvertible {
    case pointer
    case touch(Int32)
    case pinch
    public var description: String {
        switch self {
        case .pointer: "pointer"
        case .touch(let id): "touch\(id)"
        case .pinch: "pinch"
        }
    }
}

/// The time source for gestures: the event timeline in milliseconds, and how it maps to wall-clock `Date`s
/// (`DragGesture.Value.time`). Deadlines (long press, double-tap window) are times on this timeline.
@MainActor
public protocol GestureClock: AnyObject {
    /// Now, in milliseconds on the event timeline.
    var milliseconds: Double { get }
    /// The wall-clock date of a time on the event timeline.
    func date(atMilliseconds milliseconds: Double) -> Date
}

/// A clock moved by hand (tests): starts at 0 ms, which is `origin`.
@MainActor
public final class VirtualClock: GestureClock {
    public var milliseconds: Double
    public let origin: Date
    public init(milliseconds: Double = 0, origin: Date = Date(timeIntervalSinceReferenceDate: 800_000_000)) {
        self.milliseconds = milliseconds; self.origin = origin
    }
    public func date(atMilliseconds milliseconds: Double) -> Date { origin.addingTimeInterval(milliseconds / 1000) }
}

/// The system's monotonic clock in milliseconds (what Wayland event times count), mapped to `Date` by the
/// current offset between the two.
@MainActor
public final class MonotonicGestureClock: GestureClock {
    public init() {}
    public var milliseconds: Double { ProcessInfo.processInfo.systemUptime * 1000 }
    public func date(atMilliseconds ms: Double) -> Date { Date().addingTimeInterval((ms - milliseconds) / 1000) }
}

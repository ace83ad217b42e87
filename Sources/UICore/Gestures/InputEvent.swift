import Foundation

/// A pointer button. Only `.primary` drives gestures (SwiftUI's drag, tap and long press ignore the others).
package enum PointerButton: Hashable, Sendable {
    case primary, secondary, middle
    case other(UInt32)
}

/// One platform-free input event, in window points, stamped in milliseconds on the host's event timeline
/// (Wayland event times: CLOCK_MONOTONIC milliseconds). The host groups events per Wayland `frame`
/// and hands each group to `GestureSystem.handle(frame:)`.
package struct InputEvent: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
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
        /// A wheel or touchpad scroll at `location` (the pointer): how far the content should move, in points
        /// (positive: towards the content's bottom/trailing end, as Wayland's axis values).
        case scroll(CGSize)
    }
    /// What happened.
    package var kind: Kind
    /// Window points; `nil` where the protocol gives none (releases): the last known location is used.
    package var location: CGPoint?
    /// Milliseconds on the event timeline.
    package var time: Double

    /// An event of `kind` at `location` (window points), `time` ms on the event timeline.
    package init(_ kind: Kind, location: CGPoint?, time: Double) {
        self.kind = kind
        self.location = location
        self.time = time
    }

    /// A button press (primary by default).
    package static func pointerDown(_ location: CGPoint, time: Double, button: PointerButton = .primary) -> InputEvent {
        InputEvent(.pointerDown(button), location: location, time: time)
    }
    /// Pointer motion.
    package static func pointerMove(_ location: CGPoint, time: Double) -> InputEvent {
        InputEvent(.pointerMove, location: location, time: time)
    }
    /// A button release (`nil` location: where the pointer last was).
    package static func pointerUp(_ location: CGPoint? = nil, time: Double, button: PointerButton = .primary)
        -> InputEvent
    {
        InputEvent(.pointerUp(button), location: location, time: time)
    }
    /// Finger `id` touching down.
    package static func touchDown(_ id: Int32, _ location: CGPoint, time: Double) -> InputEvent {
        InputEvent(.touchDown(id: id), location: location, time: time)
    }
    /// Finger `id` moving.
    package static func touchMove(_ id: Int32, _ location: CGPoint, time: Double) -> InputEvent {
        InputEvent(.touchMove(id: id), location: location, time: time)
    }
    /// Finger `id` lifting (`nil` location: where it last was).
    package static func touchUp(_ id: Int32, _ location: CGPoint? = nil, time: Double) -> InputEvent {
        InputEvent(.touchUp(id: id), location: location, time: time)
    }
    /// The compositor cancelled the touch sequence.
    package static func touchCancel(time: Double) -> InputEvent { InputEvent(.touchCancel, location: nil, time: time) }
    /// A touchpad pinch beginning at the pointer's `location`.
    package static func pinchBegin(_ location: CGPoint, fingers: Int = 2, time: Double) -> InputEvent {
        InputEvent(.pinchBegin(fingers: fingers), location: location, time: time)
    }
    /// Pinch progress: absolute `scale`, `rotation` delta in degrees clockwise.
    package static func pinchUpdate(scale: Double, rotation: Double = 0, time: Double) -> InputEvent {
        InputEvent(.pinchUpdate(scale: scale, rotation: rotation), location: nil, time: time)
    }
    /// A scroll by `delta` points (positive: towards the content's end) with the pointer at `location`.
    package static func scroll(_ location: CGPoint?, delta: CGSize, time: Double) -> InputEvent {
        InputEvent(.scroll(delta), location: location, time: time)
    }
    /// The pinch ended (or was cancelled).
    package static func pinchEnd(time: Double, cancelled: Bool = false) -> InputEvent {
        InputEvent(.pinchEnd(cancelled: cancelled), location: nil, time: time)
    }
}

/// One pointer press, finger or pinch: the unit of arbitration (SwiftUI binds each to the gestures under its down point).
package enum InputSequenceID: Hashable, Sendable, CustomStringConvertible {
    case pointer
    case touch(Int32)
    case pinch
    package var description: String {
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
package protocol GestureClock: AnyObject {
    /// Now, in milliseconds on the event timeline.
    var milliseconds: Double { get }
    /// The wall-clock date of a time on the event timeline.
    func date(atMilliseconds milliseconds: Double) -> Date
}

/// A clock moved by hand (tests): starts at 0 ms, which is `origin`.
@MainActor
package final class VirtualClock: GestureClock {
    /// Now (ms); tests set it.
    package var milliseconds: Double
    /// The date of 0 ms.
    package let origin: Date
    /// A clock at `milliseconds`, 0 ms being `origin`.
    package init(milliseconds: Double = 0, origin: Date = Date(timeIntervalSinceReferenceDate: 800_000_000)) {
        self.milliseconds = milliseconds
        self.origin = origin
    }
    package func date(atMilliseconds milliseconds: Double) -> Date { origin.addingTimeInterval(milliseconds / 1000) }
}

/// The system's monotonic clock in milliseconds (what Wayland event times count), mapped to `Date` by the
/// current offset between the two.
@MainActor
package final class MonotonicGestureClock: GestureClock {
    /// The system clock.
    package init() {}
    package var milliseconds: Double { ProcessInfo.processInfo.systemUptime * 1000 }
    package func date(atMilliseconds ms: Double) -> Date { Date().addingTimeInterval((ms - milliseconds) / 1000) }
}

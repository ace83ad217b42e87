import Dispatch
import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// Turns one window's seat input into UICore's platform-free events, frame by frame, and runs the gesture
/// system's timers (a long press ends on its deadline with no event).
///
/// Wayland stamps events in milliseconds on the compositor's clock (32 bits, any base); they are moved onto
/// the gesture clock's timeline by one offset, so intervals between events stay exact.
@MainActor
final class InputRouter {
    let gestures: GestureSystem
    private var pointerLocation = CGPoint.zero
    private var touchLocations: [Int32: CGPoint] = [:]
    private var timeOffset: Double?
    private var lastEventTime: UInt32?
    private var deadlineTimer: DispatchSourceTimer?
    /// The seat and serial of the latest press: what `xdg_toplevel.move`/`resize` must quote.
    private(set) var lastPress: (WlSeat, UInt32)?
    /// Sees every frame of real input before the gestures do (recording, kiosk idle tracking).
    var onInput: (([InputEvent]) -> Void)?
    /// While a recording plays, its player moves gesture time (deadlines included), not the wall clock.
    var isReplaying = false {
        didSet { if !isReplaying { schedule(gestures.nextDeadline) } }
    }
    /// Takes focus for the view a pointer button or finger goes down on (click-to-focus).
    private let focus: FocusSystem?
    /// Follows the pointer for hover effects and pointer styles.
    private let hover: HoverTracker?

    init(gestures: GestureSystem, focus: FocusSystem? = nil, hover: HoverTracker? = nil) {
        self.gestures = gestures
        self.focus = focus
        self.hover = hover
        gestures.onNextDeadlineChange = { [unowned self] deadline in self.schedule(deadline) }
    }

    /// One pointer frame of `seat` on this window (a press is remembered for moves and resizes).
    func handle(_ frame: [PointerEvent], from seat: Seat) {
        for case .button(let serial, _, _, true) in frame { lastPress = (seat.wlSeat, serial) }
        handle(frame)
    }

    /// One touch frame of `seat` on this window.
    func handle(_ frame: [TouchEvent], from seat: Seat) {
        for case .down(let serial, _, _, _, _, _) in frame { lastPress = (seat.wlSeat, serial) }
        handle(frame)
    }

    /// An event time on the gesture timeline. The offset is set by the first event and set again if the
    /// compositor's clock jumps (wrap-around, a different base after a device change).
    private func timeline(_ time: UInt32) -> Double {
        let now = gestures.clock.milliseconds
        if let offset = timeOffset, let last = lastEventTime, time >= last, abs(Double(time) + offset - now) < 1_000 {
            lastEventTime = time
            return Double(time) + offset
        }
        timeOffset = now - Double(time)
        lastEventTime = time
        return now
    }

    /// Points a wheel notch scrolls (the compositor's axis value for a notch varies: weston says 10, mutter 10,
    /// sway 15; GTK and browsers move about 50).
    static let pointsPerWheelNotch = 50.0

    /// One `wl_pointer.frame` of events (internal for tests).
    func handle(_ frame: [PointerEvent]) {
        var events: [InputEvent] = []
        // One frame's scrolling: continuous values (touchpad, or wheels without steps) and wheel steps.
        var continuous = CGSize.zero
        var notches = CGSize.zero
        var scrollTime: UInt32?
        for event in frame {
            switch event {
            case .enter(_, _, let x, let y):
                pointerLocation = CGPoint(x: x, y: y)
                hover?.pointerMoved(to: pointerLocation)
            case .motion(let time, let x, let y):
                pointerLocation = CGPoint(x: x, y: y)
                hover?.pointerMoved(to: pointerLocation)
                events.append(.pointerMove(pointerLocation, time: timeline(time)))
            case .leave:
                hover?.pointerLeft()  // a held button keeps its drag (the compositor's implicit grab)
            case .button(_, let time, let code, let pressed):
                let button: PointerButton =
                    switch code {
                    case 272: .primary
                    case 273: .secondary
                    case 274: .middle
                    default: .other(code)
                    }
                let at = timeline(time)
                if pressed { focus?.pointerPressed(at: pointerLocation) }
                if pressed, button == .middle { focus?.pastePrimarySelection(at: pointerLocation) }
                events.append(
                    pressed
                        ? .pointerDown(pointerLocation, time: at, button: button)
                        : .pointerUp(pointerLocation, time: at, button: button))
            case .axis(let time, let axis, let value):
                scrollTime = time
                if axis == 0 { continuous.height += value } else { continuous.width += value }
            case .axisValue120(let axis, let value120):
                if axis == 0 {
                    notches.height += Double(value120) / 120
                } else {
                    notches.width += Double(value120) / 120
                }
            case .axisSource, .axisStop:
                break
            }
        }
        if let time = scrollTime {
            // A wheel's steps, where the compositor gives them, set the distance; else the continuous value.
            let delta = CGSize(
                width: notches.width != 0 ? notches.width * Self.pointsPerWheelNotch : continuous.width,
                height: notches.height != 0 ? notches.height * Self.pointsPerWheelNotch : continuous.height)
            if delta != .zero { events.append(.scroll(pointerLocation, delta: delta, time: timeline(time))) }
        }
        if !events.isEmpty { deliver(events) }
    }

    private func handle(_ frame: [TouchEvent]) {
        var events: [InputEvent] = []
        for event in frame {
            switch event {
            case .down(_, let time, _, let id, let x, let y):
                touchLocations[id] = CGPoint(x: x, y: y)
                focus?.pointerPressed(at: CGPoint(x: x, y: y))
                events.append(.touchDown(id, CGPoint(x: x, y: y), time: timeline(time)))
            case .motion(let time, let id, let x, let y):
                touchLocations[id] = CGPoint(x: x, y: y)
                events.append(.touchMove(id, CGPoint(x: x, y: y), time: timeline(time)))
            case .up(_, let time, let id):
                events.append(.touchUp(id, touchLocations.removeValue(forKey: id), time: timeline(time)))
            case .cancel:
                touchLocations.removeAll()
                events.append(.touchCancel(time: gestures.clock.milliseconds))
            }
        }
        if !events.isEmpty { deliver(events) }
    }

    /// One pinch event of a touchpad on this window.
    func handle(_ event: PinchEvent) {
        switch event {
        case .begin(let time, _, let fingers):
            deliver([.pinchBegin(pointerLocation, fingers: Int(fingers), time: timeline(time))])
        case .update(let time, _, _, let scale, let rotation):
            deliver([.pinchUpdate(scale: scale, rotation: rotation, time: timeline(time))])
        case .end(let time, let cancelled):
            deliver([.pinchEnd(time: timeline(time), cancelled: cancelled)])
        }
    }

    /// A recorded frame, played back through the same path as real input (but not seen by `onInput`).
    func replay(_ events: [InputEvent]) {
        gestures.handle(frame: events)
    }

    private func deliver(_ events: [InputEvent]) {
        onInput?(events)
        guard Probe.isEnabled else { return gestures.handle(frame: events) }
        // Real-time tests measure against the app's clock: when, on the wall clock apps read (`Date.now`), the
        // handlers of this frame ran (`input down 1733045123.1234 1733045123.1301`).
        let start = Date().timeIntervalSince1970
        gestures.handle(frame: events)
        let end = Date().timeIntervalSince1970
        let names = events.map { event -> String in
            switch event.kind {
            case .pointerDown, .touchDown: "down"
            case .pointerUp, .touchUp: "up"
            case .pointerMove, .touchMove: "move"
            default: "other"
            }
        }
        // A frame may carry motion with its press or release: those name it.
        let kind = ["down", "up", "move"].first(where: names.contains) ?? "other"
        Probe.report(String(format: "input %@ %.4f %.4f", kind, start, end))
    }

    /// One timer for the gesture system's next deadline (long-press ends, double-tap windows).
    private func schedule(_ deadline: Double?) {
        deadlineTimer?.cancel()
        deadlineTimer = nil
        guard let deadline, !isReplaying else { return }
        let delay = max(0, deadline - gestures.clock.milliseconds)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .microseconds(Int(delay * 1000)))
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.gestures.advanceTime(to: deadline) }
        }
        deadlineTimer = timer
        timer.resume()
    }
}

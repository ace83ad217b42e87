// A client for harness tests: maps a window showing the test pattern and reports, on the probe, every
// frame it commits and every input event it receives, one line each, so tests can wait for facts.
//
//   InputProbe [--fullscreen] [--size WxH] [--fixed] [--cursor SHAPE]   (--fixed: not resizable, keeps WxH)
//
// Lines: `frame N WxH`, `shown N` (its frame callback came), `states A,B`, `decoration server-side|client-side`, `pointer enter X Y`, `pointer motion T X Y`, `pointer button T CODE 0|1`,
// `pointer axis T AXIS VALUE`, `pointer frame`, `touch down T ID X Y`, `touch motion T ID X Y`,
// `touch up T ID`, `touch frame`, `touch cancel`, `keyboard enter`, `key T CODE 0|1 KEYSYM TEXT`,
// `modifiers NAMES`, `close`.
import Foundation
import WaylandClient

func format(_ value: Double) -> String { String(format: "%.2f", value) }

@MainActor
func report(_ frame: [PointerEvent]) {
    for event in frame {
        switch event {
        case .enter(_, _, let x, let y): Probe.report("pointer enter \(format(x)) \(format(y))")
        case .leave: Probe.report("pointer leave")
        case .motion(let time, let x, let y): Probe.report("pointer motion \(time) \(format(x)) \(format(y))")
        case .button(_, let time, let button, let pressed):
            Probe.report("pointer button \(time) \(button) \(pressed ? 1 : 0)")
        case .axis(let time, let axis, let value): Probe.report("pointer axis \(time) \(axis) \(format(value))")
        case .axisSource, .axisStop, .axisValue120: break
        }
    }
    Probe.report("pointer frame")
}

@MainActor
func report(_ frame: [TouchEvent]) {
    for event in frame {
        switch event {
        case .down(_, let time, _, let id, let x, let y):
            Probe.report("touch down \(time) \(id) \(format(x)) \(format(y))")
        case .motion(let time, let id, let x, let y):
            Probe.report("touch motion \(time) \(id) \(format(x)) \(format(y))")
        case .up(_, let time, let id): Probe.report("touch up \(time) \(id)")
        case .cancel:
            Probe.report("touch cancel")
            return
        }
    }
    Probe.report("touch frame")
}

@MainActor
func report(_ event: KeyboardEvent) {
    switch event {
    case .enter: Probe.report("keyboard enter")
    case .leave: Probe.report("keyboard leave")
    case .key(_, let time, let key, let phase, _, let name, let text):
        let state =
            switch phase {
            case .down: "1"
            case .up: "0"
            case .repeat: "r"
            }
        Probe.report("key \(time) \(key) \(state) \(name) \(text.isEmpty ? "-" : text)")
    case .modifiers(let modifiers):
        let names: [(KeyModifiers, String)] = [
            (.shift, "shift"), (.control, "control"), (.alt, "alt"), (.logo, "logo"), (.capsLock, "caps"),
        ]
        let active = names.filter { modifiers.contains($0.0) }.map(\.1)
        Probe.report("modifiers \(active.isEmpty ? "none" : active.joined(separator: ","))")
    case .repeatInfo(let rate, let delay): Probe.report("repeat \(rate) \(delay)")
    }
}

@MainActor
func runInputProbe() -> Never {
    let arguments = CommandLine.arguments
    var size = ToplevelWindow.Size(width: 400, height: 300)
    if let index = arguments.firstIndex(of: "--size"), index + 1 < arguments.count {
        let parts = arguments[index + 1].split(separator: "x").compactMap { Int($0) }
        if parts.count == 2 { size = .init(width: parts[0], height: parts[1]) }
    }
    let session: WaylandSession
    do { session = try WaylandSession() } catch { WaylandSession.exitWithError(error) }
    let window = ToplevelWindow(
        session: session, title: "input probe", appID: "waylandui-input-probe", defaultSize: size,
        isResizable: !arguments.contains("--fixed"))
    window.draw = TestPattern.fill
    window.onFrameCommitted = { frame, buffer in Probe.report("frame \(frame) \(buffer.width)x\(buffer.height)") }
    window.onFramePresented = { frame in Probe.report("shown \(frame)") }
    window.onStateChange = {
        Probe.report("states \(window.states.names.isEmpty ? "none" : window.states.names.joined(separator: ","))")
        Probe.report("decoration \(window.decorationMode.rawValue)")
    }
    window.onClose = {
        Probe.report("close")
        exit(0)
    }
    if arguments.contains("--fullscreen") { window.setFullscreen(true) }
    var seats: [Seat] = []
    for global in session.registry.globals where global.interface == WlSeat.name {
        let cursor = PointerCursor(session: session)
        if let index = arguments.firstIndex(of: "--cursor"), index + 1 < arguments.count,
            let shape = CursorShape(rawValue: arguments[index + 1])
        {
            cursor.set(shape)
        }
        cursor.onApplied = { name, size in Probe.report("cursor \(name ?? "hidden") \(size)") }
        window.onScaleChange = { scale in cursor.set(cursor.shape, scale: scale) }
        let seat = Seat(session.registry.bind(global, as: WlSeat.self), cursor: cursor)
        seat.onPointerFrame = report
        seat.onTouchFrame = report
        seat.onKeyboardEvent = report
        seats.append(seat)
    }
    withExtendedLifetime(seats) { session.run() }
}

MainActor.assumeIsolated { runInputProbe() }

import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// A view graph with a gesture system on a virtual clock: events go in one frame at a time, and the graph
/// updates after each frame (or time step) that changed something, as the host does.
@MainActor
final class GestureHarness {
    let graph: ViewGraph
    let clock = VirtualClock()
    let system: GestureSystem
    private(set) var lifecycle: [GestureLifecycleEvent] = []
    /// Graph updates run by the harness.
    private(set) var updates = 0

    init<V: View>(_ view: V, width: CGFloat, height: CGFloat) {
        graph = makeGraph(view, width: width, height: height)
        // Animations run on the virtual clock too.
        graph.animationClock = { [clock] in clock.milliseconds / 1000 }
        graph.update()
        system = GestureSystem(graph: graph, clock: clock)
        system.observer = { [unowned self] in self.lifecycle.append($0) }
    }

    func frame(_ events: [InputEvent]) {
        if let time = events.map(\.time).max() { clock.milliseconds = max(clock.milliseconds, time) }
        system.handle(frame: events)
        updateIfNeeded()
    }
    func frame(_ events: InputEvent...) { frame(events) }

    func down(_ x: CGFloat, _ y: CGFloat, at t: Double) { frame(.pointerDown(CGPoint(x: x, y: y), time: t)) }
    func move(_ x: CGFloat, _ y: CGFloat, at t: Double) { frame(.pointerMove(CGPoint(x: x, y: y), time: t)) }
    func up(at t: Double) { frame(.pointerUp(time: t)) }
    func up(_ x: CGFloat, _ y: CGFloat, at t: Double) { frame(.pointerUp(CGPoint(x: x, y: y), time: t)) }
    func touchDown(_ id: Int32, _ x: CGFloat, _ y: CGFloat, at t: Double) {
        frame(.touchDown(id, CGPoint(x: x, y: y), time: t))
    }
    func touchMove(_ id: Int32, _ x: CGFloat, _ y: CGFloat, at t: Double) {
        frame(.touchMove(id, CGPoint(x: x, y: y), time: t))
    }
    func touchUp(_ id: Int32, at t: Double) { frame(.touchUp(id, time: t)) }

    /// Time passes with no event (the host's timer fires at `t`).
    func advance(to t: Double) {
        clock.milliseconds = t
        system.advanceTime(to: t)
        updateIfNeeded()
    }

    func updateIfNeeded() {
        if graph.needsUpdate || graph.isAnimating {
            graph.update()
            updates += 1
        }
    }

    var display: String { graph.displayList.description }

    /// The window's keyboard focus, made (and activated: the first focusable view focused) at first use.
    private(set) lazy var focus: FocusSystem = {
        let system = FocusSystem(graph: graph)
        system.activate()
        return system
    }()

    /// A key going down to the focused view.
    func key(_ key: KeyEquivalent, characters: String = "") {
        focus.handle(KeyPress(phase: .down, key: key, characters: characters, modifiers: []))
        updateIfNeeded()
    }

    /// The attached gesture under `point`, as its static type.
    func gesture<G>(at point: CGPoint, as type: G.Type = G.self) -> G? {
        graph.hitTestTree.hitTest(point)?.gestures.first?.gesture as? G
    }

    /// How many recognitions began, and how each one ended (every began one must be over exactly once).
    func outcomes() -> (began: Int, over: [Int: Int]) {
        var began = 0
        var over: [Int: Int] = [:]
        for event in lifecycle {
            if event.kind == .began { began += 1 } else { over[event.session, default: 0] += 1 }
        }
        return (began, over)
    }
}

/// Records callbacks in order (tests of callback order and counts).
@MainActor
final class CallLog {
    var entries: [String] = []
    func callAsFunction(_ entry: String) { entries.append(entry) }
    func count(_ prefix: String) -> Int { entries.filter { $0.hasPrefix(prefix) }.count }
}

// A client for tests: maps a window, then checks that Timer, DispatchQueue.main.async and main-actor
// tasks all run while the Wayland event source is live on the main thread. Reports each on the probe
// and exits 0 when all have run.
import Foundation
import WaylandClient

@MainActor
enum Seen {
    static var facts: Set<String> = []

    static func record(_ fact: String) {
        Probe.report(fact)
        facts.insert(fact)
        if facts.isSuperset(of: ["frame", "timer", "async", "task"]) { exit(0) }
    }
}

@MainActor
func runProbe() -> Never {
    let session: WaylandSession
    do { session = try WaylandSession() } catch { WaylandSession.exitWithError(error) }
    let window = ToplevelWindow(
        session: session, title: "main loop probe", appID: "waylandui-probe",
        defaultSize: .init(width: 200, height: 100))
    window.draw = TestPattern.fill
    window.onFrameCommitted = { _, _ in
        Seen.record("frame")
        _ = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in
            MainActor.assumeIsolated { Seen.record("timer") }
        }
        DispatchQueue.main.async { MainActor.assumeIsolated { Seen.record("async") } }
        Task { @MainActor in Seen.record("task") }
    }
    session.run()
}

MainActor.assumeIsolated { runProbe() }

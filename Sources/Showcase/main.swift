// The Showcase: what `make run` starts. Until the UI host lands it shows the test pattern, proving the
// path from shared memory to the screen.
import Foundation
import WaylandClient

@MainActor
func runShowcase() -> Never {
    let arguments = CommandLine.arguments
    let session: WaylandSession
    do {
        session = try WaylandSession()
    } catch {
        WaylandSession.exitWithError(error)
    }
    let window = ToplevelWindow(session: session, title: "WaylandUI Showcase", appID: "Showcase")
    window.draw = TestPattern.fill
    window.onClose = { exit(0) }
    window.onFrameCommitted = { frame, buffer in Probe.report("frame \(frame) \(buffer.width)x\(buffer.height)") }
    if arguments.contains("--fullscreen") { window.setFullscreen(true) }
    session.run()
}

MainActor.assumeIsolated { runShowcase() }

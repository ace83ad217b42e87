import CompositorHarness
import Foundation
import Testing

@testable import WaylandClient

/// A toplevel window on headless weston: configure, buffers, frames and the pixels that reach the screen.
@Suite @MainActor struct WindowTests {
    /// Dispatches events until `condition` holds; fails the test after `timeout`.
    func pump(
        _ session: WaylandSession, timeout: TimeInterval = 5, until condition: () -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let deadline = Deadline(timeout)
        while !condition() {
            guard !deadline.hasPassed else {
                Issue.record("condition not reached within \(timeout) s", sourceLocation: sourceLocation)
                return
            }
            try session.connection.dispatch(timeout: 20)
        }
    }

    @Test func mapsAtDefaultSizeThenResizesToTheConfiguredSizeWithExactPixels() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600, westonShell: .desktop)
        let session = try WaylandSession(displayName: weston.socketPath)
        defer { session.connection.disconnect() }
        let window = ToplevelWindow(
            session: session, title: "pattern", appID: "waylandui-test",
            defaultSize: .init(width: 320, height: 240))
        var committed: [String] = []
        window.draw = TestPattern.fill
        window.onFrameCommitted = { frame, buffer in committed.append("\(frame):\(buffer.width)x\(buffer.height)") }

        // weston's first configure is 0x0: the window picks its default size.
        try pump(session) { window.committedFrames == 1 }
        #expect(committed == ["1:320x240"])
        // desktop-shell activates it (the injected seat's keyboard focus): maybe one more frame, same size.
        try pump(session) { window.states.contains(.activated) }
        try session.connection.roundtrip()
        let before = window.committedFrames

        window.setFullscreen(true)
        try pump(session) { window.committedFrames > before && window.isFullscreen }
        #expect(window.size == .init(width: 800, height: 600))
        #expect(committed.dropLast().allSatisfy { $0.hasSuffix(":320x240") }, "\(committed)")
        #expect(committed.last?.hasSuffix(":800x600") == true, "\(committed)")
        try session.connection.roundtrip()

        let shot = try weston.screenshot()
        let mismatch = try PixelComparison.mismatch(
            shot, width: 800, height: 600, name: "WindowTests-pattern",
            expected: TestPattern.expected(width: 800, height: 600))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func drawsOnlyWhenAskedWithOneFrameCallbackInFlight() throws {
        let weston = try Compositor.start(.weston, westonShell: .desktop)
        let session = try WaylandSession(displayName: weston.socketPath)
        defer { session.connection.disconnect() }
        let window = ToplevelWindow(session: session, title: "idle", appID: "waylandui-test")
        window.draw = TestPattern.fill
        // desktop-shell activates the window (the injected seat's keyboard focus), a configure that is drawn too.
        try pump(session) { window.committedFrames >= 1 && window.states.contains(.activated) }
        let settledUntil = Date().addingTimeInterval(0.3)
        while Date() < settledUntil { try session.connection.dispatch(timeout: 20) }
        let settled = window.committedFrames

        // Nothing changed: no frame for a while.
        let idleUntil = Date().addingTimeInterval(0.3)
        while Date() < idleUntil { try session.connection.dispatch(timeout: 20) }
        #expect(window.committedFrames == settled)

        // Five requests in a burst: one frame now, one more when its callback comes, then quiet again.
        for _ in 0..<5 { window.setNeedsDisplay() }
        #expect(window.committedFrames == settled + 1)
        try pump(session) { window.committedFrames == settled + 2 }
        let settleUntil = Date().addingTimeInterval(0.3)
        while Date() < settleUntil { try session.connection.dispatch(timeout: 20) }
        #expect(window.committedFrames == settled + 2)
    }

    @Test func aFrameAnsweringInputIsDrawnWithoutWaitingForTheFrameCallback() throws {
        let weston = try Compositor.start(.weston)
        let session = try WaylandSession(displayName: weston.socketPath)
        defer { session.connection.disconnect() }
        let window = ToplevelWindow(session: session, title: "input", appID: "waylandui-test")
        window.draw = TestPattern.fill
        window.minimumInputFrameInterval = 0
        var events: [String] = []
        var shown = 0
        window.onFrameCommitted = { frame, _ in events.append("commit \(frame)") }
        window.onFramePresented = { frame in
            events.append("shown \(frame)")
            shown = max(shown, frame)
        }
        try pump(session) { window.committedFrames >= 1 && shown == window.committedFrames }
        // Nothing is dispatched between these calls, so no callback or release can arrive in between.
        let settled = window.committedFrames
        window.setNeedsDisplay()
        #expect(window.committedFrames == settled + 1, "no callback pending: drawn at once")
        window.setNeedsDisplay()
        #expect(window.committedFrames == settled + 1, "a plain request waits for the callback")
        window.setNeedsDisplay(answeringInput: true)
        #expect(window.committedFrames == settled + 1, "both buffers are held: no third is made for it")

        // Weston releases the older buffer when it takes the new commit, and calls back only after its next
        // repaint: the frame answering input is drawn at the release, ahead of the callback.
        events.removeAll()
        try pump(session) { window.committedFrames == settled + 2 }
        #expect(events.first == "commit \(settled + 2)", "\(events)")
        #expect(window.buffers.buffers.count == 2)

        // Within the bound since the last commit, input waits for the callback like any other frame.
        try pump(session) { shown == window.committedFrames }
        window.minimumInputFrameInterval = 3600
        window.setNeedsDisplay()
        window.setNeedsDisplay(answeringInput: true)
        #expect(window.committedFrames == settled + 3)
        try pump(session) { window.committedFrames == settled + 4 }
    }
}

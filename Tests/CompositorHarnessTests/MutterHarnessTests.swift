import CompositorHarness
import Foundation
import Testing
import WaylandClient

/// mutter 43 headless, the GNOME case: no server-side decorations, a 0x0 first configure, mutter's own
/// window placement; input through its RemoteDesktop API.
@Suite struct MutterHarnessTests {
    /// Maps the probe at its own size and finds where mutter put it.
    func startProbe() throws -> (Compositor, ProbeLog, origin: (x: Int, y: Int)) {
        let mutter = try Compositor.start(.mutter)
        let (_, probe) = try mutter.launchProbedClient(
            try BuiltProducts.executable("InputProbe"), arguments: ["--size", "400x300"])
        #expect(probe.waitForLine(startingWith: "shown 1", timeout: 20) != nil, "\(probe.lines)")
        let shot = try mutter.screenshot()
        let found = shot.locate(width: 400, height: 300, expected: TestPattern.expected(width: 400, height: 300))
        let origin = try #require(found, "the window is not in the screenshot \(shot.file.path)")
        return (mutter, probe, origin)
    }

    @Test func windowMapsAtItsOwnSizeAfterTheZeroConfigureAndItsPixelsMatch() throws {
        let (mutter, probe, origin) = try startProbe()
        // The 0x0 configure leaves the size to the client: every frame is at the default size (the second,
        // if any, redraws for the `activated` state).
        let frames = probe.lines.filter { $0.hasPrefix("frame") }
        #expect(!frames.isEmpty && frames.allSatisfy { $0.hasSuffix(" 400x300") }, "\(frames)")
        let shot = try mutter.screenshot()
        let mismatch = try PixelComparison.mismatch(
            shot, left: origin.x, top: origin.y, width: 400, height: 300, name: "mutter-window",
            expected: TestPattern.expected(width: 400, height: 300))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func pointerDragKeysAndTouchReachTheClient() throws {
        let (mutter, probe, origin) = try startProbe()
        try checkPointerDrag(mutter, probe: probe, origin: (Double(origin.x), Double(origin.y)))
        try checkKeys(mutter, probe: probe)
        try mutter.play(
            "down 0 \(origin.x + 30),\(origin.y + 40) @0ms; move 0 \(origin.x + 50),\(origin.y + 60) @30ms; up 0 @60ms")
        #expect(probe.wait { $0.contains { $0.hasPrefix("touch up") } }, "\(probe.lines)")
        let touches = ProbeFacts(lines: probe.lines)
        #expect(touches.events("touch down").map { [$0[2], $0[3]] } == [["30.00", "40.00"]])
        #expect(touches.events("touch motion").map { [$0[2], $0[3]] } == [["50.00", "60.00"]])
    }
}

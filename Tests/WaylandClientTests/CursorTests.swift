import CompositorHarness
import Foundation
import Testing
import WaylandClient

/// The cursor theme's image is set when the pointer enters, at the window's scale, or hidden.
@Suite struct CursorTests {
    /// A fixed window at (200, 150) under weston's kiosk shell, the pointer moved to (300, 250) over it.
    func screenshotWithPointerOverWindow(cursor: String) throws -> (Compositor, Screenshot, ProbeLog) {
        let weston = try Compositor.start(.weston)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("InputProbe"),
            arguments: ["--fixed", "--size", "400x300", "--cursor", cursor])
        #expect(probe.waitForLine(startingWith: "shown 1") != nil)
        try weston.play("move mouse 300,250")
        #expect(probe.waitForLine(startingWith: "cursor ") != nil, "\(probe.lines)")
        try weston.play("move mouse 301,250 @50ms")  // a repaint after the cursor surface was committed
        _ = probe.wait { $0.filter { $0.hasPrefix("pointer motion") }.count >= 1 }
        return (weston, try weston.screenshot(), probe)
    }

    @Test func themeArrowIsDrawnAtThePointer() throws {
        let (weston, shot, probe) = try screenshotWithPointerOverWindow(cursor: "arrow")
        defer { weston.stop() }
        #expect(probe.lines.contains("cursor arrow 24"), "\(probe.lines)")
        let pattern = TestPattern.expected(width: 400, height: 300)
        let changed = (0..<16).flatMap { dy in (0..<10).map { dx in (dx, dy) } }.filter { dx, dy in
            let (r, g, b, _) = shot.pixel(x: 301 + dx, y: 250 + dy)
            return (r, g, b) != pattern(101 + dx, 100 + dy)
        }
        #expect(changed.count > 20, "the arrow should cover pixels below and right of the hotspot")
    }

    @Test func hiddenCursorLeavesTheWindowUntouched() throws {
        let (weston, shot, probe) = try screenshotWithPointerOverWindow(cursor: "hidden")
        defer { weston.stop() }
        #expect(probe.lines.contains("cursor hidden 0"))
        let mismatch = try PixelComparison.mismatch(
            shot, left: 200, top: 150, width: 400, height: 300, name: "cursor-hidden",
            expected: TestPattern.expected(width: 400, height: 300))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A cursor size no theme has (or an overflowing one) gives one warning and the default size, not a crash.
    @Test func absurdCursorSizeFallsBackToTheDefault() throws {
        let weston = try Compositor.start(.weston)
        defer { weston.stop() }
        let probe = ProbeLog(file: weston.runtimeDirectory.appending(path: "cursor.probe"))
        let client = try weston.launchClient(
            try BuiltProducts.executable("InputProbe"),
            arguments: ["--fixed", "--size", "400x300", "--cursor", "arrow"],
            environment: ["WAYLAND_UI_PROBE": probe.file.path, "XCURSOR_SIZE": "3000000000"])
        #expect(probe.waitForLine(startingWith: "shown 1") != nil, "\(client.output)")
        try weston.play("move mouse 300,250")
        #expect(probe.waitForLine(startingWith: "cursor ") != nil, "\(probe.lines) \(client.output)")
        #expect(probe.lines.contains("cursor arrow 24"), "\(probe.lines)")
        #expect(client.isRunning)
        #expect(
            client.output.contains(
                "XCURSOR_SIZE wants a cursor size in pixels from 1 to 512, not '3000000000'; using 24"),
            "\(client.output)")
    }
}

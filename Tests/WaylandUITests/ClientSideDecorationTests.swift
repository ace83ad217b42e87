import CompositorHarness
import Foundation
import Testing

/// GNOME offers no server-side decorations: the window draws its own title bar (the 800x600 mutter
/// reference shows it), which moves the window, maximizes it and closes the app.
@Suite struct ClientSideDecorationTests {
    /// mutter puts the 400x300 probe window at (199, 99) on an 800x600 monitor (see the reference).
    let window = CGRect(x: 199, y: 99, width: 400, height: 300)
    let titleBarColor: [UInt8] = [235, 235, 235]

    func rgb(_ shot: Screenshot, _ x: Int, _ y: Int) -> [UInt8] {
        let (r, g, b, _) = shot.pixel(x: x, y: y)
        return [r, g, b]
    }

    func launch() throws -> (Compositor, ChildProcess, ProbeLog) {
        let mutter = try Compositor.start(.mutter, width: 800, height: 600)
        let (client, probe) = try mutter.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        #expect(probe.wait(timeout: 20) { $0.contains { $0.hasPrefix("shown") } }, "\(probe.lines)")
        // mutter activates the window after its first frame; the title bar is drawn active from then on.
        #expect(
            probe.wait(timeout: 20) { $0.contains { $0.hasPrefix("states") && $0.contains("activated") } },
            "\(probe.lines)")
        return (mutter, client, probe)
    }

    @Test func draggingTheTitleBarMovesTheWindow() throws {
        let (mutter, _, _) = try launch()
        var before = try mutter.screenshot()
        for _ in 0..<40 where rgb(before, 260, 110) != titleBarColor {  // the active frame reaches the screen
            Thread.sleep(forTimeInterval: 0.05)
            before = try mutter.screenshot()
        }
        #expect(rgb(before, 260, 110) == titleBarColor, "the active title bar is where the reference has it")
        try mutter.play(
            "down mouse 260,110 @0ms; move mouse 280,120 @40ms; move mouse 330,150 @80ms; move mouse 360,160 @120ms; up mouse @200ms"
        )
        var moved = before
        for _ in 0..<40 where rgb(moved, 260 + 100, 110 + 50) != titleBarColor {
            Thread.sleep(forTimeInterval: 0.1)
            moved = try mutter.screenshot()
        }
        #expect(rgb(moved, 260 + 100, 110 + 50) == titleBarColor, "the title bar followed the pointer")
        #expect(rgb(moved, 210, 110) != titleBarColor, "and left its old place")
    }

    @Test func closeButtonEndsTheApp() throws {
        let (mutter, client, _) = try launch()
        try mutter.play("down mouse 579,117 @0ms; up mouse @60ms")
        #expect(client.waitForExit(timeout: 5) == 0, "\(client.output)")
    }

    @Test func maximizeButtonFillsTheMonitor() throws {
        let (mutter, _, probe) = try launch()
        try mutter.play("down mouse 545,117 @0ms; up mouse @60ms")
        #expect(
            probe.wait(timeout: 10) { $0.contains { $0.hasPrefix("states") && $0.contains("maximized") } },
            "\(probe.lines)")
        #expect(
            probe.wait(timeout: 10) { $0.contains { $0.hasPrefix("frame") && $0.hasSuffix("800x600") } },
            "\(probe.lines)")
        // Maximized: no margin and square corners, so the title bar reaches the screen's very corner.
        var shot = try mutter.screenshot()
        for _ in 0..<40 where rgb(shot, 0, 0) != titleBarColor {
            Thread.sleep(forTimeInterval: 0.1)
            shot = try mutter.screenshot()
        }
        #expect(rgb(shot, 0, 0) == titleBarColor && rgb(shot, 799, 0) == titleBarColor, "square corners when maximized")
    }

    /// Floating, the top corners are round and the shadow lies in the margin below the window.
    @Test func aFloatingWindowHasRoundTopCornersAndAShadow() throws {
        let (mutter, _, _) = try launch()
        var shot = try mutter.screenshot()
        for _ in 0..<40 where rgb(shot, 260, 110) != titleBarColor {
            Thread.sleep(forTimeInterval: 0.05)
            shot = try mutter.screenshot()
        }
        let background: [UInt8] = [32, 64, 96]
        // The corner pixels are outside the rounding: background (maybe shaded by the shadow), not the light bar.
        #expect(
            rgb(shot, 199, 99)[0] < 64 && rgb(shot, 598, 99)[0] < 64,
            "round top corners: \(rgb(shot, 199, 99)) \(rgb(shot, 598, 99))")
        #expect(rgb(shot, 215, 99) == titleBarColor, "the bar's top edge beside the corner")
        // Square bottom corners, and the shadow darkens the background just below the window.
        #expect(rgb(shot, 199, 398) != background)
        let below = rgb(shot, 400, 401)
        #expect(below != background && below[2] < background[2], "a shadow under the window: \(below)")
        #expect(rgb(shot, 400, 420) == background, "the shadow stays inside the margin")
    }
}

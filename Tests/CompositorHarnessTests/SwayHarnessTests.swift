import CompositorHarness
import Foundation
import Testing
import WaylandClient

/// sway 1.7 headless: pixels, pointer and keyboard, and a scale-2 output.
@Suite struct SwayHarnessTests {
    @Test func tiledWindowFillsTheOutputAndItsPixelsMatch() throws {
        let sway = try Compositor.start(.sway)
        let (_, probe) = try sway.launchProbedClient(try BuiltProducts.executable("InputProbe"))
        // sway's first configure is 0x0 (the default size is drawn), then the tile's size.
        #expect(probe.waitForLine(startingWith: "frame 2 800x600") != nil, "\(probe.lines)")
        try sway.swaymsg(["-t", "get_tree"])  // a round trip through sway: the frame has been composited
        let shot = try sway.screenshot()
        let mismatch = try PixelComparison.mismatch(
            shot, width: 800, height: 600, name: "sway-window",
            expected: TestPattern.expected(width: 800, height: 600))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func pointerDragAndKeysReachTheClient() throws {
        let sway = try Compositor.start(.sway)
        let (_, probe) = try sway.launchProbedClient(try BuiltProducts.executable("InputProbe"))
        #expect(probe.waitForLine(startingWith: "frame 2 800x600") != nil, "\(probe.lines)")
        try checkPointerDrag(sway, probe: probe, origin: (0, 0))
        try checkKeys(sway, probe: probe)
    }

    @Test func scaleTwoOutputGetsADoubleSizeBuffer() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300, scale: 2)
        let (_, probe) = try sway.launchProbedClient(try BuiltProducts.executable("InputProbe"))
        #expect(probe.wait { $0.contains { $0.hasPrefix("frame") && $0.hasSuffix(" 800x600") } }, "\(probe.lines)")
        try sway.swaymsg(["-t", "get_tree"])
        let shot = try sway.screenshot()
        #expect(shot.width == 800 && shot.height == 600)
        let mismatch = try PixelComparison.mismatch(
            shot, width: 800, height: 600, name: "sway-scale2",
            expected: TestPattern.expected(width: 800, height: 600))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}

import CompositorHarness
import Foundation
import Testing

/// Animation through the host: frames come while something animates, and stop when it is done.
@Suite struct HostAnimationTests {
    @Test func seedShadowAnimatesThenTheAppGoesIdle() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let (_, probe) = try weston.launchProbedClient(try BuiltProducts.executable("Showcase"), arguments: ["--demo", "001", "--no-cursor"])
        #expect(probe.waitForLine(startingWith: "shown 1") != nil, "\(probe.lines)")
        let before = probe.lines.filter { $0.hasPrefix("frame") }.count
        // The long press begins at 0.5 s: the shadow's radius then animates 0 ▸ 8 over 0.5 s (linear).
        try weston.play("down mouse 400,300 @0ms")
        Thread.sleep(forTimeInterval: 1.4)
        let animated = probe.lines.filter { $0.hasPrefix("frame") }.count - before
        #expect(animated >= 8, "\(animated) frames while the shadow animated")
        let settled = probe.lines.filter { $0.hasPrefix("frame") }.count
        Thread.sleep(forTimeInterval: 0.5)
        #expect(probe.lines.filter { $0.hasPrefix("frame") }.count == settled, "frames after the animation ended")
        try weston.play("up mouse")
    }
}

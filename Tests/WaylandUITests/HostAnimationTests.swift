import CompositorHarness
import Foundation
import Testing

/// Animation through the host: frames come while something animates, and stop when it is done.
@Suite struct HostAnimationTests {
    @Test func seedShadowAnimatesThenTheAppGoesIdle() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("Showcase"), arguments: ["--demo", "001", "--no-cursor"])
        #expect(probe.waitForLine(startingWith: "shown 1") != nil, "\(probe.lines)")
        let before = probe.lines.filter { $0.hasPrefix("frame") }.count
        // The long press begins at 0.5 s: the shadow's radius then animates 0 ▸ 8 over 0.5 s (linear).
        try weston.play("down mouse 400,300 @0ms")
        // Both animations end 1 s after the press; a loaded machine may deliver the last frames later. Idle means
        // no frame for 0.6 s, which must come within 10 s.
        var count = probe.lines.filter { $0.hasPrefix("frame") }.count
        var quietSince = Date()
        let deadline = Date().addingTimeInterval(10)
        while Date().timeIntervalSince(quietSince) < 0.6 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let now = probe.lines.filter { $0.hasPrefix("frame") }.count
            if now != count {
                count = now
                quietSince = Date()
            }
        }
        #expect(Date() < deadline, "frames kept coming: \(count - before)")
        let animated = count - before
        #expect(animated >= 8, "\(animated) frames while the shadow animated")
        try weston.play("up mouse")
    }
}

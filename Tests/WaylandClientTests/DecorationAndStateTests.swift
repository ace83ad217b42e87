import CompositorHarness
import Foundation
import Testing

/// Decorations are negotiated where offered and drawn by us elsewhere; window states arrive with configures.
@Suite struct DecorationAndStateTests {
    @Test func swayDrawsTheDecorationsAndTilesTheWindow() throws {
        let sway = try Compositor.start(.sway)
        let (_, probe) = try sway.launchProbedClient(try BuiltProducts.executable("InputProbe"))
        #expect(
            probe.wait {
                $0.contains("decoration server-side")
                    && $0.contains { $0.hasPrefix("states") && $0.contains("tiled-left") }
            },
            "\(probe.lines)")
        let states = try #require(probe.lines.last { $0.hasPrefix("states") })
        #expect(states == "states activated,tiled-left,tiled-right,tiled-top,tiled-bottom")
    }

    @Test func westonKioskMakesItFullscreenWithClientSideDecorations() throws {
        let weston = try Compositor.start(.weston)
        let (_, probe) = try weston.launchProbedClient(try BuiltProducts.executable("InputProbe"))
        #expect(
            probe.wait {
                $0.contains { $0.hasPrefix("states") && $0.contains("fullscreen") }
                    && $0.contains("decoration client-side")
            },
            "\(probe.lines)")
        #expect(!probe.lines.contains("decoration server-side"))
    }

    @Test func mutterOffersNoDecorationsAndActivatesTheWindow() throws {
        let mutter = try Compositor.start(.mutter)
        let (_, probe) = try mutter.launchProbedClient(try BuiltProducts.executable("InputProbe"))
        #expect(
            probe.wait(timeout: 20) { $0.contains("states activated") && $0.contains("decoration client-side") },
            "\(probe.lines)")
    }
}

import CompositorHarness
import Foundation
import Testing

/// The Showcase's launcher through weston: each tile opens its demo full-window, and the back control
/// (top-left, 48 points) returns to the very same launcher.
@Suite struct ShowcaseLauncherTests {
    @Test func launcherOpensEachDemoAndComesBack() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let showcase = try ShowcaseSession.launch(on: weston)
        showcase.waitUntilSettled()
        let launcher = try weston.screenshot()
        for tile in ShowcaseSession.tileCenters {
            try showcase.tapTile(tile.name)
            // The tile sinks while pressed, then the demo replaces the launcher: wait for the demo's back control.
            func backChevron(_ shot: Screenshot) -> Bool {
                let (r, g, b, _) = shot.pixel(x: ShowcaseSession.backButton.x - 6, y: ShowcaseSession.backButton.y)
                return r > 200 && g > 200 && b > 200
            }
            let demo = try showcase.screenshot { differingSamples($0, launcher) > 2_000 && backChevron($0) }
            #expect(differingSamples(demo, launcher) > 2_000, "tapping \(tile.name) opened no demo")
            // The back control sits in the top-left corner of every demo: a white chevron on a dark disc.
            let chevron = demo.pixel(x: ShowcaseSession.backButton.x - 6, y: ShowcaseSession.backButton.y)
            let disc = demo.pixel(x: ShowcaseSession.backButton.x + 14, y: ShowcaseSession.backButton.y)
            #expect(chevron.0 > 200 && chevron.1 > 200 && chevron.2 > 200, "\(tile.name): no back chevron (\(chevron))")
            #expect(Int(disc.0) + Int(disc.1) + Int(disc.2) < 3 * 140, "\(tile.name): no dark disc behind it (\(disc))")
            showcase.waitUntilSettled()
            try showcase.tap(ShowcaseSession.backButton.x, ShowcaseSession.backButton.y)
            let back = try showcase.screenshot { identical($0, launcher) }
            let mismatch = try PixelComparison.mismatch(
                back, width: 800, height: 600, name: "showcase-back-from-\(tile.name)"
            ) { x, y in
                let (r, g, b, _) = launcher.pixel(x: x, y: y)
                return (r, g, b)
            }
            #expect(mismatch == nil, "\(tile.name): the back control did not return to the launcher: \(mismatch ?? "")")
        }
        // Escape goes back as well.
        try showcase.tapTile("photo")
        _ = try showcase.screenshot { differingSamples($0, launcher) > 2_000 }
        showcase.waitUntilSettled()
        try weston.play("press escape; release escape @30ms")
        #expect(
            identical(try showcase.screenshot { identical($0, launcher) }, launcher),
            "Escape did not return to the launcher")
    }

    /// `--demo NAME` opens one demo directly; an unknown name says so and shows the launcher.
    @Test func demoArgumentOpensADemoAndAnUnknownOneTheLauncher() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let unknown = try ShowcaseSession.launch(on: weston, arguments: ["--demo", "nonesuch"], name: "unknown")
        unknown.waitUntilSettled()
        let launcher = try weston.screenshot()
        #expect(
            unknown.client.output.contains(
                "Showcase: no demo named 'nonesuch' (known: 000, 001, 002, touch, photo, cards, scripts, inspector)"),
            "\(unknown.client.output)")
        unknown.client.stop()
        let cards = try ShowcaseSession.launch(on: weston, arguments: ["--demo", "cards"], name: "cards")
        cards.waitUntilSettled()
        let shot = try weston.screenshot()
        #expect(differingSamples(shot, launcher) > 2_000)
        // The top card's colour in the middle of the window.
        let (r, g, b, _) = shot.pixel(x: 400, y: 200)
        #expect(r > 200 && g < 150 && b < 120, "\(r),\(g),\(b)")
    }
}

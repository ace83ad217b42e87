// The example from the README's "Testing your app headlessly": the app under a private headless weston,
// its first shown frame checked pixel by pixel.
import Foundation
import Testing
import WaylandUITesting

@Test func badgeDrawsUnderWeston() throws {
    let weston = try Compositor.start(.weston, width: 320, height: 240)  // kiosk shell: the window fills it
    defer { weston.stop() }
    let (app, probe) = try weston.launchProbedClient(try BuiltProducts.executable("ConsumerApp"))
    defer { app.stop() }
    #expect(probe.waitForShownFrame(size: "320x240"), "the app never showed a 320x240 frame: \(app.output)")
    let shot = try weston.screenshot { shot in
        let corner = shot.pixel(x: 5, y: 5)
        let centre = shot.pixel(x: 160, y: 120)
        return corner.0 == 255 && corner.2 == 0 && centre.0 == 0 && centre.2 == 255
    }
    #expect(shot.pixel(x: 5, y: 5) == (255, 0, 0, 255))  // the red background
    #expect(shot.pixel(x: 160, y: 120) == (0, 0, 255, 255))  // the blue disc in the middle
}

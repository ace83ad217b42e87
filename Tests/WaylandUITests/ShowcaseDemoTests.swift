import CompositorHarness
import Foundation
import Testing

/// Demos driven by touch through weston.
@Suite struct ShowcaseDemoTests {
    /// Pinch and rotate: two fingers spreading and turning scale and rotate the photo at once; a double tap
    /// springs it back (and a single tap, which waits for the double tap to fail, hides the caption).
    @Test func photoPinchesRotatesAndADoubleTapResetsIt() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let photo = try ShowcaseSession.launch(on: weston, arguments: ["--demo", "photo"])
        photo.waitUntilSettled()
        let initial = try weston.screenshot()
        // Fingers 200 points apart, turning and spreading to 320 apart.
        var script = ["down 1 300,300 @0ms", "down 2 500,300"]
        for step in 1...12 {
            let angle = Double(step) * 2.5 * .pi / 180
            let half = 100 + Double(step) * 5
            let (dx, dy) = (half * cos(angle), half * sin(angle))
            script.append("move 1 \(Int(400 - dx)),\(Int(300 - dy)) @\(step * 20)ms")
            script.append("move 2 \(Int(400 + dx)),\(Int(300 + dy))")
        }
        script += ["up 1 @280ms", "up 2"]
        try weston.play(script.joined(separator: "\n"))
        photo.waitUntilSettled()
        let transformed = try weston.screenshot()
        // The photo grew past its frame's edge (it was inset 48 points) and turned.
        #expect(differingSamples(transformed, initial) > 5_000, "pinching changed nothing")
        let corner = transformed.pixel(x: 60, y: 100)
        let was = initial.pixel(x: 60, y: 100)
        #expect(corner.0 != was.0 || corner.1 != was.1 || corner.2 != was.2, "the photo did not grow over the margin")

        try weston.play("down 1 400,300 @0ms; up 1 @40ms; down 1 400,300 @120ms; up 1 @160ms")
        let reset = try photo.screenshot { identical($0, initial) }
        #expect(identical(reset, initial), "a double tap did not spring the photo back")

        /// The caption's white letters along the bottom of the window.
        func captionPixels(_ shot: Screenshot) -> Int {
            var count = 0
            for y in 540..<580 {
                for x in 100..<700 {
                    let (r, g, b, _) = shot.pixel(x: x, y: y)
                    if min(r, g, b) > 200 { count += 1 }
                }
            }
            return count
        }
        #expect(captionPixels(initial) > 200)
        try photo.tap(400, 300)
        let captionGone = try photo.screenshot { captionPixels($0) == 0 }
        #expect(captionPixels(captionGone) == 0, "a single tap hides the caption")
    }

    /// The inspector demo turns the gesture inspector on as it appears; its switch turns it off in-app.
    @Test func inspectorDemoSwitchesTheInspectorInApp() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let demo = try ShowcaseSession.launch(on: weston, arguments: ["--demo", "inspector"])
        demo.waitUntilSettled()
        /// Pixels in the inspector's colour for an ended gesture (RGBA 0.2, 0.5, 1).
        func outlinePixels(_ shot: Screenshot) -> Int {
            var count = 0
            for y in Swift.stride(from: 0, to: shot.height, by: 2) {
                for x in Swift.stride(from: 0, to: shot.width, by: 2) {
                    let (r, g, b, _) = shot.pixel(x: x, y: y)
                    if (r, g, b) == (51, 128, 255) { count += 1 }
                }
            }
            return count
        }
        // A tap on the blue tile: the inspector outlines the tap gestures it ended.
        try demo.tap(316, 300)
        let inspected = try demo.screenshot { outlinePixels($0) > 100 }
        #expect(outlinePixels(inspected) > 100, "the inspector drew no outline")
        // The switch (its capsule, at the trailing end of the 280-point pill centred at x 400) turns it off; the
        // next tap draws nothing over the content.
        try demo.tap(496, 430)
        Thread.sleep(forTimeInterval: 1.6)  // the last outlines linger 1.5 s
        demo.waitUntilSettled()
        try demo.tap(316, 300)
        demo.waitUntilSettled()
        #expect(
            outlinePixels(try weston.screenshot()) == 0, "the inspector still draws after its switch was turned off")
    }
}

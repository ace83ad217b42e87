import CompositorHarness
import Foundation
import Testing

/// The seed programs driven through a real compositor: injected input ▸ seat ▸ gestures ▸ state ▸ pixels.
@Suite struct SeedInteractionTests {
    func rgb(_ shot: Screenshot, _ x: Int, _ y: Int) -> [UInt8] {
        let (r, g, b, _) = shot.pixel(x: x, y: y)
        return [r, g, b]
    }

    let white: [UInt8] = [255, 255, 255]
    let systemBlue: [UInt8] = [0, 122, 255]

    func launch(_ demo: String) throws -> (Compositor, ProbeLog) {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let (_, probe) = try weston.launchProbedClient(try BuiltProducts.executable("Showcase"), arguments: ["--demo", demo, "--no-cursor"])
        #expect(probe.waitForLine(startingWith: "frame 1 800x600") != nil, "\(probe.lines)")
        // Until weston has repainted with the window, input finds no surface under it.
        #expect(probe.waitForLine(startingWith: "shown 1") != nil, "\(probe.lines)")
        return (weston, probe)
    }

    /// Screenshots until `condition` holds (the app has drawn what the input caused) or 10 s pass; the last one.
    func screenshot(of weston: Compositor, until condition: (Screenshot) -> Bool) throws -> Screenshot {
        let deadline = Date().addingTimeInterval(10)
        var shot = try weston.screenshot()
        while !condition(shot) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            shot = try weston.screenshot()
        }
        return shot
    }

    /// Seed 001: a long press, then a drag, moves the circle; it stays where it was dropped.
    @Test func draggableCircleMovesAfterALongPress() throws {
        let (weston, _) = try launch("001")
        try weston.play("""
            down mouse 400,300 @0ms
            move mouse 420,310 @700ms
            move mouse 470,335 @730ms
            move mouse 520,360 @760ms
            """)
        let dragging = try screenshot(of: weston) { rgb($0, 520, 360) == systemBlue }
        #expect(rgb(dragging, 520, 360) == systemBlue, "the circle follows the drag")
        #expect(rgb(dragging, 400, 300) == white, "and has left its place")
        try weston.play("up mouse")
        Thread.sleep(forTimeInterval: 0.3)          // a release that moved the circle back would show by now
        let dropped = try screenshot(of: weston) { rgb($0, 520, 360) == systemBlue }
        #expect(rgb(dropped, 520, 360) == systemBlue, "it stays where it was dropped")
        #expect(rgb(dropped, 400, 300) == white)
    }

    /// Seed 001: a drag without the long press first does not move the circle.
    @Test func draggableCircleIgnoresADragWithoutLongPress() throws {
        let (weston, probe) = try launch("001")
        // One input frame, so a busy machine cannot stretch it into a long press.
        try weston.play("down mouse 400,300; move mouse 450,330; move mouse 520,360; up mouse")
        _ = probe.wait(timeout: 2) { _ in false }      // give a wrong move every chance to show
        let shot = try weston.screenshot()
        #expect(rgb(shot, 400, 300) == systemBlue)
        #expect(rgb(shot, 520, 360) == white)
    }

    /// Seed 002 by touch: the scope appears under the finger (its image is a placeholder here) and goes on lift.
    @Test func scopeFollowsTheFingerAndHidesOnLift() throws {
        let (weston, _) = try launch("002")
        let before = try weston.screenshot()
        #expect(rgb(before, 300, 200) == white, "nothing shows until a touch")
        try weston.play("down 1 300,200 @0ms; move 1 320,210 @30ms")
        let touching = try screenshot(of: weston) { rgb($0, 320, 210) != white }
        #expect(rgb(touching, 320, 210) != white, "the scope shows the image under the finger")
        #expect(rgb(touching, 320 + 140, 210) == white, "only inside its 250-point circle")
        try weston.play("up 1")
        #expect(rgb(try screenshot(of: weston) { rgb($0, 320, 210) == white }, 320, 210) == white)
    }

    /// Seed 000: dragging masks the text to a circle around the drag's start; the rest of the window empties.
    @Test func dragRevealMasksToACircle() throws {
        let (weston, probe) = try launch("000")
        let before = try weston.screenshot()
        #expect(rgb(before, 20, 20) == systemBlue, "the blue background fills the window at rest")
        try weston.play("down mouse 400,300 @0ms; move mouse 410,300 @30ms; move mouse 420,300 @60ms")
        let dragging = try screenshot(of: weston) { rgb($0, 20, 20) == white }
        #expect(rgb(dragging, 20, 20) == white, "outside the mask circle")
        #expect(rgb(dragging, 420, 300) != white, "inside it")
        try weston.play("up mouse")
        #expect(rgb(try screenshot(of: weston) { rgb($0, 20, 20) == systemBlue }, 20, 20) == systemBlue,
                "the offset resets and the mask goes away")
    }
}

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

import CompositorHarness
import Foundation
import Testing

/// Where a seed scenario runs: the compositor and the device that drives it.
enum Rig: String, CaseIterable, CustomStringConvertible, Sendable {
    case westonPointer, westonTouch, swayPointer
    var description: String { rawValue }
    var kind: Compositor.Kind { self == .swayPointer ? .sway : .weston }
    /// The input script's name for the device.
    var device: String { self == .westonTouch ? "1" : "mouse" }
}

/// The seed programs' acceptance scenarios (at 800×600) through the real host, each ending in a screenshot
/// compared with a reference PNG: pointer and touch under weston, pointer under sway. Seed 000 reads the wall
/// clock, so its events are injected with real delays and its sizes are measured with a tolerance.
@Suite struct SeedScenarioTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// A running seed and its compositor, showing its first full-size frame.
    struct Session {
        let compositor: Compositor
        let rig: Rig
        let probe: ProbeLog

        init(_ demo: String, on rig: Rig) throws {
            self.rig = rig
            compositor = try Compositor.start(rig.kind, width: 800, height: 600)
            (_, probe) = try compositor.launchProbedClient(
                try BuiltProducts.executable("Showcase"),
                arguments: ["--demo", demo, "--no-cursor"])
            // sway configures 0x0 first; what counts is a full-size frame the compositor has shown.
            #expect(probe.waitForShownFrame(size: "800x600"), "\(probe.lines)")
        }

        /// Plays `steps` ("down 400,300 @0ms; move 410,300 @20ms; up") with the rig's device.
        func play(_ steps: String) throws {
            let script = steps.split(separator: ";").map { step -> String in
                var words = step.split(separator: " ").map(String.init)
                words.insert(rig.device, at: 1)
                return words.joined(separator: " ")
            }
            try compositor.play(script.joined(separator: "; "))
        }

    }

    /// Waits for the window to show `reference` (a whole-window PNG) and reports any difference left.
    func expect(
        _ session: Session, toShow reference: String, tolerance: Int = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var mismatch: String?
        if ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" {
            Thread.sleep(forTimeInterval: 2)  // a reference shows the settled state: every animation over
        }
        _ = try session.compositor.screenshot(timeout: 30) { shot in
            mismatch = try PixelComparison.mismatch(
                shot, width: 800, height: 600, tolerance: tolerance, reference: reference, in: references)
            return mismatch == nil
        }
        #expect(
            mismatch == nil, "\(session.rig): \(mismatch ?? "") after \(session.probe.lines.suffix(6))",
            sourceLocation: sourceLocation)
    }

    // MARK: Seed 000: drag-reveal text

    /// A-initial, A-floor and A-release: the text's mask shrinks to a 100-point circle under the finger (the floor,
    /// reached 0.42 s after the press), the text moves with the drag, and a release puts everything back.
    @Test(arguments: Rig.allCases)
    func dragRevealShrinksToTheFloorAndSnapsBack(rig: Rig) throws {
        let session = try Session("000", on: rig)
        try expect(session, toShow: "seed000-initial")
        try session.play("down 400,300 @0ms; move 410,300 @20ms; move 450,350 @700ms")
        try expect(session, toShow: "seed000-floor-at-450,350")
        try session.play("up")
        try expect(session, toShow: "seed000-initial")
    }

    /// A-shrink in real time: the circle's diameter is h·(1 − 2·t), t the seconds between the press and the last
    /// move as the app's handlers saw them on its wall clock (`Date.now`); the host reports when each input
    /// frame's handlers ran, so a loaded machine that delivers the press or the move late changes t, not the verdict.
    @Test(arguments: Rig.allCases)
    func dragRevealCircleShrinksWithTime(rig: Rig) throws {
        let session = try Session("000", on: rig)
        try session.play("down 400,300 @0ms; move 410,300 @5ms; move 500,400 @250ms")
        func isBackground(_ shot: Screenshot, _ x: Int, _ y: Int) -> Bool {
            guard x >= 0, x < shot.width else { return true }
            let (r, g, b, _) = shot.pixel(x: x, y: y)
            return r >= 250 && g >= 250 && b >= 250
        }
        /// The disk's extent along row 400: the first run of three background pixels on each side of x = 500.
        func edges(_ shot: Screenshot) -> (left: Int, right: Int) {
            var left = 500
            var right = 500
            while left > -3
                && !(isBackground(shot, left - 1, 400) && isBackground(shot, left - 2, 400)
                    && isBackground(shot, left - 3, 400))
            { left -= 1 }
            while right < 803
                && !(isBackground(shot, right, 400) && isBackground(shot, right + 1, 400)
                    && isBackground(shot, right + 2, 400))
            { right += 1 }
            return (left, right)
        }
        // Drawn once the disk is centred on the last move (500, 400).
        let shot = try session.compositor.screenshot { shot in
            let (left, right) = edges(shot)
            return isBackground(shot, 20, 20) && abs((left + right) / 2 - 500) <= 2
        }
        let (left, right) = edges(shot)
        let diameter = Double(right - left)
        // `input KIND START END`: the handlers of one input frame ran between START and END (seconds).
        let inputs = session.probe.lines.filter { $0.hasPrefix("input ") }.map { $0.split(separator: " ") }
        let press = try #require(inputs.firstIndex { $0[1] == "down" }, "\(inputs)")
        let lastMove = try #require(inputs.lastIndex { $0[1] == "move" }, "\(inputs)")
        // The press's time was read by the first handler that ran: the press's own, or the next frame's.
        let pressEarliest = Double(inputs[press][2])!
        let pressLatest = Double(inputs[min(press + 1, lastMove)][3])!
        let moveEarliest = Double(inputs[lastMove][2])!
        let moveLatest = Double(inputs[lastMove][3])!
        func expectedDiameter(after seconds: Double) -> Double { max(100, 600 * (1 - seconds / 0.5)) }
        let largest = expectedDiameter(after: moveEarliest - pressLatest)
        let smallest = expectedDiameter(after: moveLatest - pressEarliest)
        // Edge detection stops at the first background pixels; anti-aliasing blurs a point or two at each edge.
        #expect(
            diameter >= smallest - 6 && diameter <= largest + 6,
            "\(rig): diameter \(diameter), expected \(smallest)…\(largest) from the app's input times \(inputs)")
        try session.play("up")
        try expect(session, toShow: "seed000-initial")
    }

    // MARK: Seed 001: DraggableCircle

    /// B-long-press-done: after the half-second press the ring is in and the shadow at 8 (both animations over by 1 s).
    @Test(arguments: Rig.allCases)
    func draggableCircleLongPressShowsRingAndShadow(rig: Rig) throws {
        let session = try Session("001", on: rig)
        try expect(session, toShow: "seed001-initial")
        try session.play("down 400,300 @0ms")
        Thread.sleep(forTimeInterval: 1.1)
        try expect(session, toShow: "seed001-pressed")
        try session.play("up")
        try expect(session, toShow: "seed001-initial")
    }

    /// B-drag and B-drop: the circle follows the drag and stays where it is dropped, ring and shadow faded out.
    @Test(arguments: Rig.allCases)
    func draggableCircleIsDroppedWhereTheDragEnds(rig: Rig) throws {
        let session = try Session("001", on: rig)
        try session.play("down 400,300 @0ms; move 401,300 @650ms; move 460,330 @750ms; move 500,360 @850ms; up @950ms")
        try expect(session, toShow: "seed001-dropped-at-500,360")
    }

    /// B-miss-corner: a press inside the frame but outside the disk starts nothing.
    @Test(arguments: Rig.allCases)
    func draggableCircleIgnoresPressesOutsideTheDisk(rig: Rig) throws {
        let session = try Session("001", on: rig)
        try session.play("down 445,345 @0ms; move 446,345 @700ms; move 500,400 @800ms")
        Thread.sleep(forTimeInterval: 0.4)
        try expect(session, toShow: "seed001-initial")
        try session.play("up")
    }

    // MARK: Seed 002: ScopeView

    /// C-initial, C-reveal, C-follow and C-hide: the Landscape shows only inside a 250-point disk under the finger.
    @Test(arguments: Rig.allCases)
    func scopeRevealsTheLandscapeUnderThePointer(rig: Rig) throws {
        let session = try Session("002", on: rig)
        try expect(session, toShow: "seed002-initial")
        try session.play("down 300,200 @0ms")
        try expect(session, toShow: "seed002-at-300,200")
        try session.play("move 450,300 @0ms; move 600,400 @16ms")
        try expect(session, toShow: "seed002-at-600,400")
        try session.play("up")
        try expect(session, toShow: "seed002-initial")
    }
}

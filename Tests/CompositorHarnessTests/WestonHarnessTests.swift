import CompositorHarness
import Foundation
import Testing
import WaylandClient

/// weston 10 headless with the injection module: pixels, pointer, multi-touch, cancel and keys.
@Suite struct WestonHarnessTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// kiosk-shell centres a fixed 400x300 window on the 800x600 output, so surface and output
    /// coordinates differ by (200, 150).
    func startProbe() throws -> (Compositor, ProbeLog) {
        let weston = try Compositor.start(.weston)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("InputProbe"), arguments: ["--fixed", "--size", "400x300"])
        #expect(probe.waitForLine(startingWith: "frame 1 400x300") != nil, "\(probe.lines)")
        #expect(probe.waitForLine(startingWith: "keyboard enter") != nil)
        // Until weston has repainted with the window, a touch finds no view under it.
        #expect(probe.waitForLine(startingWith: "shown 1") != nil)
        return (weston, probe)
    }

    @Test func windowMapsAndItsPixelsMatch() throws {
        let (weston, _) = try startProbe()
        let shot = try weston.screenshot()
        #expect(shot.width == 800 && shot.height == 600)
        let mismatch = try PixelComparison.mismatch(
            shot, left: 200, top: 150, width: 400, height: 300, name: "weston-window",
            expected: TestPattern.expected(width: 400, height: 300))
        #expect(mismatch == nil, "\(mismatch ?? "")")
        // The same region against a reference image: the path the seed screenshots take.
        let byReference = try PixelComparison.mismatch(
            shot, left: 200, top: 150, width: 400, height: 300,
            reference: "input-probe-400x300", in: references)
        #expect(byReference == nil, "\(byReference ?? "")")
    }

    @Test func pointerDragArrivesInSurfaceCoordinates() throws {
        let (weston, probe) = try startProbe()
        try checkPointerDrag(weston, probe: probe, origin: (200, 150))
    }

    @Test func twoFingersLandInOneFrameAndMoveIndependently() throws {
        let (weston, probe) = try startProbe()
        try weston.play(
            """
            down 1 250,200 @0ms; down 2 450,300
            move 1 260,210 @30ms; move 2 440,290
            up 1 @60ms
            up 2 @90ms
            """)
        #expect(probe.wait { $0.filter { $0.hasPrefix("touch up") }.count == 2 }, "\(probe.lines)")
        let touch = probe.lines.filter { $0.hasPrefix("touch") }.map { line in
            // Drop timestamps to compare the shape of the sequence.
            line.split(separator: " ").enumerated().filter { $0.offset != 2 }.map(\.element).joined(separator: " ")
        }
        #expect(
            touch == [
                "touch down 1 50.00 50.00", "touch down 2 250.00 150.00", "touch frame",
                "touch motion 1 60.00 60.00", "touch motion 2 240.00 140.00", "touch frame",
                "touch up 1", "touch frame",
                "touch up 2", "touch frame",
            ])
        let times =
            ProbeFacts(lines: probe.lines).times("touch down") + ProbeFacts(lines: probe.lines).times("touch motion")
            + ProbeFacts(lines: probe.lines).times("touch up")
        #expect(isIncreasing(times), "\(times)")
    }

    @Test func touchCancelReachesTheClientAndLaterTouchesStillWork() throws {
        let (weston, probe) = try startProbe()
        try weston.play("down 3 300,200 @0ms; move 3 310,210 @20ms; cancel @40ms; down 4 320,220 @60ms; up 4 @80ms")
        #expect(probe.wait { $0.contains { $0.hasPrefix("touch up") } }, "\(probe.lines)")
        let kinds = probe.lines.filter { $0.hasPrefix("touch") }.map {
            $0.split(separator: " ").prefix(2).joined(separator: " ")
        }
        #expect(
            kinds == [
                "touch down", "touch frame", "touch motion", "touch frame", "touch cancel",
                "touch down", "touch frame", "touch up", "touch frame",
            ])
    }

    @Test func keysArriveDecodedWithModifiers() throws {
        let (weston, probe) = try startProbe()
        try checkKeys(weston, probe: probe)
    }
}

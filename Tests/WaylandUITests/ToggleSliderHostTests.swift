import CompositorHarness
import Foundation
import Testing

/// Toggle and Slider under weston with real pointer input (the ControlsProbe fixture, `--toggle-and-slider`).
@Suite struct ToggleSliderHostTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")
    static let accent = (r: UInt8(53), g: UInt8(132), b: UInt8(228))
    static let switchOff = (r: UInt8(199), g: UInt8(199), b: UInt8(199))
    static let trackRest = (r: UInt8(204), g: UInt8(204), b: UInt8(204))

    func launch() throws -> (Compositor, ProbeLog) {
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"),
            arguments: ["--no-cursor", "--toggle-and-slider"])
        return (weston, probe)
    }

    /// Screenshots until `found` finds something in one (the first frames may not be shown yet).
    func poll<T>(_ compositor: Compositor, timeout: TimeInterval = 10, _ found: (Screenshot) -> T?) throws -> (
        Screenshot, T?
    ) {
        let shot = try compositor.screenshot(timeout: timeout) { found($0) != nil }
        return (shot, found(shot))
    }

    /// Screenshots until `region` shows `isDone` and no longer changes between two of them (an animation is over).
    func settled(_ compositor: Compositor, region: CGRect, timeout: TimeInterval = 10, _ isDone: (Screenshot) -> Bool)
        throws -> Screenshot?
    {
        func pixels(_ shot: Screenshot) -> [UInt8] {
            var result: [UInt8] = []
            for y in Int(region.minY)..<Int(region.maxY) {
                for x in Int(region.minX)..<Int(region.maxX) {
                    let (r, g, b, _) = shot.pixel(x: x, y: y)
                    result += [r, g, b]
                }
            }
            return result
        }
        var previous: [UInt8]?
        let deadline = Deadline(timeout)
        while !deadline.hasPassed {
            let shot = try compositor.screenshot()
            let current = pixels(shot)
            if isDone(shot), current == previous { return shot }
            previous = current
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// A click on the switch's capsule flips it: the probe hears `toggle true`, the capsule turns accent blue with the
    /// knob at its trailing end (after the spring), as in the reference.
    @Test func clickFlipsTheSwitch() throws {
        let (weston, probe) = try launch()
        let (_, found) = try poll(weston) { pixelBounds(of: Self.switchOff, in: $0) }
        let capsule = try #require(found, "no switch on screen")
        // Exactly grey inside its anti-aliased rounded ends: 48 × 26 minus the ends' edge pixels.
        #expect(capsule.width >= 42 && capsule.width <= 48 && capsule.height == 26, "\(capsule)")
        let x = capsule.midX
        let y = capsule.midY
        try weston.play("move mouse \(x),\(y) @0ms; down mouse \(x),\(y) @40ms; up mouse @100ms")
        #expect(probe.waitForLine(startingWith: "toggle true") != nil, "\(probe.lines)")
        // Settled: the capsule's leading end is blue, the knob (white) at its trailing end.
        let region = capsule.insetBy(dx: -6, dy: -6)
        let settledShot = try settled(weston, region: region) { shot in
            let knob = shot.pixel(x: Int(capsule.maxX) - 10, y: Int(capsule.midY))
            let blue = pixelBounds(of: Self.accent, in: shot, within: capsule)
            return blue.map { $0.minX <= capsule.minX + 1 } == true && (knob.0, knob.1, knob.2) == (255, 255, 255)
        }
        let shot = try #require(settledShot, "the switch did not settle on")
        let mismatch = try PixelComparison.mismatch(
            shot, left: Int(region.minX), top: Int(region.minY), width: Int(region.width),
            height: Int(region.height), reference: "controls-toggle-on", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(probe.lines.filter { $0.hasPrefix("toggle") } == ["toggle true"], "\(probe.lines)")
    }

    /// A press on the slider's track jumps the knob there, a drag moves it along in steps of 5, and editing brackets
    /// the drag; the drawn track shows the value.
    @Test func dragMovesTheSlider() throws {
        let (weston, probe) = try launch()
        // At 20 of 0…100 the track is accent-filled up to the knob, grey after it.
        // Below the switch (whose anti-aliased edge could hold the track's grey).
        let (_, found) = try poll(weston) { shot -> CGRect? in
            guard let capsule = pixelBounds(of: Self.switchOff, in: shot) else { return nil }
            let below = CGRect(
                x: 0, y: capsule.maxY + 8, width: CGFloat(shot.width), height: CGFloat(shot.height) - capsule.maxY - 8)
            guard let rest = pixelBounds(of: Self.trackRest, in: shot, within: below),
                let fill = pixelBounds(of: Self.accent, in: shot, within: below)
            else { return nil }
            return fill.union(rest)
        }
        // Exactly coloured inside its anti-aliased rounded ends: the track is a point wider on each side.
        let track = try #require(found, "no slider on screen").insetBy(dx: -1, dy: 0)
        #expect(track.width == 360 && track.height == 4, "\(track)")
        // The knob's centre travels from track.minX + 10 to track.maxX − 10: 340 points for 100.
        func x(_ value: Double) -> Double { track.minX + 10 + 340 * value / 100 }
        let y = track.midY
        try weston.play(
            "move mouse \(x(70)),\(y) @0ms; down mouse \(x(70)),\(y) @40ms; move mouse \(x(80)),\(y + 6) @200ms; move mouse \(x(91)),\(y) @360ms; up mouse @520ms"
        )
        #expect(probe.waitForLine(startingWith: "slider editing false") != nil, "\(probe.lines)")
        let lines = probe.lines.filter { $0.hasPrefix("slider") }
        #expect(lines.first == "slider editing true" && lines.last == "slider editing false", "\(lines)")
        #expect(
            lines.contains("slider 70") && lines.last(where: { !$0.contains("editing") }) == "slider 90", "\(lines)")
        // Drawn at 90: the accent fill runs on under the knob (its exact colour stops at the knob's shadow).
        let region = track.insetBy(dx: -4, dy: -14)
        let settledShot = try settled(weston, region: region) { shot in
            (pixelBounds(of: Self.accent, in: shot, within: track)?.maxX ?? 0) > x(90) - 18
        }
        let shot = try #require(settledShot, "the slider was not drawn at 90")
        let mismatch = try PixelComparison.mismatch(
            shot, left: Int(region.minX), top: Int(region.minY), width: Int(region.width),
            height: Int(region.height), reference: "controls-slider-at-90", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}

/// The bounding box of the pixels of exactly `color` (within `area`, if given).
func pixelBounds(of color: (r: UInt8, g: UInt8, b: UInt8), in shot: Screenshot, within area: CGRect? = nil) -> CGRect? {
    let area = area ?? CGRect(x: 0, y: 0, width: shot.width, height: shot.height)
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in max(0, Int(area.minY))..<min(shot.height, Int(area.maxY)) {
        for x in max(0, Int(area.minX))..<min(shot.width, Int(area.maxX)) {
            let (r, g, b, _) = shot.pixel(x: x, y: y)
            guard r == color.r, g == color.g, b == color.b else { continue }
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }
    }
    guard maxX >= 0 else { return nil }
    return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}

import CompositorHarness
import Foundation
import Testing

/// Text dragged between fields as a real `wl_data_device` drag under sway, driven by its virtual pointer (the
/// ControlsProbe fixture, `--text-drag`: a source field over a target field).
@Suite struct TextDragHostTests {
    static let sourceColor = (r: UInt8(255), g: UInt8(220), b: UInt8(120))
    static let targetColor = (r: UInt8(150), g: UInt8(220), b: UInt8(255))

    /// The window with its fields shown, the source field's text selected (Ctrl+A): the fields' rectangles.
    func launch(_ sway: Compositor, huge: Bool = false) throws -> (ChildProcess, ProbeLog, CGRect, CGRect) {
        let (process, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"),
            arguments: ["--no-cursor", "--text-drag"] + (huge ? ["--huge"] : []))
        #expect(probe.waitForLine(startingWith: "shown", timeout: 30) != nil, "\(probe.lines)")
        let colors = ControlsHostTests()
        var source: CGRect?
        var target: CGRect?
        _ = try sway.screenshot(timeout: 30) { shot in
            source = colors.bounds(of: Self.sourceColor, in: shot)
            target = colors.bounds(of: Self.targetColor, in: shot)
            return source != nil && target != nil
        }
        try sway.play(ClipboardHostTests.selectAllAndCopy)
        return (process, probe, try #require(source), try #require(target))
    }

    /// Presses inside `source` (its text all selected), drags past the threshold, waits for the drag to start,
    /// moves over `target`'s right half (past its text), waits for the field to take it, and lets go.
    func drag(_ sway: Compositor, _ probe: ProbeLog, from source: CGRect, to target: CGRect) throws {
        let (x, y) = (Int(source.minX) + 12, Int(source.midY))
        try sway.play("move mouse \(x),\(y) @0ms; down mouse \(x),\(y) @40ms; move mouse \(x + 20),\(y + 4) @80ms")
        #expect(probe.waitForLine(startingWith: "drag start", timeout: 20) != nil, "\(probe.lines)")
        let (tx, ty) = (Int(target.maxX) - 20, Int(target.midY))
        try sway.play("move mouse \(tx),\(ty) @0ms; move mouse \(tx + 2),\(ty) @40ms")
        #expect(probe.waitForLine(startingWith: "drop over accepted", timeout: 20) != nil, "\(probe.lines)")
        try sway.play("up mouse @0ms")
    }

    /// Within one window the drag moves the text: inserted at the end of the target, deleted from the source.
    @Test func selectedTextDraggedToAnotherFieldMovesThere() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let (_, probe, source, target) = try launch(sway)
        try drag(sway, probe, from: source, to: target)
        #expect(probe.waitForLine(startingWith: "target \"abdrag me\"") != nil, "\(probe.lines)")
        #expect(probe.waitForLine(startingWith: "source \"\"") != nil, "\(probe.lines)")
        #expect(probe.lines.contains("drop 7 bytes move"), "\(probe.lines)")
        #expect(probe.lines.contains("drag end moved"), "\(probe.lines)")
    }

    /// A megabyte dragged into a field that holds two bytes: read off the main thread, cut at the field's
    /// limit with one line on standard error; the source, moved from, is empty.
    @Test func aMegabyteDropIsCutAtTheFieldsLimit() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let (process, probe, source, target) = try launch(sway, huge: true)
        try drag(sway, probe, from: source, to: target)
        let limit = 1 << 20
        #expect(
            probe.waitForLine(startingWith: "target \(limit) bytes \"abяя\"…\"яяяя\"", timeout: 30) != nil,
            "\(probe.lines.suffix(4))")
        #expect(probe.waitForLine(startingWith: "source \"\"", timeout: 30) != nil, "\(probe.lines.suffix(4))")
        #expect(probe.lines.contains("drop \(limit) bytes move"), "\(probe.lines.suffix(4))")
        let logged = process.output.split(separator: "\n").filter { $0.contains("text cut") }
        #expect(
            logged == [
                "WaylandUI: dropped text cut at the text field's limit of \(limit) bytes of UTF-8; the rest was dropped"
            ])
    }
}

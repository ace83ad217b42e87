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
    /// moves over `target`'s right end (past its text), waits for the field there (in `destination`'s window, if
    /// another) to take it, and lets go.
    func drag(
        _ sway: Compositor, _ probe: ProbeLog, from source: CGRect, to target: CGRect, over destination: ProbeLog? = nil
    ) throws {
        let (x, y) = (Int(source.minX) + 12, Int(source.midY))
        try sway.play("move mouse \(x),\(y) @0ms; down mouse \(x),\(y) @40ms; move mouse \(x + 20),\(y + 4) @80ms")
        #expect(probe.waitForLine(startingWith: "drag start", timeout: 20) != nil, "\(probe.lines)")
        let (tx, ty) = (Int(target.maxX) - 20, Int(target.midY))
        try sway.play("move mouse \(tx),\(ty) @0ms; move mouse \(tx + 2),\(ty) @40ms")
        let taking = destination ?? probe
        #expect(taking.waitForLine(startingWith: "drop over accepted", timeout: 20) != nil, "\(taking.lines)")
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

    /// Between two windows (two processes, side by side) the drag copies: the text is inserted in the other
    /// window's field and stays in its source.
    @Test func textDraggedToAnotherWindowIsCopied() throws {
        let sway = try Compositor.start(.sway, width: 800, height: 300)
        let (_, first) = try sway.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"), arguments: ["--no-cursor", "--text-drag"], name: "first")
        #expect(first.waitForLine(startingWith: "shown", timeout: 30) != nil, "\(first.lines)")
        let (_, second) = try sway.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"), arguments: ["--no-cursor", "--text-drag"], name: "second")
        #expect(second.wait(timeout: 30) { $0.contains { $0.hasPrefix("states activated") } }, "\(second.lines)")
        // Both windows show both fields: the sources' box runs from the first window's into the second's.
        let colors = ControlsHostTests()
        var sources: CGRect?
        var targets: CGRect?
        _ = try sway.screenshot(timeout: 30) { shot in
            sources = colors.bounds(of: Self.sourceColor, in: shot)
            targets = colors.bounds(of: Self.targetColor, in: shot)
            return (sources?.width ?? 0) > 400 && (targets?.width ?? 0) > 400
        }
        let source = try #require(sources)
        let target = try #require(targets)
        // A click in the first window's source field activates it again; Ctrl+A selects its text. (The click is
        // away from where the drag presses, or the press would be its double click.)
        let (x, y) = (Int(source.minX) + 60, Int(source.midY))
        try sway.play("move mouse \(x),\(y) @0ms; down mouse \(x),\(y) @40ms; up mouse @80ms")
        #expect(first.wait { $0.filter { $0.hasPrefix("states activated") }.count == 2 }, "\(first.lines)")
        try sway.play(ClipboardHostTests.selectAllAndCopy)
        try drag(sway, first, from: source, to: target, over: second)
        #expect(second.waitForLine(startingWith: "target \"abdrag me\"") != nil, "\(second.lines)")
        #expect(second.lines.contains("drop 7 bytes copy"), "\(second.lines)")
        #expect(first.waitForLine(startingWith: "drag end copied") != nil, "\(first.lines)")
        #expect(!first.lines.contains { $0.hasPrefix("source ") }, "the source keeps its text: \(first.lines)")
    }

    /// Another program's drag of data that is not text (here an image type) is refused over the fields: the
    /// source hears it was cancelled, and the fields keep their text.
    @Test func aDragOfNonTextDataIsRefused() throws {
        let sway = try Compositor.start(.sway, width: 800, height: 300)
        let (_, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"), arguments: ["--no-cursor", "--text-drag"])
        #expect(probe.waitForLine(startingWith: "shown", timeout: 30) != nil, "\(probe.lines)")
        let source = try sway.launchClient(
            try BuiltProducts.executable("VirtualInput"), arguments: ["--drag-source", "image/png"], name: "drag-source"
        )
        #expect(waitUntil(timeout: 30) { source.output.contains("ready") }, "\(source.output)")
        let colors = ControlsHostTests()
        var window: CGRect?
        var target: CGRect?
        _ = try sway.screenshot(timeout: 30) { shot in
            window = colors.bounds(of: (255, 0, 255), in: shot)
            target = colors.bounds(of: Self.targetColor, in: shot)
            return window != nil && target != nil
        }
        let press = try #require(window)
        let field = try #require(target)
        let (px, py) = (Int(press.midX), Int(press.midY))
        try sway.play("move mouse \(px),\(py) @0ms; down mouse \(px),\(py) @40ms")
        #expect(waitUntil(timeout: 20) { source.output.contains("drag started") }, "\(source.output)")
        let (x, y) = (Int(field.midX), Int(field.midY))
        try sway.play("move mouse \(x),\(y) @0ms; move mouse \(x + 2),\(y) @40ms")
        #expect(probe.waitForLine(startingWith: "drop over refused", timeout: 20) != nil, "\(probe.lines)")
        try sway.play("up mouse @0ms")
        #expect(waitUntil(timeout: 20) { source.output.contains("drag cancelled") }, "\(source.output)")
        #expect(
            !probe.lines.contains { $0.hasPrefix("target ") || $0.hasPrefix("drop over accepted") }, "\(probe.lines)")
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

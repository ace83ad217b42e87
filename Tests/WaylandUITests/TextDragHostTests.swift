import CompositorHarness
import Foundation
import Testing

/// Text dragged between fields as a real `wl_data_device` drag, driven by sway's virtual pointer or weston's
/// injected one (the ControlsProbe fixture, `--text-drag`: a source field over a target field).
@Suite struct TextDragHostTests {
    static let sourceColor = (r: UInt8(255), g: UInt8(220), b: UInt8(120))
    static let targetColor = (r: UInt8(150), g: UInt8(220), b: UInt8(255))

    /// The fixture launched as `name`, once its probe says `ready` (its window shown, or activated).
    func launchFixture(_ compositor: Compositor, name: String = "client", huge: Bool = false, ready: String = "shown")
        throws -> (ChildProcess, ProbeLog)
    {
        let (process, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"),
            arguments: ["--no-cursor", "--text-drag"] + (huge ? ["--huge"] : []), name: name)
        #expect(probe.waitForLine(startingWith: ready, timeout: 30) != nil, "\(probe.lines)")
        return (process, probe)
    }

    typealias Color = (r: UInt8, g: UInt8, b: UInt8)

    /// The boxes of the source fields and of the target fields on screen (or of other colours), once `shown`
    /// holds for them.
    func fieldBoxes(
        _ compositor: Compositor, of colors: (Color, Color) = (sourceColor, targetColor),
        shown: (CGRect, CGRect) -> Bool = { _, _ in true }
    ) throws -> (CGRect, CGRect) {
        let pixels = ControlsHostTests()
        var first: CGRect?
        var second: CGRect?
        _ = try compositor.screenshot(timeout: 30) { shot in
            first = pixels.bounds(of: colors.0, in: shot)
            second = pixels.bounds(of: colors.1, in: shot)
            guard let first, let second else { return false }
            return shown(first, second)
        }
        return (try #require(first), try #require(second))
    }

    /// The window with its fields shown, the source field's text selected (Ctrl+A): the fields' rectangles.
    func launch(_ compositor: Compositor, huge: Bool = false) throws -> (ChildProcess, ProbeLog, CGRect, CGRect) {
        let (process, probe) = try launchFixture(compositor, huge: huge)
        let (source, target) = try fieldBoxes(compositor)
        try compositor.play(ClipboardHostTests.selectAllAndCopy)
        return (process, probe, source, target)
    }

    /// Presses inside `source` (its text all selected), drags past the threshold, waits for the drag to start,
    /// moves over `target`'s right end (past its text), waits for the field there (in `destination`'s window, if
    /// another) to take it, and lets go.
    func drag(
        _ compositor: Compositor, _ probe: ProbeLog, from source: CGRect, to target: CGRect,
        over destination: ProbeLog? = nil
    ) throws {
        let (x, y) = (Int(source.minX) + 12, Int(source.midY))
        try compositor.play(
            "move mouse \(x),\(y) @0ms; down mouse \(x),\(y) @40ms; move mouse \(x + 20),\(y + 4) @80ms")
        #expect(probe.waitForLine(startingWith: "drag start", timeout: 20) != nil, "\(probe.lines)")
        let (tx, ty) = (Int(target.maxX) - 20, Int(target.midY))
        try compositor.play("move mouse \(tx),\(ty) @0ms; move mouse \(tx + 2),\(ty) @40ms")
        let taking = destination ?? probe
        #expect(taking.waitForLine(startingWith: "drop over accepted", timeout: 20) != nil, "\(taking.lines)")
        try compositor.play("up mouse @0ms")
    }

    /// Within one window the drag moves the text: inserted at the end of the target, deleted from the source.
    /// Under sway and under weston (whose own drag grab follows the injected pointer).
    @Test(arguments: [Compositor.Kind.sway, .weston])
    func selectedTextDraggedToAnotherFieldMovesThere(_ kind: Compositor.Kind) throws {
        let compositor = try Compositor.start(kind, width: 400, height: 300)
        let (_, probe, source, target) = try launch(compositor)
        try drag(compositor, probe, from: source, to: target)
        #expect(probe.waitForLine(startingWith: "target \"abdrag me\"") != nil, "\(probe.lines)")
        #expect(probe.waitForLine(startingWith: "source \"\"") != nil, "\(probe.lines)")
        #expect(probe.lines.contains("drop 7 bytes move"), "\(probe.lines)")
        #expect(probe.lines.contains("drag end moved"), "\(probe.lines)")
    }

    /// Between two windows (two processes, side by side) the drag copies: the text is inserted in the other
    /// window's field and stays in its source.
    @Test func textDraggedToAnotherWindowIsCopied() throws {
        let sway = try Compositor.start(.sway, width: 800, height: 300)
        let (_, first) = try launchFixture(sway, name: "first")
        let (_, second) = try launchFixture(sway, name: "second", ready: "states activated")
        // Both windows show both fields: the sources' box runs from the first window's into the second's.
        let (source, target) = try fieldBoxes(sway) { $0.width > 400 && $1.width > 400 }
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
        let (_, probe) = try launchFixture(sway)
        let source = try sway.launchClient(
            try BuiltProducts.executable("VirtualInput"), arguments: ["--drag-source", "image/png"], name: "drag-source"
        )
        #expect(waitUntil(timeout: 30) { source.output.contains("ready") }, "\(source.output)")
        // The drag source's window is magenta.
        let (press, field) = try fieldBoxes(sway, of: ((255, 0, 255), Self.targetColor))
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

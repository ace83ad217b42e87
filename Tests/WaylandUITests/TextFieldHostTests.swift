import CompositorHarness
import Foundation
import Testing

/// Text fields through real compositors with injected keys (the ControlsProbe fixture, `--text-fields`).
@Suite struct TextFieldHostTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    func launch(_ kind: Compositor.Kind) throws -> (Compositor, ProbeLog) {
        let compositor = try Compositor.start(kind, width: 400, height: 300)
        let (_, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"),
            arguments: ["--no-cursor", "--text-fields"])
        return (compositor, probe)
    }

    /// Keys held down and let go, one after another, 40 ms apart, from `start` ms.
    static func typing(_ keys: [String], from start: Int = 0) -> String {
        keys.enumerated().map { index, key in
            let t = start + index * 80
            return "press \(key) @\(t)ms; release \(key) @\(t + 40)ms"
        }.joined(separator: "; ")
    }

    /// The name field has focus when the window is active: typing, Shift+letters, Backspace, Ctrl+Backspace,
    /// a selection made with Shift+Left replaced by typing, Ctrl+Z and Ctrl+Shift+Z, then Return submits.
    @Test(arguments: [Compositor.Kind.weston, .sway, .mutter])
    func typingEditingSelectionAndUndo(kind: Compositor.Kind) throws {
        let (compositor, probe) = try launch(kind)
        // The window draws its first frame focused; wait for it before typing.
        _ = probe.waitForLine(startingWith: "shown", timeout: 20)
        try compositor.play(Self.typing(["h", "e", "l", "l", "o", "space", "w", "o", "r", "k"]))
        #expect(probe.waitForLine(startingWith: "name \"hello work\"") != nil, "\(probe.lines)")
        try compositor.play("press ctrl @0ms; press backspace @20ms; release backspace @60ms; release ctrl @80ms")
        #expect(probe.waitForLine(startingWith: "name \"hello \"") != nil, "\(probe.lines)")
        try compositor.play(
            """
            press shift @0ms; press left @20ms; release left @60ms; press left @100ms; release left @140ms; release shift @160ms;
            press x @200ms; release x @240ms
            """)
        #expect(probe.waitForLine(startingWith: "name \"hellx\"") != nil, "\(probe.lines)")
        try compositor.play("press backspace @0ms; release backspace @40ms")
        #expect(probe.waitForLine(startingWith: "name \"hell\"") != nil, "\(probe.lines)")
        try compositor.play("press ctrl @0ms; press z @20ms; release z @60ms; release ctrl @80ms")
        #expect(probe.wait { $0.filter { $0 == "name \"hellx\"" }.count == 2 }, "\(probe.lines)")
        try compositor.play(
            "press ctrl @0ms; press shift @10ms; press z @20ms; release z @60ms; release shift @70ms; release ctrl @80ms"
        )
        #expect(
            probe.wait { $0.filter { $0 == "name \"hell\"" }.count == 3 }, "typed, deleted to, redone: \(probe.lines)")
        try compositor.play("press enter @0ms; release enter @40ms")
        #expect(probe.waitForLine(startingWith: "submit \"hell\"") != nil, "\(probe.lines)")
    }

    /// Compose sequences (Right Alt is Compose in the test keymaps) type one character each; the keys inside
    /// a sequence type nothing.
    @Test(arguments: [Compositor.Kind.weston, .sway])
    func composeSequencesTypeOneCharacter(kind: Compositor.Kind) throws {
        let (compositor, probe) = try launch(kind)
        _ = probe.waitForLine(startingWith: "shown", timeout: 20)
        try compositor.play(Self.typing(["ralt", "apostrophe", "e", "ralt", "o", "c", "a"]))
        #expect(probe.waitForLine(startingWith: "name \"é©a\"") != nil, "\(probe.lines)")
        #expect(
            probe.lines.filter { $0.hasPrefix("name ") } == ["name \"é\"", "name \"é©\"", "name \"é©a\""],
            "\(probe.lines)")
    }

    /// Tab moves to the secure field, which reports what is typed but shows bullets.
    @Test func tabMovesToTheSecureField() throws {
        let (compositor, probe) = try launch(.weston)
        _ = probe.waitForLine(startingWith: "shown", timeout: 20)
        try compositor.play(Self.typing(["tab", "p", "w"]))
        #expect(probe.waitForLine(startingWith: "password \"pw\"") != nil, "\(probe.lines)")
        #expect(!probe.lines.contains { $0.hasPrefix("name ") }, "\(probe.lines)")
    }

    static let border = (r: UInt8(191), g: UInt8(191), b: UInt8(191))
    static let selection = (r: UInt8(179), g: UInt8(215), b: UInt8(255))

    /// The fields as drawn: at first the name field focused (ring, caret) over the secure field's placeholder;
    /// then with "hello" typed and its last two letters selected (Shift+Left twice).
    @Test func fieldsMatchTheirReferences() throws {
        let (weston, probe) = try launch(.weston)
        // Focus comes with the keyboard's enter, maybe after the first frame: wait for the ring (half-strength accent).
        let ring = (r: UInt8(128), g: UInt8(189), b: UInt8(255))
        let first = try weston.screenshot(timeout: 20) {
            pixelBounds(of: Self.border, in: $0) != nil && pixelBounds(of: ring, in: $0) != nil
        }
        let fields = try #require(pixelBounds(of: Self.border, in: first), "no field on screen")
        let region = fields.insetBy(dx: -6, dy: -6)
        func compare(_ shot: Screenshot, _ name: String) throws -> String? {
            try PixelComparison.mismatch(
                shot, left: Int(region.minX), top: Int(region.minY), width: Int(region.width),
                height: Int(region.height), reference: name, in: references)
        }
        // The caret blinks: wait for a frame with it shown (the comparison then passes), compare the last one seen.
        let shown = try weston.screenshot(timeout: 10) { (try? compare($0, "text-fields-initial")) == nil }
        let initial = try compare(shown, "text-fields-initial")
        #expect(initial == nil, "\(initial ?? "")")
        try weston.play(
            Self.typing(["h", "e", "l", "l", "o"]) + "; press shift @500ms; press left @520ms; release left @560ms; "
                + "press left @600ms; release left @640ms; release shift @660ms")
        #expect(probe.waitForLine(startingWith: "name \"hello\"") != nil, "\(probe.lines)")
        let selected = try weston.screenshot(timeout: 10) { shot in
            pixelBounds(of: Self.selection, in: shot, within: region).map { $0.width > 10 } == true
                && (try? compare(shot, "text-fields-selection")) == nil
        }
        let mismatch = try compare(selected, "text-fields-selection")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}

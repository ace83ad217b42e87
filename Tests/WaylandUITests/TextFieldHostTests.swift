import CompositorHarness
import Foundation
import Testing

/// Text fields through real compositors with injected keys (the ControlsProbe fixture, `--text-fields`).
@Suite struct TextFieldHostTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    func launch(_ kind: Compositor.Kind) throws -> (Compositor, ProbeLog) {
        let compositor = try Compositor.start(kind, width: 400, height: 300)
        let (_, probe) = try compositor.launchProbedClient(try BuiltProducts.executable("ControlsProbe"),
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
    @Test(arguments: [Compositor.Kind.weston, .sway])
    func typingEditingSelectionAndUndo(kind: Compositor.Kind) throws {
        let (compositor, probe) = try launch(kind)
        // The window draws its first frame focused; wait for it before typing.
        _ = probe.waitForLine(startingWith: "shown", timeout: 20)
        try compositor.play(Self.typing(["h", "e", "l", "l", "o", "space", "w", "o", "r", "k"]))
        #expect(probe.waitForLine(startingWith: "name \"hello work\"") != nil, "\(probe.lines)")
        try compositor.play("press ctrl @0ms; press backspace @20ms; release backspace @60ms; release ctrl @80ms")
        #expect(probe.waitForLine(startingWith: "name \"hello \"") != nil, "\(probe.lines)")
        try compositor.play("""
            press shift @0ms; press left @20ms; release left @60ms; press left @100ms; release left @140ms; release shift @160ms;
            press x @200ms; release x @240ms
            """)
        #expect(probe.waitForLine(startingWith: "name \"helx\"") != nil, "\(probe.lines)")
        try compositor.play("press backspace @0ms; release backspace @40ms")
        #expect(probe.waitForLine(startingWith: "name \"hel\"") != nil, "\(probe.lines)")
        try compositor.play("press ctrl @0ms; press z @20ms; release z @60ms; release ctrl @80ms")
        #expect(probe.wait { $0.filter { $0 == "name \"helx\"" }.count == 2 }, "\(probe.lines)")
        try compositor.play("press ctrl @0ms; press shift @10ms; press z @20ms; release z @60ms; release shift @70ms; release ctrl @80ms")
        #expect(probe.wait { $0.filter { $0 == "name \"hel\"" }.count == 2 }, "\(probe.lines)")
        try compositor.play("press enter @0ms; release enter @40ms")
        #expect(probe.waitForLine(startingWith: "submit \"hel\"") != nil, "\(probe.lines)")
    }

    /// Tab moves to the secure field, which reports what is typed but shows bullets.
    @Test func tabMovesToTheSecureField() throws {
        let (compositor, probe) = try launch(.weston)
        _ = probe.waitForLine(startingWith: "shown", timeout: 20)
        try compositor.play(Self.typing(["tab", "p", "w"]))
        #expect(probe.waitForLine(startingWith: "password \"pw\"") != nil, "\(probe.lines)")
        #expect(!probe.lines.contains { $0.hasPrefix("name ") }, "\(probe.lines)")
    }
}

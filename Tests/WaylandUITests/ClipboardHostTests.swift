import CompositorHarness
import Foundation
import Testing

/// Copy and paste through the compositor's selections under sway: with wl-copy and wl-paste (wl-clipboard) and
/// between two WaylandUI windows; the primary selection follows what is selected.
@Suite struct ClipboardHostTests {
    func launch(_ compositor: Compositor, name: String = "client") throws -> ProbeLog {
        let (_, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"),
            arguments: ["--no-cursor", "--text-fields"], name: name)
        #expect(probe.waitForLine(startingWith: "shown", timeout: 20) != nil, "\(probe.lines)")
        return probe
    }

    static let paste = "press ctrl @0ms; press v @20ms; release v @60ms; release ctrl @80ms"
    static let selectAllAndCopy =
        "press ctrl @0ms; press a @20ms; release a @40ms; press c @60ms; release c @80ms; release ctrl @100ms"

    /// What wl-paste prints (`--primary` for the primary selection), once it prints `expected`.
    func waitForPaste(_ compositor: Compositor, primary: Bool = false, expected: String) throws -> String {
        var output = ""
        let deadline = Deadline(10)
        repeat {
            output = try compositor.runClient(
                "/usr/bin/wl-paste", arguments: ["--no-newline"] + (primary ? ["--primary"] : []),
                timeout: 10, name: "wl-paste"
            ).output
            if output == expected { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while !deadline.hasPassed
        return output
    }

    @Test func ctrlVPastesWhatWlCopyOffers() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let probe = try launch(sway)
        let copied = try sway.runClient("/usr/bin/wl-copy", arguments: ["Привет, 世界"], timeout: 10, name: "wl-copy")
        #expect(copied.status == 0, "\(copied.output)")
        try sway.play(Self.paste)
        #expect(probe.waitForLine(startingWith: "name \"Привет, 世界\"") != nil, "\(probe.lines)")
    }

    @Test func ctrlCAndSelectingOfferTextToWlPaste() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let probe = try launch(sway)
        try sway.play(TextFieldHostTests.typing(["c", "o", "p", "y"]))
        #expect(probe.waitForLine(startingWith: "name \"copy\"") != nil, "\(probe.lines)")
        try sway.play(Self.selectAllAndCopy)
        #expect(try waitForPaste(sway, expected: "copy") == "copy")
        // Shift+Left selects "y": the primary selection follows.
        try sway.play(
            "press end @0ms; release end @20ms; press shift @40ms; press left @60ms; release left @80ms; release shift @100ms"
        )
        #expect(try waitForPaste(sway, primary: true, expected: "y") == "y")
    }

    @Test func copyInOneWindowPasteInAnother() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let first = try launch(sway, name: "first")
        try sway.play(TextFieldHostTests.typing(["a", "b", "c"]))
        #expect(first.waitForLine(startingWith: "name \"abc\"") != nil, "\(first.lines)")
        try sway.play(Self.selectAllAndCopy)
        // The second window takes the keyboard when it maps.
        let second = try launch(sway, name: "second")
        #expect(second.wait { $0.contains { $0.hasPrefix("states activated") } }, "\(second.lines)")
        try sway.play(Self.paste)
        #expect(second.waitForLine(startingWith: "name \"abc\"") != nil, "\(second.lines)")
    }

    /// wtype makes a virtual keyboard per command, mid-session: a keymap of its own, then modifiers and keys in
    /// quick succession. Ctrl held across the keymap change still pastes and selects all, as in GTK 4.
    @Test func ctrlHeldOnAVirtualKeyboardMadeMidSessionPastesAndSelectsAll() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let probe = try launch(sway)
        #expect(try sway.runClient("/usr/bin/wl-copy", arguments: ["pasted"], timeout: 10, name: "wl-copy").status == 0)
        let paste = try sway.runClient("/usr/bin/wtype", arguments: ["-M", "ctrl", "v", "-m", "ctrl"], timeout: 10)
        #expect(paste.status == 0, "\(paste.output)")
        #expect(probe.waitForLine(startingWith: "name \"pasted\"") != nil, "\(probe.lines)")
        try sway.runClient("/usr/bin/wtype", arguments: ["-M", "ctrl", "a", "-m", "ctrl", "x"], timeout: 10)
        #expect(
            probe.waitForLine(startingWith: "name \"x\"") != nil, "Ctrl+A selected all, x replaced it: \(probe.lines)")
        #expect(!probe.lines.contains { $0.hasPrefix("name \"v") || $0.hasPrefix("name \"pasteda") }, "\(probe.lines)")
    }

    /// A keymap that arrives while Ctrl is held (and no modifiers event after it): Ctrl is still held for the next key.
    @Test func ctrlHeldAcrossAKeymapChangeStillPastes() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let probe = try launch(sway)
        #expect(try sway.runClient("/usr/bin/wl-copy", arguments: ["pasted"], timeout: 10, name: "wl-copy").status == 0)
        try sway.play("press ctrl @0ms")
        try sway.sendSwayKeymapAgain()
        try sway.play("press v @0ms; release v @40ms; release ctrl @60ms")
        #expect(probe.waitForLine(startingWith: "name \"pasted\"") != nil, "\(probe.lines)")
        #expect(!probe.lines.contains { $0.hasPrefix("name \"v") }, "\(probe.lines)")
    }

    @Test func tenMegabytesFromWlCopyArePastedUpToTheLimitWithOneLogLine() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let (process, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"), arguments: ["--no-cursor", "--text-fields"])
        #expect(probe.waitForLine(startingWith: "shown", timeout: 20) != nil, "\(probe.lines)")
        // An invalid byte, a line break, then two-byte letters to 10 MB.
        let file = sway.runtimeDirectory.appending(path: "ten-megabytes.txt")
        try Data([0xFF, 0x0A] + Array(String(repeating: "я", count: 5_000_000).utf8)).write(to: file)
        let copied = try sway.runClient(
            "/bin/sh", arguments: ["-c", "exec /usr/bin/wl-copy < '\(file.path)'"], timeout: 20, name: "wl-copy")
        #expect(copied.status == 0, "\(copied.output)")
        try sway.play(Self.paste)
        // U+FFFD (3 bytes), the line break as a space, then as many letters as fit in 1 MiB.
        let limit = 1 << 20
        #expect(
            probe.waitForLine(startingWith: "name \(limit) bytes \"\u{FFFD} яя\"…\"яяяя\"", timeout: 20) != nil,
            "\(probe.lines.suffix(3))")
        let logged = process.output.split(separator: "\n").filter { $0.contains("pasted text") }
        #expect(
            logged == [
                "WaylandUI: pasted text cut at the text field's limit of \(limit) bytes of UTF-8; the rest was dropped"
            ])
    }
}

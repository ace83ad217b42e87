import CompositorHarness
import Foundation
import Testing

/// An input method (our own, on zwp_input_method_v2) composing into text fields under sway through
/// text-input-v3: the preedit drawn underlined, commits and deletions reaching the field's text, and what the
/// app tells the input method (surrounding text, content type, the caret rectangle).
@Suite struct InputMethodHostTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// The rectangles the app sent with `set_cursor_rectangle`, from its wire log (WAYLAND_DEBUG=client).
    static func cursorRectangles(in log: String) -> [CGRect] {
        log.split(separator: "\n").compactMap { line in
            guard let call = line.range(of: ".set_cursor_rectangle(") else { return nil }
            let numbers = line[call.upperBound...].prefix { $0 != ")" }.split(separator: ",")
                .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4 else { return nil }
            return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
    }

    /// The longest run of text-coloured (black) pixels in a row of `area`: a preedit's underline.
    static func underline(in shot: Screenshot, within area: CGRect) -> CGRect? {
        var best: CGRect?
        for y in Int(area.minY)..<Int(area.maxY) {
            var x = Int(area.minX)
            while x < Int(area.maxX) {
                var end = x
                while end < Int(area.maxX), shot.pixel(x: end, y: y).0 == 0, shot.pixel(x: end, y: y).1 == 0,
                    shot.pixel(x: end, y: y).2 == 0
                { end += 1 }
                if end - x > Int(best?.width ?? 4) { best = CGRect(x: x, y: y, width: end - x, height: 1) }
                x = end + 1
            }
        }
        return best
    }

    @Test func anInputMethodComposesChineseIntoTheFocusedField() throws {
        let sway = try Compositor.start(.sway, width: 400, height: 300)
        let inputMethod = try sway.startInputMethod()
        let (client, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"),
            arguments: ["--no-cursor", "--text-fields"],
            environment: ["WAYLAND_DEBUG": "client"])
        let events = inputMethod.events
        // The focused name field enables the text input: the input method is activated with its state.
        #expect(
            events.wait(timeout: 20) { $0.contains("activate") && $0.contains { $0.hasPrefix("done") } },
            "\(events.lines)")
        #expect(
            events.lines.contains("surrounding \"\" 0 0") && events.lines.contains("content-type 0 0"),
            "\(events.lines)")

        // A preedit: drawn underlined at the caret, not (yet) the field's text.
        try inputMethod.send(preedit: "ni", cursor: (2, 2))
        let first = try sway.screenshot(timeout: 10) { pixelBounds(of: TextFieldHostTests.border, in: $0) != nil }
        let fields = try #require(pixelBounds(of: TextFieldHostTests.border, in: first), "no field on screen")
        let region = fields.insetBy(dx: -6, dy: -6)
        func compare(_ shot: Screenshot) throws -> String? {
            try PixelComparison.mismatch(
                shot, left: Int(region.minX), top: Int(region.minY), width: Int(region.width),
                height: Int(region.height), reference: "text-field-preedit", in: references)
        }
        // The caret blinks: wait for a frame that matches (it shows the caret after "ni"), then compare it.
        let composing = try sway.screenshot(timeout: 10) { shot in
            Self.underline(in: shot, within: region) != nil && (try? compare(shot)) == nil
        }
        let mismatch = try compare(composing)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        let underline = try #require(Self.underline(in: composing, within: region), "no preedit underline")
        #expect(!probe.lines.contains { $0.hasPrefix("name ") }, "\(probe.lines)")

        // The caret rectangle the app reported: 1 point wide at the end of the preedit, a line tall around the underline.
        let sent = try #require(
            Self.cursorRectangles(in: client.output).last, "no set_cursor_rectangle in the wire log")
        #expect(abs(sent.minX - underline.maxX) <= 1 && sent.width == 1, "\(sent) vs underline \(underline)")
        #expect(
            sent.minY < underline.minY && sent.maxY > underline.minY && sent.height >= 16,
            "\(sent) vs underline \(underline)")

        // The commit replaces the preedit; the input method then hears the new surrounding text.
        try inputMethod.send(commit: "你好")
        #expect(probe.waitForLine(startingWith: "name \"你好\"") != nil, "\(probe.lines)")
        #expect(events.wait { $0.contains("surrounding \"你好\" 6 6") }, "\(events.lines)")
        // Deleting 好 (3 bytes before the caret) and committing 们, in one step.
        try inputMethod.send(delete: (3, 0), commit: "们")
        #expect(probe.waitForLine(startingWith: "name \"你们\"") != nil, "\(probe.lines)")
        #expect(probe.lines.filter { $0.hasPrefix("name ") } == ["name \"你好\"", "name \"你们\""], "\(probe.lines)")

        // Tab to the secure field: a password, sensitive and hidden (hint 0xC0, purpose 8), and no text shared.
        try sway.play(TextFieldHostTests.typing(["tab"]))
        #expect(events.wait { $0.contains("content-type 192 8") }, "\(events.lines)")
        let lastActivation = try #require(events.lines.lastIndex(of: "activate"))
        #expect(!events.lines[lastActivation...].contains { $0.hasPrefix("surrounding") }, "\(events.lines)")
        try inputMethod.send(commit: "密")
        #expect(probe.waitForLine(startingWith: "password \"密\"") != nil, "\(probe.lines)")
    }
}

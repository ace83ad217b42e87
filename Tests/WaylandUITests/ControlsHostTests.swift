import CompositorHarness
import Foundation
import Testing

/// Keyboard, focus, shortcuts and buttons through real compositors, with the ControlsProbe fixture.
@Suite struct ControlsHostTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    func launch(_ kind: Compositor.Kind, width: Int = 400, height: Int = 300) throws -> (
        Compositor, ChildProcess, ProbeLog
    ) {
        let compositor = try Compositor.start(kind, width: width, height: height)
        let (client, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"), arguments: ["--no-cursor"])
        return (compositor, client, probe)
    }

    /// The key field has focus as soon as the window is active (the first focusable view), and sees keys,
    /// their characters and modifiers, Ctrl as `.control` and `.command`.
    @Test(arguments: [Compositor.Kind.weston, .sway])
    func keysReachOnKeyPressWithCharactersAndModifiers(kind: Compositor.Kind) throws {
        let (compositor, _, probe) = try launch(kind)
        #expect(probe.waitForLine(startingWith: "focused true", timeout: 20) != nil, "\(probe.lines)")
        try compositor.play(
            """
            press a @0ms; release a @40ms
            press shift @80ms; press b @100ms; release b @140ms; release shift @160ms
            press ctrl @200ms; press c @220ms; release c @260ms; release ctrl @280ms
            press escape @320ms; release escape @340ms; press left @380ms; release left @400ms; press tab @440ms; release tab @460ms
            """)
        let expected = [
            "key down a chars=a mods=none", "key up a chars=a mods=none",
            "key down B chars=B mods=shift", "key up B chars=B mods=shift",
            "key down c chars=U+03 mods=control,command", "key up c chars=U+03 mods=control,command",
            "key down escape chars=U+1B mods=none", "key up escape chars=U+1B mods=none",
            "key down leftArrow chars=\u{F702} mods=none", "key up leftArrow chars=\u{F702} mods=none",
            "key down tab chars=U+09 mods=none",
        ]
        #expect(probe.wait { $0.filter { $0.hasPrefix("key ") }.count >= expected.count }, "\(probe.lines)")
        let keys = probe.lines.filter { $0.hasPrefix("key ") }
        #expect(Array(keys.prefix(expected.count)) == expected, "\(keys)")
        // Tab moves focus on, and wraps around to the field again (the only focusable view): it stays focused.
        #expect(!probe.lines.drop { $0 != "focused true" }.contains("focused false"), "\(probe.lines)")
    }

    /// A held key repeats at the compositor's rate (client-side repeat from `repeat_info`): `.repeat` phases
    /// between the down and the up.
    @Test(arguments: [Compositor.Kind.weston, .sway])
    func heldKeyRepeats(kind: Compositor.Kind) throws {
        let (compositor, _, probe) = try launch(kind)
        #expect(probe.waitForLine(startingWith: "focused true", timeout: 20) != nil, "\(probe.lines)")
        try compositor.play("press x @0ms; release x @1400ms")
        #expect(probe.wait { $0.contains("key up x chars=x mods=none") }, "\(probe.lines)")
        let keys = probe.lines.filter { $0.hasPrefix("key ") }
        #expect(keys.first == "key down x chars=x mods=none", "\(keys)")
        let repeats = keys.dropFirst().prefix { $0 == "key repeat x chars=x mods=none" }.count
        #expect(repeats >= 2, "\(keys)")
        #expect(keys.count == repeats + 2, "down, repeats, up: \(keys)")
    }

    /// The app sees a key before the host's conventions: an Escape it ignores leaves fullscreen, one it handles does not.
    @Test(arguments: [false, true])
    func escapeLeavesFullscreenOnlyWhenTheAppLeavesIt(appHandlesEscape: Bool) throws {
        let sway = try Compositor.start(.sway, width: 800, height: 600)
        let (_, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"),
            arguments: ["--fullscreen", "--no-cursor"] + (appHandlesEscape ? ["--handle-escape"] : []))
        #expect(
            probe.wait(timeout: 20) {
                $0.contains { $0.hasPrefix("states") && $0.contains("fullscreen") } && $0.contains("focused true")
            },
            "\(probe.lines)")
        try sway.play("press escape @0ms; release escape @30ms; press a @300ms; release a @330ms")
        #expect(probe.waitForLine(startingWith: "key up a") != nil, "\(probe.lines)")
        let escape = try #require(probe.lines.firstIndex(of: "key down escape chars=U+1B mods=none"), "\(probe.lines)")
        if appHandlesEscape {
            #expect(probe.lines.last { $0.hasPrefix("states") }?.contains("fullscreen") == true, "\(probe.lines)")
        } else {
            #expect(
                probe.wait { $0.last { $0.hasPrefix("states") }.map { !$0.contains("fullscreen") } ?? false },
                "\(probe.lines)")
            let left = probe.lines.lastIndex { $0.hasPrefix("states") && !$0.contains("fullscreen") }
            #expect(left.map { $0 > escape } == true, "the app saw Escape first: \(probe.lines)")
        }
    }

    @Test func keyboardShortcutFiresItsButton() throws {
        let (compositor, client, probe) = try launch(.weston)
        #expect(probe.waitForLine(startingWith: "focused true", timeout: 20) != nil, "\(probe.lines)")
        try compositor.play("press s @0ms; release s @30ms")
        #expect(probe.waitForLine(startingWith: "key up s") != nil)
        #expect(!probe.lines.contains("button save"), "s alone is typing, not the shortcut")
        try compositor.play("press ctrl @0ms; press s @30ms; release s @60ms; release ctrl @90ms")
        #expect(probe.waitForLine(startingWith: "button save") != nil, "\(probe.lines)")
        #expect(client.isRunning)
    }

    /// A click on the bordered button: pressed look (darker bezel) while the button is down, the action at the release.
    @Test func buttonClickedUnderWestonShowsItsPressedLookAndRuns() throws {
        let (compositor, _, probe) = try launch(.weston)
        #expect(probe.waitForLine(startingWith: "focused true", timeout: 20) != nil, "\(probe.lines)")
        Thread.sleep(forTimeInterval: 0.3)  // the compositor shows the committed frame
        // The bezel of the bordered button, found by its colour wherever the window is.
        let unpressed = (r: UInt8(222), g: UInt8(222), b: UInt8(222))
        let pressed = (r: UInt8(189), g: UInt8(189), b: UInt8(189))
        let before = try compositor.screenshot()
        let bezel = try #require(bounds(of: unpressed, in: before), "no bordered button on screen")
        #expect(bezel.width > 60 && bezel.height > 20, "\(bezel)")
        #expect(bounds(of: pressed, in: before) == nil)
        let x = bezel.midX
        let y = bezel.midY
        try compositor.play("move mouse \(x),\(y) @0ms; down mouse \(x),\(y) @40ms")
        let shot = try compositor.screenshot { bounds(of: pressed, in: $0) != nil }
        let pressedBezel = bounds(of: pressed, in: shot)
        #expect(pressedBezel == bezel, "pressed look \(String(describing: pressedBezel)) vs \(bezel)")
        // The pressed button, label included (a pinned font), as in the reference.
        let mismatch = try PixelComparison.mismatch(
            shot, left: Int(bezel.minX), top: Int(bezel.minY), width: Int(bezel.width),
            height: Int(bezel.height), reference: "controls-button-pressed", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(!probe.lines.contains("button press"), "the action waits for the release")
        try compositor.play("up mouse @0ms")
        #expect(probe.waitForLine(startingWith: "button press") != nil, "\(probe.lines)")
    }

    /// Over a `Link` (`.pointerStyle(.link)`) the host sets the pointing hand, and `onHover` hears true; leaving,
    /// false and the arrow. A click opens the link's URL.
    @Test(arguments: [Compositor.Kind.weston, .sway])
    func linkHoverSetsThePointingHand(kind: Compositor.Kind) throws {
        let compositor = try Compositor.start(kind, width: 400, height: 300)
        let (_, probe) = try compositor.launchProbedClient(try BuiltProducts.executable("ControlsProbe"))
        #expect(probe.waitForLine(startingWith: "focused true", timeout: 20) != nil, "\(probe.lines)")
        var link: CGRect?
        let deadline = Deadline(10)
        while link == nil, !deadline.hasPassed {
            link = bounds(of: (0, 200, 100), in: try compositor.screenshot())
            if link == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        let green = try #require(link, "no link on screen")
        try compositor.play("move mouse \(green.midX),\(green.midY) @0ms")
        #expect(probe.wait { $0.contains("hover true") && $0.contains("cursor pointingHand") }, "\(probe.lines)")
        try compositor.play("move mouse \(green.midX),\(green.maxY + 20) @0ms")
        #expect(
            probe.wait { $0.contains("hover false") && $0.last { $0.hasPrefix("cursor") } == "cursor arrow" },
            "\(probe.lines)")
        #expect(probe.lines.filter { $0 == "hover true" }.count == 1, "\(probe.lines)")
        // A click on the link opens its URL through the desktop.
        try compositor.play(
            "move mouse \(green.midX),\(green.midY) @0ms; down mouse \(green.midX),\(green.midY) @40ms; up mouse @80ms")
        #expect(probe.waitForLine(startingWith: "open-url https://example.org/waylandui") != nil, "\(probe.lines)")
    }

    /// The bounding box of the pixels of exactly `color`.
    func bounds(of color: (r: UInt8, g: UInt8, b: UInt8), in shot: Screenshot) -> CGRect? {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<shot.height {
            for x in 0..<shot.width {
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
}

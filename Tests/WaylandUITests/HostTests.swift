import CompositorHarness
import Foundation
import Testing

/// The WaylandUI host end to end: a SwiftUI scene drawn through a real compositor must equal the same
/// scene drawn offscreen, at scale 1 and 2; idle apps commit nothing; state changes repaint.
@Suite struct HostTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// Draws the probe scene offscreen (no compositor in the environment) and decodes it.
    func offscreen(size: String, name: String, arguments: [String] = [], output: ((String) -> Void)? = nil) throws
        -> Screenshot
    {
        let directory = FileManager.default.temporaryDirectory.appending(path: "host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = "no-such-compositor"
        environment["XDG_RUNTIME_DIR"] = directory.path
        let png = directory.appending(path: "\(name).png")
        let client = try ChildProcess(
            name: "host-probe", executable: try BuiltProducts.executable("HostProbe"),
            arguments: ["--size", size, "--screenshot", png.path] + arguments, environment: environment,
            directory: directory)
        #expect(client.waitForExit(timeout: 30) == 0, "\(client.output)")
        output?(client.output)
        return try Screenshot.decode(png)
    }

    @Test func offscreenFrameMatchesItsReference() throws {
        let shot = try offscreen(size: "400x300", name: "offscreen")
        #expect(shot.width == 400 && shot.height == 300)
        let mismatch = try PixelComparison.mismatch(
            shot, width: 400, height: 300, reference: "host-probe-400x300", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A size that is no size, or larger than any screen (an offscreen screenshot of it would take gigabytes), is
    /// refused with one line and the app's default size is used.
    @Test(arguments: ["1e30x5", "infx5", "nanx5", "0x0", "-5x10", "20000x20000", "800", "x600"])
    func invalidSizeIsRefusedWithAMessage(size: String) throws {
        var log = ""
        let shot = try offscreen(size: size, name: "bad-size") { log = $0 }
        #expect(shot.width == 400 && shot.height == 300, "\(shot.width)x\(shot.height)")
        #expect(
            log.contains(
                "--size wants WIDTHxHEIGHT in points, each from 1 to 8192 (e.g. 800x600), not '\(size)'; using the app's default size"
            ), "\(log)")
    }

    @Test func missingImageIsAPlaceholderAndOneLogLine() throws {
        var log = ""
        let shot = try offscreen(size: "400x300", name: "missing", arguments: ["--missing-image"]) { log = $0 }
        let complaints = log.split(separator: "\n").filter { $0.contains("NoSuchImage") }
        #expect(complaints.count == 1, "\(log)")
        #expect(complaints.first?.contains("not found") == true)
        // The placeholder is the unknown symbol's question-mark box, in the foreground colour (black here), in the
        // middle column below the capsule (160…240); nothing else there is dark.
        let placeholder = (160..<240).contains { y in
            let (r, g, b, _) = shot.pixel(x: 200, y: y)
            return r < 60 && g < 60 && b < 60
        }
        #expect(placeholder, "no placeholder drawn")
    }

    @Test(arguments: [1, 2])
    func frameThroughWestonEqualsTheReference(scale: Int) throws {
        let weston = try Compositor.start(.weston, width: 400, height: 300, scale: scale)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        let pixels = "\(400 * scale)x\(300 * scale)"
        #expect(probe.wait { $0.contains { $0.hasPrefix("frame") && $0.hasSuffix(pixels) } }, "\(probe.lines)")
        let shot = try weston.screenshot()
        #expect(shot.width == 400 * scale && shot.height == 300 * scale)
        let mismatch = try PixelComparison.mismatch(
            shot, width: 400 * scale, height: 300 * scale,
            reference: "host-probe-400x300@\(scale)x", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// GNOME and Sway: the same frame, wherever the compositor puts the window.
    @Test(arguments: [Compositor.Kind.sway, .mutter])
    func frameUnderOtherCompositorsEqualsTheReference(kind: Compositor.Kind) throws {
        let compositor = try Compositor.start(kind, width: 800, height: 600)
        let (_, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        // Sway tiles the window over the whole output; under mutter the 400x300 window has a 12-point
        // margin on every side for its shadow and resize handles.
        let size = kind == .sway ? "800x600" : "424x324"
        #expect(
            probe.wait(timeout: 20) { $0.contains { $0.hasPrefix("frame") && $0.hasSuffix(size) } }, "\(probe.lines)")
        // The reference shows the window active: wait until a frame drawn after the activation is shown.
        #expect(
            probe.wait(timeout: 20) { lines in
                guard let activated = lines.firstIndex(where: { $0.hasPrefix("states") && $0.contains("activated") })
                else { return false }
                guard let frame = lines[activated...].first(where: { $0.hasPrefix("frame ") })?.split(separator: " ")[1]
                else { return false }
                return lines[activated...].contains("shown \(frame)")
            }, "\(probe.lines)")
        // mutter places the 400x300 window (with our title bar: GNOME has no server-side decorations) the
        // same way every time on an 800x600 monitor, and sway tiles it: whole-screen references for both. The
        // compositor shows the committed frame on its next repaint: screenshots until it does.
        var mismatch: String?
        _ = try compositor.screenshot(timeout: 20) { shot in
            mismatch = try PixelComparison.mismatch(
                shot, width: 800, height: 600, reference: "host-probe-800x600-\(kind.rawValue)",
                in: references)
            return mismatch == nil
        }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func idleAppCommitsNothing() throws {
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (_, probe) = try weston.launchProbedClient(try BuiltProducts.executable("HostProbe"))
        #expect(probe.waitForLine(startingWith: "frame 1 ") != nil)
        // The configure dance settles: the last frame committed so far has been shown.
        #expect(
            probe.wait { lines in
                guard let last = lines.last(where: { $0.hasPrefix("frame ") })?.split(separator: " ")[1] else {
                    return false
                }
                return lines.contains("shown \(last)")
            }, "\(probe.lines)")
        let settled = probe.lines.filter { $0.hasPrefix("frame") }.count
        Thread.sleep(forTimeInterval: 2)
        #expect(probe.lines.filter { $0.hasPrefix("frame") }.count == settled, "\(probe.lines)")
    }

    @Test func stateChangesRepaintOnlyWhatChangedAndEndRight() throws {
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--tick", "5", "--no-cursor"])
        // Five label changes, 50 ms apart: a frame for each (or fewer, coalesced), then quiet.
        #expect(probe.wait { $0.filter { $0.hasPrefix("frame") }.count >= 3 }, "\(probe.lines)")
        // The same final state drawn whole, offscreen: damage-only repaints must have produced exactly it (once the
        // fifth tick has been drawn and shown: screenshots until then).
        let final = try offscreen(size: "400x300", name: "ticked", arguments: ["--count", "5"])
        var mismatch: String?
        _ = try weston.screenshot(timeout: 20) { shot in
            mismatch = try PixelComparison.mismatch(
                shot, width: 400, height: 300, name: "host-after-ticks", expected: final.expectedPixels)
            return mismatch == nil
        }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}

/// Desktop conventions the host gives every app.
@Suite struct HostKeyboardTests {
    @Test func fullscreenFromTheCommandLineAndEscapeLeavesIt() throws {
        let sway = try Compositor.start(.sway, width: 800, height: 600)
        let (_, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--fullscreen", "--no-cursor"])
        #expect(probe.wait { $0.contains { $0.hasPrefix("states") && $0.contains("fullscreen") } }, "\(probe.lines)")
        try sway.play("press escape @0ms; release escape @30ms")
        #expect(
            probe.wait { $0.last { $0.hasPrefix("states") }.map { !$0.contains("fullscreen") } ?? false },
            "\(probe.lines)")
    }

    /// The gesture inspector moved from F11 (now fullscreen) to Ctrl+Shift+I: while it is on, a press on
    /// the title bar (a drag and a double tap become possible) is outlined over the window.
    @Test func controlShiftIShowsTheGestureInspector() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600, westonShell: .desktop)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        #expect(probe.wait { $0.contains { $0.hasPrefix("states") && $0.contains("activated") } }, "\(probe.lines)")
        var found: (x: Int, y: Int, width: Int)?
        var before = try weston.screenshot()
        _ = try waitUntil(timeout: 10) {
            before = try weston.screenshot()
            found = WindowFrameTests.titleBar(in: before)
            return found?.width == 400
        }
        let bar = try #require(found, "no title bar on screen")
        let press = "\(bar.x + 60),\(bar.y + 18)"
        // Without the inspector a press on the bar shows nothing.
        try weston.play("down mouse \(press) @0ms")
        Thread.sleep(forTimeInterval: 0.3)
        let pressedQuietly = try weston.screenshot().rgba == before.rgba
        #expect(pressedQuietly, "a press alone changes no pixel")
        try weston.play("up mouse @0ms")
        let framesBefore = probe.lines.filter { $0.hasPrefix("frame") }.count
        try weston.play(
            "press ctrl @0ms; press shift @20ms; press i @40ms; release i @60ms; release shift @80ms; release ctrl @100ms"
        )
        #expect(probe.wait { $0.filter { $0.hasPrefix("frame") }.count > framesBefore }, "\(probe.lines)")
        try weston.play("down mouse \(press) @0ms")
        var outlined = false
        _ = try waitUntil(timeout: 20) {
            outlined = try weston.screenshot().rgba != before.rgba
            return outlined
        }
        #expect(outlined, "the inspector outlines the gestures under the press")
        try weston.play("up mouse @0ms")
    }

    @Test func controlQQuits() throws {
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (client, probe) = try weston.launchProbedClient(try BuiltProducts.executable("HostProbe"))
        #expect(probe.waitForLine(startingWith: "frame 1 ") != nil)
        try weston.play("press q @0ms; release q @30ms")
        #expect(client.waitForExit(timeout: 0.5) == nil, "q alone must not quit")
        try weston.play("press ctrl @0ms; press q @30ms; release q @60ms; release ctrl @90ms")
        #expect(client.waitForExit(timeout: 5) == 0, "\(client.output)")
    }
}

/// The host under stress: a dying compositor and a storm of configures.
@Suite struct HostRobustnessTests {
    /// The app notices at once (12–44 ms on a quiet machine); the deadline is for a loaded one.
    @Test func compositorKilledMidDragEndsTheApp() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("Showcase"), arguments: ["--demo", "001", "--no-cursor"])
        #expect(probe.waitForLine(startingWith: "shown 1") != nil, "\(probe.lines)")
        try weston.play("down mouse 400,300 @0ms; move mouse 420,310 @600ms; move mouse 450,330 @630ms")
        let killedAt = Date()
        kill(try #require(weston.serverProcess).pid, SIGKILL)
        let status = client.waitForExit(timeout: 20)
        #expect(status == 1, "status \(String(describing: status)) after \(Date().timeIntervalSince(killedAt)) s")
        #expect(client.output.contains("lost the connection to the Wayland compositor"), "\(client.output)")
    }

    @Test func twoHundredConfiguresInARowEndOnTheLastSize() throws {
        let sway = try Compositor.start(.sway, width: 800, height: 600)
        let (client, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        #expect(
            probe.wait(timeout: 10) { $0.contains { $0.hasPrefix("frame") && $0.hasSuffix("800x600") } },
            "\(probe.lines)")
        // One IPC message of 200 resizes: sway sends a configure for each, as fast as it can.
        let resizes = (0..<200).map { "resize set \(300 + ($0 * 7) % 400) \(200 + ($0 * 11) % 300)" }
        try sway.swaymsg([
            "floating enable; " + resizes.joined(separator: "; ") + "; resize set 400 300; move position center"
        ])
        #expect(
            probe.wait(timeout: 30) { $0.last { $0.hasPrefix("frame") }?.hasSuffix(" 400x300") == true },
            "\(probe.lines.suffix(5))")
        #expect(client.isRunning)
        let reference = try Screenshot.decode(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appending(path: "References/host-probe-400x300.png"))
        // sway shows the last frame once its layout settles (the move to the centre comes after the resizes).
        var mismatch: String?
        _ = try sway.screenshot { shot in
            mismatch = try PixelComparison.mismatch(shot, containing: reference, name: "host-after-configures")
            return mismatch == nil
        }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}

/// Wheel and touchpad scrolling (`wl_pointer.axis`) reach a ScrollView under the pointer.
@Suite struct ScrollInputTests {
    /// The row (0…29) whose colour is at (x, y), from its red channel.
    func row(_ shot: Screenshot, _ x: Int, _ y: Int) -> Int {
        let (r, _, _, _) = shot.pixel(x: x, y: y)
        return Int((Double(r) / 8).rounded())
    }

    @Test(arguments: [Compositor.Kind.weston, .sway])
    func axisEventsScrollTheContent(kind: Compositor.Kind) throws {
        let compositor = try Compositor.start(kind, width: 400, height: 300)
        let (_, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--scroll", "--no-cursor"])
        #expect(probe.waitForShownFrame(size: "400x300"), "\(probe.lines)")
        // Under weston's kiosk shell and sway the window fills the 400×300 output: rows 0…7 show (sway may show
        // its background a moment longer).
        let before = try compositor.screenshot { row($0, 200, 5) == 0 }
        #expect(
            row(before, 200, 5) == 0 && row(before, 200, 45) == 1,
            "\(before.pixel(x: 200, y: 5)) \(before.pixel(x: 200, y: 45))")
        // Continuous axis values (no wheel steps) move the content by as many points: 45 down ▸ row 1 at the top.
        try compositor.play("move mouse 200,150; scroll mouse 0,45")
        let shot = try compositor.screenshot { row($0, 200, 5) == 1 }
        #expect(row(shot, 200, 5) == 1, "row \(row(shot, 200, 5)) at the top")
        // Row 2 begins 80 − 45 = 35 points down.
        #expect(row(shot, 200, 33) == 1 && row(shot, 200, 37) == 2)
    }
}

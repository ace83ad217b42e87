import CompositorHarness
import Foundation
import Testing

/// `--kiosk` through weston's kiosk shell: a fullscreen launcher with no title bar; after the idle
/// timeout the kiosk returns to the launcher and its attract loop plays the shipped recording through
/// the gesture system until a real touch.
@Suite struct ShowcaseKioskTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    @Test func kioskShowsAFullscreenLauncher() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let kiosk = try ShowcaseSession.launch(on: weston, arguments: ["--kiosk"])
        #expect(kiosk.probe.lines.contains("frame 1 800x600"), "\(kiosk.probe.lines)")
        #expect(
            kiosk.probe.wait { $0.contains { $0.hasPrefix("states") && $0.contains("fullscreen") } },
            "\(kiosk.probe.lines)")
        kiosk.waitUntilSettled()
        let shot = try weston.screenshot()
        let mismatch = try PixelComparison.mismatch(
            shot, width: 800, height: 600, reference: "showcase-kiosk-launcher-800x600", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func idleKioskReturnsToTheLauncherAndPlaysTheAttractLoop() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        // 8 s: long enough for a busy machine to screenshot the demo before the kiosk goes idle, and the
        // launcher after the touch before the next idle round (at load 20, 4 s was not).
        let kiosk = try ShowcaseSession.launch(on: weston, arguments: ["--kiosk", "--idle-timeout", "8"])
        kiosk.waitUntilSettled()
        let launcher = try weston.screenshot()
        // Someone opens the card stack and walks away.
        try kiosk.tapTile("cards")
        let cards = try kiosk.screenshot { differingSamples($0, launcher) > 2_000 }
        #expect(differingSamples(cards, launcher) > 2_000)
        #expect(kiosk.probe.waitForLine(startingWith: "kiosk idle", timeout: 30) != nil, "\(kiosk.probe.lines)")
        // Back at the launcher (the recording waits 1.5 s before its first touch).
        let returned = try kiosk.screenshot(timeout: 3) { identical($0, launcher) }
        let mismatch = try PixelComparison.mismatch(
            returned, width: 800, height: 600, reference: "showcase-kiosk-launcher-800x600", in: references)
        #expect(mismatch == nil, "the kiosk did not return to the launcher: \(mismatch ?? "")")
        #expect(kiosk.probe.waitForLine(startingWith: "kiosk attract started") != nil, "\(kiosk.probe.lines)")
        #expect(kiosk.probe.waitForLine(startingWith: "replay started") != nil, "\(kiosk.probe.lines)")
        // The recording opens the multi-touch playground and drags its circles: the screen keeps changing.
        let opened = try kiosk.screenshot(timeout: 15) { differingSamples($0, launcher) > 2_000 }
        #expect(differingSamples(opened, launcher) > 2_000, "the attract loop opened nothing")
        var moving = 0
        var previous = opened
        for _ in 0..<20 where moving < 2 {
            Thread.sleep(forTimeInterval: 0.15)
            let next = try weston.screenshot()
            if differingSamples(next, previous) > 20 { moving += 1 }
            previous = next
        }
        #expect(moving >= 2, "nothing moved while the attract loop played")
        // A real touch ends it and brings back the launcher at once (not the next idle round's).
        try kiosk.tap(400, 20)
        #expect(kiosk.probe.waitForLine(startingWith: "kiosk attract stopped") != nil, "\(kiosk.probe.lines)")
        let stopped = try kiosk.screenshot(timeout: 1.5) { identical($0, launcher) }
        let linesWhenBack = kiosk.probe.lines
        #expect(identical(stopped, launcher), "the kiosk did not come back to the launcher after the attract loop")
        #expect(linesWhenBack.filter { $0 == "kiosk idle" }.count == 1, "\(linesWhenBack)")
    }

    /// The attract recording was made at 800x600; on a larger screen its touches land where they did then,
    /// scaled: its first tap still opens the multi-touch playground.
    @Test func attractLoopScalesToTheScreen() throws {
        let weston = try Compositor.start(.weston, width: 1024, height: 768)
        let kiosk = try ShowcaseSession.launch(on: weston, arguments: ["--kiosk", "--idle-timeout", "1"])
        #expect(
            kiosk.probe.waitForLine(startingWith: "kiosk attract started", timeout: 15) != nil, "\(kiosk.probe.lines)")
        let playgroundBackground = (26, 28, 43)  // Color(red: 0.10, green: 0.11, blue: 0.17)
        func showsPlayground(_ shot: Screenshot) -> Bool {
            let (r, g, b, _) = shot.pixel(x: 1000, y: 740)
            return abs(Int(r) - playgroundBackground.0) <= 1 && abs(Int(g) - playgroundBackground.1) <= 1
                && abs(Int(b) - playgroundBackground.2) <= 1
        }
        let shot = try kiosk.screenshot(timeout: 15, until: showsPlayground)
        #expect(
            showsPlayground(shot),
            "the scaled first tap did not open the multi-touch playground: \(shot.pixel(x: 1000, y: 740))")
    }
}

/// The kiosk's cursor: none until a mouse moves, hidden again a few seconds after it stops, and at once on touch.
@Suite struct KioskCursorTests {
    @Test func cursorShowsOnlyWhileAMouseMoves() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let kiosk = try ShowcaseSession.launch(on: weston, arguments: ["--kiosk"])
        try weston.play("move mouse 300,300; move mouse 320,310 @30ms")
        #expect(kiosk.probe.waitForLine(startingWith: "kiosk cursor shown") != nil, "\(kiosk.probe.lines)")
        let shown = Date()
        #expect(kiosk.probe.waitForLine(startingWith: "kiosk cursor hidden") != nil, "\(kiosk.probe.lines)")
        #expect(Date().timeIntervalSince(shown) > 2, "hidden after a few seconds without motion, not at once")
        try weston.play("move mouse 330,310")
        #expect(kiosk.probe.wait { $0.filter { $0 == "kiosk cursor shown" }.count == 2 }, "\(kiosk.probe.lines)")
        try kiosk.tap(400, 20)
        #expect(
            kiosk.probe.wait(timeout: 2) { $0.filter { $0 == "kiosk cursor hidden" }.count == 2 },
            "a touch hides it at once: \(kiosk.probe.lines)")
    }
}

/// `make kiosk`'s own script (scripts/run-kiosk.sh) starting the Showcase under cage, headless.
///
/// cage 0.1.4 scans a fullscreen client's buffer out directly, and its screencopy then returns black
/// (grim showed only frames smaller than the output): the pixels checked here
/// are the kiosk's first committed frame, which the app writes itself (`--screenshot`), after cage has
/// configured it.
@Suite struct KioskUnderCageTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "scripts/run-kiosk.sh")

    @Test func cageShowsTheFullscreenLauncher() throws {
        // cage runs as an unprivileged uid: what it and the app write goes to a directory anyone may write.
        let directory = FileManager.default.temporaryDirectory.appending(path: "cage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o777])
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = directory.appending(path: "probe.txt")
        let png = directory.appending(path: "kiosk.png")
        var environment = ProcessInfo.processInfo.environment
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        environment["WAYLAND_UI_PROBE"] = probe.path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        let cage = try ChildProcess(
            name: "cage", executable: script.path,
            arguments: [try BuiltProducts.executable("Showcase"), "--screenshot", png.path],
            environment: environment, directory: directory)
        // The app exits once it has written its first frame, and cage with it.
        #expect(cage.waitForExit(timeout: 120) == 0, "\(cage.output)")
        let lines = (try? String(contentsOf: probe, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        // cage's output is 1280x720: the kiosk asked for fullscreen and drew exactly that, with no frame margin.
        #expect(lines.contains { $0.hasPrefix("states") && $0.contains("fullscreen") }, "\(lines)")
        #expect(lines.contains("frame 1 1280x720"), "\(lines)")
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: 1280, height: 720, reference: "showcase-kiosk-launcher-cage-1280x720",
            in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// The script's environment: no session of any kind, the app's probe in `directory`.
    func bareEnvironment(probe: URL, directory: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "WLR_BACKENDS"] {
            environment.removeValue(forKey: name)
        }
        environment["WAYLAND_UI_PROBE"] = probe.path
        environment["KIOSK_DRM_DIRECTORY"] = directory.path  // no DRM device, whatever this machine has
        return environment
    }

    func makeSharedDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "cage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o777])
        return directory
    }

    /// `make kiosk` where there is no display (cage used to wait forever): it says so, runs headless and leaves the
    /// kiosk's first screen in kiosk.png, as `make run` does.
    @Test func withNoDisplayTheKioskSaysWhyAndWritesItsScreen() throws {
        let directory = try makeSharedDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = directory.appending(path: "probe.txt")
        let kiosk = try ChildProcess(
            name: "kiosk", executable: script.path, arguments: [try BuiltProducts.executable("Showcase")],
            environment: bareEnvironment(probe: probe, directory: directory), directory: directory,
            workingDirectory: directory)
        defer { kiosk.stop() }
        #expect(kiosk.waitForExit(timeout: 120) == 0, "\(kiosk.output)")
        #expect(kiosk.output.contains("make kiosk: no display here"), "\(kiosk.output)")
        let shot = try Screenshot.decode(directory.appending(path: "kiosk.png"))
        #expect(shot.width == 1280 && shot.height == 720)
    }

    /// Interrupting `make kiosk` ends cage and the app (they used to ignore SIGTERM).
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalEndsCageAndTheApp(signal: Int32) throws {
        let directory = try makeSharedDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = ProbeLog(file: directory.appending(path: "probe.txt"))
        var environment = bareEnvironment(probe: probe.file, directory: directory)
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        let kiosk = try ChildProcess(
            name: "kiosk", executable: script.path, arguments: [try BuiltProducts.executable("Showcase")],
            environment: environment, directory: directory)
        defer { kiosk.stop() }
        #expect(probe.waitForLine(startingWith: "frame 1 ", timeout: 120) != nil, "\(kiosk.output)")
        let processes = ProcessTree.descendants(of: kiosk.pid)
        #expect(processes.count >= 2, "cage and the Showcase: \(processes)")
        kill(kiosk.pid, signal)
        #expect(kiosk.waitForExit(timeout: 20) == 128 + signal, "\(kiosk.output)")
        #expect(
            waitUntil(timeout: 20) { processes.allSatisfy { !ProcessTree.isAlive($0) } },
            "still running: \(processes.filter(ProcessTree.isAlive))")
    }
}

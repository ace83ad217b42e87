import CompositorHarness
import Foundation
import Testing

/// `--record FILE` and `--replay FILE` through weston: input injected into one run of the Showcase is
/// written as it reached the gesture system, and played back through the same path it ends where the
/// recorded run ended, every time.
@Suite struct InputReplayTests {
    /// A two-finger drag, as an input script: each finger from its start to its end over `steps` frames of 16 ms.
    static func drag(_ fingers: [(id: Int, from: (Int, Int), to: (Int, Int))], steps: Int) -> String {
        var lines = fingers.map { "down \($0.id) \($0.from.0),\($0.from.1) @0ms" }
        for step in 1...steps {
            for finger in fingers {
                let x = finger.from.0 + (finger.to.0 - finger.from.0) * step / steps
                let y = finger.from.1 + (finger.to.1 - finger.from.1) * step / steps
                lines.append("move \(finger.id) \(x),\(y) @\(step * 16)ms")
            }
        }
        lines += fingers.map { "up \($0.id) @\(steps * 16 + 16)ms" }
        return lines.joined(separator: "\n")
    }

    func temporaryFile(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appending(path: name)
    }

    @Test func aRecordingReplaysToTheSameFinalScreenshotTwice() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let file = try temporaryFile("session.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let recording = try ShowcaseSession.launch(on: weston, arguments: ["--record", file.path], name: "recording")
        #expect(recording.probe.waitForLine(startingWith: "recording \(file.path)") != nil)
        recording.waitUntilSettled()
        let launcher = try weston.screenshot()
        // The multi-touch playground; two circles dragged at once by two fingers, then a card flung in the card stack.
        try recording.tapTile("touch")
        _ = try recording.screenshot { differingSamples($0, launcher) > 2_000 }
        try weston.play(Self.drag([(1, (133, 250), (300, 430)), (2, (667, 250), (520, 110))], steps: 20))
        recording.waitUntilSettled()
        let playground = try weston.screenshot()
        let (r, g, b, _) = playground.pixel(x: 300, y: 430)
        #expect(r > 200 && g > 120 && b < 60, "the orange circle follows finger 1: \(r),\(g),\(b)")
        let (pr, pg, pb, _) = playground.pixel(x: 520, y: 110)
        #expect(
            pr > 150 && pg < 120 && pb > 180, "the purple circle follows finger 2 at the same time: \(pr),\(pg),\(pb)")
        try recording.tap(ShowcaseSession.backButton.x, ShowcaseSession.backButton.y)
        _ = try recording.screenshot { identical($0, launcher) }
        try recording.tapTile("cards")
        _ = try recording.screenshot { differingSamples($0, launcher) > 2_000 }
        try weston.play(Self.drag([(1, (400, 300), (700, 250))], steps: 8))
        recording.waitUntilSettled()
        let recorded = try weston.screenshot()
        recording.client.stop()

        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == #"{"format":"waylandui-input","height":600,"version":1,"width":800}"#)
        #expect(lines.count > 30, "\(lines.count) lines")
        #expect(lines.contains { $0.contains(#""id":2,"kind":"touchDown""#) }, "the second finger is recorded")

        for run in 1...2 {
            let replay = try ShowcaseSession.launch(
                on: weston, arguments: ["--replay", file.path], name: "replay\(run)")
            #expect(
                replay.probe.waitForLine(startingWith: "replay started \(lines.count - 1) frames") != nil,
                "\(replay.probe.lines)")
            #expect(
                replay.probe.waitForLine(startingWith: "replay finished", timeout: 60) != nil, "\(replay.probe.lines)")
            replay.waitUntilSettled()
            let replayed = try weston.screenshot()
            let mismatch = try PixelComparison.mismatch(replayed, width: 800, height: 600, name: "replay-\(run)") {
                x, y in
                let (r, g, b, _) = recorded.pixel(x: x, y: y)
                return (r, g, b)
            }
            #expect(mismatch == nil, "replay \(run) does not end where the recording did: \(mismatch ?? "")")
            replay.client.stop()
        }
    }

    /// A missing or malformed recording: one clear line, and the app runs without it.
    @Test(arguments: [
        ("missing", nil as String?, "cannot replay MISSING: no such file or not readable; running without it"),
        ("garbage", "hello\n", "cannot replay FILE: line 1: not a WaylandUI input recording"),
        (
            "bad-frame",
            #"{"format":"waylandui-input","version":1}"# + "\n"
                + #"{"events":[{"kind":"touchDown","t":5,"x":1,"y":2}]}"# + "\n",
            #"cannot replay FILE: line 2: touchDown needs "id"; running without it"#
        ),
    ])
    func badRecordingGivesOneLineAndTheAppRuns(name: String, contents: String?, message: String) throws {
        let file = try temporaryFile("\(name).jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        if let contents { try contents.write(to: file, atomically: true, encoding: .utf8) }
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let showcase = try ShowcaseSession.launch(on: weston, arguments: ["--replay", file.path])
        let expected =
            "WaylandUI: " + message.replacingOccurrences(of: contents == nil ? "MISSING" : "FILE", with: file.path)
        let complaints = showcase.client.output.split(separator: "\n").filter { $0.contains("replay") }
        #expect(complaints.count == 1 && complaints[0].hasPrefix(expected), "\(showcase.client.output)")
        #expect(!showcase.probe.lines.contains { $0.hasPrefix("replay started") })
        // It still takes input: a tile opens its demo.
        showcase.waitUntilSettled()
        let launcher = try weston.screenshot()
        try showcase.tapTile("cards")
        #expect(differingSamples(try showcase.screenshot { differingSamples($0, launcher) > 2_000 }, launcher) > 2_000)
    }

    /// 10⁵ frames streamed through a FIFO: the app parses them in the background, so its window shows while the
    /// file is still being written (half the frames now, the rest once the first frame is on screen).
    @Test func aLargeRecordingParsesWhileTheWindowShows() throws {
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let fifo = try temporaryFile("large.jsonl")
        defer { try? FileManager.default.removeItem(at: fifo.deletingLastPathComponent()) }
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let frames = 100_000
        let firstFrameShown = DispatchSemaphore(value: 0)
        let writer = Thread {
            // An app that closes its end early fails the write (EPIPE) instead of ending the test run.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            let handle = FileHandle(forWritingAtPath: fifo.path)  // waits for the app to open its end
            func lines(_ range: Range<Int>) -> Data {
                Data(
                    range.map { #"{"events":[{"kind":"pointerMove","t":\#(Double($0) / 100),"x":10,"y":20}]}"# + "\n" }
                        .joined().utf8)
            }
            try? handle?.write(
                contentsOf: Data((#"{"format":"waylandui-input","height":300,"version":1,"width":400}"# + "\n").utf8))
            try? handle?.write(contentsOf: lines(0..<frames / 2))
            firstFrameShown.wait()
            try? handle?.write(contentsOf: lines(frames / 2..<frames))
            try? handle?.close()
        }
        writer.start()
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--replay", fifo.path])
        let shown = probe.waitForLine(startingWith: "frame 1 ", timeout: 30)
        firstFrameShown.signal()  // the writer finishes either way
        #expect(shown != nil, "no frame while the recording was being read: \(probe.lines) \(client.output)")
        #expect(
            probe.waitForLine(startingWith: "replay started \(frames) frames", timeout: 120) != nil,
            "\(probe.lines.suffix(5)) \(client.output)")
        let lines = probe.lines
        let firstFrame = lines.firstIndex { $0.hasPrefix("frame 1 ") }
        let loaded = lines.firstIndex { $0 == "replay loaded \(frames) frames" }
        #expect(firstFrame != nil && loaded != nil && firstFrame! < loaded!, "\(lines.prefix(10))")
    }

    /// A 100 MB line is refused once it passes the limit for one frame (1 MiB), with one line; the app runs on.
    @Test func anOversizedLineIsRefusedWithOneLine() throws {
        let file = try temporaryFile("huge-line.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data((#"{"format":"waylandui-input","version":1}"# + "\n" + #"{"events":["#).utf8))
        let chunk = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        for _ in 0..<100 { try handle.write(contentsOf: chunk) }
        try handle.write(contentsOf: Data("]}\n".utf8))
        try handle.close()
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--replay", file.path])
        let expected =
            "WaylandUI: cannot replay \(file.path): line 2: longer than 1048576 bytes, the limit for one frame; running without it"
        #expect(waitUntil(timeout: 30) { client.output.contains(expected) }, "\(client.output)")
        #expect(probe.waitForLine(startingWith: "frame 1 ", timeout: 30) != nil, "\(client.output)")
        #expect(client.output.split(separator: "\n").filter { $0.contains("replay") }.count == 1, "\(client.output)")
        #expect(client.isRunning)
        #expect(!probe.lines.contains { $0.hasPrefix("replay") })
    }
}

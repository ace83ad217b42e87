import CompositorHarness
import Foundation
import Testing

/// `--screenshot FILE` and `--record FILE` write through a FIFO or a character device as it is, replace only a
/// regular file (a new file renamed over it), follow a symbolic link only within its folder, and a recording
/// never replaces the file being replayed.
@Suite struct OutputFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "output-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The host probe drawing its first frame offscreen (no compositor) into `path`; it has exited or is reading.
    func offscreenScreenshot(to path: String) throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = "no-such-compositor"
        environment["XDG_RUNTIME_DIR"] = directory.path
        return try ChildProcess(
            name: "host-probe-\(UUID().uuidString.prefix(4))", executable: try BuiltProducts.executable("HostProbe"),
            arguments: ["--size", "200x100", "--screenshot", path], environment: environment, directory: directory)
    }

    func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Reads the FIFO at `path` (opened without waiting for a writer) until `done` holds for what arrived or
    /// `writer` ends; what arrived.
    func read(fifo path: String, from writer: ChildProcess, until done: (Data) -> Bool) -> Data {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        _ = waitUntil(timeout: 60) {
            while true {
                let count = Glibc.read(fd, &buffer, buffer.count)
                guard count > 0 else { break }
                data.append(contentsOf: buffer[0..<count])
            }
            return done(data) || !writer.isRunning
        }
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    @Test func aScreenshotGoesThroughAFIFO() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appending(path: "shot.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let client = try offscreenScreenshot(to: fifo)
        // A writer that closed its end after writing: the whole PNG, its last chunk IEND.
        let png = read(fifo: fifo, from: client) { $0.count > 12 && $0.suffix(8).starts(with: Data("IEND".utf8)) }
        #expect(client.waitForExit(timeout: 30) == 0, "\(client.output)")
        #expect(fileType(fifo) == S_IFIFO, "the FIFO is still a FIFO")
        let copy = directory.appending(path: "copy.png")
        try png.write(to: copy)
        let shot = try Screenshot.decode(copy)
        #expect(shot.width == 200 && shot.height == 100)
    }

    @Test func aScreenshotIntoACharacterDeviceLeavesTheDevice() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // /dev/null's device (1, 3), made here: the test must not risk the machine's own.
        let null = directory.appending(path: "null").path
        #expect(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "\(String(cString: strerror(errno)))")
        let client = try offscreenScreenshot(to: null)
        #expect(client.waitForExit(timeout: 30) == 0, "\(client.output)")
        var info = stat()
        #expect(lstat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR && info.st_rdev == dev_t(1 << 8 | 3))
    }

    /// A link out of its folder is refused (one line, exit 1, its target untouched); one within it is followed; a
    /// regular file is replaced by a new one, so a hard link to the old one keeps the old contents.
    @Test func linksAreFollowedOnlyWithinTheirFolder() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let inside = directory.appending(path: "inside")
        let outside = directory.appending(path: "outside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let precious = outside.appending(path: "precious")
        try Data("precious".utf8).write(to: precious)
        let escaping = inside.appending(path: "escaping.png").path
        #expect(symlink("../outside/precious", escaping) == 0)
        let refused = try offscreenScreenshot(to: escaping)
        #expect(refused.waitForExit(timeout: 30) == 1, "\(refused.output)")
        let lines = refused.output.split(separator: "\n")
        #expect(
            lines.count == 1
                && lines[0].hasSuffix(
                    "cannot write \(escaping): it is a symbolic link out of its folder (to ../outside/precious); not following it"
                ), "\(refused.output)")
        #expect(try Data(contentsOf: precious) == Data("precious".utf8))
        #expect(fileType(escaping) == S_IFLNK)

        let real = inside.appending(path: "real.png")
        try Data("old".utf8).write(to: real)
        let oldName = inside.appending(path: "old-name").path
        #expect(link(real.path, oldName) == 0)
        let linkInside = inside.appending(path: "link.png").path
        #expect(symlink("real.png", linkInside) == 0)
        let followed = try offscreenScreenshot(to: linkInside)
        #expect(followed.waitForExit(timeout: 30) == 0, "\(followed.output)")
        #expect(fileType(linkInside) == S_IFLNK, "the link is still a link")
        #expect(try Screenshot.decode(real).width == 200, "its target is the screenshot")
        #expect(try Data(contentsOf: URL(fileURLWithPath: oldName)) == Data("old".utf8), "replaced, not rewritten")
    }

    @Test func aRecordingGoesThroughAFIFO() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let fifo = directory.appending(path: "session.jsonl").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--record", fifo])
        let text = read(fifo: fifo, from: client) { $0.contains(UInt8(ascii: "\n")) }
        #expect(
            String(decoding: text, as: UTF8.self).hasPrefix(
                #"{"format":"waylandui-input","height":300,"version":1,"width":400}"# + "\n"),
            "\(String(decoding: text.prefix(200), as: UTF8.self)) \(client.output)")
        #expect(fileType(fifo) == S_IFIFO, "the FIFO is still a FIFO")
        #expect(probe.waitForLine(startingWith: "recording \(fifo)") != nil)
        #expect(client.isRunning, "\(client.output)")
    }

    /// The same file through a link and another spelling: one line, no recording, and the replay plays it whole.
    @Test func recordingTheFileBeingReplayedIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "session.jsonl")
        let contents =
            #"{"format":"waylandui-input","height":300,"version":1,"width":400}"# + "\n"
            + #"{"events":[{"kind":"pointerMove","t":5,"x":10,"y":20}]}"# + "\n"
        try Data(contents.utf8).write(to: file)
        let link = directory.appending(path: "link.jsonl").path
        #expect(symlink("session.jsonl", link) == 0)
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"),
            arguments: ["--record", link, "--replay", directory.path + "/./session.jsonl"])
        #expect(probe.waitForLine(startingWith: "replay started 1 frames", timeout: 30) != nil, "\(client.output)")
        let complaints = client.output.split(separator: "\n").filter { $0.contains("WaylandUI:") }
        #expect(
            complaints == ["WaylandUI: --record and --replay name the same file (\(link)); not recording"],
            "\(client.output)")
        #expect(try String(contentsOf: file, encoding: .utf8) == contents)
        #expect(fileType(link) == S_IFLNK)
        #expect(!probe.lines.contains { $0.hasPrefix("recording") })
    }
}

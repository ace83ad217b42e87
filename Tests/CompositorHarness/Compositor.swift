import Foundation
import Testing

/// A headless compositor private to one test: its own XDG_RUNTIME_DIR and socket, started ready for
/// clients, with input injection and pixel read-back, torn down by PID (and its directory removed) when
/// stopped or released, even if the test fails.
///
/// Per kind:
/// - weston 10: pixman renderer, `--debug` screenshooter, kiosk-shell (or desktop-shell), and our
///   `weston-inject` module giving the headless seat a pointer, keyboard and touch screen.
/// - sway 1.7: as an unprivileged uid (it refuses root), pixman; a persistent virtual pointer, wtype for
///   keys, grim for pixels. No touch.
/// - mutter 43: GNOME's compositor with a private D-Bus session; input and pixels through its
///   RemoteDesktop and ScreenCast APIs (Mutter/).
public final class Compositor {
    public enum Kind: String, Sendable {
        case weston, sway, mutter
    }

    /// weston's shell: kiosk makes every toplevel fullscreen; desktop leaves sizes to the client.
    public enum WestonShell: String, Sendable {
        case kiosk = "kiosk-shell.so"
        case desktop = "desktop-shell.so"
    }

    public let kind: Kind
    /// The output size in logical pixels.
    public let width: Int
    public let height: Int
    public let scale: Int
    /// The private runtime directory holding the socket, logs and screenshots.
    public let runtimeDirectory: URL
    public internal(set) var socketName = "wl-test"
    var server: ChildProcess?
    var helpers: [ChildProcess] = []
    private var clients: [ChildProcess] = []
    private var acknowledged: [String: Int] = [:]
    /// sway's IPC socket, for `swaymsg`.
    var swaySocketPath: String?
    /// When input was last injected into sway (its cursor hides a little later).
    var lastSwayInput: Date?

    /// Starts a compositor and waits until clients can connect and input can be injected.
    public static func start(
        _ kind: Kind, width: Int = 800, height: Int = 600, scale: Int = 1,
        westonShell: WestonShell = .kiosk, extraArguments: [String] = []
    ) throws -> Compositor {
        let compositor = try Compositor(kind: kind, width: width, height: height, scale: scale)
        do {
            switch kind {
            case .weston: try compositor.launchWeston(shell: westonShell, extraArguments: extraArguments)
            case .sway: try compositor.launchSway(extraConfiguration: extraArguments)
            case .mutter: try compositor.launchMutter(settings: extraArguments)
            }
        } catch {
            compositor.stop()
            throw error
        }
        return compositor
    }

    private init(kind: Kind, width: Int, height: Int, scale: Int) throws {
        self.kind = kind
        self.width = width
        self.height = height
        self.scale = scale
        let template = FileManager.default.temporaryDirectory.appending(path: "waylandui-\(kind.rawValue)-XXXXXX").path
        var buffer = Array(template.utf8CString)
        guard mkdtemp(&buffer) != nil else {
            throw HarnessError("cannot create a runtime directory: \(String(cString: strerror(errno)))")
        }
        runtimeDirectory = URL(
            fileURLWithPath: String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        chmod(runtimeDirectory.path, 0o700)
    }

    /// The environment a client needs to reach this compositor (and nothing of the host's display).
    public var clientEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment["WAYLAND_DISPLAY"] = socketName
        environment["WAYLAND_SOCKET"] = nil
        environment["DISPLAY"] = nil
        environment["WAYLAND_UI_PROBE"] = nil
        return environment
    }

    /// The socket's absolute path (usable as WAYLAND_DISPLAY on its own).
    public var socketPath: String { runtimeDirectory.appending(path: socketName).path }

    /// The compositor's own process, for tests that kill it.
    public var serverProcess: ChildProcess? { server }

    /// Waits for `path` to exist while the server runs; otherwise fails naming the server's log.
    func waitForServer(creating path: String, timeout: TimeInterval = 15) throws {
        let ready = waitUntil(timeout: timeout) {
            FileManager.default.fileExists(atPath: path) || !(server?.isRunning ?? false)
        }
        guard ready, server?.isRunning == true, FileManager.default.fileExists(atPath: path) else {
            throw startFailure()
        }
    }

    /// Waits until the Wayland socket accepts connections: the file appears at bind(), before listen().
    func waitForSocketAccepting(timeout: TimeInterval = 15) throws {
        try waitForServer(creating: socketPath, timeout: timeout)
        let accepting = waitUntil(timeout: timeout) { UnixSocket.accepts(socketPath) || !(server?.isRunning ?? false) }
        guard accepting, server?.isRunning == true else { throw startFailure("its socket never accepted a connection") }
    }

    func startFailure(_ reason: String? = nil) -> HarnessError {
        let log = server?.output.split(separator: "\n").suffix(15).joined(separator: "\n") ?? ""
        let why = reason ?? (server?.isRunning == true ? "not ready in time" : "exited")
        return HarnessError(
            "\(kind.rawValue) did not start (\(why)); its log is \(server?.outputFile.path ?? "missing"):\n\(log)")
    }

    // MARK: - Clients

    /// Starts a client of this compositor; it is stopped with the compositor.
    public func launchClient(
        _ executable: String, arguments: [String] = [], environment extra: [String: String] = [:],
        name: String = "client"
    ) throws -> ChildProcess {
        let client = try ChildProcess(
            name: name, executable: executable, arguments: arguments,
            environment: clientEnvironment.merging(extra) { $1 }, directory: runtimeDirectory)
        clients.append(client)
        return client
    }

    /// Runs a client to completion. One that outlives `timeout` is killed; its output is kept under
    /// Tests/Output and named in the error.
    @discardableResult
    public func runClient(
        _ executable: String, arguments: [String] = [], timeout: TimeInterval, name: String = "client"
    ) throws -> (status: Int32, output: String) {
        let client = try launchClient(executable, arguments: arguments, name: name)
        if let status = client.waitForExit(timeout: timeout) { return (status, client.output) }
        client.stop(grace: 0.5)
        let kept = try keepFile(client.outputFile, as: "\(name)-\(client.pid).log")
        throw HarnessError("\(name) hung: killed after \(timeout) s; its output is kept in \(kept.path)")
    }

    /// Copies a file out of the runtime directory (which `stop` removes) into Tests/Output.
    public func keepFile(_ file: URL, as name: String) throws -> URL {
        let destination = PixelComparison.outputDirectory.appending(path: "harness").appending(path: name)
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.copyItem(at: file, to: destination)
        return destination
    }

    /// Copies every log and probe file of this compositor into Tests/Output/harness/<label>/.
    public func keepLogs(label: String) {
        let files =
            (try? FileManager.default.contentsOfDirectory(at: runtimeDirectory, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.pathExtension == "log" || file.pathExtension == "probe" {
            _ = try? keepFile(file, as: "\(label)/\(file.lastPathComponent)")
        }
    }

    // MARK: - Command channels

    /// Writes one command line into a FIFO and waits until the reader acknowledges it in `acks`.
    func send(_ line: String, fifo: URL, acks: URL, timeout: TimeInterval = 10) throws {
        let descriptor = open(fifo.path, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw HarnessError("cannot open \(fifo.path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw HarnessError("short write to \(fifo.path)") }
        let seen = acknowledged[acks.path, default: 0]
        var answer: String?
        let acknowledgedInTime = waitUntil(timeout: timeout) {
            let lines = ((try? String(contentsOf: acks, encoding: .utf8)) ?? "").split(separator: "\n")
            guard lines.count > seen else { return false }
            answer = String(lines[seen])
            return true
        }
        guard acknowledgedInTime, let answer else {
            throw HarnessError("no acknowledgement of '\(line)' in \(acks.path)")
        }
        acknowledged[acks.path] = seen + 1
        guard answer.hasPrefix("ok") else { throw HarnessError("\(kind.rawValue) refused '\(line)': \(answer)") }
    }

    /// Injects one input frame.
    public func inject(_ actions: [InputAction]) throws {
        switch kind {
        case .weston: try injectIntoWeston(actions)
        case .sway: try injectIntoSway(actions)
        case .mutter: try injectIntoMutter(actions)
        }
    }

    /// Reads the whole output back.
    /// Screenshots until `condition` holds (the app has drawn what the input caused) or `timeout` passes; the last one.
    public func screenshot(timeout: TimeInterval = 10, until condition: (Screenshot) throws -> Bool) throws
        -> Screenshot
    {
        let deadline = Deadline(timeout)
        var shot = try screenshot()
        while try !condition(shot), !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.05)
            shot = try screenshot()
        }
        return shot
    }

    public func screenshot() throws -> Screenshot {
        switch kind {
        case .weston: try westonScreenshot()
        case .sway: try swayScreenshot()
        case .mutter: try mutterScreenshot()
        }
    }

    // MARK: - Teardown

    /// The compositor's processes and their descendants, for leak checks.
    public var processIDs: [Int32] {
        let roots = ([server] + helpers).compactMap { $0?.isRunning == true ? $0?.pid : nil }
        return roots + roots.flatMap(ProcessTree.descendants)
    }

    /// Stops clients, helpers and the compositor (with every descendant) and removes the runtime directory.
    /// The logs and probe files are kept first, under Tests/Output/harness/<test>/, for a failing test's report.
    public func stop() {
        if server != nil, let test = Test.current {
            keepLogs(label: test.name.filter { $0.isLetter || $0.isNumber } + "-" + kind.rawValue)
        }
        let everything = processIDs
        clients.forEach { $0.stop() }
        clients.removeAll()
        helpers.forEach { $0.stop() }
        helpers.removeAll()
        server?.stop()
        server = nil
        ProcessTree.terminate(everything)
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    deinit { stop() }
}

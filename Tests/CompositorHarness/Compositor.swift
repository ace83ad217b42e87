import Foundation

/// A headless compositor private to one test: its own XDG_RUNTIME_DIR and socket, started ready for
/// clients, and torn down by PID (directory removed) when stopped or released, even if the test fails.
///
/// Recipes: ../shared/headless.md.
public final class Compositor {
    public enum Kind: String, Sendable {
        case weston
    }

    public let kind: Kind
    public let width: Int
    public let height: Int
    /// The private runtime directory holding the socket, logs and screenshots.
    public let runtimeDirectory: URL
    public let socketName: String
    private var server: ChildProcess?
    private var clients: [ChildProcess] = []

    /// Starts a compositor and waits until clients can connect.
    public static func start(_ kind: Kind = .weston, width: Int = 800, height: Int = 600) throws -> Compositor {
        let compositor = try Compositor(kind: kind, width: width, height: height)
        try compositor.launch()
        return compositor
    }

    private init(kind: Kind, width: Int, height: Int) throws {
        self.kind = kind
        self.width = width
        self.height = height
        let template = FileManager.default.temporaryDirectory.appending(path: "waylandui-\(kind.rawValue)-XXXXXX").path
        var buffer = Array(template.utf8CString)
        guard mkdtemp(&buffer) != nil else { throw HarnessError("cannot create a runtime directory: \(String(cString: strerror(errno)))") }
        runtimeDirectory = URL(fileURLWithPath: String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        chmod(runtimeDirectory.path, 0o700)
        socketName = "wl-test"
    }

    /// The environment a client needs to reach this compositor (and nothing of the host's display).
    public var clientEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment["WAYLAND_DISPLAY"] = socketName
        environment["WAYLAND_SOCKET"] = nil
        environment["DISPLAY"] = nil
        return environment
    }

    private func launch() throws {
        switch kind {
        case .weston:
            let config = runtimeDirectory.appending(path: "weston.ini")
            try Self.westonConfig.write(to: config, atomically: true, encoding: .utf8)
            server = try ChildProcess(
                name: "weston", executable: "/usr/bin/weston",
                arguments: ["--backend=headless-backend.so", "--socket=\(socketName)", "--idle-time=0", "--use-pixman",
                            "--width=\(width)", "--height=\(height)", "--debug", "-c", config.path],
                environment: clientEnvironment, directory: runtimeDirectory)
        }
        let socket = runtimeDirectory.appending(path: socketName).path
        let ready = waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: socket) || !(server?.isRunning ?? false) }
        guard ready, server?.isRunning == true, FileManager.default.fileExists(atPath: socket) else {
            let log = server?.output.split(separator: "\n").suffix(15).joined(separator: "\n") ?? ""
            throw HarnessError("\(kind.rawValue) did not start (log: \(server?.outputFile.path ?? "none")):\n\(log)")
        }
    }

    /// The compositor's own process, for tests that kill it.
    public var serverProcess: ChildProcess? { server }

    /// Starts a client of this compositor; it is stopped with the compositor.
    public func launchClient(_ executable: String, arguments: [String] = [], environment extra: [String: String] = [:],
                             name: String = "client") throws -> ChildProcess {
        let client = try ChildProcess(name: name, executable: executable, arguments: arguments,
                                      environment: clientEnvironment.merging(extra) { $1 }, directory: runtimeDirectory)
        clients.append(client)
        return client
    }

    /// Stops clients and compositor and removes the runtime directory, unless `keepFilesFor` names a
    /// failing test: then logs stay for its report.
    public func stop() {
        clients.forEach { $0.stop() }
        clients.removeAll()
        server?.stop()
        server = nil
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    deinit { stop() }

    static let westonConfig = """
        [core]
        idle-time=0
        require-input=false
        [shell]
        background-color=0xff002244
        panel-position=none
        locking=false
        animation=none
        startup-animation=none
        close-animation=none
        focus-animation=none
        [input-method]
        path=

        """
}

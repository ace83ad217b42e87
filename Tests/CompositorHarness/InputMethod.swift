import Foundation

/// The test input method (the VirtualInput fixture with `--input-method`, on `zwp_input_method_v2`) on a
/// wlroots compositor's seat: what the compositor told it, line by line, and requests sent through it to the
/// focused text field.
public final class TestInputMethod {
    /// `activate`, `surrounding TEXT CURSOR ANCHOR`, `content-type HINT PURPOSE`, `done N`… (see the fixture).
    public let events: ProbeLog
    private let compositor: Compositor
    private let fifo: URL
    private let acks: URL

    init(compositor: Compositor, process: ChildProcess, fifo: URL, acks: URL) {
        self.compositor = compositor
        self.fifo = fifo
        self.acks = acks
        events = ProbeLog(file: process.outputFile)
    }

    /// Sends, as one commit, a deletion around the caret (bytes before and after), a committed text and a
    /// preedit with its cursor (bytes; nil: at its end); returns once the compositor has them.
    public func send(
        delete: (before: Int, after: Int)? = nil, commit: String? = nil, preedit: String? = nil,
        cursor: (begin: Int, end: Int)? = nil
    ) throws {
        var request: [String: Any] = [:]
        if let delete { request["delete"] = [delete.before, delete.after] }
        if let commit { request["commit"] = commit }
        if let preedit { request["preedit"] = preedit }
        if let cursor { request["cursor"] = [cursor.begin, cursor.end] }
        let line = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        try compositor.send(line, fifo: fifo, acks: acks)
    }
}

extension Compositor {
    /// Starts the test input method on the seat (sway only: weston 10 has no input-method-v2).
    public func startInputMethod() throws -> TestInputMethod {
        guard kind == .sway else { throw HarnessError("the test input method needs sway (zwp_input_method_v2)") }
        let fifo = runtimeDirectory.appending(path: "input-method.fifo")
        let acks = runtimeDirectory.appending(path: "input-method.acks")
        guard mkfifo(fifo.path, 0o600) == 0 else { throw HarnessError("cannot create \(fifo.path)") }
        let process = try launchClient(
            try BuiltProducts.executable("VirtualInput"),
            arguments: ["--input-method", fifo.path, acks.path], name: "input-method")
        guard waitUntil(timeout: 10, { process.output.contains("ready") || !process.isRunning }), process.isRunning
        else {
            throw HarnessError("the test input method did not start: \(process.output)")
        }
        return TestInputMethod(compositor: self, process: process, fifo: fifo, acks: acks)
    }
}

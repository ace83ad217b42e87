import Foundation

/// A process started by a test, with its output in files (never pipes: a backgrounded compositor that
/// inherits a pipe can hang whoever reads it) and a guaranteed end.
public final class ChildProcess {
    public let process = Process()
    public let name: String
    public let outputFile: URL

    /// Starts `executable` with `arguments`; stdout and stderr go to `<directory>/<name>.log`.
    public init(name: String, executable: String, arguments: [String], environment: [String: String],
                directory: URL, workingDirectory: URL? = nil) throws {
        self.name = name
        outputFile = directory.appending(path: "\(name).log")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        do {
            try process.run()
        } catch {
            throw HarnessError("cannot start \(executable): \(error)")
        }
    }

    public var isRunning: Bool { process.isRunning }
    public var pid: Int32 { process.processIdentifier }

    /// What the process printed so far.
    public var output: String {
        (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// Waits for the process to end; returns its exit status, or nil if it is still running at the deadline.
    @discardableResult
    public func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return nil }
            usleep(2_000)
        }
        return process.terminationStatus
    }

    /// SIGTERM, then SIGKILL if it has not gone within `grace` seconds.
    public func stop(grace: TimeInterval = 2) {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        if waitForExit(timeout: grace) == nil {
            kill(pid, SIGKILL)
            waitForExit(timeout: 5)
        }
    }

    deinit { stop() }
}

/// A harness failure with a message that says what to look at.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Polls `condition` every 2 ms until it holds or `timeout` passes; returns whether it held.
public func waitUntil(timeout: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(2_000)
    }
    return try condition()
}

import Foundation

/// The lines a client under test reports through `WAYLAND_UI_PROBE`, read as they arrive.
public struct ProbeLog {
    public let file: URL

    public init(file: URL) { self.file = file }

    public var lines: [String] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits until `condition` holds for the lines so far; returns whether it did before `timeout`.
    @discardableResult
    public func wait(timeout: TimeInterval = 10, until condition: ([String]) -> Bool) -> Bool {
        waitUntil(timeout: timeout) { condition(lines) }
    }

    /// Waits for a line with the given prefix; returns it.
    /// Waits until a frame of `size` ("800x600") was committed and the compositor has shown a frame since
    /// (sway configures 0x0 first, so the first frame may be another size).
    public func waitForShownFrame(size: String, timeout: TimeInterval = 20) -> Bool {
        wait(timeout: timeout) { lines in
            guard let full = lines.firstIndex(where: { $0.hasPrefix("frame") && $0.hasSuffix(size) }) else {
                return false
            }
            return lines[full...].contains { $0.hasPrefix("shown") }
        }
    }

    public func waitForLine(startingWith prefix: String, timeout: TimeInterval = 10) -> String? {
        var found: String?
        wait(timeout: timeout) { lines in
            found = lines.first { $0.hasPrefix(prefix) }
            return found != nil
        }
        return found
    }
}

extension Compositor {
    /// Starts a client with a fresh probe file; returns both.
    public func launchProbedClient(
        _ executable: String, arguments: [String] = [], environment: [String: String] = [:],
        name: String = "client"
    ) throws -> (ChildProcess, ProbeLog) {
        let probe = ProbeLog(file: runtimeDirectory.appending(path: "\(name).probe"))
        let client = try launchClient(
            executable, arguments: arguments,
            environment: environment.merging(["WAYLAND_UI_PROBE": probe.file.path]) { $1 }, name: name)
        return (client, probe)
    }
}

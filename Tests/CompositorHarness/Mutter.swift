import Foundation

/// mutter 43 headless — the GNOME case — run by Mutter/mutter-session.sh in a private D-Bus session;
/// Mutter/mutter-driver.py holds a RemoteDesktop + ScreenCast session and executes commands from a FIFO.
extension Compositor {
    static var mutterDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Mutter")
    }

    /// `settings` are `NAME=value` environment settings for the session script (Mutter/README.md), e.g.
    /// `MUTTER_SESSION_PLUGIN=default`.
    func launchMutter(settings: [String] = []) throws {
        var environment = clientEnvironment
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw HarnessError("mutter settings are NAME=value, not '\(setting)'") }
            environment[parts[0]] = parts[1]
        }
        server = try ChildProcess(
            name: "mutter-session", executable: "/bin/bash",
            arguments: [
                Self.mutterDirectory.appending(path: "mutter-session.sh").path, runtimeDirectory.path, "\(width)",
                "\(height)",
            ],
            environment: environment, directory: runtimeDirectory)
        let ready = runtimeDirectory.appending(path: "ready")
        let failed = runtimeDirectory.appending(path: "failed")
        let started = waitUntil(timeout: 60) {
            FileManager.default.fileExists(atPath: ready.path) || FileManager.default.fileExists(atPath: failed.path)
                || !(server?.isRunning ?? false)
        }
        if let reason = try? String(contentsOf: failed, encoding: .utf8) {
            throw startFailure(reason.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard started, FileManager.default.fileExists(atPath: ready.path) else { throw startFailure() }
    }

    var mutterFIFO: URL { runtimeDirectory.appending(path: "input.fifo") }
    var mutterAcks: URL { runtimeDirectory.appending(path: "acks") }

    func injectIntoMutter(_ actions: [InputAction]) throws {
        for action in actions {
            let command: String
            switch action {
            case .pointerMotion(let x, let y): command = "motion \(x) \(y)"
            case .pointerButton(let button, let pressed): command = "button \(button) \(pressed ? 1 : 0)"
            case .scroll(let axis, let value): command = axis == 0 ? "axis 0 \(value)" : "axis \(value) 0"
            case .touchDown(let id, let x, let y): command = "touch down \(id) \(x) \(y)"
            case .touchMotion(let id, let x, let y): command = "touch motion \(id) \(x) \(y)"
            case .touchUp(let id): command = "touch up \(id)"
            case .touchCancel: throw HarnessError("mutter's RemoteDesktop API cannot cancel touches (use weston)")
            case .key(let key, let pressed): command = "key \(key) \(pressed ? 1 : 0)"
            }
            try send(command, fifo: mutterFIFO, acks: mutterAcks, timeout: 20)
        }
    }

    func mutterScreenshot() throws -> Screenshot {
        let png = runtimeDirectory.appending(path: "shot-\(UUID().uuidString).png")
        try send("screenshot \(png.path)", fifo: mutterFIFO, acks: mutterAcks, timeout: 30)
        return try Screenshot.decode(png)
    }
}

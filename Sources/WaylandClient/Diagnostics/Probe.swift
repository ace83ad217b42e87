import Foundation

/// Facts a client reports to a test harness — frames committed, sizes configured, events received — so
/// tests wait for facts rather than sleeping. Enabled by `WAYLAND_UI_PROBE`: a file descriptor number the
/// harness passed down, or a path to append to. Each fact is one line.
public enum Probe {
    private static let handle: FileHandle? = {
        guard let target = ProcessInfo.processInfo.environment["WAYLAND_UI_PROBE"], !target.isEmpty else { return nil }
        if let descriptor = Int32(target) { return FileHandle(fileDescriptor: descriptor, closeOnDealloc: false) }
        if !FileManager.default.fileExists(atPath: target) {
            _ = FileManager.default.createFile(atPath: target, contents: nil)
        }
        let handle = FileHandle(forWritingAtPath: target)
        handle?.seekToEndOfFile()
        return handle
    }()

    public static var isEnabled: Bool { handle != nil }

    /// Writes one line, e.g. `frame 1 800x600`.
    public static func report(_ fact: @autoclosure () -> String) {
        guard let handle else { return }
        handle.write(Data((fact() + "\n").utf8))
    }
}

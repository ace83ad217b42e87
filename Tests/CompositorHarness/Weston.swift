import Foundation
import Synchronization

/// weston 10 headless with our `weston-inject` module (Weston/weston-inject.c).
extension Compositor {
    /// Both shells get the injected seat. Under desktop-shell the shell's background would give the pointer
    /// an arrow that screenshots show: the shell gets an invisible cursor theme (clients keep theirs).
    func launchWeston(shell: WestonShell, extraArguments: [String]) throws {
        let modules = ["--modules=\(try WestonInjectModule.build().path)"]
        let config = Self.westonConfig
        var environment = clientEnvironment
        environment["WESTON_INJECT_FIFO"] = injectFIFO.path
        environment["WESTON_INJECT_ACKS"] = injectAcks.path
        environment["XCURSOR_PATH"] = try InvisibleCursorTheme.install(in: runtimeDirectory)
        server = try ChildProcess(
            name: "weston", executable: "/usr/bin/weston",
            arguments: [
                "--backend=headless-backend.so", "--socket=\(socketName)", "--idle-time=0", "--use-pixman",
                "--width=\(width)", "--height=\(height)", "--scale=\(scale)", "--debug", "-c", config.path,
                "--shell=\(shell.rawValue)",
            ] + modules + extraArguments,
            environment: environment, directory: runtimeDirectory)
        try waitForSocketAccepting()
        try waitForServer(creating: injectFIFO.path)
    }

    var injectFIFO: URL { runtimeDirectory.appending(path: "inject.fifo") }
    var injectAcks: URL { runtimeDirectory.appending(path: "inject.acks") }

    func injectIntoWeston(_ actions: [InputAction]) throws {
        guard FileManager.default.fileExists(atPath: injectFIFO.path) else {
            throw HarnessError("this weston has no injected seat (weston-inject.so did not load)")
        }
        let commands = actions.map { action -> String in
            switch action {
            case .pointerMotion(let x, let y): "motion \(x) \(y)"
            case .pointerButton(let button, let pressed): "button \(button) \(pressed ? 1 : 0)"
            case .scroll(let axis, let value): "axis \(axis) \(value)"
            case .touchDown(let id, let x, let y): "touch down \(id) \(x) \(y)"
            case .touchMotion(let id, let x, let y): "touch motion \(id) \(x) \(y)"
            case .touchUp(let id): "touch up \(id)"
            case .touchCancel: "touch cancel"
            case .key(let key, let pressed): "key \(key) \(pressed ? 1 : 0)"
            }
        }
        try send(commands.joined(separator: "; "), fifo: injectFIFO, acks: injectAcks)
    }

    /// The screenshooter (which needs `--debug`) writes a PNG into its working directory.
    func westonScreenshot() throws -> Screenshot {
        let directory = runtimeDirectory.appending(path: "shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shooter = try ChildProcess(
            name: "screenshooter", executable: "/usr/bin/weston-screenshooter", arguments: [],
            environment: clientEnvironment, directory: runtimeDirectory, workingDirectory: directory)
        guard let status = shooter.waitForExit(timeout: 10), status == 0 else {
            throw HarnessError("weston-screenshooter failed: \(shooter.output)")
        }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        guard let png = files.first(where: { $0.pathExtension == "png" }) else {
            throw HarnessError("weston-screenshooter wrote no PNG in \(directory.path)")
        }
        return try Screenshot.decode(png)
    }

    /// scripts/weston-headless.ini, shared with `make run`.
    static var westonConfig: URL {
        WestonInjectModule.packageRoot.appending(path: "scripts/weston-headless.ini")
    }
}

/// Builds weston-inject.so with gcc against libweston-10, once per source change.
enum WestonInjectModule {
    static var source: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Weston/weston-inject.c")
    }

    private static let built = Mutex<URL?>(nil)

    /// The module, compiled by the first test that needs it (tests run concurrently).
    static func build() throws -> URL {
        try built.withLock { library in
            if let library { return library }
            let compiled = try compile()
            library = compiled
            return compiled
        }
    }

    static var packageRoot: URL {
        source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private static func compile() throws -> URL {
        let directory = packageRoot.appending(path: ".build/harness")
        let library = directory.appending(path: "weston-inject.so")
        let attributes = { (url: URL) in
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date
        }
        if let built = attributes(library), let written = attributes(source), built > written { return library }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appending(path: "weston-inject-\(getpid()).so")
        let gcc = try ChildProcess(
            name: "weston-inject-gcc", executable: "/bin/sh",
            arguments: [
                "-c",
                "gcc -shared -fPIC -O2 -Wall -o '\(temporary.path)' '\(source.path)' $(pkg-config --cflags --libs libweston-10 wayland-server)",
            ],
            environment: ProcessInfo.processInfo.environment, directory: directory)
        guard gcc.waitForExit(timeout: 60) == 0 else {
            throw HarnessError("cannot build weston-inject.so (needs gcc and libweston-10-dev):\n\(gcc.output)")
        }
        _ = try? FileManager.default.removeItem(at: library)
        try FileManager.default.moveItem(at: temporary, to: library)  // atomic for concurrent tests
        return library
    }
}

import CompositorHarness
import Foundation
import Testing

/// How a WaylandUI program ends when the compositor is missing or dies: one clear line, exit status 1.
@Suite struct ProcessExitTests {
    @Test func noCompositorPrintsOneLineNamingTheSocketAndExitsWithOne() throws {
        let showcase = try BuiltProducts.executable("Showcase")
        let directory = FileManager.default.temporaryDirectory.appending(path: "no-wayland-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["WAYLAND_DISPLAY"] = "wayland-missing"
        let client = try ChildProcess(
            name: "showcase", executable: showcase, arguments: [], environment: environment, directory: directory)
        #expect(client.waitForExit(timeout: 10) == 1)
        let lines = client.output.split(separator: "\n")
        #expect(lines.count == 1, "\(client.output)")
        #expect(lines.first?.contains("WAYLAND_DISPLAY=wayland-missing") == true)
        #expect(lines.first?.contains("XDG_RUNTIME_DIR=\(directory.path)") == true)
    }

    /// A compositor that accepts the connection and never answers: after a few seconds one line says what the app
    /// waits for, and it goes on waiting (it may be a compositor stopped in a debugger).
    @Test func silentCompositorIsNamedAndTheAppKeepsWaiting() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "silent-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The fake compositor: a listening socket that accepts and never writes a byte.
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        #expect(server >= 0)
        defer { close(server) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(directory.appending(path: "silent-0").path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path)
            buffer[path.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0 && listen(server, 4) == 0, "\(String(cString: strerror(errno)))")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["WAYLAND_DISPLAY"] = "silent-0"
        let client = try ChildProcess(
            name: "host-probe", executable: try BuiltProducts.executable("HostProbe"), arguments: [],
            environment: environment, directory: directory)
        defer { client.stop() }
        var accepted: [Int32] = []
        defer { accepted.forEach { close($0) } }
        let expected = "WaylandUI: waiting for the compositor to answer wl_display.sync on WAYLAND_DISPLAY=silent-0"
        let said = waitUntil(timeout: 60) {
            let connection = accept(server, nil, nil)
            if connection >= 0 { accepted.append(connection) }
            return client.output.contains(expected) || !client.isRunning
        }
        #expect(said && !accepted.isEmpty, "\(client.output)")
        let lines = client.output.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix(expected), "\(client.output)")
        #expect(lines.first?.contains("XDG_RUNTIME_DIR=\(directory.path)") == true)
        #expect(client.isRunning, "the app keeps waiting: \(client.output)")
    }

    /// The client notices at once (12–44 ms on a quiet machine); the deadline is for a loaded one.
    @Test func compositorDeathEndsTheClient() throws {
        let weston = try Compositor.start(.weston)
        let probe = weston.runtimeDirectory.appending(path: "probe")
        let client = try weston.launchClient(
            try BuiltProducts.executable("Showcase"), environment: ["WAYLAND_UI_PROBE": probe.path])
        let mapped = waitUntil(timeout: 10) {
            ((try? String(contentsOf: probe, encoding: .utf8)) ?? "").contains("frame 1 ")
        }
        #expect(mapped, "the showcase never committed a frame: \(client.output)")

        let killedAt = Date()
        kill(try #require(weston.serverProcess).pid, SIGKILL)
        let status = client.waitForExit(timeout: 20)
        let elapsed = Date().timeIntervalSince(killedAt)
        #expect(status == 1, "exit status \(String(describing: status)) after \(elapsed) s")
        #expect(client.output.contains("lost the connection to the Wayland compositor"), "\(client.output)")
    }
}

/// A Wayland socket closed inside the app (a buggy library closing descriptors it does not own) is noticed too.
@Suite struct ClosedSocketTests {
    @Test func socketClosedUnderTheAppEndsItWithAClearMessage() throws {
        let weston = try Compositor.start(.weston)
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--close-sockets"])
        #expect(probe.waitForLine(startingWith: "frame 1 ") != nil, "\(client.output)")
        // The idle app looks at its socket every 10 s (with up to 5 s of leeway).
        #expect(client.waitForExit(timeout: 60) == 1, "\(client.output)")
        #expect(client.output.contains("closed every socket"), "\(client.output)")
        #expect(client.output.contains("lost the connection to the Wayland compositor"), "\(client.output)")
    }
}

/// The event source shares the main thread with the rest of an app's main-thread machinery.
@Suite struct MainLoopTests {
    @Test func timersMainQueueBlocksAndMainActorTasksRunBesideWaylandEvents() throws {
        let weston = try Compositor.start(.weston)
        let probe = weston.runtimeDirectory.appending(path: "probe")
        let client = try weston.launchClient(
            try BuiltProducts.executable("MainLoopProbe"), environment: ["WAYLAND_UI_PROBE": probe.path])
        #expect(client.waitForExit(timeout: 10) == 0, "\(client.output)")
        let facts = Set(
            ((try? String(contentsOf: probe, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init))
        #expect(facts == ["frame", "timer", "async", "task"])
    }
}

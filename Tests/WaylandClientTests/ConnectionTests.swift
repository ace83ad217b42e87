import CompositorHarness
import Foundation
import Testing

@testable import WaylandClient

/// The connection and registry against a real headless weston.
@Suite @MainActor struct ConnectionTests {
    @Test func connectsByAbsoluteSocketPathAndListsGlobals() throws {
        let weston = try Compositor.start(.weston)
        let connection = try Connection.connect(to: weston.socketPath)
        defer { connection.disconnect() }
        let registry = try Registry(connection: connection)
        let names = Set(registry.globals.map(\.interface))
        #expect(names.isSuperset(of: ["wl_compositor", "wl_shm", "xdg_wm_base", "wl_output"]))

        // Versions are negotiated down to what both sides speak.
        let offered = try #require(registry.global(WlCompositor.self)).version
        let compositor = try #require(registry.bind(WlCompositor.self))
        #expect(compositor.version == min(offered, WlCompositor.version))
        let limited = try #require(registry.bind(WlCompositor.self, maximumVersion: 1))
        #expect(limited.version == 1)
    }

    @Test func shmAdvertisesTheFormatWeDraw() throws {
        let weston = try Compositor.start(.weston)
        let connection = try Connection.connect(to: weston.socketPath)
        defer { connection.disconnect() }
        let shm = try Registry(connection: connection).require(WlShm.self)
        var formats: [WlShm.Format] = []
        shm.onEvent = { event in
            if case .format(let format) = event { formats.append(format) }
        }
        try connection.roundtrip()
        #expect(formats.contains(.argb8888))
    }

    @Test func protocolErrorCarriesInterfaceCodeAndMessage() throws {
        let weston = try Compositor.start(.weston)
        let session = try WaylandSession(displayName: weston.socketPath)
        defer { session.connection.disconnect() }
        let surface = session.compositor.createSurface()
        surface.setBufferScale(scale: 0)  // invalid: scale must be positive
        var caught: WaylandError?
        do {
            try session.connection.roundtrip()
        } catch {
            caught = error
        }
        guard case .protocolError(let interface, let objectID, let code, let message)? = caught else {
            Issue.record("expected a protocol error, got \(String(describing: caught))")
            return
        }
        #expect(interface == "wl_surface")
        #expect(objectID == surface.id)
        #expect(code == WlSurface.Error.invalidScale.rawValue)
        #expect(!message.isEmpty && message != "(no message)")
        // Once failed, the connection says so instead of touching the socket again.
        #expect(throws: WaylandError.self) { try session.connection.roundtrip() }
    }

    @Test func missingSocketIsAClearError() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "no-compositor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "wayland-nowhere").path
        #expect(
            throws: WaylandError.noCompositor(socket: "WAYLAND_DISPLAY=\(path)", reason: "No such file or directory")
        ) {
            _ = try Connection.connect(to: path)
        }
    }
}

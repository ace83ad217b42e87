import CompositorHarness
import Foundation
import Testing
import WaylandClient

/// A request newer than the object's bound version must stop the program with a message naming both
/// versions, not reach the compositor as a protocol error.
@Suite struct VersionCheckTests {
    @Test func requestNewerThanBoundVersionIsAPreconditionFailureNamingBothVersions() async throws {
        let weston = try Compositor.start(.weston)
        let socket = weston.runtimeDirectory.appending(path: weston.socketName).path
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [socket = socket as String] in
            await MainActor.run {
                let connection = try! Connection.connect(to: socket)
                let registry = try! Registry(connection: connection)
                let compositor = registry.bind(WlCompositor.self, maximumVersion: 1)!
                compositor.createSurface().setBufferScale(scale: 2)  // set_buffer_scale is since version 3
            }
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            stderr.contains("wl_surface.set_buffer_scale needs version 3, but this wl_surface is bound at version 1"),
            "\(stderr)")
    }
}

import CWayland
import CompositorHarness
import Foundation
import Testing

@testable import WaylandClient

/// Touchpad pinches: no headless compositor can inject one, so the events libwayland would hand us are
/// fed to the real pinch object's dispatcher (bound on sway, which offers zwp_pointer_gestures_v1).
@Suite @MainActor struct PinchDecodingTests {
    @Test func pinchEventsAreDecodedIntoSurfacePointsScaleAndDegrees() throws {
        let sway = try Compositor.start(.sway)
        let connection = try Connection.connect(to: sway.socketPath)
        defer { connection.disconnect() }
        let registry = try Registry(connection: connection)
        let seat = Seat(try registry.require(WlSeat.self), gestures: try registry.require(ZwpPointerGesturesV1.self))
        try connection.roundtrip()  // capabilities: the virtual pointer makes a pointer, and with it the pinch
        let pinch = try #require(seat.pinch)
        var received: [PinchEvent] = []
        seat.onPinch = { received.append($0) }

        func fixed(_ value: Double) -> wl_argument { wl_argument(f: wl_fixed_t(Int32(value * 256))) }
        var begin = [wl_argument(u: 7), wl_argument(u: 1000), wl_argument(o: nil), wl_argument(u: 2)]
        var update = [wl_argument(u: 1016), fixed(1.5), fixed(-2.25), fixed(1.25), fixed(-3.5)]
        var end = [wl_argument(u: 8), wl_argument(u: 1032), wl_argument(i: 1)]
        begin.withUnsafeMutableBufferPointer { pinch.dispatch(opcode: 0, arguments: $0.baseAddress!) }
        update.withUnsafeMutableBufferPointer { pinch.dispatch(opcode: 1, arguments: $0.baseAddress!) }
        end.withUnsafeMutableBufferPointer { pinch.dispatch(opcode: 2, arguments: $0.baseAddress!) }

        #expect(
            received == [
                .begin(time: 1000, surfaceID: 0, fingers: 2),
                .update(time: 1016, dx: 1.5, dy: -2.25, scale: 1.25, rotation: -3.5),
                .end(time: 1032, cancelled: true),
            ])
    }
}

import Foundation
import WaylandClient

// `VirtualInput --drag-source MIME`: a plain 200×200 magenta window (rgb 255,0,255) that starts a drag offering
// only MIME (copy and move) when the pointer presses it, and says on standard output `ready` (first frame drawn),
// `drag started`, then `drag cancelled` or `drag finished ACTION`.

@MainActor
func runDragSource(mimeType: String) -> Never {
    func say(_ line: String) { FileHandle.standardOutput.write(Data("\(line)\n".utf8)) }
    let session: WaylandSession
    do { session = try WaylandSession() } catch { WaylandSession.exitWithError(error) }
    guard let global = session.registry.globals.first(where: { $0.interface == WlSeat.name }),
        let manager = session.registry.bind(WlDataDeviceManager.self, maximumVersion: 3)
    else { WaylandSession.exitWithError(FixtureError(description: "no seat or no data device manager")) }
    let seat = Seat(session.registry.bind(global, as: WlSeat.self))
    let device = manager.getDataDevice(seat: seat.wlSeat)
    let window = ToplevelWindow(
        session: session, title: "drag source", appID: "drag-source",
        defaultSize: ToplevelWindow.Size(width: 200, height: 200))
    var drawn = false
    window.draw = { buffer in
        for index in 0..<(buffer.stride / 4 * buffer.height) { buffer.words[index] = 0xFFFF_00FF }
        if !drawn {
            drawn = true
            DispatchQueue.main.async { say("ready") }
        }
        return [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
    }
    var source: WlDataSource?
    seat.onPointerFrame = { frame in
        for case .button(let serial, _, _, true) in frame where source == nil {
            let offered = manager.createDataSource()
            offered.offer(mimeType: mimeType)
            offered.setActions(dndActions: [.copy, .move])
            var action = WlDataDeviceManager.DndAction.none
            offered.onEvent = { event in
                switch event {
                case .send(_, let fd): close(fd)
                case .action(let chosen): action = chosen
                case .cancelled: say("drag cancelled")
                case .dndFinished: say("drag finished \(action.rawValue)")
                default: break
                }
            }
            source = offered
            device.startDrag(source: offered, origin: window.surface, icon: nil, serial: serial)
            session.connection.flush()
            say("drag started")
        }
    }
    session.run()
}

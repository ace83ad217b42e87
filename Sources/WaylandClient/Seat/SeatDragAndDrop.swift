import Foundation
import Glibc

/// Drag and drop of text on a seat's `wl_data_device`: as a source (our text dragged out, offered in the text
/// MIME types with the copy and move actions) and as a destination (a drag over our surfaces, its text read
/// through the same off-main-thread pipe reader as the clipboard's, with the same limit).
@MainActor
public final class SeatDragAndDrop {
    /// A drag over our surfaces, in surface coordinates.
    public enum Event {
        /// A drag entered `surfaceID`; `hasText`: it offers a text type.
        case enter(surfaceID: UInt32, x: Double, y: Double, hasText: Bool)
        case motion(x: Double, y: Double)
        /// It left (or was dropped elsewhere, or cancelled).
        case leave
        /// It was let go at the last position: call `receiveDrop` if it was accepted.
        case drop
    }

    /// How our own drag ended.
    public enum Outcome: Sendable { case cancelled, copied, moved }

    public var onEvent: ((Event) -> Void)?

    private let connection: Connection
    private let manager: WlDataDeviceManager
    private let device: WlDataDevice
    /// What each announced offer's source allows (sent before the offer enters).
    private var sourceActions: [ObjectIdentifier: WlDataDeviceManager.DndAction] = [:]
    /// The drag over us now: its offer, the serial of its entry, the text type to ask for (nil: none offered),
    /// the action the compositor chose, and whether we accepted it where it is.
    private var current:
        (
            offer: WlDataOffer, serial: UInt32, textType: String?, action: WlDataDeviceManager.DndAction,
            accepted: Bool
        )?
    /// Our own drag while it goes on, and how to end it as cancelled.
    private var outgoing: (source: WlDataSource, cancel: () -> Void)?

    init(connection: Connection, manager: WlDataDeviceManager, device: WlDataDevice) {
        self.connection = connection
        self.manager = manager
        self.device = device
    }

    // MARK: The device's and offers' events (SeatClipboard passes them on)

    func offer(_ offer: WlDataOffer, allows actions: WlDataDeviceManager.DndAction) {
        sourceActions[ObjectIdentifier(offer)] = actions
    }

    func offer(_ offer: WlDataOffer, chose action: WlDataDeviceManager.DndAction) {
        if current?.offer === offer { current?.action = action }
    }

    func entered(serial: UInt32, surface: WlSurface?, x: Double, y: Double, offer: WlDataOffer?, types: [String]) {
        endCurrent()
        guard let offer, let surface else {
            offer?.destroy()
            return
        }
        let type = TextTransfer.bestMimeType(of: types)
        current = (offer, serial, type, [], false)
        onEvent?(.enter(surfaceID: surface.id, x: x, y: y, hasText: type != nil))
    }

    func moved(x: Double, y: Double) {
        if current != nil { onEvent?(.motion(x: x, y: y)) }
    }

    func left() {
        guard current != nil else { return }
        onEvent?(.leave)
        endCurrent()
    }

    func dropped() {
        guard current != nil else { return }
        onEvent?(.drop)
        // A drop nobody received ends here (one being received ends when its text is read).
        endCurrent()
    }

    private func endCurrent() {
        guard let current else { return }
        sourceActions[ObjectIdentifier(current.offer)] = nil
        current.offer.destroy()
        self.current = nil
    }

    // MARK: Destination

    /// Answers the drag over us at its latest position: taking its text there (`accept`), preferring to move
    /// it (within one window) or to copy it, or refusing it.
    public func answer(accept: Bool, preferMove: Bool) {
        guard let drag = current else { return }
        let allowed = (sourceActions[ObjectIdentifier(drag.offer)] ?? [.copy]).intersection([.copy, .move])
        let taking = accept && drag.textType != nil && !allowed.isEmpty
        current?.accepted = taking
        drag.offer.accept(serial: drag.serial, mimeType: taking ? drag.textType : nil)
        if drag.offer.version >= 3 {
            let preferred: WlDataDeviceManager.DndAction =
                allowed.contains(preferMove ? .move : .copy) ? (preferMove ? .move : .copy) : allowed
            drag.offer.setActions(dndActions: taking ? allowed : [], preferredAction: taking ? preferred : [])
        }
        connection.flush()
    }

    /// Reads the text of the drag just dropped (at most `limit` bytes, off the main thread) and hands it to
    /// `completion` with whether the drag moves it; nothing happens when no drop was accepted.
    public func receiveDrop(limit: Int, completion: @escaping @MainActor (_ text: String, _ move: Bool) -> Void) {
        guard let drag = current, drag.accepted, let type = drag.textType, let pipe = TextTransfer.makePipe() else {
            endCurrent()
            return
        }
        current = nil
        drag.offer.receive(mimeType: type, fd: pipe.write)
        close(pipe.write)
        connection.flush()
        let move = drag.action == .move
        TextTransfer.read(pipe.read, limit: limit) { [weak self] text in
            // The source may act (delete a moved text) once told the drop is done.
            if drag.offer.version >= 3 { drag.offer.finish() }
            self?.sourceActions[ObjectIdentifier(drag.offer)] = nil
            drag.offer.destroy()
            self?.connection.flush()
            completion(text, move)
        }
    }

    // MARK: Source

    /// Starts dragging `text` from `origin` (the surface the pointer pressed, with that press's `serial`),
    /// offering copy and move; `onEnd` hears how it ended, once.
    public func startDrag(
        text: String, origin: WlSurface, serial: UInt32, onEnd: @escaping @MainActor (Outcome) -> Void
    ) {
        outgoing?.cancel()
        let source = manager.createDataSource()
        for type in TextTransfer.mimeTypes { source.offer(mimeType: type) }
        if source.version >= 3 { source.setActions(dndActions: [.copy, .move]) }
        var action: WlDataDeviceManager.DndAction = source.version >= 3 ? [] : .copy
        var ended = false
        let finish = { [weak self] (outcome: Outcome) in
            guard !ended else { return }
            ended = true
            if self?.outgoing?.source === source { self?.outgoing = nil }
            source.onEvent = nil
            source.destroy()
            onEnd(outcome)
        }
        source.onEvent = { event in
            switch event {
            case .send(_, let fd): TextTransfer.write(text, to: fd)
            case .action(let chosen): action = chosen
            case .dndFinished: finish(action == .move ? .moved : .copied)
            case .cancelled: finish(.cancelled)
            case .target, .dndDropPerformed: break
            }
        }
        outgoing = (source, { finish(.cancelled) })
        device.startDrag(source: source, origin: origin, icon: nil, serial: serial)
        connection.flush()
    }
}

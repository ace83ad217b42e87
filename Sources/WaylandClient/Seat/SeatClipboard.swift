import Foundation
import Glibc

/// A seat's two selections as text: the clipboard (`wl_data_device`) and, where the compositor has it, the
/// primary selection (`zwp_primary_selection_device_v1`). Offering text makes us the selection's owner until
/// another client takes it; pasting asks the current owner (maybe us) for the best text type it offers.
@MainActor
public final class SeatClipboard {
    public enum Selection: Hashable, Sendable { case clipboard, primary }

    private let connection: Connection
    private let dataDevice: WlDataDevice?
    private let primaryDevice: ZwpPrimarySelectionDeviceV1?
    /// The two selections behind what their protocols share.
    private let channels: [Selection: SelectionChannel]
    /// The serial of the latest input event: selections may only be set in answer to input.
    public var inputSerial: UInt32 = 0
    /// Drag and drop on the same device (nil without `wl_data_device_manager`).
    public let dragAndDrop: SeatDragAndDrop?

    /// Text read from another client is cut at this many bytes (beyond any text field's limit).
    public static let readLimit = (1 << 20) + 4

    public init(registry: Registry, seat: WlSeat) {
        connection = seat.connection
        let dataManager = registry.bind(WlDataDeviceManager.self, maximumVersion: 3)
        let primaryManager = registry.bind(ZwpPrimarySelectionDeviceManagerV1.self)
        let dataDevice = dataManager?.getDataDevice(seat: seat)
        let primaryDevice = primaryManager?.getDevice(seat: seat)
        self.dataDevice = dataDevice
        self.primaryDevice = primaryDevice
        let clipboard = SelectionChannel(
            makeSource: dataManager.flatMap { manager in
                dataDevice.map { device in
                    SelectionChannel.sources(manager.createDataSource) { device.setSelection(source: $0, serial: $1) }
                }
            })
        let primary = SelectionChannel(
            makeSource: primaryManager.flatMap { manager in
                primaryDevice.map { device in
                    SelectionChannel.sources(manager.createSource) { device.setSelection(source: $0, serial: $1) }
                }
            })
        channels = [.clipboard: clipboard, .primary: primary]
        let drags = dataManager.flatMap { manager in
            dataDevice.map { SeatDragAndDrop(connection: seat.connection, manager: manager, device: $0) }
        }
        dragAndDrop = drags
        dataDevice?.onEvent = { event in
            switch event {
            case .dataOffer(let offer):
                // Any offer may become the selection or enter as a drag: its types are kept until we know.
                clipboard.announced(offer, destroy: offer.destroy)
                offer.onEvent = { [unowned offer] event in
                    switch event {
                    case .offer(let type): clipboard.offered(type, by: offer)
                    case .sourceActions(let actions): drags?.offer(offer, allows: actions)
                    case .action(let action): drags?.offer(offer, chose: action)
                    }
                }
            case .selection(let offer):
                clipboard.select(offer) { type, fd in offer?.receive(mimeType: type, fd: fd) }
            case .enter(let serial, let surface, let x, let y, let offer):
                let types = offer.map { clipboard.take($0) } ?? []
                if let drags {
                    drags.entered(serial: serial, surface: surface, x: x, y: y, offer: offer, types: types)
                } else {
                    offer?.destroy()
                }
            case .motion(_, let x, let y): drags?.moved(x: x, y: y)
            case .leave: drags?.left()
            case .drop: drags?.dropped()
            }
        }
        primaryDevice?.onEvent = { event in
            switch event {
            case .dataOffer(let offer):
                primary.announced(offer, destroy: offer.destroy)
                offer.onEvent = { [unowned offer] event in
                    if case .offer(let type) = event { primary.offered(type, by: offer) }
                }
            case .selection(let offer):
                primary.select(offer) { type, fd in offer?.receive(mimeType: type, fd: fd) }
            }
        }
    }

    /// Whether the compositor offers `selection` at all.
    public func supports(_ selection: Selection) -> Bool {
        selection == .clipboard ? dataDevice != nil : primaryDevice != nil
    }

    /// Offers `text` on `selection`.
    public func setText(_ text: String, on selection: Selection) {
        channels[selection]?.offer(text, serial: inputSerial)
        connection.flush()
    }

    /// Asks for the text on `selection`; `completion` runs on the main queue once it has arrived (not at all
    /// when the selection is empty or holds no text).
    public func requestText(on selection: Selection, completion: @escaping @MainActor (String) -> Void) {
        channels[selection]?.requestText(limit: Self.readLimit, connection: connection, completion: completion)
    }
}

/// One selection (the clipboard or the primary selection) behind what both protocols share: offers
/// announced with their MIME types, the offer that is the selection now, and our own source while we own it.
@MainActor
private final class SelectionChannel {
    /// Makes a source offering our text that calls `send` with a descriptor to write to and `cancelled` when
    /// another source replaced it; returns the actions that make it the selection and destroy it.
    typealias MakeSource = (_ send: @escaping (Int32) -> Void, _ cancelled: @escaping () -> Void)
        -> (select: (UInt32) -> Void, destroy: () -> Void)

    /// Our source while it is the selection (or until the compositor cancels it).
    private final class OwnedSource {
        var destroyAction: (() -> Void)?
        func destroy() {
            destroyAction?()
            destroyAction = nil
        }
    }

    private let makeSource: MakeSource?
    /// Offers announced, with their MIME types so far and how to let them go.
    private var offers: [ObjectIdentifier: (types: [String], destroy: () -> Void)] = [:]
    /// The offer that is the selection now, and how to ask it for a type.
    private var current: (id: ObjectIdentifier, receive: (String, Int32) -> Void)?
    private var source: OwnedSource?
    /// What we offer while we own the selection.
    private var owned: String?

    init(makeSource: MakeSource?) { self.makeSource = makeSource }

    /// Sources made by `create` that offer our text types and become the selection through `select`.
    static func sources<Source: TextSource>(
        _ create: @escaping () -> Source,
        select: @escaping (Source, UInt32) -> Void
    ) -> MakeSource {
        { send, cancelled in
            let source = create()
            for type in TextTransfer.mimeTypes { source.offer(mimeType: type) }
            source.onTransfer(send: send, cancelled: cancelled)
            return ({ select(source, $0) }, source.destroy)
        }
    }

    func announced(_ offer: AnyObject, destroy: @escaping () -> Void) {
        offers[ObjectIdentifier(offer)] = ([], destroy)
    }

    func offered(_ type: String, by offer: AnyObject) {
        offers[ObjectIdentifier(offer)]?.types.append(type)
    }

    /// The selection changed to `offer` (nil: empty); the previous offer is let go.
    func select(_ offer: AnyObject?, receive: @escaping (String, Int32) -> Void) {
        let id = offer.map(ObjectIdentifier.init)
        if let old = current, old.id != id, let entry = offers.removeValue(forKey: old.id) { entry.destroy() }
        current = id.map { ($0, receive) }
    }

    /// Hands `offer` over (a drag took it): its types, and it is no longer ours to destroy.
    func take(_ offer: AnyObject) -> [String] {
        offers.removeValue(forKey: ObjectIdentifier(offer))?.types ?? []
    }

    /// Makes `text` the selection, ours until another client takes it.
    func offer(_ text: String, serial: UInt32) {
        guard let makeSource else { return }
        owned = text
        source?.destroy()
        let token = OwnedSource()
        let made = makeSource({ [unowned self] fd in TextTransfer.write(owned ?? "", to: fd) }) { [unowned self] in
            if source === token {
                source = nil
                owned = nil
            }
            token.destroy()
        }
        token.destroyAction = made.destroy
        source = token
        made.select(serial)
    }

    func requestText(limit: Int, connection: Connection, completion: @escaping @MainActor (String) -> Void) {
        // Our own text needs no round trip through the compositor.
        if let owned { return completion(owned) }
        guard let current, let types = offers[current.id]?.types, let type = TextTransfer.bestMimeType(of: types),
            let pipe = TextTransfer.makePipe()
        else { return }
        current.receive(type, pipe.write)
        close(pipe.write)
        connection.flush()
        TextTransfer.read(pipe.read, limit: limit, completion: completion)
    }
}

/// What the clipboard's and the primary selection's sources have in common.
@MainActor
private protocol TextSource: AnyObject {
    func offer(mimeType: String)
    func destroy()
    /// Calls `send` when a client asks for the text (with the descriptor to write it to), `cancelled` when
    /// another source replaced this one.
    func onTransfer(send: @escaping (Int32) -> Void, cancelled: @escaping () -> Void)
}

extension WlDataSource: TextSource {
    fileprivate func onTransfer(send: @escaping (Int32) -> Void, cancelled: @escaping () -> Void) {
        onEvent = { event in
            switch event {
            case .send(_, let fd): send(fd)
            case .cancelled: cancelled()
            default: break
            }
        }
    }
}

extension ZwpPrimarySelectionSourceV1: TextSource {
    fileprivate func onTransfer(send: @escaping (Int32) -> Void, cancelled: @escaping () -> Void) {
        onEvent = { event in
            switch event {
            case .send(_, let fd): send(fd)
            case .cancelled: cancelled()
            }
        }
    }
}

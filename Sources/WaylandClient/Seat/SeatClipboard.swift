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
    private let dataManager: WlDataDeviceManager?
    private let primaryDevice: ZwpPrimarySelectionDeviceV1?
    private let primaryManager: ZwpPrimarySelectionDeviceManagerV1?
    /// Offers announced but not yet named as a selection, with their MIME types.
    private var dataOffers: [ObjectIdentifier: (offer: WlDataOffer, types: [String])] = [:]
    private var primaryOffers: [ObjectIdentifier: (offer: ZwpPrimarySelectionOfferV1, types: [String])] = [:]
    private var clipboardOffer: WlDataOffer?
    private var primaryOffer: ZwpPrimarySelectionOfferV1?
    private var dataSource: WlDataSource?
    private var primarySource: ZwpPrimarySelectionSourceV1?
    /// What we offer on each selection while we own it.
    private var owned: [Selection: String] = [:]
    /// The serial of the latest input event: selections may only be set in answer to input.
    public var inputSerial: UInt32 = 0

    /// Text read from another client is cut at this many bytes (beyond any text field's limit).
    public static let readLimit = (1 << 20) + 4

    public init(registry: Registry, seat: WlSeat) {
        connection = seat.connection
        dataManager = registry.bind(WlDataDeviceManager.self, maximumVersion: 3)
        primaryManager = registry.bind(ZwpPrimarySelectionDeviceManagerV1.self)
        dataDevice = dataManager?.getDataDevice(seat: seat)
        primaryDevice = primaryManager?.getDevice(seat: seat)
        dataDevice?.onEvent = { [unowned self] event in
            switch event {
            case .dataOffer(let offer):
                dataOffers[ObjectIdentifier(offer)] = (offer, [])
                offer.onEvent = { [unowned self, unowned offer] event in
                    if case .offer(let type) = event { dataOffers[ObjectIdentifier(offer)]?.types.append(type) }
                }
            case .selection(let offer):
                if let old = clipboardOffer, old !== offer { dataOffers[ObjectIdentifier(old)] = nil; old.destroy() }
                clipboardOffer = offer
            case .enter(_, _, _, _, let offer):
                // Drag and drop is not taken: the offer is let go at once.
                if let offer { dataOffers[ObjectIdentifier(offer)] = nil; offer.destroy() }
            default: break
            }
        }
        primaryDevice?.onEvent = { [unowned self] event in
            switch event {
            case .dataOffer(let offer):
                primaryOffers[ObjectIdentifier(offer)] = (offer, [])
                offer.onEvent = { [unowned self, unowned offer] event in
                    if case .offer(let type) = event { primaryOffers[ObjectIdentifier(offer)]?.types.append(type) }
                }
            case .selection(let offer):
                if let old = primaryOffer, old !== offer { primaryOffers[ObjectIdentifier(old)] = nil; old.destroy() }
                primaryOffer = offer
            }
        }
    }

    /// Whether the compositor offers `selection` at all.
    public func supports(_ selection: Selection) -> Bool {
        selection == .clipboard ? dataDevice != nil : primaryDevice != nil
    }

    /// Offers `text` on `selection`.
    public func setText(_ text: String, on selection: Selection) {
        owned[selection] = text
        switch selection {
        case .clipboard:
            guard let dataManager, let dataDevice else { return }
            dataSource?.destroy()
            let source = dataManager.createDataSource()
            for type in TextTransfer.mimeTypes { source.offer(mimeType: type) }
            source.onEvent = { [unowned self, unowned source] event in
                switch event {
                case .send(_, let fd): TextTransfer.write(owned[.clipboard] ?? "", to: fd)
                case .cancelled:
                    if dataSource === source { dataSource = nil; owned[.clipboard] = nil }
                    source.destroy()
                default: break
                }
            }
            dataSource = source
            dataDevice.setSelection(source: source, serial: inputSerial)
        case .primary:
            guard let primaryManager, let primaryDevice else { return }
            primarySource?.destroy()
            let source = primaryManager.createSource()
            for type in TextTransfer.mimeTypes { source.offer(mimeType: type) }
            source.onEvent = { [unowned self, unowned source] event in
                switch event {
                case .send(_, let fd): TextTransfer.write(owned[.primary] ?? "", to: fd)
                case .cancelled:
                    if primarySource === source { primarySource = nil; owned[.primary] = nil }
                    source.destroy()
                }
            }
            primarySource = source
            primaryDevice.setSelection(source: source, serial: inputSerial)
        }
        connection.flush()
    }

    /// Asks for the text on `selection`; `completion` runs on the main queue once it has arrived (not at all
    /// when the selection is empty or holds no text).
    public func requestText(on selection: Selection, completion: @escaping @MainActor (String) -> Void) {
        // Our own text needs no round trip through the compositor.
        if let text = owned[selection] { completion(text); return }
        switch selection {
        case .clipboard:
            guard let offer = clipboardOffer, let types = dataOffers[ObjectIdentifier(offer)]?.types,
                  let type = TextTransfer.bestMimeType(of: types), let pipe = TextTransfer.makePipe() else { return }
            offer.receive(mimeType: type, fd: pipe.write)
            close(pipe.write)
            connection.flush()
            TextTransfer.read(pipe.read, limit: Self.readLimit, completion: completion)
        case .primary:
            guard let offer = primaryOffer, let types = primaryOffers[ObjectIdentifier(offer)]?.types,
                  let type = TextTransfer.bestMimeType(of: types), let pipe = TextTransfer.makePipe() else { return }
            offer.receive(mimeType: type, fd: pipe.write)
            close(pipe.write)
            connection.flush()
            TextTransfer.read(pipe.read, limit: Self.readLimit, completion: completion)
        }
    }
}

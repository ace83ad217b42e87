import Dispatch
import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// Text fields' drag and drop on one seat's `wl_data_device`: a field's selection dragged out becomes a
/// Wayland drag from the window the pointer pressed; a drag over a window is shown and dropped by the field
/// under it. Within one window the move action is preferred (GTK's choice), elsewhere the copy action.
@MainActor
final class TextDragAndDropBridge: TextDragHost {
    private let dragAndDrop: SeatDragAndDrop
    private let seat: WlSeat
    private let window: (UInt32) -> WindowHost?
    private let pointerWindow: () -> WindowHost?
    /// The window our own drag started in, while it goes on.
    private weak var sourceWindow: WindowHost?
    /// The drag over us: the window it is over, whether it offers text, where it is (window points), and the
    /// field it is over.
    private var over: (window: WindowHost, hasText: Bool, point: CGPoint)?
    private var target: TextInputTarget?
    /// Whether the drag was taken where it was last (probe lines tell each change).
    private var accepted: Bool?

    init(
        dragAndDrop: SeatDragAndDrop, seat: WlSeat, window: @escaping (UInt32) -> WindowHost?,
        pointerWindow: @escaping () -> WindowHost?
    ) {
        self.dragAndDrop = dragAndDrop
        self.seat = seat
        self.window = window
        self.pointerWindow = pointerWindow
        dragAndDrop.onEvent = { [unowned self] event in self.handle(event) }
    }

    // MARK: Source

    func startDrag(_ drag: TextDrag) -> Bool {
        guard let host = pointerWindow(), let (pressSeat, serial) = host.latestInputSerial, pressSeat === seat else {
            return false
        }
        sourceWindow = host
        Probe.report("drag start \(drag.text.utf8.count) bytes")
        dragAndDrop.startDrag(text: drag.text, origin: host.window.surface, serial: serial) { [weak self] outcome in
            self?.sourceWindow = nil
            Probe.report("drag end \(outcome)")
            let ended: TextDrag.Outcome =
                switch outcome {
                case .cancelled: .cancelled
                case .copied: .copied
                case .moved: .moved
                }
            drag.end(ended)
        }
        // The compositor takes the pointer for the drag: its button's release never reaches the window.
        DispatchQueue.main.async { MainActor.assumeIsolated { host.endPointerSequences() } }
        return true
    }

    // MARK: Destination

    private func handle(_ event: SeatDragAndDrop.Event) {
        switch event {
        case .enter(let surfaceID, let x, let y, let hasText):
            guard let host = window(surfaceID), host.window.surface.id == surfaceID else {
                over = nil
                dragAndDrop.answer(accept: false, preferMove: false)
                return
            }
            over = (host, hasText, CGPoint(x: x, y: y))
            hover()
        case .motion(let x, let y):
            over?.point = CGPoint(x: x, y: y)
            hover()
        case .leave:
            target?.dropTarget.hover(nil)
            target = nil
            over = nil
            accepted = nil
        case .drop:
            guard let over, let target, target.dropTarget.hover(over.point) else {
                Probe.report("drop refused")
                target?.dropTarget.hover(nil)
                target = nil
                return
            }
            self.target = nil
            accepted = nil
            dragAndDrop.receiveDrop(limit: SeatClipboard.readLimit) { text, move in
                Probe.report("drop \(text.utf8.count) bytes \(move ? "move" : "copy")")
                target.dropTarget.drop(text, over.point, move)
            }
        }
    }

    /// Finds the field under the drag, shows the drop caret there and tells the source whether it is taken.
    private func hover() {
        guard let over else { return }
        let field = over.hasText ? over.window.focus.textInput(at: over.point) : nil
        if let target, target !== field { target.dropTarget.hover(nil) }
        target = field
        let taken = field?.dropTarget.hover(over.point) ?? false
        dragAndDrop.answer(accept: taken, preferMove: sourceWindow === over.window)
        if accepted != taken { Probe.report("drop over \(taken ? "accepted" : "refused")") }
        accepted = taken
    }
}

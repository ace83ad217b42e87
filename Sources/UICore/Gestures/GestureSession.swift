import CoreGraphics
import Foundation

/// Identifies one attached gesture across updates.
struct GestureKey: Hashable {
    let owner: ViewIdentity
    let index: Int
}

/// The recognition of one attached gesture, from the first sequence reaching it until it is over and its
/// sequences are up.
@MainActor
final class GestureSession {
    enum Status { case running, endPending, ended, failed }
    let id: Int
    let key: GestureKey
    var attached: AttachedGesture
    /// Maps window points into the space the attachment's frame is in, when effects outside it rotate or scale.
    var windowToLayout: CGAffineTransform?
    let recognizer: AnyGestureRecognizer
    var priority: AttachedGesture.Priority { attached.priority }
    var live = LiveSequences()
    var status = Status.running
    /// Callbacks queued in this step.
    var pending: [GestureAction] = []
    /// Buffers a step borrows and hands back, so that a step allocates none.
    var stepPoints: [TrackedPoint] = []
    var stepActions: [GestureAction] = []
    /// Callbacks of an end waiting for higher-ranked competitors.
    var held: [GestureAction] = []
    var higher: Set<Int> = []
    var lower: Set<Int> = []

    init(id: Int, attached: AttachedGesture) {
        self.id = id
        self.attached = attached
        key = GestureKey(owner: attached.owner, index: attached.index)
        recognizer = makeAnyRecognizer(attached.gesture)
    }

    var isOver: Bool { status != .running }
    /// Neither ended (delivered) nor failed.
    var isUnresolved: Bool { status == .running || status == .endPending }
    /// Active, or ended and delivered: lower-ranked competitors lose.
    var isWinning: Bool { (status == .running && recognizer.phaseKind == .active) || status == .ended }
    var deadline: Double? { status == .running ? recognizer.deadline : nil }
    var debugName: String { recognizer.debugName }

    var info: LiveGestureInfo {
        var lines: [String] = []
        func visit(_ r: AnyGestureRecognizer, _ indent: String) {
            lines.append("\(indent)\(r.debugName): \(r.phaseKind.rawValue)")
            for child in r.children { visit(child, indent + "  ") }
        }
        visit(recognizer, "")
        let phase: GesturePhaseKind =
            switch status {
            case .running: recognizer.phaseKind
            case .endPending: .possible
            case .ended: .ended
            case .failed: .failed
            }
        return LiveGestureInfo(
            session: id, gesture: debugName, frame: attached.frameInWindow, priority: priority,
            phase: phase, recognizers: lines)
    }
}

/// The input sequences (pointer, fingers) a session follows, in the order they joined; membership is O(1), so a
/// frame of thousands of touch-downs costs linear time.
struct LiveSequences: Sequence {
    private var order: [InputSequenceID] = []
    private var members: Set<InputSequenceID> = []

    var isEmpty: Bool { order.isEmpty }
    func contains(_ id: InputSequenceID) -> Bool { members.contains(id) }
    func makeIterator() -> IndexingIterator<[InputSequenceID]> { order.makeIterator() }

    mutating func insert(_ id: InputSequenceID) {
        if members.insert(id).inserted { order.append(id) }
    }

    /// Removes every sequence in `ended` (one pass, however many ended).
    mutating func remove(_ ended: Set<InputSequenceID>) {
        guard !members.isDisjoint(with: ended) else { return }
        order.removeAll { ended.contains($0) }
        members.subtract(ended)
    }

    mutating func removeAll() {
        order.removeAll()
        members.removeAll()
    }
}

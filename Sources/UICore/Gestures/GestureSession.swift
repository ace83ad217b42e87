import CoreGraphics
import Foundation

/// Identifies one attached gesture across updates.
package struct GestureKey: Hashable {
    package let owner: ViewIdentity
    package let index: Int
}

/// The recognition of one attached gesture, from the first sequence reaching it until it is over and its
/// sequences are up.
@MainActor
package final class GestureSession {
    package enum Status { case running, endPending, ended, failed }
    package let id: Int
    package let key: GestureKey
    package var attached: AttachedGesture
    /// Maps window points into the space the attachment's frame is in, when effects outside it rotate or scale.
    package var windowToLayout: CGAffineTransform?
    package let recognizer: AnyGestureRecognizer
    package var priority: AttachedGesture.Priority { attached.priority }
    package var live = LiveSequences()
    package var status = Status.running
    /// Callbacks queued in this step.
    package var pending: [GestureAction] = []
    /// Buffers a step borrows and hands back, so that a step allocates none.
    package var stepPoints: [TrackedPoint] = []
    package var stepActions: [GestureAction] = []
    /// Callbacks of an end waiting for higher-ranked competitors.
    package var held: [GestureAction] = []
    package var higher: Set<Int> = []
    package var lower: Set<Int> = []

    package init(id: Int, attached: AttachedGesture) {
        self.id = id
        self.attached = attached
        key = GestureKey(owner: attached.owner, index: attached.index)
        recognizer = makeAnyRecognizer(attached.gesture)
    }

    package var isOver: Bool { status != .running }
    /// Neither ended (delivered) nor failed.
    package var isUnresolved: Bool { status == .running || status == .endPending }
    /// Active, or ended and delivered: lower-ranked competitors lose.
    package var isWinning: Bool { (status == .running && recognizer.phaseKind == .active) || status == .ended }
    package var deadline: Double? { status == .running ? recognizer.deadline : nil }
    package var debugName: String { recognizer.debugName }

    package var info: LiveGestureInfo {
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
package struct LiveSequences: Sequence {
    private var order: [InputSequenceID] = []
    private var members: Set<InputSequenceID> = []

    package var isEmpty: Bool { order.isEmpty }
    package func contains(_ id: InputSequenceID) -> Bool { members.contains(id) }
    package func makeIterator() -> IndexingIterator<[InputSequenceID]> { order.makeIterator() }

    package mutating func insert(_ id: InputSequenceID) {
        if members.insert(id).inserted { order.append(id) }
    }

    /// Removes every sequence in `ended` (one pass, however many ended).
    package mutating func remove(_ ended: Set<InputSequenceID>) {
        guard !members.isDisjoint(with: ended) else { return }
        order.removeAll { ended.contains($0) }
        members.subtract(ended)
    }

    package mutating func removeAll() {
        order.removeAll()
        members.removeAll()
    }
}

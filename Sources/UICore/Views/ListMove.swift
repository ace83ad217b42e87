import Foundation

/// A row dragged by its move handle in edit mode, and the rows moving aside for it.
struct ListMoveState {
    /// The row dragged, and how far along the list.
    var row: Int?
    var translation: CGFloat = 0
    /// The row whose place it would take (an element index).
    var target: Int?
    /// Rows moving aside: their shift slides from `from` to `to` (animation-clock seconds; `start` set by the first
    /// frame).
    var shifts: [Int: (from: CGFloat, to: CGFloat, start: Double?)] = [:]

    static let duration = 0.2
}

extension ListGestureIndex {
    static func moveHandle(_ row: Int) -> Int { (2 << 40) + row }
}

extension ListNode {
    static let moveHandleWidth: CGFloat = 36

    /// Rows of a `ForEach` with `onMove` show a handle at their trailing edge in edit mode.
    func showsMoveHandle(_ index: Int) -> Bool { isEditing && traits(at: index).editing?.onMove != nil }

    /// How far row `index` is moved along the list now (dragged, or moving aside).
    func moveShift(of index: Int) -> CGFloat {
        if move.row == index { return move.translation }
        guard let shift = move.shifts[index] else { return 0 }
        guard let start = shift.start else { return shift.from }
        let progress = min(1, (graph.animations.time - start) / ListMoveState.duration)
        return shift.from + (shift.to - shift.from) * (1 - pow(1 - progress, 3))
    }

    /// `element` where it shows now.
    func displayed(_ element: PlacedElement) -> PlacedElement {
        var moved = element
        moved.start += moveShift(of: element.index)
        return moved
    }

    /// The handle's three bars, at the trailing edge of `box`.
    func moveHandleItems(box: CGRect, color: RGBA) -> [DisplayItem] {
        (0..<3).map { bar in
            let rect = CGRect(x: box.maxX - 26, y: box.midY - 5 + CGFloat(bar) * 4, width: 16, height: 2)
            return .fill(
                FillOperation(
                    path: Path(roundedRect: rect, cornerRadius: 1), primitive: nil, paint: .color(color), eoFill: false,
                    antialiased: true))
        }
    }

    /// The handle's hit area: a press there drags the row.
    func moveHandleHit(row index: Int, box: CGRect) -> HitTestNode {
        let frame = CGRect(
            x: box.maxX - Self.moveHandleWidth, y: box.minY, width: Self.moveHandleWidth, height: box.height)
        let gesture = RowMoveGesture()
            .onChanged { [weak self] value in self?.moveChanged(row: index, translation: value) }
            .onEnded { [weak self] value in self?.moveEnded(row: index, translation: value) }
        let attached = AttachedGesture(
            gesture: gesture, priority: .normal, mask: .all, owner: identity, index: ListGestureIndex.moveHandle(index),
            frameInWindow: frame, namedSpaces: [:])
        return HitTestNode(
            kind: .contentShape, identity: identity, frame: frame, shape: nil, children: [], gestures: [attached],
            name: "List move handle")
    }

    /// The placed rows the dragged row can trade places with: those of its `ForEach`.
    private func moveCandidates(for index: Int) -> [PlacedElement] {
        let path = forEachPath(of: index)
        return placedElements.filter {
            !$0.isPinned && role(of: $0.index) == .row && traits(at: $0.index).editing?.onMove != nil
                && forEachPath(of: $0.index) == path
        }
    }

    private func moveChanged(row index: Int, translation: CGFloat) {
        let candidates = moveCandidates(for: index)
        guard let dragged = candidates.first(where: { $0.index == index }) else { return }
        move.row = index
        move.translation = translation
        // The row lands where its middle is: past the middle of a row below, or above the middle of one above.
        let middle = dragged.start + dragged.extent / 2 + translation
        var target = index
        for other in candidates where other.index > index && middle > other.start + other.extent / 2 {
            target = max(target, other.index)
        }
        for other in candidates where other.index < index && middle < other.start + other.extent / 2 {
            target = min(target, other.index)
        }
        move.target = target
        var animates = false
        for other in candidates where other.index != index {
            let aside: CGFloat
            if target > index && other.index > index && other.index <= target {
                aside = -dragged.extent
            } else if target < index && other.index >= target && other.index < index {
                aside = dragged.extent
            } else {
                aside = 0
            }
            if (move.shifts[other.index]?.to ?? 0) != aside {
                move.shifts[other.index] = (moveShift(of: other.index), aside, nil)
                animates = true
            }
        }
        if animates { graph.animations.register(self) }
        invalidatePlacementOnly()
    }

    /// The drop: `onMove` gets the row's offset in its data and the offset it goes before, as SwiftUI gives them.
    private func moveEnded(row index: Int, translation: CGFloat) {
        moveChanged(row: index, translation: translation)
        let target = move.target ?? index
        move = ListMoveState()
        invalidatePlacementOnly()
        let traits = traits(at: index)
        guard target != index, let action = traits.editing?.onMove, let source = traits.dataOffset,
            let destination = self.traits(at: target).dataOffset
        else { return }
        action(IndexSet(integer: source), target > index ? destination + 1 : destination)
    }

    /// Slides the rows moving aside; returns whether any still moves.
    func advanceMoveShifts(at time: Double) -> Bool {
        var running = false
        for (index, shift) in move.shifts {
            guard let start = shift.start else {
                running = true
                continue
            }
            if time - start >= ListMoveState.duration {
                if shift.to == 0 { move.shifts[index] = nil } else { move.shifts[index] = (shift.to, shift.to, start) }
            } else {
                running = true
            }
        }
        return running
    }

    /// Starts the clocks of new shifts at the frame's time.
    func startMoveShifts() {
        let now = graph.animations.time
        for (index, shift) in move.shifts where shift.start == nil { move.shifts[index]?.start = now }
        if !move.shifts.isEmpty { invalidatePlacementOnly() }
    }
}

/// A press on a row's move handle: active at once (the scroll view does not take it), reports how far it moved
/// along the list.
struct RowMoveGesture: Gesture, RecognizableGesture {
    typealias Value = CGFloat
    typealias Body = Never
    func makeRecognizer() -> AnyGestureRecognizer { RowMoveRecognizer() }
}

final class RowMoveRecognizer: GestureRecognizer<CGFloat> {
    private var press = FollowedPress()
    override var debugName: String { "List row move" }
    override var claimsSequenceWhenActive: Bool { true }

    override func update(_ step: inout GestureStep) -> GesturePhase<CGFloat>? {
        switch press.next(in: step) {
        case .event(let point):
            let dy = point.location.y - press.start.y
            return point.ended ? .ended(dy) : .active(dy)
        case .unchanged: return nil
        case .failed: return .failed
        }
    }
}

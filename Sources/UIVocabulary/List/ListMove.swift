import Foundation
@_spi(Engine) import UICore

/// A row dragged by its move handle in edit mode, and the rows moving aside for it.
package struct ListMoveState {
    /// The row dragged, and how far along the list (the pointer's travel plus the scrolling since the press).
    package var row: Int?
    package var translation: CGFloat = 0
    /// The press's travel along the list and where it is now (window points).
    package var pointer = RowMoveValue(translation: 0, location: .zero)
    /// How far the list scrolled by itself while the row was held near an edge, and how fast it scrolls now
    /// (points a second, down positive), with the clock of the last step.
    package var scrolled: CGFloat = 0
    package var autoscrollSpeed: CGFloat = 0
    package var autoscrollTime: Double?
    /// The row whose place it would take (an element index).
    package var target: Int?
    /// Rows moving aside: their shift slides from `from` to `to` (animation-clock seconds; `start` set by the first
    /// frame).
    package var shifts: [Int: (from: CGFloat, to: CGFloat, start: Double?)] = [:]

    package static let duration = 0.2
    /// Within this distance of the view's top or bottom edge a held row scrolls the list, faster the closer it
    /// is, up to `autoscrollMaximum` at the edge and beyond.
    package static let autoscrollZone: CGFloat = 48
    package static let autoscrollMaximum: CGFloat = 800
}

extension ListGestureIndex {
    package static func moveHandle(_ row: Int) -> Int { (2 << 40) + row }
}

extension ListNode {
    package static let moveHandleWidth: CGFloat = 36

    /// Rows of a `ForEach` with `onMove` show a handle at their trailing edge in edit mode.
    package func showsMoveHandle(_ index: Int) -> Bool { isEditing && traits(at: index).editing?.onMove != nil }

    /// How far row `index` is moved along the list now (dragged, or moving aside).
    package func moveShift(of index: Int) -> CGFloat {
        if move.row == index { return move.translation }
        guard let shift = move.shifts[index] else { return 0 }
        guard let start = shift.start else { return shift.from }
        let progress = min(1, (graph.animations.time - start) / ListMoveState.duration)
        return shift.from + (shift.to - shift.from) * (1 - pow(1 - progress, 3))
    }

    /// `element` where it shows now.
    package func displayed(_ element: PlacedElement) -> PlacedElement {
        var moved = element
        moved.start += moveShift(of: element.index)
        return moved
    }

    /// The handle's three bars, at the trailing edge of `box`.
    package func moveHandleItems(box: CGRect, color: RGBA) -> [DisplayItem] {
        (0..<3).map { bar in
            let rect = CGRect(x: box.maxX - 26, y: box.midY - 5 + CGFloat(bar) * 4, width: 16, height: 2)
            return .fill(
                FillOperation(
                    path: Path(roundedRect: rect, cornerRadius: 1), primitive: nil, paint: .color(color), eoFill: false,
                    antialiased: true))
        }
    }

    /// The handle's hit area: a press there drags the row.
    package func moveHandleHit(row index: Int, box: CGRect) -> HitTestNode {
        let frame = CGRect(
            x: box.maxX - Self.moveHandleWidth, y: box.minY, width: Self.moveHandleWidth, height: box.height)
        let gesture = RowMoveGesture()
            .onChanged { [weak self] value in self?.moveChanged(row: index, pointer: value) }
            .onEnded { [weak self] value in self?.moveEnded(row: index, pointer: value) }
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
        // The dragged row is among them even when it is held outside the run of rows in view.
        return placedElements.filter {
            (!$0.isPinned || $0.index == index) && role(of: $0.index) == .row
                && traits(at: $0.index).editing?.onMove != nil
                && forEachPath(of: $0.index) == path
        }
    }

    private func moveChanged(row index: Int, pointer: RowMoveValue) {
        let candidates = moveCandidates(for: index)
        guard let dragged = candidates.first(where: { $0.index == index }) else { return }
        move.row = index
        move.pointer = pointer
        move.translation = pointer.translation + move.scrolled
        let translation = move.translation
        updateAutoscroll()
        // The row lands where its middle is: past the middle of a row below, or above the middle of one above.
        let middle = dragged.start + dragged.extent / 2 + translation
        var target = index
        for other in candidates where other.index > index && middle > other.start + other.extent / 2 {
            target = max(target, other.index)
        }
        for other in candidates where other.index < index && middle < other.start + other.extent / 2 {
            target = min(target, other.index)
        }
        // A row held out of the run of rows in view has passed the rows between it and that run.
        if let first = candidates.first(where: { $0.index > index }), first.index > index + 1, middle >= first.start {
            target = max(target, first.index - 1)
        }
        if let last = candidates.last(where: { $0.index < index && !$0.isPinned }), last.index < index - 1,
            middle <= last.end
        {
            target = min(target, last.index + 1)
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
    private func moveEnded(row index: Int, pointer: RowMoveValue) {
        moveChanged(row: index, pointer: pointer)
        let target = move.target ?? index
        move = ListMoveState()
        invalidatePlacementOnly()
        let traits = traits(at: index)
        guard target != index, let action = traits.editing?.onMove, let source = traits.dataOffset,
            let destination = self.traits(at: target).dataOffset
        else { return }
        action(IndexSet(integer: source), target > index ? destination + 1 : destination)
    }

    /// Sets how fast the list scrolls by itself: the held row's pointer in the zone by the view's top or bottom
    /// edge scrolls that way.
    private func updateAutoscroll() {
        guard let scroll = enclosingScrollNode, let viewOrigin = scroll.placedOrigin else { return }
        let zone = min(ListMoveState.autoscrollZone, scroll.size.height / 4)
        let y = move.pointer.location.y
        let depth: CGFloat
        if y < viewOrigin.y + zone {
            depth = -min(zone, viewOrigin.y + zone - y)
        } else if y > viewOrigin.y + scroll.size.height - zone {
            depth = min(zone, y - (viewOrigin.y + scroll.size.height - zone))
        } else {
            depth = 0
        }
        let speed = zone > 0 ? ListMoveState.autoscrollMaximum * depth / zone : 0
        if speed != 0 && move.autoscrollSpeed == 0 {
            move.autoscrollTime = nil
            graph.animations.register(self)
            graph.setNeedsUpdate()
        }
        move.autoscrollSpeed = speed
    }

    /// One frame of scrolling by itself: the list moves, the held row stays under the pointer, and the rows it
    /// passes move aside.
    package func stepAutoscroll() {
        guard let row = move.row, move.autoscrollSpeed != 0, let scroll = enclosingScrollNode else { return }
        let now = graph.animations.time
        let elapsed = now - (move.autoscrollTime ?? now)
        move.autoscrollTime = now
        guard elapsed > 0 else { return }
        let wanted = move.autoscrollSpeed * CGFloat(min(elapsed, 0.1))
        let moved = wanted - scroll.scroll(by: CGSize(width: 0, height: wanted)).height
        guard moved != 0 else { return }
        move.scrolled += moved
        moveChanged(row: row, pointer: move.pointer)
    }

    /// Whether the list still scrolls by itself.
    package var isAutoscrolling: Bool { move.row != nil && move.autoscrollSpeed != 0 }

    /// Slides the rows moving aside; returns whether any still moves.
    package func advanceMoveShifts(at time: Double) -> Bool {
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
    package func startMoveShifts() {
        let now = graph.animations.time
        for (index, shift) in move.shifts where shift.start == nil { move.shifts[index]?.start = now }
        if !move.shifts.isEmpty { invalidatePlacementOnly() }
    }
}

/// How far a press on a move handle went along the list, and where it is (window points).
package struct RowMoveValue: Equatable {
    package var translation: CGFloat
    package var location: CGPoint
}

/// A press on a row's move handle: active at once (the scroll view does not take it), reports how far it moved
/// along the list.
package struct RowMoveGesture: Gesture, RecognizableGesture {
    package typealias Value = RowMoveValue
    package typealias Body = Never
    package func makeRecognizer() -> AnyGestureRecognizer { RowMoveRecognizer() }
}

package final class RowMoveRecognizer: GestureRecognizer<RowMoveValue> {
    private var press = FollowedPress()
    package override var debugName: String { "List row move" }
    package override var claimsSequenceWhenActive: Bool { true }

    package override func update(_ step: inout GestureStep) -> GesturePhase<RowMoveValue>? {
        switch press.next(in: step) {
        case .event(let point):
            let value = RowMoveValue(translation: point.location.y - press.start.y, location: point.location)
            return point.ended ? .ended(value) : .active(value)
        case .unchanged: return nil
        case .failed: return .failed
        }
    }
}

import Foundation
@_spi(Engine) import UICore

/// The row of a list that is swiped open (or being swiped), and how far.
package struct ListSwipeState {
    package var row: Int?
    /// The row's identity, so that rows moving under it (a deletion) close it.
    package var identity: [IdentityComponent] = []
    /// How far the row is slid, points (positive: to the trailing side, showing the leading actions).
    package var reveal: CGFloat = 0
    /// The reveal when the current drag began.
    package var dragStart: CGFloat?
    /// Sliding to `to` after the finger lifted (animation-clock seconds; `start` set by the first frame).
    package var settle: (from: CGFloat, to: CGFloat, start: Double?)?

    package static let settleDuration = 0.25
    /// Past this share of the row's width, a full swipe runs the first action at the release.
    package static let fullSwipeFraction: CGFloat = 0.6
    /// A lift faster than this (points per second) opens or closes the row whatever its reveal.
    package static let flickSpeed: CGFloat = 500
}

/// The indices of the gestures a list attaches to itself, apart from the per-row ones.
package enum ListGestureIndex {
    package static func swipe(_ row: Int) -> Int { (1 << 40) + row }
    package static let closeSwipe = -(1 << 41)
}

extension ListNode {
    /// The swipe-action nodes in row `index` (outermost first).
    package func swipeNodes(ofRow index: Int) -> [SwipeActionsNode] {
        var found: [SwipeActionsNode] = []
        func visit(_ node: ViewNode) {
            if let swipe = node as? SwipeActionsNode { found.append(swipe) }
            if node is ScrollNode || node is LazyElementsNode { return }
            for child in node.children where !node.isSecondary(child) { visit(child) }
        }
        builtNodes(at: index)?.forEach(visit)
        // The Delete action an `onDelete` gives: not when the row has swipe actions of its own (as in SwiftUI), nor
        // when it cannot be deleted.
        if found.contains(where: \.isSynthesizedDelete),
            found.contains(where: { !$0.isSynthesizedDelete }) || !canDelete(index)
        {
            found.removeAll(where: \.isSynthesizedDelete)
        }
        return found
    }

    private func swipeNode(ofRow index: Int, revealing reveal: CGFloat) -> SwipeActionsNode? {
        guard reveal != 0 else { return nil }
        let edge: HorizontalEdge = reveal > 0 ? .leading : .trailing
        return swipeNodes(ofRow: index).first { $0.edge == edge }
    }

    /// The box of row `index` as last placed, relative to the list.
    private func placedBox(ofRow index: Int) -> CGRect? {
        placedElements.first { $0.index == index && !$0.isPinned }.map { box(of: $0, at: .zero) }
    }

    /// Whether the open row is slid far enough that a release runs its first action.
    private func isFullSwipeArmed(_ index: Int) -> Bool {
        guard swipe.row == index, let node = swipeNode(ofRow: index, revealing: swipe.reveal), node.allowsFullSwipe,
            let box = placedBox(ofRow: index)
        else { return false }
        let threshold = max(node.actionsWidth(height: box.height) + 32, box.width * ListSwipeState.fullSwipeFraction)
        return abs(swipe.reveal) > threshold
    }

    /// Tells the swipe-action nodes of a row being placed its box and slide.
    package func updateSwipeNodes(of element: PlacedElement, origin: CGPoint) {
        let nodes = swipeNodes(ofRow: element.index)
        guard !nodes.isEmpty else { return }
        let box = self.box(of: element, at: origin)
        let reveal = swipe.row == element.index ? swipe.reveal : 0
        let expands = isFullSwipeArmed(element.index)
        for node in nodes where node.setRow(box: box, reveal: reveal, expandsFirst: expands) {
            var current = node.parent
            while let each = current, each !== self {
                each.needsPlacement = true
                each.needsRender = true
                current = each.parent
            }
        }
    }

    /// How far row `index` is slid (0 unless it is the open row).
    package func swipeReveal(ofRow index: Int) -> CGFloat { swipe.row == index ? swipe.reveal : 0 }

    /// Forgets the open row if the rows changed under it.
    package func validateSwipe() {
        guard let row = swipe.row else { return }
        if row >= list.count || identity(at: row) != swipe.identity || isEditing { swipe = ListSwipeState() }
    }

    // MARK: Gestures

    /// The sideways drag of row `index`, if it has swipe actions.
    package func swipeGesture(ofRow index: Int, box: CGRect) -> AttachedGesture? {
        guard !isEditing, !swipeNodes(ofRow: index).isEmpty else { return nil }
        let gesture = SidewaysSwipeGesture(rule: .row)
            .onChanged { [weak self] value in self?.swipeChanged(row: index, translation: value.translation) }
            .onEnded { [weak self] value in self?.swipeEnded(row: index, value) }
        return AttachedGesture(
            gesture: gesture, priority: .normal, mask: .all, owner: identity, index: ListGestureIndex.swipe(index),
            frameInWindow: box, namedSpaces: [:])
    }

    /// While a row is open, a press anywhere in the list but on its buttons closes it (and does nothing else). A row
    /// already sliding closed takes no press: it looks closed, or nearly, so the press does what it would there.
    package func closeSwipeHit(at origin: CGPoint) -> HitTestNode? {
        guard let row = swipe.row, swipe.dragStart == nil, swipe.reveal != 0, swipe.settle?.to != 0,
            let box = placedBox(ofRow: row)?.offsetBy(dx: origin.x, dy: origin.y)
        else { return nil }
        let frame = CGRect(origin: origin, size: size)
        let buttons =
            swipe.reveal > 0
            ? CGRect(x: box.minX, y: box.minY, width: swipe.reveal, height: box.height)
            : CGRect(x: box.maxX + swipe.reveal, y: box.minY, width: -swipe.reveal, height: box.height)
        // The list's frame around the buttons, as four bands.
        var shape = Path()
        shape.addRect(CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: buttons.minY - frame.minY))
        shape.addRect(CGRect(x: frame.minX, y: buttons.maxY, width: frame.width, height: frame.maxY - buttons.maxY))
        shape.addRect(CGRect(x: frame.minX, y: buttons.minY, width: buttons.minX - frame.minX, height: buttons.height))
        shape.addRect(
            CGRect(x: buttons.maxX, y: buttons.minY, width: frame.maxX - buttons.maxX, height: buttons.height))
        let press = PressBeganGesture().onEnded { [weak self] _ in self?.closeSwipe(animated: true) }
        let attached = AttachedGesture(
            gesture: press, priority: .normal, mask: .all, owner: identity, index: ListGestureIndex.closeSwipe,
            frameInWindow: frame, namedSpaces: [:])
        return HitTestNode(
            kind: .contentShape, identity: identity, frame: frame, shape: shape, children: [], gestures: [attached],
            name: "List open swipe actions")
    }

    private func swipeChanged(row index: Int, translation: CGFloat) {
        if swipe.row != index {
            swipe = ListSwipeState(row: index, identity: identity(at: index))
        }
        let start = swipe.dragStart ?? swipe.reveal
        swipe.dragStart = start
        swipe.settle = nil
        var value = start + translation
        guard let node = swipeNode(ofRow: index, revealing: value), let box = placedBox(ofRow: index) else {
            swipe.reveal = 0
            invalidatePlacementOnly()
            return
        }
        // Past the buttons, a row without a full swipe resists; none slides past its own width.
        let limit = node.allowsFullSwipe ? box.width : node.actionsWidth(height: box.height)
        let magnitude = abs(value)
        if magnitude > limit { value = (value < 0 ? -1 : 1) * (limit + (magnitude - limit) / 4) }
        swipe.reveal = max(-box.width, min(box.width, value))
        invalidatePlacementOnly()
    }

    private func swipeEnded(row index: Int, _ value: SidewaysSwipeGesture.Value) {
        swipeChanged(row: index, translation: value.translation)
        swipe.dragStart = nil
        guard let node = swipeNode(ofRow: index, revealing: swipe.reveal), let box = placedBox(ofRow: index) else {
            closeSwipe(animated: false)
            return
        }
        if isFullSwipeArmed(index) {
            // The first action acts (its button closes the row).
            if let first = node.triggers.first {
                first.trigger()
            } else {
                closeSwipe(animated: true)
            }
            return
        }
        let width = node.actionsWidth(height: box.height)
        let direction: CGFloat = swipe.reveal < 0 ? -1 : 1
        let speed = value.velocity * direction  // positive: opening further
        let opens =
            speed > ListSwipeState.flickSpeed || (speed > -ListSwipeState.flickSpeed && abs(swipe.reveal) >= width / 2)
        settle(to: opens ? direction * width : 0)
    }

    /// Closes the open row (sliding back, or at once).
    package func closeSwipe(animated: Bool) {
        guard swipe.row != nil else { return }
        if animated && swipe.reveal != 0 {
            settle(to: 0)
        } else {
            swipe = ListSwipeState()
            invalidatePlacementOnly()
        }
    }

    private func settle(to target: CGFloat) {
        swipe.settle = (swipe.reveal, target, nil)
        graph.animations.register(self)
        graph.setNeedsUpdate()
    }
}

extension ListNode: AnimatingNode {
    package func invalidateForAnimationFrame() {
        startMoveShifts()
        stepAutoscroll()
        guard let settle = swipe.settle else { return }
        let now = graph.animations.time
        let start = settle.start ?? now
        swipe.settle?.start = start
        let progress = min(1, (now - start) / ListSwipeState.settleDuration)
        let eased = 1 - pow(1 - progress, 3)
        swipe.reveal = settle.from + (settle.to - settle.from) * eased
        invalidatePlacementOnly()
    }

    package func finishAnimations(at time: Double) -> Bool {
        let moving = advanceMoveShifts(at: time) || isAutoscrolling
        guard let settle = swipe.settle else { return moving }
        guard let start = settle.start, time - start >= ListSwipeState.settleDuration else { return true }
        swipe.reveal = settle.to
        swipe.settle = nil
        if settle.to == 0 { swipe = ListSwipeState() }
        invalidatePlacementOnly()
        return moving
    }
}

/// A list row that can be deleted: a trailing swipe reveals Delete (a full swipe deletes it), and its context menu
/// (a right click, or a finger held on it) has Delete, as a desktop's lists do.
package struct ListDeletableRow: View {
    package let build: (_ViewNodeBuilder) -> Void
    package let delete: @MainActor () -> Void
    package let canDelete: @MainActor () -> Bool

    package var body: some View {
        let button = Button("Delete", role: .destructive, action: delete)
        ListRowContent(build: build)
            .modifier(
                SwipeActionsModifier(edge: .trailing, allowsFullSwipe: true, actions: button, isSynthesizedDelete: true)
            )
            .modifier(ContextMenuModifier(menuItems: button, isAvailable: canDelete))
    }
}

/// A list row's own content, as its element builds it.
package struct ListRowContent: View {
    package let build: (_ViewNodeBuilder) -> Void
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) { view.build(builder) }
}

/// A press (pointer or finger) going down: ends at once.
package struct PressBeganGesture: Gesture, RecognizableGesture {
    package typealias Value = Bool
    package typealias Body = Never
    package func makeRecognizer() -> AnyGestureRecognizer { PressBeganRecognizer() }
}

package final class PressBeganRecognizer: GestureRecognizer<Bool> {
    package override var debugName: String { "List close swipe" }
    package override func update(_ step: inout GestureStep) -> GesturePhase<Bool>? {
        step.firstPress() != nil ? .ended(true) : .failed
    }
}

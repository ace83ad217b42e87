import Foundation

// Layout animations. As in SwiftUI, inside an animated transaction every view's frame (its position in its
// layout parent and its size) moves from where it was drawn to where the new layout puts it. Layout runs once,
// for the new state; the frame each node is drawn at follows its animation.
//
// A change of layout is stamped, when it invalidates nodes, with the transaction that made it: each invalidated
// node and its ancestors keep the stamp, and the graph keeps the stamp's transaction for the update. Placement
// hands each node the nearest stamp at or above it (a sibling that moved because a view appeared finds its
// stack's) and the `.animation(_:value:)` and `.transaction(_:)` modifiers above it, which shape that
// transaction for the nodes whose frame changed. Changes made by animation frames (a frame size animating, say)
// carry a stamp that never animates.

extension ViewGraph {
    /// The stamp of a layout change made now: the transaction in effect, or the animation frame being started.
    package func layoutChangeStamp() -> Int {
        if let stamp = animations.animationFrameStamp {
            if layoutChangeTransactions[stamp] == nil { layoutChangeTransactions[stamp] = .some(nil) }
            return stamp
        }
        let stamp = Transaction.currentSerial
        if layoutChangeTransactions[stamp] == nil { layoutChangeTransactions[stamp] = .some(Transaction.current) }
        return stamp
    }

    /// A stamp whose layout changes never animate (nodes that animate a property themselves lay out at its
    /// presented value: what that moves must not animate a second time).
    package func presentationStamp() -> Int {
        let stamp = Transaction.makeSerial()
        layoutChangeTransactions[stamp] = .some(nil)
        return stamp
    }

    /// The update's layout is done: its stamps mean nothing to the next one.
    package func layoutChangesDidApply() {
        layoutChangeTransactions.removeAll(keepingCapacity: true)
        Transaction.renewIdleSerial()
    }
}

/// What the transaction of a layout change depends on above a node, handed down as layout places views: the
/// stamp, known in this update, nearest at or above it, and the animation and transaction modifiers above it,
/// outermost first.
package struct LayoutChangeScope {
    /// A node held without keeping it alive (layouts may keep a placement context).
    package struct Modifier {
        package unowned let node: ViewNode
    }
    package var stamp: Int?
    package var modifiers: [Modifier] = []
    /// The node that placed the views this scope is handed to.
    package var placer: ObjectIdentifier?
}

extension ViewNode {
    /// The scope this node's own frame change and its content see, given the one its placer handed down: the
    /// nodes between them (usually none; custom views, which lay nothing out, otherwise) and this one add theirs.
    package final func layoutChangeScope(in inherited: LayoutChangeScope) -> LayoutChangeScope {
        var scope = scopeBelowPlacer(inherited)
        scope.placer = ObjectIdentifier(self)
        return scope
    }

    /// The inherited scope with what every node from the placer down to this one adds. A node placed by one that
    /// is not above it gets what the whole way from the root adds. Recursion rather than a collected path keeps
    /// placement free of allocations.
    private final func scopeBelowPlacer(_ inherited: LayoutChangeScope) -> LayoutChangeScope {
        if ObjectIdentifier(self) == inherited.placer { return inherited }
        var scope = parent?.scopeBelowPlacer(inherited) ?? LayoutChangeScope()
        addToLayoutChangeScope(&scope)
        return scope
    }

    private final func addToLayoutChangeScope(_ scope: inout LayoutChangeScope) {
        if graph.layoutChangeTransactions[layoutChangeStamp] != nil { scope.stamp = layoutChangeStamp }
        if shapesLayoutChangeTransactions { scope.modifiers.append(.init(node: self)) }
    }

    /// The transaction of the change that moved or resized this node in the current update, as the animation
    /// and transaction modifiers at or above it shape it; `nil` when an animation frame moved it.
    package final func transactionForLayoutChange(in scope: LayoutChangeScope) -> Transaction? {
        var transaction = Transaction()
        if let stamp = scope.stamp, let stamped = graph.layoutChangeTransactions[stamp] {
            guard let stamped else { return nil }
            transaction = stamped
        }
        for modifier in scope.modifiers {
            if let animationScope = modifier.node as? AnimationNode {
                transaction = animationScope.contentTransaction(transaction)
            } else if let transactionScope = modifier.node as? TransactionModifierNode {
                transactionScope.transform(&transaction)
            }
        }
        return transaction
    }

    /// Layout moved or resized this node (it was at `previous`, in its parent's space): the frame animates
    /// from where it is drawn now if the change's transaction has an animation, and jumps otherwise.
    package final func layoutFrameDidChange(from previous: CGRect, scope: LayoutChangeScope) {
        // (The target vector is made only where a move animates: most layout changes do not.)
        var target: [Double] { CGRect(origin: position, size: size).animationVector }
        let time = graph.animations.time
        let transaction = transactionForLayoutChange(in: scope)
        if transaction == nil, var moving = layoutFrameAnimation, moving.isAnimating {
            // An animation frame moved it (what it depends on is laid out at a presented value) while a change
            // of its own layout animates: the running animation keeps what it still has to go from the new
            // place, so the two moves add up instead of the second cutting the first short.
            moving.shift(to: target)
            layoutFrameAnimation = moving
            invalidateRender()
            return
        }
        // A view that was empty and whose content all appeared now shows at its place (its content's insertion
        // transition animates it) rather than growing from a point.
        let kids = layoutChildren
        let appeared =
            previous.size == .zero && !kids.isEmpty && kids.allSatisfy { $0.birthUpdate == graph.updateCount }
        let animation = appeared ? nil : transaction?.animation
        guard var moving = layoutFrameAnimation ?? (animation == nil ? nil : AnimatedVector(previous.animationVector))
        else { return }
        // The animation keeps the completion handlers of its own transaction waiting.
        let animating = Transaction.withCurrent(transaction ?? Transaction()) {
            moving.set(target, animation: animation, at: time)
        }
        layoutFrameAnimation = animating ? moving : nil
        if animating { graph.animations.registerMovingFrame(self) }
        invalidateRender()
    }
}

extension ViewNode {
    /// This node animates the property it just set itself: the layout changes it makes (its children's frames,
    /// or its own size) follow its presented value and do not animate again. Its ancestors keep the change's
    /// transaction, so what else the change moves still animates.
    package final func layoutFollowsOwnAnimation() {
        layoutChangeStamp = graph.presentationStamp()
    }
}

extension AnimatedVector {
    /// A vector resting at `value`.
    package init(_ value: [Double]) {
        self.init()
        _ = set(value, animation: nil, at: 0)
    }
}

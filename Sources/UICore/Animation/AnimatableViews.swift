import Foundation

// Custom `Animatable` views and modifiers: while their `animatableData` animates, `body` is evaluated
// each frame with the presented data (and what it builds changes without animation of its own).

/// A view's animated data, type-erased (the composite node is generic over the view, not its data).
@MainActor
package class AnyViewAnimation {
    package var isAnimating: Bool { false }
    package func finish(at time: Double) -> Bool { false }
}

@MainActor
package final class ViewAnimation<Data: VectorArithmetic>: AnyViewAnimation {
    package var value: AnimatedValue<Data>
    package init(_ data: Data) { value = AnimatedValue(data) }
    package override var isAnimating: Bool { value.isAnimating }
    package override func finish(at time: Double) -> Bool { value.finishIfComplete(at: time) }
}

extension _CustomModifierView: Animatable where Modifier: Animatable {
    package var animatableData: Modifier.AnimatableData {
        get { modifier.animatableData }
        set { modifier.animatableData = newValue }
    }
}

extension CompositeNode: AnimatingNode {
    /// Retargets the animation of an `Animatable` view's data after a new value of the view arrived.
    package func animateViewData() {
        guard let animatable = view as? any Animatable else { return }
        func open<A: Animatable>(_ a: A) -> Bool {
            let data = a.animatableData
            if data == EmptyAnimatableData.zero as? A.AnimatableData { return false }
            let animation = (viewAnimation as? ViewAnimation<A.AnimatableData>) ?? ViewAnimation(data)
            viewAnimation = animation
            return animation.value.set(data, animation: animationForChange, at: graph.animations.time)
        }
        if open(animatable) { graph.animations.register(self) }
    }

    /// The view with its animatable data as presented now.
    package var presentedView: V {
        guard let viewAnimation, viewAnimation.isAnimating, let animatable = view as? any Animatable else {
            return view
        }
        func open<A: Animatable>(_ a: A) -> V {
            guard let animation = viewAnimation as? ViewAnimation<A.AnimatableData> else { return view }
            var copy = a
            copy.animatableData = animation.value.presented(at: graph.animations.time)
            return copy as? V ?? view
        }
        return open(animatable)
    }

    /// Each frame: `body` again, with the data as presented then.
    package func invalidateForAnimationFrame() {
        if !isRemoved {
            markDirtyForAnimation()
            graph.scheduleEvaluation(self)
        }
    }

    package func finishAnimations(at time: Double) -> Bool {
        guard let viewAnimation else { return false }
        let running = viewAnimation.finish(at: time)
        // The final frame's body already used the target data; nothing more to do.
        return running
    }
}

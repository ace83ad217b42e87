import Foundation

/// One property's animation (a vector of doubles) from the value presented when it began to a target.
package struct AnimationTrack {
    package var animation: Animation
    /// When it began (driver time, seconds).
    package var start: Double
    package var from: [Double]
    package var to: [Double]
    /// The velocity at the start (per second), carried by springs from an interrupted animation.
    package var initialVelocity: [Double]
    /// Keeps the completion handlers of the transaction that started this track waiting while it runs.
    private var completionToken: AnimationCompletionToken?
    /// For a spring played once: the curve's own time (after delay, at speed) at which every component has settled.
    private var springSettleTime: Double?

    package init(animation: Animation, start: Double, from: [Double], to: [Double], initialVelocity: [Double]) {
        self.animation = animation
        self.start = start
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        completionToken = Transaction.current.animationCompletions.map(AnimationCompletionToken.init)
        if isPlainSpring {
            let solver = SpringSolver(animation)
            let speed = max(animation.speed, 1e-9)
            var settle = 0.0
            for i in from.indices {
                settle = max(
                    settle, solver.settlingTime(displacement: from[i] - to[i], velocity: initialVelocity[i] / speed))
            }
            springSettleTime = settle
        }
    }

    /// A spring played once follows the closed form with its initial velocity; anything else scales a unit curve.
    private var isPlainSpring: Bool {
        if case .spring = animation.curve, (animation.repeatCount ?? 1) == 1 { return true }
        return false
    }

    /// The presented value and its velocity (per second) at `time`.
    package func sample(at time: Double) -> (value: [Double], velocity: [Double]) {
        if isComplete(at: time) { return (to, Array(repeating: 0, count: to.count)) }
        let elapsed = time - start
        if isPlainSpring {
            let speed = animation.speed
            let local = (elapsed - animation.delay) * speed
            if local <= 0 {
                return (from, elapsed < animation.delay ? Array(repeating: 0, count: to.count) : initialVelocity)
            }
            let solver = SpringSolver(animation)
            var value = to
            var velocity = to
            for i in to.indices {
                let (x, v) = solver.state(
                    at: local, displacement: from[i] - to[i], velocity: initialVelocity[i] / speed)
                value[i] = to[i] + x
                velocity[i] = v * speed
            }
            return (value, velocity)
        }
        let (f, fv) = animation.progress(at: elapsed)
        var value = to
        var velocity = to
        for i in to.indices {
            let delta = to[i] - from[i]
            value[i] = from[i] + delta * f
            velocity[i] = delta * fv
        }
        return (value, velocity)
    }

    /// Whether the animation is over at `time`.
    package func isComplete(at time: Double) -> Bool {
        let elapsed = time - start
        if let settle = springSettleTime {
            return elapsed >= animation.delay + settle / max(animation.speed, 1e-9)
        }
        return animation.isComplete(at: elapsed)
    }
}

/// A property that moves to its targets as the update's transaction says: at once, or animated.
///
/// A new animation interrupting a running one merges with it when it is a spring (it starts from the value
/// and velocity presented now); a timing curve (linear, ease…) does not merge, as SwiftUI's default
/// `CustomAnimation.shouldMerge` says: it runs beside the old ones, and the presented value adds up what
/// each still has to go (`Animation.mergesWithRunningAnimations`).
package struct AnimatedVector {
    package init() {}

    /// The value the view asks for.
    package private(set) var target: [Double] = []
    /// The running animations, oldest first: each moves from its `from` to its `to` (the target when it began).
    private var tracks: [AnimationTrack] = []

    /// Sets a new target; returns whether an animation now runs (the node must register with the driver).
    package mutating func set(
        _ newTarget: [Double], animation animationForChange: @autoclosure () -> Animation?, at time: Double
    ) -> Bool {
        if newTarget == target { return isAnimating }
        guard newTarget.count == target.count, !target.isEmpty else {
            tracks = []
            target = newTarget
            return false
        }
        return retarget(newTarget, animation: animationForChange(), at: time)
    }

    /// `set` for a target of `count` values given one by one: a target that is unchanged, or that changes
    /// without an animation, is compared and written in place (views set their targets on every update: a
    /// drag frame then makes no array).
    package mutating func set(
        count: Int, _ component: (Int) -> Double, animation animationForChange: @autoclosure () -> Animation?,
        at time: Double
    ) -> Bool {
        guard count == target.count, count > 0 else {
            return set((0..<count).map(component), animation: animationForChange(), at: time)
        }
        var changed = false
        for index in 0..<count where target[index] != component(index) {
            changed = true
            break
        }
        guard changed else { return isAnimating }
        guard let animation = animationForChange() else {
            tracks = []
            for index in 0..<count { target[index] = component(index) }
            return false
        }
        return retarget((0..<count).map(component), animation: animation, at: time)
    }

    /// Moves to `newTarget` (as long as the target): at once, or with `animation`.
    private mutating func retarget(_ newTarget: [Double], animation: Animation?, at time: Double) -> Bool {
        defer { target = newTarget }
        guard let animation else {
            tracks = []
            return false
        }
        let rest = Array(repeating: 0.0, count: target.count)
        if tracks.isEmpty || animation.mergesWithRunningAnimations {
            let current = sample(at: time)
            tracks = [
                AnimationTrack(
                    animation: animation, start: time, from: current.value, to: newTarget,
                    initialVelocity: tracks.isEmpty ? rest : current.velocity)
            ]
        } else {
            tracks.append(
                AnimationTrack(animation: animation, start: time, from: target, to: newTarget, initialVelocity: rest))
        }
        tracks.removeAll { $0.isComplete(at: time) }
        return isAnimating
    }

    /// Moves the target without animating the move: what the running animations still have to go is kept,
    /// so the presented value moves by as much as the target.
    package mutating func shift(to newTarget: [Double]) {
        guard newTarget.count == target.count else {
            tracks = []
            target = newTarget
            return
        }
        target = newTarget
    }

    /// The presented value and velocity: the target, offset by what each running animation still has to go.
    private func sample(at time: Double) -> (value: [Double], velocity: [Double]) {
        var value = target
        var velocity = Array(repeating: 0.0, count: target.count)
        for track in tracks {
            let (trackValue, trackVelocity) = track.sample(at: time)
            for i in value.indices {
                value[i] += trackValue[i] - track.to[i]
                velocity[i] += trackVelocity[i]
            }
        }
        return (value, velocity)
    }

    /// The value to draw at `time`.
    package func presented(at time: Double) -> [Double] { tracks.isEmpty ? target : sample(at: time).value }

    /// The presented velocity at `time` (per second).
    package func velocity(at time: Double) -> [Double] { sample(at: time).velocity }

    /// Drops the animations that are over; returns whether any still runs.
    package mutating func finishIfComplete(at time: Double) -> Bool {
        tracks.removeAll { $0.isComplete(at: time) }
        return isAnimating
    }

    package var isAnimating: Bool { !tracks.isEmpty }
}

extension CGRect {
    /// Origin and size as the components of an animated vector.
    package var animationVector: [Double] { [Double(minX), Double(minY), Double(width), Double(height)] }
}

extension Animation {
    /// Whether this animation, interrupting a running one, takes over from the presented value and velocity
    /// (springs) rather than running beside it and adding up (timing curves).
    package var mergesWithRunningAnimations: Bool {
        if case .spring = curve { return true }
        return false
    }
}

/// A node with animated properties: the driver shows it each frame while its animations run.
@MainActor
package protocol AnimatingNode: ViewNode {
    /// Marks what the presented values change (placement or rendering) as needing an update.
    func invalidateForAnimationFrame()
    /// Ends the animations that are over at `time`; returns whether any still runs.
    func finishAnimations(at time: Double) -> Bool
}

/// The clock of a graph's animations: the host advances it from its frame callbacks (a virtual clock in
/// tests); while `isAnimating`, every frame must run `ViewGraph.update(at:)`; when it is false, nothing moves
/// and the host can stop asking for frames.
@MainActor
package final class AnimationDriver {
    /// The time of the frame being (or last) produced, seconds on the host's clock.
    package private(set) var time: Double = 0
    private var active: [ObjectIdentifier: any AnimatingNode] = [:]

    package init() {}

    /// Whether some property is animating (the host should keep requesting frames).
    package var isAnimating: Bool { !active.isEmpty || !transitioning.isEmpty || !movingFrames.isEmpty }
    /// How many nodes have running animations (diagnostics).
    package var animatingNodeCount: Int { active.count + movingFrames.count }

    /// Nodes whose frame animates (Animation/LayoutAnimation.swift).
    private var movingFrames: [ObjectIdentifier: ViewNode] = [:]
    /// While a frame starts, the stamp of the layout changes its animations make (they never animate themselves).
    package private(set) var animationFrameStamp: Int?

    package func registerMovingFrame(_ node: ViewNode) { movingFrames[ObjectIdentifier(node)] = node }

    package func register(_ node: any AnimatingNode) { active[ObjectIdentifier(node)] = node }

    /// Views that need a frame at a later time (a timeline's next entry), by the time they need it.
    private var wakes: [ObjectIdentifier: (node: TimelineNode, time: Double)] = [:]

    /// The earliest time a view waits for, if any: a host that is not animating arms a timer for it and asks
    /// for no frame before then.
    package var nextWakeTime: Double? {
        wakes.values.lazy.filter { !$0.node.isRemoved }.map(\.time).min()
    }

    package func scheduleWake(_ node: TimelineNode, at time: Double) { wakes[ObjectIdentifier(node)] = (node, time) }
    package func cancelWake(_ node: TimelineNode) { wakes.removeValue(forKey: ObjectIdentifier(node)) }

    /// Starts a frame at `time`: every animating node is invalidated so it is drawn at its new values.
    package func beginFrame(at time: Double) {
        self.time = max(self.time, time)
        for (key, wake) in wakes where wake.time <= self.time || wake.node.isRemoved {
            wakes.removeValue(forKey: key)
            if !wake.node.isRemoved { wake.node.wake() }
        }
        // Views whose removal is over by now leave before the frame is built.
        _ = finishTransitions()
        animationFrameStamp = Transaction.makeSerial()
        defer { animationFrameStamp = nil }
        for node in active.values { node.invalidateForAnimationFrame() }
        for node in transitioning.values { node.invalidateRender() }
        for node in movingFrames.values { node.invalidateRender() }
    }

    private var transitioning: [ObjectIdentifier: ViewNode] = [:]

    package func registerTransition(_ node: ViewNode) { transitioning[ObjectIdentifier(node)] = node }

    /// Ends a frame: finished animations (and those of removed views) stop. Views whose removal transition
    /// ended leave at the start of the next frame (they count as animating until then).
    package func endFrame() {
        for (key, node) in active where node.isRemoved || !node.finishAnimations(at: time) {
            active.removeValue(forKey: key)
        }
        for (key, node) in movingFrames
        where node.isRemoved || node.layoutFrameAnimation?.finishIfComplete(at: time) != true {
            node.layoutFrameAnimation = nil
            movingFrames.removeValue(forKey: key)
        }
        for (key, node) in transitioning {
            guard var state = node.transitionState, !node.isRemoved else {
                transitioning.removeValue(forKey: key)
                continue
            }
            // Finished insertions end now; finished removals wait for the next frame to leave.
            if !state.isRemoval, !state.progress.finishIfComplete(at: time) {
                node.transitionState = nil
                transitioning.removeValue(forKey: key)
            }
        }
    }

    /// Ends the transitions that are over at `time`; returns whether views left the graph.
    private func finishTransitions() -> Bool {
        var removedViews = false
        for (key, node) in transitioning {
            guard var state = node.transitionState, !node.isRemoved else {
                transitioning.removeValue(forKey: key)
                continue
            }
            if state.progress.finishIfComplete(at: time) {
                node.transitionState = state
                continue
            }
            transitioning.removeValue(forKey: key)
            node.transitionState = nil
            if state.isRemoval, let parent = node.parent {
                parent.children.removeAll { $0 === node }
                node.willRemove()
                parent.invalidate()
                parent.elementDidLeave()
                removedViews = true
            } else {
                node.invalidateRender()
            }
        }
        return removedViews
    }
}

extension ViewNode {
    /// The transaction a property change of this node uses in the current update: the update's, as the
    /// `.animation(_:value:)`, `.animation(_:)` and `.transaction(_:)` modifiers above it change it.
    package final var transactionForChange: Transaction {
        guard let parent else { return Transaction.current }
        let inherited = parent.transactionForChange
        if let node = parent as? AnimationNode { return node.contentTransaction(inherited) }
        if let node = parent as? TransactionModifierNode {
            var transaction = inherited
            node.transform(&transaction)
            return transaction
        }
        return inherited
    }

    /// The animation a property change of this node uses in the current update (`nil`: it changes at once).
    package final var animationForChange: Animation? { transactionForChange.animation }

    /// Marks this node and its ancestors as needing placement and rendering, keeping sizes (an offset moved).
    package final func invalidatePlacementOnly() {
        let stamp = graph.layoutChangeStamp()
        var node: ViewNode? = self
        while let current = node {
            current.layoutChangeStamp = stamp
            current.needsPlacement = true
            current.needsRender = true
            node = current.parent
        }
        graph.setNeedsUpdate()
    }
}

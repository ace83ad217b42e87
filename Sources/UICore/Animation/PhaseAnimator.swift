import Foundation

/// A container that moves its content through phases, one after the other, animating each change of phase.
/// Without a trigger it cycles for as long as it is shown; with one, each change of the trigger plays every
/// phase once and comes back to the first.
public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    package let phases: [Phase]
    package let trigger: (any Equatable)?
    package let content: (Phase) -> Content
    package let animation: (Phase) -> Animation?

    /// Cycles through `phases` continuously; `animation` gives the animation into each phase.
    public init(
        _ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) {
        self.phases = Array(phases)
        trigger = nil
        self.content = content
        self.animation = animation
    }

    /// Plays `phases` once, from the second back to the first, each time `trigger` changes.
    public init(
        _ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) {
        self.phases = Array(phases)
        self.trigger = trigger
        self.content = content
        self.animation = animation
    }

    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = PhaseAnimatorNode<Phase>.installed(in: builder)
        let content = view.content
        node.update(
            phases: view.phases, trigger: view.trigger, animation: view.animation,
            content: { phase, childBuilder in makeNodes(content(phase), into: childBuilder) })
    }
}

extension View {
    /// Moves this view through `phases` continuously, `content` applying each phase's effects.
    public func phaseAnimator<Phase: Equatable, Modified: View>(
        _ phases: some Sequence<Phase>,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> Modified,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) -> some View {
        let placeholder = PlaceholderContentView<Self>(content: AnyView(self))
        return PhaseAnimator(phases, content: { content(placeholder, $0) }, animation: animation)
    }

    /// Moves this view through `phases` once each time `trigger` changes, `content` applying each phase's effects.
    public func phaseAnimator<Phase: Equatable, Modified: View>(
        _ phases: some Sequence<Phase>, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> Modified,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) -> some View {
        let placeholder = PlaceholderContentView<Self>(content: AnyView(self))
        return PhaseAnimator(phases, trigger: trigger, content: { content(placeholder, $0) }, animation: animation)
    }
}

/// The node of a `PhaseAnimator`: shows one phase; when the animation into it is over, rebuilds the content with
/// the next phase inside a transaction carrying that phase's animation.
@MainActor
package final class PhaseAnimatorNode<Phase: Equatable>: TimeDrivenContentNode, AnimatingNode {
    private var phases: [Phase] = []
    private var makeContent: ((Phase, _ViewNodeBuilder) -> Void)?
    private var animation: (Phase) -> Animation? = { _ in .default }
    private var trigger: (any Equatable)?
    private var isTriggered = false
    private var index = 0
    /// When the current phase's animation ends (animation clock), while phases advance.
    private var phaseEnd: Double?
    /// The animation of the change being built (the next phase's), if any.
    private var pendingAnimation: Animation??
    private var isInstalled = false

    package func update(
        phases newPhases: [Phase], trigger newTrigger: (any Equatable)?, animation: @escaping (Phase) -> Animation?,
        content: @escaping (Phase, _ViewNodeBuilder) -> Void
    ) {
        if newPhases.isEmpty {
            InvalidValueLog.report("phase-animator-empty", "phaseAnimator with no phases: nothing is drawn")
        }
        phases = newPhases
        makeContent = content
        self.animation = animation
        isTriggered = newTrigger != nil
        if !isInstalled {
            isInstalled = true
            // Without a trigger the cycle starts at once: the first change is into the second phase.
            if !isTriggered { scheduleAdvance(at: graph.animations.time) }
        } else if let old = trigger, let newTrigger, !equatableEquals(old, newTrigger) {
            index = 0
            advance()
        }
        trigger = newTrigger
        index = min(index, max(0, phases.count - 1))
        rebuild()
    }

    private func scheduleAdvance(at time: Double) {
        guard phases.count > 1 else { return }
        phaseEnd = time
        graph.animations.register(self)
    }

    /// Moves to the next phase now, with its animation; the one after follows when that animation ends.
    private func advance() {
        guard phases.count > 1 else { return }
        index = (index + 1) % phases.count
        let next = animation(phases[index])
        pendingAnimation = .some(next)
        // A triggered run stops once it is back at the first phase.
        if isTriggered && index == 0 {
            phaseEnd = nil
        } else {
            scheduleAdvance(at: graph.animations.time + (next?.logicalDuration ?? 0))
        }
        stateDidChange()
    }

    package override func buildContent() {
        guard let makeContent, index < phases.count else {
            rebuildContent { _ in }
            return
        }
        let phase = phases[index]
        if let change = pendingAnimation {
            pendingAnimation = nil
            var transaction = Transaction.current
            transaction.animation = change
            Transaction.withCurrent(transaction) { rebuildContent { makeContent(phase, $0) } }
        } else {
            rebuildContent { makeContent(phase, $0) }
        }
    }

    package func invalidateForAnimationFrame() {
        if let phaseEnd, graph.animations.time >= phaseEnd { advance() }
    }
    package func finishAnimations(at time: Double) -> Bool { phaseEnd != nil && !isRemoved }

    package override var debugName: String { "PhaseAnimator" }
}

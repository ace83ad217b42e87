import CoreGraphics
import Foundation

/// How a view appears and disappears when its insertion or removal is animated.
public struct AnyTransition: Sendable {
    package indirect enum Kind: Sendable {
        case identity
        case opacity
        case scale(CGFloat, anchor: UnitPoint)
        case move(Edge)
        case offset(CGSize)
        case asymmetric(insertion: Kind, removal: Kind)
        case combined(Kind, Kind)
        /// Appearance per phase (`modifier(active:identity:)`, a `Transition`): built into the views, not drawn.
        case phased(PhasedTransition)
    }
    package let kind: Kind

    /// No change: the view appears and disappears at once.
    public static let identity = AnyTransition(kind: .identity)
    /// Fades in and out (the default).
    public static let opacity = AnyTransition(kind: .opacity)
    /// Scales from and to nothing, around the centre.
    public static let scale = AnyTransition(kind: .scale(0, anchor: .center))
    /// Scales from and to `scale`, around `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(kind: .scale(scale, anchor: anchor))
    }
    /// Moves in from and out to `edge`, by the view's size.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(kind: .move(edge)) }
    /// Comes in from the leading edge and leaves by the trailing one.
    public static var slide: AnyTransition {
        AnyTransition(kind: .asymmetric(insertion: .move(.leading), removal: .move(.trailing)))
    }
    /// Moves in from `edge` while fading in; leaves towards the opposite edge while fading out.
    public static func push(from edge: Edge) -> AnyTransition {
        let opposite: Edge
        switch edge {
        case .top: opposite = .bottom
        case .bottom: opposite = .top
        case .leading: opposite = .trailing
        case .trailing: opposite = .leading
        }
        return AnyTransition(
            kind: .asymmetric(
                insertion: .combined(.move(edge), .opacity), removal: .combined(.move(opposite), .opacity)))
    }
    /// Shifts by `offset` while out.
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(kind: .offset(offset)) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { offset(CGSize(width: x, height: y)) }
    /// One transition for insertion, another for removal.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(kind: .asymmetric(insertion: insertion.kind, removal: removal.kind))
    }
    /// Both transitions at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(kind: .combined(kind, other.kind))
    }

    /// Whether the transition changes nothing for this phase.
    package func isIdentity(removal: Bool) -> Bool { Self.isIdentity(kind, removal: removal) }
    private static func isIdentity(_ kind: Kind, removal: Bool) -> Bool {
        switch kind {
        case .identity: return true
        case .asymmetric(let i, let r): return isIdentity(removal ? r : i, removal: removal)
        case .combined(let a, let b): return isIdentity(a, removal: removal) && isIdentity(b, removal: removal)
        default: return false
        }
    }

    /// The opacity and transform (window points) of a view at `frame` that is `progress` of the way in
    /// (1: fully present, 0: fully out).
    package func effect(progress p: Double, removal: Bool, frame: CGRect) -> (
        opacity: Double, transform: CGAffineTransform
    ) {
        Self.effect(kind, p: CGFloat(p), removal: removal, frame: frame)
    }

    private static func effect(_ kind: Kind, p: CGFloat, removal: Bool, frame: CGRect) -> (
        opacity: Double, transform: CGAffineTransform
    ) {
        let out = 1 - p
        switch kind {
        case .identity, .phased: return (1, .identity)
        case .opacity: return (Double(p), .identity)
        case .scale(let s, let anchor):
            let k = s + (1 - s) * p
            let a = anchor.point(in: frame)
            return (
                1,
                CGAffineTransform(translationX: -a.x, y: -a.y).concatenating(CGAffineTransform(scaleX: k, y: k))
                    .concatenating(CGAffineTransform(translationX: a.x, y: a.y))
            )
        case .move(let edge):
            let shift: CGSize
            switch edge {
            case .top: shift = CGSize(width: 0, height: -frame.height)
            case .bottom: shift = CGSize(width: 0, height: frame.height)
            case .leading: shift = CGSize(width: -frame.width, height: 0)
            case .trailing: shift = CGSize(width: frame.width, height: 0)
            }
            return (1, CGAffineTransform(translationX: shift.width * out, y: shift.height * out))
        case .offset(let o): return (1, CGAffineTransform(translationX: o.width * out, y: o.height * out))
        case .asymmetric(let insertion, let removalKind):
            return effect(removal ? removalKind : insertion, p: p, removal: removal, frame: frame)
        case .combined(let a, let b):
            let ea = effect(a, p: p, removal: removal, frame: frame)
            let eb = effect(b, p: p, removal: removal, frame: frame)
            return (ea.opacity * eb.opacity, ea.transform.concatenating(eb.transform))
        }
    }
}

/// The node of `.transition(_:)`: names the transition of the view it wraps; for a phased transition it also
/// builds the content as it looks in the phase the view is in.
@MainActor
package final class TransitionNode: ViewNode {
    package var transition = AnyTransition.opacity
    private var phasedContent: ((TransitionPhase, _ViewNodeBuilder) -> Void)?
    package private(set) var phase = TransitionPhase.identity

    package var hasPhasedContent: Bool { phasedContent != nil }

    package func setPhasedContent(_ make: @escaping (TransitionPhase, _ViewNodeBuilder) -> Void) {
        phasedContent = make
        graph.rebuildChildren(of: self, environment: environment) { make(phase, $0) }
    }

    /// Rebuilds the content as it looks in `newPhase` (its changes animate as the current transaction says).
    package func enter(_ newPhase: TransitionPhase) {
        phase = newPhase
        guard let phasedContent else { return }
        graph.rebuildChildren(of: self, environment: environment) { phasedContent(newPhase, $0) }
    }
}

extension View {
    /// How this view appears and disappears when its insertion or removal is animated.
    public func transition(_ transition: AnyTransition) -> some View {
        _TransitionView(content: self, transition: transition)
    }
}

/// A view being inserted or removed with an animated transition.
package struct TransitionState {
    package var transition: AnyTransition
    package var isRemoval: Bool
    /// 1: fully present, 0: fully out.
    package var progress: AnimatedValue<Double>
}

extension ViewNode {
    /// The transition node of the view starting at this node, if it names one.
    package final var declaredTransitionNode: TransitionNode? {
        var node: ViewNode = self
        while true {
            if let t = node as? TransitionNode { return t }
            guard node.children.count == 1 else { return nil }
            node = node.children[0]
        }
    }

    /// The transition named for the view starting at this node (`.opacity` if none).
    package final var declaredTransition: AnyTransition { declaredTransitionNode?.transition ?? .opacity }

    /// Starts the insertion transition if this change is animated; returns whether it runs.
    package final func beginInsertionTransition() {
        guard let animation = animationForChange else { return }
        let transition = declaredTransition
        if transition.isIdentity(removal: false) { return }
        let start = transitionState.map { $0.progress.presented(at: graph.animations.time) } ?? 0
        var progress = AnimatedValue(start)
        if progress.set(1, animation: animation, at: graph.animations.time) {
            transitionState = TransitionState(transition: transition, isRemoval: false, progress: progress)
            graph.animations.registerTransition(self)
            if let node = declaredTransitionNode, node.hasPhasedContent {
                // Built as it looks before appearing, at once; then as shown, animated.
                var still = Transaction.current
                still.animation = nil
                still.disablesAnimations = true
                Transaction.withCurrent(still) { node.enter(.willAppear) }
                node.enter(.identity)
            }
        } else {
            transitionState = nil
        }
    }

    /// A removed view: keeps it (returns true) while its removal transition runs, if the change is animated.
    package final func beginRemovalTransition() -> Bool {
        if let state = transitionState, state.isRemoval { return true }
        guard let animation = animationForChange else { return false }
        let transition = declaredTransition
        if transition.isIdentity(removal: true) { return false }
        let start = transitionState.map { $0.progress.presented(at: graph.animations.time) } ?? 1
        var progress = AnimatedValue(start)
        guard progress.set(0, animation: animation, at: graph.animations.time) else { return false }
        transitionState = TransitionState(transition: transition, isRemoval: true, progress: progress)
        graph.animations.registerTransition(self)
        if let node = declaredTransitionNode, node.hasPhasedContent { node.enter(.didDisappear) }
        return true
    }

    /// Wraps this node's output in its transition's effect.
    package final func applyTransition(_ state: TransitionState, frame: CGRect, to output: inout RenderOutput) {
        let p = state.progress.presented(at: graph.animations.time)
        let (opacity, transform) = state.transition.effect(progress: p, removal: state.isRemoval, frame: frame)
        var items = output.items
        if !transform.isIdentity { items = [.layer(DisplayLayer(effect: .transform(transform), items: items))] }
        if opacity < 1 { items = [.layer(DisplayLayer(effect: .opacity(opacity), items: items))] }
        output.items = items
        // A leaving view takes no more input.
        if state.isRemoval { output.hits = [] }
    }
}

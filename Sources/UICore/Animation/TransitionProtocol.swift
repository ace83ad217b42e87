import Foundation

/// Where a view is in its transition: about to appear, shown, or gone.
public enum TransitionPhase: Hashable, Sendable {
    case willAppear
    case identity
    case didDisappear

    /// Whether the view is shown as it is (no transition effect).
    public var isIdentity: Bool { self == .identity }

    /// −1 before appearing, 0 shown, 1 after disappearing.
    public var value: Double {
        switch self {
        case .willAppear: -1
        case .identity: 0
        case .didDisappear: 1
        }
    }
}

/// What a transition does besides drawing.
public struct TransitionProperties: Sendable {
    /// Whether the transition moves the view (reduced-motion settings may skip such transitions).
    public var hasMotion: Bool
    public init(hasMotion: Bool = true) { self.hasMotion = hasMotion }
}

/// A transition written as the view's appearance in each phase: the change between phases animates.
@MainActor @preconcurrency
public protocol Transition {
    associatedtype Body: View
    typealias Content = PlaceholderContentView<Self>
    /// The view as it looks in `phase`.
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body
    static var properties: TransitionProperties { get }
}

extension Transition {
    public static var properties: TransitionProperties { TransitionProperties() }
}

/// Blurs, scales and fades the view in and out.
public struct BlurReplaceTransition: Transition {
    /// How the view scales: up when it appears and down when it leaves, or up both times.
    public struct Configuration: Equatable, Sendable {
        package let scalesUpOnRemoval: Bool
        public static let downUp = Configuration(scalesUpOnRemoval: false)
        public static let upUp = Configuration(scalesUpOnRemoval: true)
    }
    public var configuration: Configuration

    public init(configuration: Configuration) { self.configuration = configuration }

    public func body(content: Content, phase: TransitionPhase) -> some View {
        let scale: CGFloat =
            switch phase {
            case .willAppear: 0.8
            case .identity: 1
            case .didDisappear: configuration.scalesUpOnRemoval ? 1.2 : 0.8
            }
        content.blur(radius: phase.isIdentity ? 0 : 10).scaleEffect(scale).opacity(phase.isIdentity ? 1 : 0)
    }
}

extension Transition where Self == BlurReplaceTransition {
    /// Blurs, scales and fades the view in and out (scaling down as it leaves).
    public static var blurReplace: BlurReplaceTransition { BlurReplaceTransition(configuration: .downUp) }
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp)
        -> BlurReplaceTransition
    {
        BlurReplaceTransition(configuration: configuration)
    }
}

/// A transition's appearance in a phase, as a change of the view (the modifier and `Transition` kinds).
package struct PhasedTransition: @unchecked Sendable {
    package let apply: @MainActor (AnyView, TransitionPhase) -> AnyView

    /// The transition's values, immutable, used only on the main actor (where views are built).
    package final class Values<Value>: @unchecked Sendable {
        package let value: Value
        package init(_ value: Value) { self.value = value }
    }
}

extension AnyTransition {
    /// The view as `transition` shows it in each phase.
    public init<T: Transition>(_ transition: T) {
        let box = PhasedTransition.Values(transition)
        self.init(
            kind: .phased(
                PhasedTransition { content, phase in
                    AnyView(box.value.body(content: PlaceholderContentView(content: content), phase: phase))
                }))
    }

    /// The view with `active` applied while it is out, `identity` while it is shown.
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        let box = PhasedTransition.Values((active: active, identity: identity))
        return AnyTransition(
            kind: .phased(
                PhasedTransition { content, phase in
                    AnyView(content.modifier(phase.isIdentity ? box.value.identity : box.value.active))
                }))
    }

    /// The phased parts of the transition for insertion or removal, outermost last.
    package func phasedParts(removal: Bool) -> [PhasedTransition] { Self.phasedParts(kind, removal: removal) }
    private static func phasedParts(_ kind: Kind, removal: Bool) -> [PhasedTransition] {
        switch kind {
        case .phased(let part): return [part]
        case .asymmetric(let insertion, let removalKind):
            return phasedParts(removal ? removalKind : insertion, removal: removal)
        case .combined(let a, let b): return phasedParts(a, removal: removal) + phasedParts(b, removal: removal)
        default: return []
        }
    }

    package var hasPhasedParts: Bool { !phasedParts(removal: false).isEmpty || !phasedParts(removal: true).isEmpty }

    /// `content` as it looks in `phase`: the insertion parts apply before it appears, the removal parts after it
    /// leaves; both are always present (as identity when not in effect), so the views keep their identity.
    @MainActor package func applyingPhasedParts(to content: AnyView, phase: TransitionPhase) -> AnyView {
        var view = content
        for part in phasedParts(removal: false) {
            view = part.apply(view, phase == .willAppear ? .willAppear : .identity)
        }
        for part in phasedParts(removal: true) {
            view = part.apply(view, phase == .didDisappear ? .didDisappear : .identity)
        }
        return view
    }
}

/// `.transition(_:)`: a transition of drawing effects wraps each view of the content in a transition node; one with
/// phased parts (`modifier(active:identity:)`, a `Transition`) builds the content through them, in the phase the
/// view is in.
public struct _TransitionView<Content: View>: View {
    package let content: Content
    package let transition: AnyTransition

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        guard view.transition.hasPhasedParts else {
            let transition = view.transition
            return makeNodes(
                view.content.wrapped(in: TransitionNode.init) { $0.transition = transition }, into: builder)
        }
        let node = builder.node(TransitionNode.self) {
            TransitionNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.transition = view.transition
        let content = AnyView(view.content)
        let transition = view.transition
        node.setPhasedContent { phase, childBuilder in
            makeNodes(transition.applyingPhasedParts(to: content, phase: phase), into: childBuilder)
        }
    }

    public static func _makeViewList(_ view: Self) -> _ViewList {
        guard view.transition.hasPhasedParts else {
            let transition = view.transition
            return _viewList(of: view.content.wrapped(in: TransitionNode.init) { $0.transition = transition })
        }
        return .single { makeNodes(view, into: $0) }
    }

    public static var _viewListCount: Int? { nil }
}

extension View {
    /// How this view appears and disappears when its insertion or removal is animated.
    public func transition<T: Transition>(_ transition: T) -> some View {
        self.transition(AnyTransition(transition))
    }
}

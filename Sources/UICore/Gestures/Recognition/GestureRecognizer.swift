import CoreGraphics
import Foundation

/// Where a gesture is in its life (SwiftUI's phases: possible, then active or failed, then ended or cancelled).
@_spi(Engine) public enum GesturePhase<Value> {
    case possible(Value?)
    case active(Value)
    case ended(Value)
    case failed

    package var isTerminal: Bool {
        switch self {
        case .ended, .failed: true
        case .possible, .active: false
        }
    }
    /// The value carried by the phase, if any.
    package var value: Value? {
        switch self {
        case .possible(let value): value
        case .active(let value), .ended(let value): value
        case .failed: nil
        }
    }
    package var kind: GesturePhaseKind {
        switch self {
        case .possible: .possible
        case .active: .active
        case .ended: .ended
        case .failed: .failed
        }
    }
    package func map<T>(_ transform: (Value) -> T) -> GesturePhase<T> {
        switch self {
        case .possible(let value): .possible(value.map(transform))
        case .active(let value): .active(transform(value))
        case .ended(let value): .ended(transform(value))
        case .failed: .failed
        }
    }
}

/// A recognizer's phase without its value (inspector, arbiter).
package enum GesturePhaseKind: String, Sendable {
    case possible, active, ended, failed
}

/// What a pointer, finger or pinch is doing, as a recognizer sees it in one step.
package struct TrackedPoint {
    package enum Kind { case pointer, touch, pinch }
    package let id: InputSequenceID
    package let kind: Kind
    /// Window points.
    package var location: CGPoint
    /// Time of the point's latest event (ms).
    package var time: Double
    /// It had an event in this step.
    package var hasEvent = false
    /// It went down in this step.
    package var began = false
    /// It lifted in this step (its last location is `location`).
    package var ended = false
    /// It was cancelled (a cancelled touchpad pinch).
    package var cancelled = false
    /// Touchpad pinch: scale since the beginning.
    package var pinchScale: Double = 1
    /// Touchpad pinch: rotation in degrees clockwise since the beginning.
    package var pinchRotation: Double = 0

    package var isLive: Bool { !ended }
}

/// Converts window points into a gesture's coordinate spaces (`.local` is the frame of the view
/// the gesture is attached to, `.global` the window, `.named` the view declaring the name).
package struct GestureCoordinates {
    package var frame: CGRect
    package var namedSpaces: [AnyHashable: CGRect]
    /// Maps window points into the space `frame` is in (rotation/scale effects applied outside the view).
    package var windowToLayout: CGAffineTransform? = nil

    package func convert(_ point: CGPoint, to space: CoordinateSpace) -> CGPoint {
        switch space {
        case .global: return point
        case .local:
            let p = windowToLayout.map { point.applying($0) } ?? point
            return CGPoint(x: p.x - frame.minX, y: p.y - frame.minY)
        case .named(let name):
            guard let named = namedSpaces[name] else { return point }
            return CGPoint(x: point.x - named.minX, y: point.y - named.minY)
        }
    }
    package func unitPoint(_ windowPoint: CGPoint) -> UnitPoint {
        let point = windowToLayout.map { windowPoint.applying($0) } ?? windowPoint
        return UnitPoint(
            x: frame.width > 0 ? (point.x - frame.minX) / frame.width : 0,
            y: frame.height > 0 ? (point.y - frame.minY) / frame.height : 0)
    }
}

/// An action a callback layer queued (onChanged, updating's write-back, a reset, onEnded); run in FIFO order
/// once arbitration has decided the step (the callbacks of a gesture that loses arbitration never run).
package typealias GestureAction = @MainActor () -> Void

/// The input of one recognition step for one attached gesture.
@_spi(Engine) public struct GestureStep {
    /// Now, ms on the event timeline.
    package var time: Double
    /// The sequences bound to the gesture, in the order they went down.
    package var points: [TrackedPoint]
    package var coordinates: GestureCoordinates
    /// Turns event times into `Date`s.
    package var clock: any GestureClock
    /// Actions queued by callback layers in this step, inner first.
    package var actions: [GestureAction] = []

    /// The `Date` of `milliseconds` on the event timeline.
    @MainActor package func date(_ milliseconds: Double) -> Date { clock.date(atMilliseconds: milliseconds) }

    package func point(_ id: InputSequenceID?) -> TrackedPoint? {
        guard let id else { return nil }
        return points.first { $0.id == id }
    }
    /// The first live pointer or finger (not a touchpad pinch); with `requireBegan`, only one that went down now.
    package func firstPress(requireBegan: Bool = false) -> TrackedPoint? {
        points.first { $0.kind != .pinch && $0.isLive && (!requireBegan || $0.began) }
    }
    package var hasLivePoints: Bool { points.contains { $0.isLive } }
}

/// The type-erased face of a recognizer: the session and the inspector only need this.
@MainActor
@_spi(Engine) open class AnyGestureRecognizer {
    package init() {}

    /// The phase kind, for arbitration and the inspector.
    package var phaseKind: GesturePhaseKind { .failed }
    /// When the recognizer next needs a step without input (ms), if ever.
    @_spi(Engine) open var deadline: Double? { nil }
    /// Advances by one step; returns whether the phase (or its value) changed.
    @discardableResult
    package func advance(_ step: inout GestureStep) -> Bool { false }
    /// Fails the recognizer and everything inside it (the gesture lost arbitration, was cancelled or its view
    /// was removed): every @GestureState it wrote queues its reset; no onEnded.
    @_spi(Engine) open func cancel(_ step: inout GestureStep) {
        for child in children { child.cancel(&step) }
    }
    /// Takes the closures and parameters of the gesture's newest value (the view re-rendered).
    @_spi(Engine) open func refresh(_ gesture: any Gesture) {}
    /// `refresh` with a gesture of a static type (a composite's content, handed on at every update): the
    /// recognizers of a drag's chain take it as it is, without boxing it in an existential; the others box it.
    @_spi(Engine) open func refresh<G: Gesture>(typed gesture: G) { refresh(gesture) }
    /// Recognizers inside this one.
    package var children: [AnyGestureRecognizer] { [] }
    /// The most taps a tap gesture inside needs (`nil`: no tap gesture): a gesture needing fewer taps waits
    /// for a competitor needing more to fail before it ends.
    package var requiredTapCount: Int? { children.compactMap(\.requiredTapCount).max() }
    /// A short name for the inspector.
    @_spi(Engine) open var debugName: String { "\(type(of: self))" }
    /// Whether any competitor becoming active makes this fail, even a lower-ranked one (a button's press).
    @_spi(Engine) open var yieldsToActiveCompetitors: Bool { false }
    /// Whether becoming active also makes higher-ranked competitors that are still undecided fail (a slider's
    /// drag inside a scroll view: the drag it started is its own). Wrappers (`onChanged`, `onEnded`, `map`) claim
    /// as what they wrap does.
    @_spi(Engine) open var claimsSequenceWhenActive: Bool { onlyChild?.claimsSequenceWhenActive ?? false }
    /// The child when there is exactly one (the wrappers override it to skip building `children`).
    package var onlyChild: AnyGestureRecognizer? {
        let children = children
        return children.count == 1 ? children[0] : nil
    }
}

/// A recognizer producing `Value`s. Subclasses implement `update`; returning `nil` means "no change".
@MainActor
@_spi(Engine) open class GestureRecognizer<Value>: AnyGestureRecognizer {
    package private(set) var phase: GesturePhase<Value> = .possible(nil)

    package override var phaseKind: GesturePhaseKind { phase.kind }

    package override final func advance(_ step: inout GestureStep) -> Bool {
        guard !phase.isTerminal else { return false }
        guard let next = update(&step) else { return false }
        phase = next
        return true
    }

    /// The next phase, or `nil` when nothing changed. Only called while the phase is not terminal.
    @_spi(Engine) open func update(_ step: inout GestureStep) -> GesturePhase<Value>? { .failed }

    @_spi(Engine) open override func cancel(_ step: inout GestureStep) {
        if !phase.isTerminal { phase = .failed }
        super.cancel(&step)
    }
}

/// Gestures the system knows how to recognise directly.
@MainActor
package protocol RecognizableGesture {
    func makeRecognizer() -> AnyGestureRecognizer
}

/// The recognizer for `gesture`: its own for primitives and combinators, its `body`'s for custom gestures.
@MainActor
package func makeRecognizer<G: Gesture>(_ gesture: G) -> GestureRecognizer<G.Value> {
    if let recognizable = gesture as? any RecognizableGesture,
        let made = recognizable.makeRecognizer() as? GestureRecognizer<G.Value>
    {
        return made
    }
    if G.Body.self != Never.self { return BodyRecognizer(gesture) }
    return UnrecognizableGesture<G.Value>()
}

/// The recognizer for a gesture of unknown static type.
@MainActor
package func makeAnyRecognizer(_ gesture: any Gesture) -> AnyGestureRecognizer {
    func open<G: Gesture>(_ gesture: G) -> AnyGestureRecognizer { makeRecognizer(gesture) }
    return open(gesture)
}

/// A primitive the system does not know: fails at once.
package final class UnrecognizableGesture<Value>: GestureRecognizer<Value> {}

/// A custom gesture: recognised through its `body`, whose value must be the gesture's value.
package final class BodyRecognizer<G: Gesture>: GestureRecognizer<G.Value> {
    private var inner: GestureRecognizer<G.Body.Value>
    package init(_ gesture: G) { inner = makeRecognizer(gesture.body) }
    package override var children: [AnyGestureRecognizer] { [inner] }
    package override var onlyChild: AnyGestureRecognizer? { inner }
    package override var deadline: Double? { inner.deadline }
    package override var debugName: String { "\(G.self)" }
    package override func update(_ step: inout GestureStep) -> GesturePhase<G.Value>? {
        guard inner.advance(&step) else { return nil }
        switch inner.phase {
        case .possible(let value): return .possible(value.flatMap { $0 as? G.Value })
        case .active(let value): return (value as? G.Value).map { .active($0) } ?? .failed
        case .ended(let value): return (value as? G.Value).map { .ended($0) } ?? .failed
        case .failed: return .failed
        }
    }
    package override func refresh(_ gesture: any Gesture) {
        if let gesture = gesture as? G { inner.refresh(gesture.body) }
    }
}

/// Estimates velocity from the last three samples (SwiftUI's sampler: 0.75 × newest difference + 0.25 × the previous).
/// The one press a pan follows: the first press it accepts, then only that press's events.
package struct FollowedPress {
    package enum Next {
        /// The followed press has an event in this step (the first one when it went down now).
        case event(TrackedPoint)
        /// The followed press has nothing new in this step.
        case unchanged
        /// No press to follow, or the press went away.
        case failed
    }

    package private(set) var id: InputSequenceID?
    /// Where the press went down, in window points.
    package private(set) var start = CGPoint.zero

    package mutating func next(in step: GestureStep, accepts: (TrackedPoint) -> Bool = { _ in true }) -> Next {
        if let current = step.point(id) { return current.hasEvent ? .event(current) : .unchanged }
        guard id == nil, let first = step.firstPress(), accepts(first) else { return .failed }
        id = first.id
        start = first.location
        return .event(first)
    }
    package init(id: InputSequenceID? = nil) {
        self.id = id
    }
}

package struct VelocitySampler<V> {
    private var samples: [(time: Double, value: V)] = []
    package let subtract: (V, V) -> V
    package let scale: (V, Double) -> V
    package let add: (V, V) -> V
    package let zero: V

    package init(
        zero: V, add: @escaping (V, V) -> V, subtract: @escaping (V, V) -> V, scale: @escaping (V, Double) -> V
    ) {
        self.zero = zero
        self.add = add
        self.subtract = subtract
        self.scale = scale
    }

    package mutating func add(_ value: V, at time: Double) {
        if let last = samples.last, abs(last.time - time) < 1e-9 {
            samples[samples.count - 1] = (time, value)  // same instant: coalesced
        } else {
            samples.append((time, value))
            if samples.count > 3 { samples.removeFirst() }
        }
    }
    /// The velocity when a finger lifts at `time` (milliseconds): a lift carries no position of its own, so it is
    /// the movement's before it, unless the finger had rested (no movement for `restingTime`), as touch velocity
    /// trackers treat a lift.
    package func velocity(liftedAt time: Double, restingTime: Double = 40) -> V {
        guard let latest = samples.last, time - latest.time <= restingTime else { return zero }
        return velocity
    }
    /// Per second.
    package var velocity: V {
        let n = samples.count
        guard n >= 2 else { return zero }
        func rate(_ a: (time: Double, value: V), _ b: (time: Double, value: V)) -> V {
            scale(subtract(b.value, a.value), 1000 / (b.time - a.time))
        }
        let v21 = rate(samples[n - 2], samples[n - 1])
        guard n == 3 else { return v21 }
        let v32 = rate(samples[0], samples[1])
        return add(scale(v21, 0.75), scale(v32, 0.25))
    }
}

extension VelocitySampler where V == CGSize {
    package init() {
        self.init(
            zero: .zero, add: { CGSize(width: $0.width + $1.width, height: $0.height + $1.height) },
            subtract: { CGSize(width: $0.width - $1.width, height: $0.height - $1.height) },
            scale: { CGSize(width: $0.width * $1, height: $0.height * $1) })
    }
}

extension VelocitySampler where V == Double {
    package init() { self.init(zero: 0, add: +, subtract: -, scale: *) }
}

package func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }

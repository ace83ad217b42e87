import Foundation

/// A type whose values can be added, subtracted and scaled: what an animation interpolates.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// This value scaled by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}
extension Float: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}
extension CGFloat: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

/// No animatable data (the default of `Animatable`).
public struct EmptyAnimatableData: VectorArithmetic, Sendable {
    public init() {}
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    public static func + (lhs: Self, rhs: Self) -> Self { lhs }
    public static func - (lhs: Self, rhs: Self) -> Self { lhs }
    public mutating func scale(by rhs: Double) {}
    public var magnitudeSquared: Double { 0 }
}

/// Two animatable values animated together.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
    public static var zero: Self { Self(.zero, .zero) }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.first + rhs.first, lhs.second + rhs.second) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.first - rhs.first, lhs.second - rhs.second) }
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}

/// A type whose `animatableData` the animation system interpolates (shapes, custom modifiers and views).
/// Main-actor isolated like `View`, so that views and shapes can conform.
@MainActor @preconcurrency
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    /// The values to interpolate.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

/// `AnimatedVector` for any `VectorArithmetic` value: moves to its targets as the transaction says; an
/// interrupting spring merges (from the presented value and velocity), a timing curve runs beside the
/// running animations and the presented value adds them up.
package struct AnimatedValue<Value: VectorArithmetic> {
    package private(set) var target: Value
    /// The running animations, oldest first.
    private var tracks: [Track] = []

    private struct Track {
        var animation: Animation
        var start: Double
        var from: Value
        var to: Value
        var velocity: Value
        var end: Double

        /// The closed-form spring is linear in the start displacement x₀ and velocity v₀: x(t) = a(t) x₀ + b(t) v₀.
        var isPlainSpring: Bool {
            if case .spring = animation.curve, (animation.repeatCount ?? 1) == 1 { return true }
            return false
        }

        func sample(at time: Double) -> (value: Value, velocity: Value) {
            if time >= end { return (to, .zero) }
            let elapsed = time - start
            if isPlainSpring {
                let speed = animation.speed
                let local = (elapsed - animation.delay) * speed
                if local <= 0 { return (from, elapsed < animation.delay ? .zero : velocity) }
                let solver = SpringSolver(animation)
                let a = solver.state(at: local, displacement: 1, velocity: 0)
                let b = solver.state(at: local, displacement: 0, velocity: 1)
                let x0 = from - to
                let v0 = velocity.scaled(by: 1 / speed)
                return (
                    to + x0.scaled(by: a.x) + v0.scaled(by: b.x),
                    (x0.scaled(by: a.v) + v0.scaled(by: b.v)).scaled(by: speed)
                )
            }
            let (f, fv) = animation.progress(at: elapsed)
            let delta = to - from
            return (from + delta.scaled(by: f), delta.scaled(by: fv))
        }
    }

    package init(_ value: Value) { target = value }

    package var isAnimating: Bool { !tracks.isEmpty }

    /// Sets a new target; returns whether an animation now runs.
    package mutating func set(
        _ newTarget: Value, animation animationForChange: @autoclosure () -> Animation?, at time: Double
    )
        -> Bool
    {
        if newTarget == target { return isAnimating }
        defer { target = newTarget }
        guard let animation = animationForChange() else {
            tracks = []
            return false
        }
        let merges = tracks.isEmpty || animation.mergesWithRunningAnimations
        let current: (value: Value, velocity: Value) = merges ? sample(at: time) : (target, .zero)
        var end = time + animation.totalDuration
        if case .spring = animation.curve, (animation.repeatCount ?? 1) == 1 {
            let solver = SpringSolver(animation)
            let speed = max(animation.speed, 1e-9)
            let x0 = (current.value - newTarget).magnitudeSquared.squareRoot()
            let v0 = current.velocity.magnitudeSquared.squareRoot() / speed
            let settle = max(
                solver.settlingTime(displacement: x0, velocity: 0), solver.settlingTime(displacement: 0, velocity: v0),
                solver.settlingTime(displacement: x0, velocity: v0),
                solver.settlingTime(displacement: x0, velocity: -v0))
            end = time + animation.delay + settle / speed
        }
        let track = Track(
            animation: animation, start: time, from: current.value, to: newTarget, velocity: current.velocity, end: end)
        if merges { tracks = [track] } else { tracks.append(track) }
        tracks.removeAll { time >= $0.end }
        return isAnimating
    }

    /// The presented value and velocity: the target, offset by what each running animation still has to go.
    private func sample(at time: Double) -> (value: Value, velocity: Value) {
        var value = target
        var velocity = Value.zero
        for track in tracks {
            let (trackValue, trackVelocity) = track.sample(at: time)
            value += trackValue - track.to
            velocity += trackVelocity
        }
        return (value, velocity)
    }

    package func presented(at time: Double) -> Value { tracks.isEmpty ? target : sample(at: time).value }
    package func velocity(at time: Double) -> Value { sample(at: time).velocity }

    /// Drops the animations that are over; returns whether any still runs.
    package mutating func finishIfComplete(at time: Double) -> Bool {
        tracks.removeAll { time >= $0.end }
        return isAnimating
    }
}

extension RoundedRectangle {
    /// The corner size animates.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(cornerSize.width, cornerSize.height) }
        set { cornerSize = CGSize(width: newValue.first, height: newValue.second) }
    }
}

extension Animatable where Self: VectorArithmetic {
    /// The value itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Double: Animatable {}
extension Float: Animatable {}
extension CGFloat: Animatable {}

extension Angle: Animatable {
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { (origin.animatableData, size.animatableData) = (newValue.first, newValue.second) }
    }
}

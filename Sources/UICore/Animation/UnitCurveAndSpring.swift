import Foundation

/// A timing curve from (0, 0) to (1, 1): how far along a change is at a fraction of its time.
public struct UnitCurve: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
        case circularEaseIn, circularEaseOut, circularEaseInOut
    }
    package let kind: Kind

    public static let linear = UnitCurve(kind: .bezier(x1: 0, y1: 0, x2: 1, y2: 1))
    public static let easeIn = UnitCurve(kind: .bezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
    public static let easeOut = UnitCurve(kind: .bezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
    public static let easeInOut = UnitCurve(kind: .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    public static let circularEaseIn = UnitCurve(kind: .circularEaseIn)
    public static let circularEaseOut = UnitCurve(kind: .circularEaseOut)
    public static let circularEaseInOut = UnitCurve(kind: .circularEaseInOut)

    /// A cubic Bézier curve with the two control points.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(
            kind: .bezier(
                x1: Double(startControlPoint.x), y1: Double(startControlPoint.y), x2: Double(endControlPoint.x),
                y2: Double(endControlPoint.y)))
    }

    /// How far along the change is at `progress` (0 to 1) of its time.
    public func value(at progress: Double) -> Double { sample(progress).value }

    /// The rate of change of `value(at:)` at `progress`.
    public func velocity(at progress: Double) -> Double { sample(progress).velocity }

    private func sample(_ progress: Double) -> (value: Double, velocity: Double) {
        let t = min(max(progress, 0), 1)
        switch kind {
        case .bezier(let x1, let y1, let x2, let y2):
            if x1 == y1 && x2 == y2 { return (t, 1) }
            let (y, slope) = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).solve(t)
            return (y, slope)
        case .circularEaseIn:
            let r = (1 - t * t).squareRoot()
            return (1 - r, r > 0 ? t / r : .infinity)
        case .circularEaseOut:
            let u = 1 - t
            let r = (1 - u * u).squareRoot()
            return (r, r > 0 ? u / r : .infinity)
        case .circularEaseInOut:
            let half = t < 0.5
            let inner = UnitCurve(kind: half ? .circularEaseIn : .circularEaseOut).sample(half ? 2 * t : 2 * t - 1)
            return ((half ? 0 : 0.5) + inner.value / 2, inner.velocity)
        }
    }
}

/// A spring's motion, by perceptual duration and bounce, or by response and damping ratio.
public struct Spring: Hashable, Sendable {
    /// The period of the undamped oscillation (seconds).
    public var response: Double
    /// 1: critically damped; less bounces.
    public var dampingRatio: Double

    /// A spring that takes about `duration` and bounces by `bounce` (0: none, negative: overdamped).
    public init(duration: TimeInterval = 0.5, bounce: Double = 0) {
        response = duration
        dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (bounce + 1)
    }

    public init(response: Double, dampingRatio: Double) {
        self.response = response
        self.dampingRatio = dampingRatio
    }

    public var duration: TimeInterval { response }
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// How long a unit change at rest takes to settle (seconds).
    public var settlingDuration: TimeInterval {
        SpringSolver(omega: 2 * .pi / max(response, 1e-6), zeta: max(dampingRatio, 0))
            .settlingTime(displacement: 1, velocity: 0)
    }

    public static let smooth = Spring(duration: 0.5, bounce: 0)
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
}

import Foundation

/// How a change animates over time. UICore records which animation a transaction asks for;
/// interpolating values over frames is the animation issue's work (until then changes apply at once).
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// The timing of the animation.
    package enum Curve: Hashable, Sendable {
        /// A cubic Bézier timing curve through (0,0), the two control points, and (1,1).
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double)
        /// A spring with SwiftUI's `response`/`dampingFraction` parameters.
        case spring(response: Double, dampingFraction: Double, blendDuration: Double)
    }
    package var curve: Curve
    package var delay: Double = 0
    package var speed: Double = 1
    /// Repeat count (`nil`: once; `.max`: forever) and whether repeats reverse.
    package var repeatCount: Int? = nil
    package var autoreverses = false

    package init(curve: Curve) { self.curve = curve }

    /// SwiftUI's default animation (a critically damped spring with a 0.5 s response).
    public static let `default` = Animation.spring(response: 0.5, dampingFraction: 1, blendDuration: 0)
    /// Constant speed over `duration` seconds.
    public static func linear(duration: Double) -> Animation {
        Animation(curve: .bezier(x1: 0, y1: 0, x2: 1, y2: 1, duration: duration))
    }
    /// Constant speed over 0.35 s.
    public static let linear = Animation.linear(duration: 0.35)
    public static func easeIn(duration: Double) -> Animation {
        Animation(curve: .bezier(x1: 0.42, y1: 0, x2: 1, y2: 1, duration: duration))
    }
    public static let easeIn = Animation.easeIn(duration: 0.35)
    public static func easeOut(duration: Double) -> Animation {
        Animation(curve: .bezier(x1: 0, y1: 0, x2: 0.58, y2: 1, duration: duration))
    }
    public static let easeOut = Animation.easeOut(duration: 0.35)
    public static func easeInOut(duration: Double) -> Animation {
        Animation(curve: .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, duration: duration))
    }
    public static let easeInOut = Animation.easeInOut(duration: 0.35)
    /// A spring (response in seconds, damping 1 = critical).
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0)
        -> Animation
    {
        Animation(curve: .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }
    /// A spring given by perceptual duration and bounce.
    public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (bounce + 1), blendDuration: 0)
    }
    public static let spring = Animation.spring()
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }
    public static let interactiveSpring = Animation.interactiveSpring()
    /// This animation started `delay` seconds later.
    public func delay(_ delay: Double) -> Animation {
        var a = self
        a.delay += delay
        return a
    }
    /// This animation played `speed` times faster.
    public func speed(_ speed: Double) -> Animation {
        var a = self
        a.speed *= speed
        return a
    }
    /// This animation repeated `repeatCount` times.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var a = self
        a.repeatCount = repeatCount
        a.autoreverses = autoreverses
        return a
    }
    /// This animation repeated forever.
    public func repeatForever(autoreverses: Bool = true) -> Animation { repeatCount(.max, autoreverses: autoreverses) }

    public var description: String {
        switch curve {
        case .bezier(let x1, let y1, let x2, let y2, let d): return "bezier(\(x1),\(y1),\(x2),\(y2), \(d)s)"
        case .spring(let r, let f, _): return "spring(response: \(r), damping: \(f))"
        }
    }
}

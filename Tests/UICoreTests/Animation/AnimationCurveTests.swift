import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// The curves' maths on their own (SwiftUI's Bezier timing curves and closed-form springs).
@Suite struct AnimationCurveTests {
    @Test func linearProgressIsExact() {
        let a = Animation.linear(duration: 2)
        for (t, f) in [(0.0, 0.0), (0.5, 0.25), (1.0, 0.5), (2.0, 1.0), (3.0, 1.0)] {
            #expect(abs(a.fraction(at: t) - f) < 1e-9, "t = \(t)")
        }
        #expect(abs(a.fractionVelocity(at: 1) - 0.5) < 1e-9)
        #expect(!a.isComplete(at: 1.99) && a.isComplete(at: 2))
    }

    @Test func easeCurvesAreCubicBeziers() {
        // Brute force: sample the curve's parameter densely and read y at the closest x.
        func reference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
            func bez(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
                3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
            }
            var lo = 0.0
            var hi = 1.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if bez(x1, x2, mid) < x { lo = mid } else { hi = mid }
            }
            return bez(y1, y2, (lo + hi) / 2)
        }
        let cases: [(Animation, (Double, Double, Double, Double))] = [
            (.easeIn(duration: 1), (0.42, 0, 1, 1)), (.easeOut(duration: 1), (0, 0, 0.58, 1)),
            (.easeInOut(duration: 1), (0.42, 0, 0.58, 1)),
        ]
        for (animation, p) in cases {
            for x in stride(from: 0.0, through: 1.0, by: 0.05) {
                #expect(abs(animation.fraction(at: x) - reference(p.0, p.1, p.2, p.3, x)) < 1e-9)
            }
        }
        #expect(abs(Animation.easeInOut(duration: 1).fraction(at: 0.5) - 0.5) < 1e-9)
        #expect(Animation.easeInOut.baseDuration == 0.35)
    }

    /// Integrates x'' = -ω²x - 2ζωx' with RK4 (small steps) for comparison with the closed form.
    static func integrate(response: Double, damping: Double, x0: Double, v0: Double, until t: Double) -> (
        Double, Double
    ) {
        let w = 2 * Double.pi / response
        func acc(_ x: Double, _ v: Double) -> Double { -w * w * x - 2 * damping * w * v }
        var x = x0
        var v = v0
        let steps = Int((t / 1e-4).rounded())
        let h = t / Double(max(steps, 1))
        for _ in 0..<steps {
            let k1x = v
            let k1v = acc(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = acc(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    @Test(arguments: [(0.5, 0.3), (0.5, 0.825), (0.5, 1.0), (0.4, 1.6)])
    func springMatchesTheClosedFormAndSettles(response: Double, damping: Double) {
        let spring = Animation.spring(response: response, dampingFraction: damping)
        for t in [0.05, 0.1, 0.2, 0.35, 0.5, 0.8] {
            let (x, v) = Self.integrate(response: response, damping: damping, x0: -1, v0: 0, until: t)
            #expect(abs(spring.fraction(at: t) - (1 + x)) < 1e-3, "t = \(t)")
            #expect(abs(spring.fractionVelocity(at: t) - v) < 1e-3 * 2 * .pi / response, "t = \(t)")
        }
        // With an initial velocity too.
        let solver = SpringSolver(spring)
        let (x, v) = solver.state(at: 0.3, displacement: 2, velocity: -7)
        let (rx, rv) = Self.integrate(response: response, damping: damping, x0: 2, v0: -7, until: 0.3)
        #expect(abs(x - rx) < 1e-3 && abs(v - rv) < 1e-2)
        // Settles within its duration: at rest at the target from then on.
        let settle = spring.totalDuration
        #expect(settle.isFinite && settle < 5 && spring.isComplete(at: settle))
        for t in [settle, settle + 0.1, settle + 1] {
            #expect(abs(spring.fraction(at: t) - 1) < 1e-3)
        }
    }

    @Test func springByDurationAndBounce() {
        #expect(Animation.spring(duration: 0.5, bounce: 0) == .spring(response: 0.5, dampingFraction: 1))
        #expect(Animation.spring(duration: 0.6, bounce: 0.25) == .spring(response: 0.6, dampingFraction: 0.75))
        #expect(Animation.default == .spring(response: 0.5, dampingFraction: 1))
        // A critically damped spring never overshoots; a bouncy one does.
        #expect((0..<100).allSatisfy { Animation.default.fraction(at: Double($0) / 50) <= 1 + 1e-12 })
        #expect(
            (0..<100).contains { Animation.spring(duration: 0.5, bounce: 0.5).fraction(at: Double($0) / 50) > 1.05 })
        #expect(Animation.interactiveSpring == .spring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25))
    }

    @Test func delaySpeedAndRepeats() {
        let delayed = Animation.linear(duration: 1).delay(0.5)
        #expect(
            delayed.fraction(at: 0.5) == 0 && abs(delayed.fraction(at: 1) - 0.5) < 1e-9 && delayed.totalDuration == 1.5)
        let fast = Animation.linear(duration: 1).speed(2)
        #expect(abs(fast.fraction(at: 0.25) - 0.5) < 1e-9 && fast.totalDuration == 0.5)
        #expect(abs(fast.fractionVelocity(at: 0.25) - 2) < 1e-9)

        let twice = Animation.linear(duration: 1).repeatCount(2, autoreverses: true)
        #expect(abs(twice.fraction(at: 0.5) - 0.5) < 1e-9 && abs(twice.fraction(at: 1.25) - 0.75) < 1e-9)
        #expect(twice.fractionVelocity(at: 1.25) < 0)
        #expect(twice.fraction(at: 2) == 0 && twice.isComplete(at: 2))  // back where it began
        let thrice = Animation.linear(duration: 1).repeatCount(3, autoreverses: true)
        #expect(thrice.fraction(at: 3) == 1)
        let restart = Animation.linear(duration: 1).repeatCount(2, autoreverses: false)
        #expect(abs(restart.fraction(at: 1.25) - 0.25) < 1e-9 && restart.fraction(at: 2) == 1)
        let forever = Animation.linear(duration: 1).repeatForever()
        #expect(forever.totalDuration == .infinity && !forever.isComplete(at: 1e6))
        #expect(abs(forever.fraction(at: 101.25) - 0.75) < 1e-9)
    }
}

import Foundation

// The maths of `Animation`: where a value is, and how fast it moves, at a time after the animation began.
//
// Time model (seconds since the animation began, `elapsed`): `delay` first, then the curve runs at `speed`;
// a repeated animation plays its base curve `repeatCount` times (forever for `.max`), every other play
// backwards when it autoreverses. Springs are the closed-form damped harmonic oscillator with
// ω₀ = 2π / response and ζ = dampingFraction (SwiftUI's parameters), and carry an initial velocity.

extension Animation {
    /// The spring's natural angular frequency ω₀ and damping ratio ζ, if this is a spring.
    package var springParameters: (omega: Double, zeta: Double)? {
        guard case .spring(let response, let damping, _) = curve else { return nil }
        return (2 * Double.pi / max(response, 1e-6), max(damping, 0))
    }

    /// The base curve's duration (a spring's: the time it takes to settle from a unit change at rest).
    package var baseDuration: Double {
        switch curve {
        case .bezier(_, _, _, _, let duration): return max(duration, 0)
        case .spring: return SpringSolver(self).settlingTime(displacement: 1, velocity: 0)
        }
    }

    /// How long the whole animation takes (delay, speed and repeats included); infinite when it repeats forever.
    package var totalDuration: Double {
        let count = repeatCount ?? 1
        if count == .max { return .infinity }
        return delay + baseDuration * Double(max(count, 1)) / max(speed, 1e-9)
    }

    /// When the animation is logically complete (what `phaseAnimator` waits for before the next phase): a spring
    /// played once is after its response (its perceptual duration), though its tail may still move; any other
    /// animation at its end.
    package var logicalDuration: Double {
        if case .spring(let response, _, _) = curve, (repeatCount ?? 1) == 1 {
            return delay + max(response, 0) / max(speed, 1e-9)
        }
        return totalDuration
    }

    /// The fraction of the change done `elapsed` seconds after the animation began, from a value at rest
    /// (0 at the start, 1 at the end; springs overshoot).
    package func fraction(at elapsed: Double) -> Double { progress(at: elapsed).fraction }

    /// The rate of change of `fraction(at:)` (per second).
    package func fractionVelocity(at elapsed: Double) -> Double { progress(at: elapsed).velocity }

    /// Whether the animation is over `elapsed` seconds after it began.
    package func isComplete(at elapsed: Double) -> Bool { elapsed >= totalDuration }

    /// The fraction and its velocity for a unit change starting at rest.
    package func progress(at elapsed: Double) -> (fraction: Double, velocity: Double) {
        let local = (elapsed - delay) * speed
        if local <= 0 { return (0, 0) }
        let duration = baseDuration
        let count = repeatCount ?? 1
        if count != .max && local >= duration * Double(max(count, 1)) {
            // Done: an odd number of plays ends at the target; an even, autoreversed one back at the start.
            let ends = autoreverses && count % 2 == 0 ? 0.0 : 1.0
            return (ends, 0)
        }
        var t = local
        var reversed = false
        if count != 1, duration > 0 {
            let play = (local / duration).rounded(.down)
            t = local - play * duration
            reversed = autoreverses && Int(play) % 2 == 1
        }
        let (f, v) = baseProgress(at: t)
        return reversed ? (1 - f, -v * speed) : (f, v * speed)
    }

    /// The base curve at `t` seconds (speed 1, no delay, no repeat).
    package func baseProgress(at t: Double) -> (fraction: Double, velocity: Double) {
        switch curve {
        case .bezier(let x1, let y1, let x2, let y2, let duration):
            guard duration > 0 else { return (1, 0) }
            if t >= duration { return (1, 0) }
            let bezier = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            let (y, slope) = bezier.solve(t / duration)
            return (y, slope / duration)
        case .spring:
            let solver = SpringSolver(self)
            let (x, v) = solver.state(at: t, displacement: -1, velocity: 0)
            return (1 + x, v)
        }
    }
}

/// A cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1), as CSS and Core Animation define it.
package struct UnitBezier {
    package let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double

    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    package func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    package func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    package func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    package func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The parameter s with x(s) = x (Newton's method, falling back to bisection), to 1e-12.
    package func parameter(for x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let error = self.x(s) - x
            if abs(error) < 1e-12 { return s }
            let d = dx(s)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var lo = 0.0
        var hi = 1.0
        s = x
        for _ in 0..<100 {
            let value = self.x(s)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// y at x, and dy/dx there.
    package func solve(_ x: Double) -> (y: Double, slope: Double) {
        let s = parameter(for: x)
        let d = dx(s)
        let slope = abs(d) < 1e-12 ? (dy(s) == 0 ? 0 : .infinity) : dy(s) / d
        return (y(s), slope)
    }
}

/// The damped harmonic oscillator x'' + 2ζω₀x' + ω₀²x = 0, in closed form; x is the displacement from the target.
package struct SpringSolver {
    package let omega: Double
    package let zeta: Double

    package init(_ animation: Animation) {
        let p = animation.springParameters ?? (2 * .pi / 0.5, 1)
        omega = p.omega
        zeta = p.zeta
    }
    package init(omega: Double, zeta: Double) {
        self.omega = omega
        self.zeta = zeta
    }

    /// Displacement and velocity `t` seconds after starting at displacement `x0` with velocity `v0`.
    package func state(at t: Double, displacement x0: Double, velocity v0: Double) -> (x: Double, v: Double) {
        if t <= 0 { return (x0, v0) }
        let w = omega
        if abs(zeta - 1) < 1e-9 {
            // Critically damped: x = (x0 + (v0 + ω x0) t) e^{-ω t}.
            let b = v0 + w * x0
            let e = exp(-w * t)
            return ((x0 + b * t) * e, (b - w * (x0 + b * t)) * e)
        } else if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * w * x0) / wd
            let e = exp(-zeta * w * t)
            let c = cos(wd * t)
            let s = sin(wd * t)
            let x = e * (a * c + b * s)
            let v = e * ((-zeta * w) * (a * c + b * s) + (-a * wd * s + b * wd * c))
            return (x, v)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w * (zeta - root)
            let r2 = -w * (zeta + root)
            // c1 + c2 = x0, r1 c1 + r2 c2 = v0.
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// Whether a motion is at rest at the target (to a thousandth of a unit).
    package static func isSettled(x: Double, v: Double, scale: Double = 1) -> Bool {
        abs(x) < 1e-3 * scale && abs(v) < 1e-2 * scale
    }

    /// The time after which the motion stays settled (searched at 1/240 s, then refined).
    package func settlingTime(displacement x0: Double, velocity v0: Double, scale: Double = 1) -> Double {
        if Self.isSettled(x: x0, v: v0, scale: scale) { return 0 }
        var lastUnsettled = 0.0
        let step = 1.0 / 240
        var t = step
        // The envelope decays at least as fast as e^{-ζω t} (slowest mode when overdamped): bound the search.
        let decay = zeta < 1 ? zeta * omega : omega * (zeta - (zeta * zeta - 1).squareRoot())
        let limit = min(60, max(1, 30 / max(decay, 1e-3)))
        var settledRun = 0.0
        while t < limit {
            let (x, v) = state(at: t, displacement: x0, velocity: v0)
            if Self.isSettled(x: x, v: v, scale: scale) {
                settledRun += step
                if settledRun > 4 / max(omega, 1e-3) { break }
            } else {
                lastUnsettled = t
                settledRun = 0
            }
            t += step
        }
        return lastUnsettled + step
    }
}

import Foundation

/// Exact area of a disc (radius `r`, centred at the origin) inside rectangles `[x0, x1] × [y0, y1]` sharing one
/// row `[y0, y1]`.
///
/// The chord height inside the row is `h(X) = clamp(s, y0, y1) − clamp(−s, y0, y1)` with `s = √(r² − X²)`,
/// which rewrites as `(y0 − y1) + m(y1) − m(y0) + m(−y0) − m(−y1)` where `m(c) = min(s, c)`. Each `m` has a
/// closed-form antiderivative built from `S(X) = ½(X·√(r²−X²) + r²·asin(X/r))`, so an area costs two `S`
/// evaluations; everything that depends only on the row is computed once here.
struct DiscRowArea {
    let r: Double, r2: Double
    let y0: Double, y1: Double
    /// The four clamp levels, their signs, and for 0 < c < r the chord end `xc = √(r²−c²)` and `S(xc)`.
    private var c = (0.0, 0.0, 0.0, 0.0)
    private var xc = (0.0, 0.0, 0.0, 0.0)
    private var sxc = (0.0, 0.0, 0.0, 0.0)

    init(radius: Double, y0: Double, y1: Double) {
        r = radius
        r2 = radius * radius
        self.y0 = y0
        self.y1 = y1
        c = (y1, y0, -y0, -y1)
        func prep(_ c: Double) -> (Double, Double) {
            guard c > 0, c < radius else { return (0, 0) }
            let x = (radius * radius - c * c).squareRoot()
            return (x, DiscRowArea.primitive(x, radius))
        }
        let p0 = prep(c.0)
        let p1 = prep(c.1)
        let p2 = prep(c.2)
        let p3 = prep(c.3)
        xc = (p0.0, p1.0, p2.0, p3.0)
        sxc = (p0.1, p1.1, p2.1, p3.1)
    }

    /// `S(X)`: the antiderivative of `√(r²−X²)`, constant beyond the disc.
    @inline(__always) static func primitive(_ x: Double, _ r: Double) -> Double {
        if x <= -r { return -Double.pi * r * r / 4 }
        if x >= r { return Double.pi * r * r / 4 }
        return 0.5 * (x * (r * r - x * x).squareRoot() + r * r * asin(x / r))
    }

    /// Antiderivative of `min(s(X), c)` at X, given `S(X)`.
    @inline(__always) private func k(_ x: Double, _ sx: Double, _ c: Double, _ xc: Double, _ sxc: Double) -> Double {
        if c <= 0 { return c * x }
        if c >= r { return sx }
        if x <= -xc { return sx }
        if x < xc { return -sxc + c * (x + xc) }
        return sx + 2 * c * xc - 2 * sxc
    }

    /// Area of the disc inside `[x0, x1] × [y0, y1]`.
    func area(_ x0: Double, _ x1: Double) -> Double {
        let s0 = DiscRowArea.primitive(x0, r)
        let s1 = DiscRowArea.primitive(x1, r)
        var a = (y0 - y1) * (x1 - x0)
        a += k(x1, s1, c.0, xc.0, sxc.0) - k(x0, s0, c.0, xc.0, sxc.0)
        a -= k(x1, s1, c.1, xc.1, sxc.1) - k(x0, s0, c.1, xc.1, sxc.1)
        a += k(x1, s1, c.2, xc.2, sxc.2) - k(x0, s0, c.2, xc.2, sxc.2)
        a -= k(x1, s1, c.3, xc.3, sxc.3) - k(x0, s0, c.3, xc.3, sxc.3)
        return a
    }
}

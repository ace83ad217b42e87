import Foundation

/// Turns polylines into the closed outline of their stroke, filled afterwards with the non-zero rule.
///
/// Each sub-path becomes one polygon (open: left side, end cap, right side backwards, start cap) or two
/// (closed: left and right contours in opposite directions, so the inside of the ring has winding 0).
/// Inner corners go through the vertex itself, which keeps the winding positive there.
enum Stroker {
    static func outline(_ lines: [Polyline], style: RasterStrokeStyle, tolerance: Double) -> [Polyline] {
        let hw = style.lineWidth / 2
        guard hw > 0 else { return [] }
        var out: [Polyline] = []
        for line in lines {
            var pts: [Vec2] = []
            for p in line.points where pts.last.map({ ($0 - p).length > 1e-9 }) ?? true { pts.append(p) }
            if line.closed, pts.count > 2, let f = pts.first, let l = pts.last, (f - l).length <= 1e-9 {
                pts.removeLast()
            }
            if pts.count == 1 {
                out.append(contentsOf: dot(pts[0], hw: hw, cap: style.lineCap, tolerance: tolerance))
                continue
            }
            if line.closed && pts.count > 2 {
                var left = Polyline()
                var right = Polyline()
                left.closed = true
                right.closed = true
                let n = pts.count
                for j in 0..<n {
                    let prev = pts[(j + n - 1) % n]
                    let v = pts[j]
                    let next = pts[(j + 1) % n]
                    join(
                        &left.points, prev: prev, v: v, next: next, side: 1, hw: hw, style: style, tolerance: tolerance)
                }
                for j in stride(from: n - 1, through: 0, by: -1) {
                    let prev = pts[(j + 1) % n]
                    let v = pts[j]
                    let next = pts[(j + n - 1) % n]
                    join(
                        &right.points, prev: prev, v: v, next: next, side: 1, hw: hw, style: style, tolerance: tolerance
                    )
                }
                out.append(left)
                out.append(right)
            } else {
                var poly = Polyline()
                poly.closed = true
                let n = pts.count
                let u0 = (pts[1] - pts[0]).normalized
                poly.points.append(pts[0] + u0.perpendicular * hw)
                for j in 1..<(n - 1) {
                    join(
                        &poly.points, prev: pts[j - 1], v: pts[j], next: pts[j + 1], side: 1, hw: hw, style: style,
                        tolerance: tolerance)
                }
                let uEnd = (pts[n - 1] - pts[n - 2]).normalized
                cap(&poly.points, at: pts[n - 1], dir: uEnd, hw: hw, cap: style.lineCap, tolerance: tolerance)
                for j in stride(from: n - 2, through: 1, by: -1) {
                    join(
                        &poly.points, prev: pts[j + 1], v: pts[j], next: pts[j - 1], side: 1, hw: hw, style: style,
                        tolerance: tolerance)
                }
                cap(&poly.points, at: pts[0], dir: u0 * -1, hw: hw, cap: style.lineCap, tolerance: tolerance)
                out.append(poly)
            }
        }
        return out
    }

    /// Appends the offset points of the corner at `v` on the left side (normal `perpendicular`) of travel.
    private static func join(
        _ pts: inout [Vec2], prev: Vec2, v: Vec2, next: Vec2, side: Double, hw: Double,
        style: RasterStrokeStyle, tolerance: Double
    ) {
        let u0 = (v - prev).normalized
        let u1 = (next - v).normalized
        let n0 = u0.perpendicular * side
        let n1 = u1.perpendicular * side
        let a = v + n0 * hw
        let b = v + n1 * hw
        let cross = u0.cross(u1) * side
        let dot = u0.dot(u1)
        if abs(cross) < 1e-12 && dot > 0 {
            pts.append(a)
            return
        }
        if cross > 0 {
            // Inner side of the turn: pivot through the vertex.
            pts.append(a)
            pts.append(v)
            pts.append(b)
            return
        }
        switch style.lineJoin {
        case .bevel:
            pts.append(a)
            pts.append(b)
        case .miter:
            let cosA = n0.dot(n1)
            let cosHalf = ((1 + cosA) / 2).squareRoot()
            if cosHalf > 0 && 1 / cosHalf <= style.miterLimit {
                pts.append(a)
                pts.append(v + (n0 + n1) * (hw / (1 + cosA)))
                pts.append(b)
            } else {
                pts.append(a)
                pts.append(b)
            }
        case .round:
            pts.append(a)
            arc(
                &pts, center: v, radius: hw, from: atan2(n0.y, n0.x), to: atan2(n1.y, n1.x), outward: n0 + n1,
                tolerance: tolerance)
            pts.append(b)
        }
    }

    /// Appends the cap at `p` for travel direction `dir`, from the left offset point to the right one.
    private static func cap(_ pts: inout [Vec2], at p: Vec2, dir: Vec2, hw: Double, cap: LineCap, tolerance: Double) {
        let n = dir.perpendicular
        let left = p + n * hw
        let right = p - n * hw
        switch cap {
        case .butt:
            pts.append(left)
            pts.append(right)
        case .square:
            pts.append(left)
            pts.append(left + dir * hw)
            pts.append(right + dir * hw)
            pts.append(right)
        case .round:
            pts.append(left)
            arc(
                &pts, center: p, radius: hw, from: atan2(n.y, n.x), to: atan2(-n.y, -n.x), outward: dir,
                tolerance: tolerance)
            pts.append(right)
        }
    }

    /// Appends interior points of the arc between two angles, going the way that passes through `outward`.
    private static func arc(
        _ pts: inout [Vec2], center: Vec2, radius: Double, from a0: Double, to a1: Double,
        outward: Vec2, tolerance: Double
    ) {
        var sweep = a1 - a0
        while sweep > Double.pi { sweep -= 2 * Double.pi }
        while sweep < -Double.pi { sweep += 2 * Double.pi }
        // A half turn is ambiguous: pick the direction whose midpoint lies along `outward`.
        let mid = a0 + sweep / 2
        if cos(mid) * outward.x + sin(mid) * outward.y < 0 {
            sweep = sweep > 0 ? sweep - 2 * Double.pi : sweep + 2 * Double.pi
        }
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / max(radius, tolerance))))
        let n = max(1, Int((abs(sweep) / max(step, 0.01)).rounded(.up)))
        if n < 2 { return }
        for i in 1..<n {
            let t = a0 + sweep * Double(i) / Double(n)
            pts.append(Vec2(center.x + radius * cos(t), center.y + radius * sin(t)))
        }
    }

    /// A zero-length sub-path: a disc or square for round/square caps, nothing for butt.
    private static func dot(_ p: Vec2, hw: Double, cap: LineCap, tolerance: Double) -> [Polyline] {
        var poly = Polyline()
        poly.closed = true
        switch cap {
        case .butt: return []
        case .square:
            poly.points = [
                Vec2(p.x - hw, p.y - hw), Vec2(p.x + hw, p.y - hw), Vec2(p.x + hw, p.y + hw), Vec2(p.x - hw, p.y + hw),
            ]
        case .round:
            poly.points.append(Vec2(p.x + hw, p.y))
            arc(&poly.points, center: p, radius: hw, from: 0, to: Double.pi, outward: Vec2(0, 1), tolerance: tolerance)
            poly.points.append(Vec2(p.x - hw, p.y))
            arc(
                &poly.points, center: p, radius: hw, from: Double.pi, to: 2 * Double.pi, outward: Vec2(0, -1),
                tolerance: tolerance)
        }
        return [poly]
    }
}

import Foundation

/// Turns paths into polylines; curves are subdivided until they deviate less than `tolerance` from their chords.
enum PathFlattener {
    /// Flattens `path` after mapping it through `transform`; `tolerance` is in the output space.
    static func flatten(_ path: RasterPath, transform: Transform2D, tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var current = Polyline()
        var last = Vec2(0, 0)
        func map(_ p: CGPoint) -> Vec2 {
            let r = transform.apply(Double(p.x), Double(p.y))
            return Vec2(r.x, r.y)
        }
        func finish() {
            // Sub-paths with non-finite points (NaN or infinite input) are dropped whole.
            if current.points.count > 1, current.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
                result.append(current)
            }
            current = Polyline()
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                last = map(p)
                current.points.append(last)
            case .line(let p):
                last = map(p)
                current.points.append(last)
            case .quad(let c, let p):
                let p1 = map(c)
                let p2 = map(p)
                let dd = (last - p1 * 2 + p2).length
                let q = (dd / (4 * tolerance)).squareRoot()
                let n = q.isFinite ? min(10_000, max(1, Int(min(q, 1e6).rounded(.up)))) : 1
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    current.points.append(last * (u * u) + p1 * (2 * u * t) + p2 * (t * t))
                }
                last = p2
            case .cubic(let c1, let c2, let p):
                let p1 = map(c1)
                let p2 = map(c2)
                let p3 = map(p)
                let dd = max((last - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
                let q = (0.75 * dd / tolerance).squareRoot()
                let n = q.isFinite ? min(10_000, max(1, Int(min(q, 1e6).rounded(.up)))) : 1
                let p0 = last
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    current.points.append(
                        p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
                }
                last = p3
            case .close:
                current.closed = true
                let start = current.points.first ?? last
                finish()
                last = start
                current.points.append(start)
            }
        }
        finish()
        return result
    }
}

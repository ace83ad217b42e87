import CoreGraphics
import Foundation

/// The drawn pieces of a path, each from one point to the next, with their lengths: what trimming measures.
package struct PathSegments {
    package enum Kind {
        case line
        case quad(CGPoint)
        case cubic(CGPoint, CGPoint)
    }
    package struct Segment {
        package var start: CGPoint
        package var end: CGPoint
        package var kind: Kind
        /// Which subpath the segment belongs to (a new `move` starts a new one).
        package var subpath: Int
        /// Cumulative chord lengths at evenly spaced parameters (first 0, last the segment's length).
        package var lengths: [CGFloat]
        package var length: CGFloat { lengths.last ?? 0 }
    }

    package private(set) var segments: [Segment] = []
    package private(set) var totalLength: CGFloat = 0

    /// Chords per curve when measuring: lengths are exact to well under a thousandth for UI-sized curves.
    private static let samplesPerCurve = 32

    package init(_ path: Path) {
        var current = CGPoint.zero
        var start = CGPoint.zero
        var subpath = -1
        path.forEach { element in
            switch element {
            case .move(let p):
                current = p
                start = p
                subpath += 1
            case .line(let p):
                append(Segment(start: current, end: p, kind: .line, subpath: max(0, subpath), lengths: []))
                current = p
            case .quadCurve(let p, let c):
                append(Segment(start: current, end: p, kind: .quad(c), subpath: max(0, subpath), lengths: []))
                current = p
            case .curve(let p, let c1, let c2):
                append(Segment(start: current, end: p, kind: .cubic(c1, c2), subpath: max(0, subpath), lengths: []))
                current = p
            case .closeSubpath:
                if current != start {
                    append(Segment(start: current, end: start, kind: .line, subpath: max(0, subpath), lengths: []))
                }
                current = start
            }
        }
    }

    private mutating func append(_ segment: Segment) {
        var s = segment
        switch s.kind {
        case .line:
            s.lengths = [0, hypot(s.end.x - s.start.x, s.end.y - s.start.y)]
        case .quad, .cubic:
            var lengths: [CGFloat] = [0]
            var previous = s.start
            for i in 1...Self.samplesPerCurve {
                let p = s.point(at: CGFloat(i) / CGFloat(Self.samplesPerCurve))
                lengths.append(lengths[i - 1] + hypot(p.x - previous.x, p.y - previous.y))
                previous = p
            }
            s.lengths = lengths
        }
        segments.append(s)
        totalLength += s.length
    }
}

extension PathSegments.Segment {
    package func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch kind {
        case .line:
            return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
        case .quad(let c):
            return CGPoint(
                x: u * u * start.x + 2 * u * t * c.x + t * t * end.x,
                y: u * u * start.y + 2 * u * t * c.y + t * t * end.y)
        case .cubic(let c1, let c2):
            let a = u * u * u
            let b = 3 * u * u * t
            let c = 3 * u * t * t
            let d = t * t * t
            return CGPoint(
                x: a * start.x + b * c1.x + c * c2.x + d * end.x, y: a * start.y + b * c1.y + c * c2.y + d * end.y)
        }
    }

    /// The curve parameter at which the segment has run `distance` of its length.
    package func parameter(atDistance distance: CGFloat) -> CGFloat {
        let total = length
        guard total > 0 else { return 0 }
        if case .line = kind { return min(1, max(0, distance / total)) }
        let steps = lengths.count - 1
        var i = 1
        while i < steps && lengths[i] < distance { i += 1 }
        let l0 = lengths[i - 1]
        let l1 = lengths[i]
        let within = l1 > l0 ? (distance - l0) / (l1 - l0) : 0
        return min(1, max(0, (CGFloat(i - 1) + within) / CGFloat(steps)))
    }

    /// The piece of the segment between parameters `t0` and `t1`, appended to `path` (which ends at its start).
    package func addPiece(from t0: CGFloat, to t1: CGFloat, to path: inout Path) {
        switch kind {
        case .line:
            path.addLine(to: point(at: t1))
        case .quad(let c):
            path.addQuadCurve(to: point(at: t1), control: Self.quadControl(start, c, end, t0, t1))
        case .cubic(let c1, let c2):
            let (a, b) = Self.cubicControls(start, c1, c2, end, t0, t1)
            path.addCurve(to: point(at: t1), control1: a, control2: b)
        }
    }

    package static func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The control point of the quadratic P(t) restricted to [t0, t1] (blossom P(t0, t1)).
    private static func quadControl(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ t0: CGFloat, _ t1: CGFloat)
        -> CGPoint
    {
        let u0 = 1 - t0
        let u1 = 1 - t1
        return CGPoint(
            x: u0 * u1 * p0.x + (u0 * t1 + t0 * u1) * p1.x + t0 * t1 * p2.x,
            y: u0 * u1 * p0.y + (u0 * t1 + t0 * u1) * p1.y + t0 * t1 * p2.y)
    }

    /// The inner control points of the cubic restricted to [t0, t1] (blossoms P(t0, t0, t1) and P(t0, t1, t1)).
    private static func cubicControls(
        _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint,
        _ t0: CGFloat, _ t1: CGFloat
    ) -> (CGPoint, CGPoint) {
        func blossom(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> CGPoint {
            let q0 = lerp(p0, p1, a)
            let q1 = lerp(p1, p2, a)
            let q2 = lerp(p2, p3, a)
            let r0 = lerp(q0, q1, b)
            let r1 = lerp(q1, q2, b)
            return lerp(r0, r1, c)
        }
        return (blossom(t0, t0, t1), blossom(t0, t1, t1))
    }
}

extension Path {
    /// The part of the path between two fractions of its length (0…1, clamped): what `trim(from:to:)` draws.
    /// Curves stay curves; a NaN fraction gives an empty path.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        guard !from.isNaN, !to.isNaN else {
            InvalidValueLog.report("trim-nan", "trimmedPath(from: \(from), to: \(to)): NaN fraction; nothing is drawn")
            return Path()
        }
        let lower = min(1, max(0, from))
        let upper = min(1, max(0, to))
        guard upper > lower else { return Path() }
        if lower == 0 && upper == 1 { return self }
        let measured = PathSegments(self)
        let total = measured.totalLength
        guard total > 0, total.isFinite else { return Path() }
        let startDistance = lower * total
        let endDistance = upper * total
        var result = Path()
        var travelled: CGFloat = 0
        var lastSubpath = -1
        for segment in measured.segments {
            let segmentStart = travelled
            let segmentEnd = travelled + segment.length
            travelled = segmentEnd
            guard segmentEnd > startDistance, segmentStart < endDistance, segment.length > 0 else { continue }
            let t0 = segment.parameter(atDistance: max(0, startDistance - segmentStart))
            let t1 = segment.parameter(atDistance: min(segment.length, endDistance - segmentStart))
            // A new subpath, or the first piece: the trimmed outline starts there.
            if segment.subpath != lastSubpath || result.isEmpty {
                result.move(to: segment.point(at: t0))
                lastSubpath = segment.subpath
            }
            segment.addPiece(from: t0, to: t1, to: &result)
        }
        return result
    }

    /// The outline of this path stroked with `style`, as a path to fill (non-zero winding): each piece, cap and
    /// join is a closed subpath wound the same way, so their union is the stroke.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        let width = style.lineWidth
        guard width > 0, width.isFinite, hasOnlyFinitePoints else { return Path() }
        return PathStroker(style: style).outline(of: self)
    }
}

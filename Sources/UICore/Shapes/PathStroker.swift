import CoreGraphics
import Foundation

/// Turns a path into the outline of its stroke for `Path.strokedPath`: curves become chords, dashes cut the
/// lines, and every segment, join and cap is a closed piece wound clockwise on screen, so filling them all
/// with non-zero winding gives the stroke.
package struct PathStroker {
    package let style: StrokeStyle
    private var halfWidth: CGFloat { style.lineWidth / 2 }

    package struct Polyline {
        package var points: [CGPoint]
        package var isClosed: Bool
    }

    package func outline(of path: Path) -> Path {
        var lines = Self.flatten(path, tolerance: max(0.05, style.lineWidth / 40))
        if !style.dash.isEmpty { lines = Self.dash(lines, pattern: style.dash, phase: style.dashPhase) }
        var result = Path()
        for line in lines { add(line, to: &result) }
        return result
    }

    private func add(_ line: Polyline, to result: inout Path) {
        var points = line.points
        // Repeated points have no direction.
        points = points.enumerated().filter { $0.offset == 0 || $0.element != points[$0.offset - 1] }.map(\.element)
        if line.isClosed, points.count > 1, points.first == points.last { points.removeLast() }
        guard points.count > 1 else {
            if let p = points.first, style.lineCap == .round { addDisc(at: p, to: &result) }
            return
        }
        let count = points.count
        let segmentCount = line.isClosed ? count : count - 1
        for i in 0..<segmentCount {
            var a = points[i]
            var b = points[(i + 1) % count]
            if !line.isClosed && style.lineCap == .square {
                let d = unit(b - a) * halfWidth
                if i == 0 { a = a - d }
                if i == segmentCount - 1 { b = b + d }
            }
            let n = normal(a, b) * halfWidth
            addPolygon([a + n, b + n, b - n, a - n], to: &result)
        }
        let joinRange = line.isClosed ? 0..<count : 1..<(count - 1)
        for i in joinRange {
            let previous = points[(i - 1 + count) % count]
            let vertex = points[i]
            let next = points[(i + 1) % count]
            addJoin(previous, vertex, next, to: &result)
        }
        if !line.isClosed && style.lineCap == .round {
            addDisc(at: points[0], to: &result)
            addDisc(at: points[count - 1], to: &result)
        }
    }

    private func addJoin(_ previous: CGPoint, _ vertex: CGPoint, _ next: CGPoint, to result: inout Path) {
        if style.lineJoin == .round {
            addDisc(at: vertex, to: &result)
            return
        }
        let n0 = normal(previous, vertex)
        let n1 = normal(vertex, next)
        let turn = cross(vertex - previous, next - vertex)
        guard abs(turn) > 1e-12 else { return }
        // The outer side of the turn is where the two segments' rectangles leave a gap.
        let side: CGFloat = turn > 0 ? 1 : -1
        let p0 = vertex + n0 * (halfWidth * side)
        let p1 = vertex + n1 * (halfWidth * side)
        var corner = [vertex, p0, p1]
        if style.lineJoin == .miter {
            let cosHalf = (1 + dot(n0, n1)) / 2
            let miterLength = cosHalf > 1e-12 ? 1 / cosHalf.squareRoot() : .infinity
            if miterLength <= style.miterLimit {
                let bisector = unit(n0 + n1) * (halfWidth * miterLength * side)
                corner = [vertex, p0, vertex + bisector, p1]
            }
        }
        addPolygon(corner, to: &result)
    }

    private func addDisc(at p: CGPoint, to result: inout Path) {
        result.addEllipse(
            in: CGRect(x: p.x - halfWidth, y: p.y - halfWidth, width: 2 * halfWidth, height: 2 * halfWidth))
    }

    /// Adds a closed polygon wound clockwise on screen (positive shoelace sum in y-down coordinates).
    private func addPolygon(_ points: [CGPoint], to result: inout Path) {
        var area: CGFloat = 0
        for i in points.indices {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) > 1e-12 else { return }
        result.addLines(area > 0 ? points : points.reversed())
        result.closeSubpath()
    }

    // MARK: Flattening and dashing

    package static func flatten(_ path: Path, tolerance: CGFloat) -> [Polyline] {
        var lines: [Polyline] = []
        var current: [CGPoint] = []
        func finish(closed: Bool) {
            if !current.isEmpty { lines.append(Polyline(points: current, isClosed: closed)) }
            current = []
        }
        var last = CGPoint.zero
        var start = CGPoint.zero
        path.forEach { element in
            switch element {
            case .move(let p):
                finish(closed: false)
                current = [p]
                last = p
                start = p
            case .line(let p):
                current.append(p)
                last = p
            case .quadCurve(let p, let c):
                let segment = PathSegments.Segment(start: last, end: p, kind: .quad(c), subpath: 0, lengths: [])
                current += chords(segment, hull: [last, c, p], tolerance: tolerance)
                last = p
            case .curve(let p, let c1, let c2):
                let segment = PathSegments.Segment(start: last, end: p, kind: .cubic(c1, c2), subpath: 0, lengths: [])
                current += chords(segment, hull: [last, c1, c2, p], tolerance: tolerance)
                last = p
            case .closeSubpath:
                finish(closed: true)
                current = [start]
                last = start
            }
        }
        if current.count > 1 { finish(closed: false) }
        return lines
    }

    /// Points along a curve, enough that each chord is within `tolerance` of it (from the control polygon's length).
    private static func chords(_ segment: PathSegments.Segment, hull: [CGPoint], tolerance: CGFloat) -> [CGPoint] {
        var hullLength: CGFloat = 0
        for i in 1..<hull.count { hullLength += hypot(hull[i].x - hull[i - 1].x, hull[i].y - hull[i - 1].y) }
        let count = min(256, max(2, Int((hullLength / (8 * tolerance)).squareRoot().rounded(.up)) * 2))
        return (1...count).map { segment.point(at: CGFloat($0) / CGFloat(count)) }
    }

    /// The polylines cut into dashes: `pattern` alternates on and off lengths, starting `phase` into it.
    package static func dash(_ lines: [Polyline], pattern: [CGFloat], phase: CGFloat) -> [Polyline] {
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite, pattern.allSatisfy({ $0 >= 0 }) else { return lines }
        var result: [Polyline] = []
        for line in lines {
            var points = line.points
            if line.isClosed, let first = points.first { points.append(first) }
            var index = 0
            var remaining = pattern[0]
            var on = true
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            while offset > 0 {
                if offset >= remaining {
                    offset -= remaining
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                    on.toggle()
                } else {
                    remaining -= offset
                    offset = 0
                }
            }
            var dash: [CGPoint] = on ? [points[0]] : []
            for i in 1..<max(1, points.count) {
                var a = points[i - 1]
                let b = points[i]
                var length = hypot(b.x - a.x, b.y - a.y)
                while length > 0 {
                    if remaining >= length {
                        remaining -= length
                        if on { dash.append(b) }
                        length = 0
                    } else {
                        let cut = PathSegments.Segment.lerp(a, b, remaining / length)
                        length -= remaining
                        a = cut
                        if on {
                            dash.append(cut)
                            if dash.count > 1 { result.append(Polyline(points: dash, isClosed: false)) }
                            dash = []
                        } else {
                            dash = [cut]
                        }
                        on.toggle()
                        index = (index + 1) % pattern.count
                        remaining = pattern[index]
                    }
                }
            }
            if on, dash.count > 1 { result.append(Polyline(points: dash, isClosed: false)) }
        }
        return result
    }

    // MARK: Vector helpers

    private func unit(_ v: CGPoint) -> CGPoint {
        let l = hypot(v.x, v.y)
        return l > 0 ? CGPoint(x: v.x / l, y: v.y / l) : .zero
    }
    /// The unit normal to the left of a → b on screen.
    private func normal(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
        let d = unit(b - a)
        return CGPoint(x: d.y, y: -d.x)
    }
    private func cross(_ a: CGPoint, _ b: CGPoint) -> CGFloat { a.x * b.y - a.y * b.x }
    private func dot(_ a: CGPoint, _ b: CGPoint) -> CGFloat { a.x * b.x + a.y * b.y }
}

private func * (a: CGPoint, k: CGFloat) -> CGPoint { CGPoint(x: a.x * k, y: a.y * k) }

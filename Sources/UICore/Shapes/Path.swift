import CoreGraphics
import Foundation

/// The corner style of rounded rectangles.
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

/// An outline made of lines and Bézier curves, in a view's local coordinates.
public struct Path: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    package private(set) var elements: [Element] = []
    private var subpathStart: CGPoint?
    /// The end point of the last element, if any.
    public private(set) var currentPoint: CGPoint?

    /// An empty path.
    public init() {}
    /// A rectangle.
    public init(_ rect: CGRect) { addRect(rect) }
    /// A rounded rectangle with equal corner radii.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    /// A rounded rectangle.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }
    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }
    /// A path built by `callback`.
    public init(_ callback: (inout Path) -> Void) { callback(&self) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }
    package var elementCount: Int { elements.count }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Element) -> Void) { elements.forEach(body) }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
        currentPoint = point
    }
    /// A straight line from the current point.
    public mutating func addLine(to point: CGPoint) {
        if currentPoint == nil {
            move(to: point)
            return
        }
        elements.append(.line(to: point))
        currentPoint = point
    }
    /// A quadratic Bézier curve from the current point.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }
    /// A cubic Bézier curve from the current point.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }
    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.closeSubpath)
        currentPoint = subpathStart
    }
    /// Adds a closed rectangle (clockwise from the top-left corner).
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        if transform.isIdentity {
            move(to: CGPoint(x: r.minX, y: r.minY))
            addLine(to: CGPoint(x: r.maxX, y: r.minY))
            addLine(to: CGPoint(x: r.maxX, y: r.maxY))
            addLine(to: CGPoint(x: r.minX, y: r.maxY))
            closeSubpath()
            return
        }
        var p = Path()
        p.move(to: CGPoint(x: r.minX, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        p.addLine(to: CGPoint(x: r.minX, y: r.maxY))
        p.closeSubpath()
        addPath(p, transform: transform)
    }
    /// Adds several rectangles.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }
    /// Adds connected straight lines through `points`.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }
    /// Adds a closed rounded rectangle (corner size clamped to half the rectangle).
    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .circular,
        transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        let rx = min(max(0, cornerSize.width), r.width / 2)
        let ry = min(max(0, cornerSize.height), r.height / 2)
        guard rx > 0, ry > 0 else {
            addRect(r, transform: transform)
            return
        }
        let k: CGFloat = 0.5522847498
        var p = Path()
        p.move(to: CGPoint(x: r.minX + rx, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        p.addCurve(
            to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + rx * k, y: r.minY),
            control2: CGPoint(x: r.maxX, y: r.minY + ry - ry * k))
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        p.addCurve(
            to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ry * k),
            control2: CGPoint(x: r.maxX - rx + rx * k, y: r.maxY))
        p.addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        p.addCurve(
            to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - rx * k, y: r.maxY),
            control2: CGPoint(x: r.minX, y: r.maxY - ry + ry * k))
        p.addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        p.addCurve(
            to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ry * k),
            control2: CGPoint(x: r.minX + rx - rx * k, y: r.minY))
        p.closeSubpath()
        addPath(p, transform: transform)
    }
    /// Adds the closed ellipse inscribed in `rect` (four cubic arcs, starting at the right-hand point).
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cx = r.midX
        let cy = r.midY
        let rx = r.width / 2
        let ry = r.height / 2
        let k: CGFloat = 0.5522847498
        // Straight into this path, as `addPath` of the untransformed ellipse would add it; a new path is sized
        // once (a growing one keeps growing geometrically).
        func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(transform) }
        if elements.isEmpty { elements.reserveCapacity(6) }
        move(to: point(cx + rx, cy))
        addCurve(to: point(cx, cy + ry), control1: point(cx + rx, cy + ry * k), control2: point(cx + rx * k, cy + ry))
        addCurve(to: point(cx - rx, cy), control1: point(cx - rx * k, cy + ry), control2: point(cx - rx, cy + ry * k))
        addCurve(to: point(cx, cy - ry), control1: point(cx - rx, cy - ry * k), control2: point(cx - rx * k, cy - ry))
        addCurve(to: point(cx + rx, cy), control1: point(cx + rx * k, cy - ry), control2: point(cx + rx, cy - ry * k))
        closeSubpath()
    }
    /// Adds an arc of the circle at `center` from `startAngle` to `endAngle` (angles clockwise from +x in
    /// y-down coordinates; `clockwise` as SwiftUI defines it, i.e. counter-clockwise on screen when true).
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle,
        clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        var delta = endAngle.radians - startAngle.radians
        let full = 2 * Double.pi
        if clockwise {
            while delta > 0 { delta -= full }
        } else {
            while delta < 0 { delta += full }
        }
        addRelativeArc(
            center: center, radius: radius, startAngle: startAngle, delta: Angle(radians: delta), transform: transform)
    }
    /// Adds an arc of `delta` from `startAngle`.
    public mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
        transform: CGAffineTransform = .identity
    ) {
        let segments = max(1, Int((abs(delta.radians) / (Double.pi / 2)).rounded(.up)))
        let step = delta.radians / Double(segments)
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let start = point(startAngle.radians).applying(transform)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle.radians
        for _ in 0..<segments {
            let next = angle + step
            let p0 = point(angle)
            let p3 = point(next)
            let c1 = CGPoint(x: p0.x - k * radius * sin(angle), y: p0.y + k * radius * cos(angle))
            let c2 = CGPoint(x: p3.x + k * radius * sin(next), y: p3.y - k * radius * cos(next))
            addCurve(to: p3.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            angle = next
        }
    }
    /// Adds an arc tangent to the lines from the current point to `tangent1End` and on to `tangent2End`.
    public mutating func addArc(
        tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard let p0 = currentPoint else {
            move(to: p1)
            return
        }
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y)
        let l2 = hypot(v2.x, v2.y)
        let angle = acos(max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2))))
        guard l1 > 0, l2 > 0, angle > 1e-9, angle < .pi - 1e-9 else {
            addLine(to: p1.applying(transform))
            return
        }
        let distance = radius / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + v1.x / l1 * distance, y: p1.y + v1.y / l1 * distance)
        let t2 = CGPoint(x: p1.x + v2.x / l2 * distance, y: p1.y + v2.y / l2 * distance)
        let bisector = CGPoint(x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
        let bl = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(angle / 2)
        let center = CGPoint(x: p1.x + bisector.x / bl * centerDistance, y: p1.y + bisector.y / bl * centerDistance)
        let a0 = atan2(t1.y - center.y, t1.x - center.x)
        let a1 = atan2(t2.y - center.y, t2.x - center.x)
        var delta = a1 - a0
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        addRelativeArc(
            center: center, radius: radius, startAngle: .radians(a0), delta: .radians(delta), transform: transform)
    }
    /// Appends another path's elements, transformed.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .move(let p): move(to: p.applying(transform))
            case .line(let p): addLine(to: p.applying(transform))
            case .quadCurve(let p, let c): addQuadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                addCurve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: closeSubpath()
            }
        }
    }

    // MARK: Queries

    /// This path with every point mapped by `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        if transform.isIdentity { return self }
        var result = Path()
        result.addPath(self, transform: transform)
        return result
    }
    /// This path moved by (dx, dy).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        if dx == 0 && dy == 0 { return self }
        return applying(CGAffineTransform(translationX: dx, y: dy))
    }

    /// The smallest rectangle containing all points and control points (`.null` when empty).
    public var boundingRect: CGRect {
        var minX = CGFloat.infinity
        var minY = CGFloat.infinity
        var maxX = -CGFloat.infinity
        var maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c):
                add(p)
                add(c)
            case .curve(let p, let c1, let c2):
                add(p)
                add(c1)
                add(c2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The path as closed polygons (curves subdivided), for hit testing.
    package func polygons(segmentsPerCurve: Int = 16) -> [[CGPoint]] {
        var result: [[CGPoint]] = []
        var current: [CGPoint] = []
        var last = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p):
                if current.count > 1 { result.append(current) }
                current = [p]
                last = p
            case .line(let p):
                current.append(p)
                last = p
            case .quadCurve(let p, let c):
                for i in 1...segmentsPerCurve {
                    let t = CGFloat(i) / CGFloat(segmentsPerCurve)
                    let u = 1 - t
                    current.append(
                        CGPoint(
                            x: u * u * last.x + 2 * u * t * c.x + t * t * p.x,
                            y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = p
            case .curve(let p, let c1, let c2):
                for i in 1...segmentsPerCurve {
                    let t = CGFloat(i) / CGFloat(segmentsPerCurve)
                    let u = 1 - t
                    let a = u * u * u
                    let b = 3 * u * u * t
                    let c = 3 * u * t * t
                    let d = t * t * t
                    current.append(
                        CGPoint(
                            x: a * last.x + b * c1.x + c * c2.x + d * p.x, y: a * last.y + b * c1.y + c * c2.y + d * p.y
                        ))
                }
                last = p
            case .closeSubpath:
                if current.count > 1 { result.append(current) }
                if let first = current.first {
                    current = [first]
                    last = first
                }
            }
        }
        if current.count > 1 { result.append(current) }
        return result
    }

    /// Whether `point` is inside the filled path (non-zero winding, or even-odd).
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        guard boundingRect.contains(point) else { return false }
        var winding = 0
        for polygon in polygons() {
            for i in 0..<polygon.count {
                let a = polygon[i]
                let b = polygon[(i + 1) % polygon.count]
                if a.y <= point.y {
                    if b.y > point.y && cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y && cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return eoFill ? winding % 2 != 0 : winding != 0
    }

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    public var description: String { "Path(\(elements.count) elements, \(fmt(boundingRect)))" }

    public static func == (l: Path, r: Path) -> Bool { l.elements == r.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

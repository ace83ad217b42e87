import Foundation

/// A vector path: sub-paths of lines, quadratic and cubic Béziers and arcs, in user coordinates.
public struct RasterPath: Equatable, Sendable {
    /// One drawing command.
    public enum Element: Equatable, Sendable {
        case move(CGPoint)
        case line(CGPoint)
        case quad(control: CGPoint, to: CGPoint)
        case cubic(control1: CGPoint, control2: CGPoint, to: CGPoint)
        case close
    }

    /// The commands in order.
    public private(set) var elements: [Element] = []
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    private var hasCurrent = false

    /// An empty path.
    public init() {}

    /// Starts a new sub-path at `p`.
    public mutating func move(to p: CGPoint) {
        elements.append(.move(p))
        current = p
        subpathStart = p
        hasCurrent = true
    }

    /// A straight segment to `p` (starts a sub-path when there is no current point).
    public mutating func addLine(to p: CGPoint) {
        if !hasCurrent {
            move(to: p)
            return
        }
        elements.append(.line(p))
        current = p
    }

    /// A quadratic Bézier to `p`.
    public mutating func addQuadCurve(to p: CGPoint, control: CGPoint) {
        if !hasCurrent { move(to: control) }
        elements.append(.quad(control: control, to: p))
        current = p
    }

    /// A cubic Bézier to `p`.
    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        if !hasCurrent { move(to: control1) }
        elements.append(.cubic(control1: control1, control2: control2, to: p))
        current = p
    }

    /// Closes the current sub-path with a straight segment to its start.
    public mutating func closeSubpath() {
        guard hasCurrent else { return }
        elements.append(.close)
        current = subpathStart
    }

    /// A circular arc around `center` from `startAngle` to `endAngle` (radians, 0 = +x, increasing towards +y).
    /// `clockwise` follows SwiftUI's flipped-coordinate meaning: false sweeps with increasing angle.
    /// Joins the current point with a line, or starts a sub-path.
    public mutating func addArc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
    {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite, center.x.isFinite, center.y.isFinite else {
            return
        }
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if !clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if sweep > full { sweep = full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if sweep < -full { sweep = -full }
        }
        let cx = Double(center.x)
        let cy = Double(center.y)
        let start = CGPoint(x: cx + radius * cos(startAngle), y: cy + radius * sin(startAngle))
        if hasCurrent { addLine(to: start) } else { move(to: start) }
        // Cubic approximation per ≤90° piece: error below 3e-4 of the radius.
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        for _ in 0..<pieces {
            let a1 = a0 + step
            let p0 = (cx + radius * cos(a0), cy + radius * sin(a0))
            let p3 = (cx + radius * cos(a1), cy + radius * sin(a1))
            let c1 = CGPoint(x: p0.0 - k * radius * sin(a0), y: p0.1 + k * radius * cos(a0))
            let c2 = CGPoint(x: p3.0 + k * radius * sin(a1), y: p3.1 - k * radius * cos(a1))
            addCurve(to: CGPoint(x: p3.0, y: p3.1), control1: c1, control2: c2)
            a0 = a1
        }
    }

    /// Appends a closed rectangle.
    public mutating func addRect(_ r: CGRect) {
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Appends a closed ellipse inscribed in `r`.
    public mutating func addEllipse(in r: CGRect) {
        addRoundedRect(in: r, cornerWidth: Double(r.width) / 2, cornerHeight: Double(r.height) / 2)
    }

    /// Appends a closed rounded rectangle with elliptical corners (radii clamped to half the size).
    public mutating func addRoundedRect(in r: CGRect, cornerWidth: Double, cornerHeight: Double) {
        let rx = min(max(0, cornerWidth), Double(r.width) / 2)
        let ry = min(max(0, cornerHeight), Double(r.height) / 2)
        if rx <= 0 || ry <= 0 {
            addRect(r)
            return
        }
        let k = 0.5522847498307936  // 4/3·(√2−1): quarter-circle cubic handle length
        let x0 = Double(r.minX)
        let y0 = Double(r.minY)
        let x1 = Double(r.maxX)
        let y1 = Double(r.maxY)
        func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
        move(to: p(x0 + rx, y0))
        addLine(to: p(x1 - rx, y0))
        addCurve(to: p(x1, y0 + ry), control1: p(x1 - rx + k * rx, y0), control2: p(x1, y0 + ry - k * ry))
        addLine(to: p(x1, y1 - ry))
        addCurve(to: p(x1 - rx, y1), control1: p(x1, y1 - ry + k * ry), control2: p(x1 - rx + k * rx, y1))
        addLine(to: p(x0 + rx, y1))
        addCurve(to: p(x0, y1 - ry), control1: p(x0 + rx - k * rx, y1), control2: p(x0, y1 - ry + k * ry))
        addLine(to: p(x0, y0 + ry))
        addCurve(to: p(x0 + rx, y0), control1: p(x0, y0 + ry - k * ry), control2: p(x0 + rx - k * rx, y0))
        closeSubpath()
    }

    /// True when the path has no drawing commands.
    public var isEmpty: Bool { elements.isEmpty }
}

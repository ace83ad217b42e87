import Foundation

/// A fillable shape. The analytic cases get exact-area coverage without flattening.
public enum RasterShape: Equatable, Sendable {
    case rect(CGRect)
    /// A rounded rectangle with elliptical corners (`cornerWidth`, `cornerHeight`), clamped to half the size.
    case roundedRect(CGRect, cornerWidth: Double, cornerHeight: Double)
    /// The ellipse inscribed in the rectangle (a circle when it is square).
    case ellipse(CGRect)
    /// A rounded rectangle whose corner radius is half its shorter side.
    case capsule(CGRect)
    /// Any path, with a fill rule.
    case path(RasterPath, FillRule)

    /// A circle from centre and radius.
    public static func circle(center: CGPoint, radius: Double) -> RasterShape {
        .ellipse(
            CGRect(x: Double(center.x) - radius, y: Double(center.y) - radius, width: 2 * radius, height: 2 * radius))
    }

    /// The shape as a rounded rectangle (rect, corner radii) when it is one of the analytic cases.
    var analytic: (rect: CGRect, rx: Double, ry: Double)? {
        switch self {
        case .rect(let r): return (r.standardized, 0, 0)
        case .roundedRect(let r, let w, let h):
            let s = r.standardized
            return (s, min(max(0, w), Double(s.width) / 2), min(max(0, h), Double(s.height) / 2))
        case .ellipse(let r):
            let s = r.standardized
            return (s, Double(s.width) / 2, Double(s.height) / 2)
        case .capsule(let r):
            let s = r.standardized
            let rad = min(Double(s.width), Double(s.height)) / 2
            return (s, rad, rad)
        case .path: return nil
        }
    }

    /// The outline as a path, for rotated transforms and strokes.
    public var path: RasterPath {
        if case .path(let p, _) = self { return p }
        var p = RasterPath()
        if let a = analytic { p.addRoundedRect(in: a.rect, cornerWidth: a.rx, cornerHeight: a.ry) }
        return p
    }

    /// The fill rule of the shape.
    var fillRule: FillRule {
        if case .path(_, let rule) = self { return rule }
        return .nonZero
    }
}

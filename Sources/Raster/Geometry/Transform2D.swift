import Foundation

/// An affine transform of the plane: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// Raster keeps its own small type instead of `CGAffineTransform`, which swift-corelibs-foundation lacks.
public struct Transform2D: Equatable, Sendable {
    /// The linear part (a b / c d, column-wise as in CGAffineTransform) and the translation.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A pure translation.
    public static func translation(x: Double, y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A pure scale about the origin.
    public static func scale(x: Double, y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation about the origin by `radians` (positive turns +x towards +y, i.e. clockwise on screen).
    public static func rotation(_ radians: Double) -> Transform2D {
        let cs = cos(radians)
        let sn = sin(radians)
        return Transform2D(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied after `first`: maps p to self(first(p)).
    public func concatenating(after first: Transform2D) -> Transform2D {
        Transform2D(
            a: a * first.a + c * first.b,
            b: b * first.a + d * first.b,
            c: a * first.c + c * first.d,
            d: b * first.c + d * first.d,
            tx: a * first.tx + c * first.ty + tx,
            ty: b * first.tx + d * first.ty + ty)
    }

    /// Maps a point given as coordinates.
    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// Maps a point.
    public func apply(_ p: CGPoint) -> CGPoint {
        let r = apply(Double(p.x), Double(p.y))
        return CGPoint(x: r.x, y: r.y)
    }

    /// True when every coefficient is a finite number.
    public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }

    /// The determinant; zero means the transform collapses the plane.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform is singular.
    public var inverted: Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return Transform2D(
            a: ia, b: ib, c: ic, d: id,
            tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// True when axes stay axis-aligned (no rotation or skew), so analytic shape coverage applies.
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// The geometric-mean scale factor, used for flattening tolerances and text pixel sizes.
    public var meanScale: Double { abs(determinant).squareRoot() }

    /// The bounding box of a rectangle after mapping.
    public func apply(_ r: CGRect) -> CGRect {
        let xs = [Double(r.minX), Double(r.maxX)]
        let ys = [Double(r.minY), Double(r.maxY)]
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for x in xs {
            for y in ys {
                let p = apply(x, y)
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

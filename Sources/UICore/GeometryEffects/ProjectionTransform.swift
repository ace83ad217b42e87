import CoreGraphics
import Foundation

/// A 3×3 projective transform of 2D points, as row vectors: (x, y, 1) × M = (x′w, y′w, w).
public struct ProjectionTransform: Hashable, Sendable, CustomStringConvertible {
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

    public init() {}
    /// The affine transform as a projective one.
    public init(_ m: CGAffineTransform) {
        (m11, m12, m21, m22, m31, m32) = (m.a, m.b, m.c, m.d, m.tx, m.ty)
    }

    public var isIdentity: Bool { self == ProjectionTransform() }
    /// Whether the transform keeps parallel lines parallel (no perspective).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine part (meaningful when `isAffine`).
    package var affine: CGAffineTransform { CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) }

    /// `self` applied first, then `rhs`.
    public func concatenating(_ rhs: ProjectionTransform) -> ProjectionTransform {
        let a = rows
        let b = rhs.rows
        var out = [CGFloat](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 { out[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] }
        }
        return ProjectionTransform(rows: out)
    }

    /// Inverts the transform in place; returns false (leaving it unchanged) when it is singular.
    @discardableResult
    public mutating func invert() -> Bool {
        let m = rows
        let c00 = m[4] * m[8] - m[5] * m[7]
        let c01 = m[5] * m[6] - m[3] * m[8]
        let c02 = m[3] * m[7] - m[4] * m[6]
        let det = m[0] * c00 + m[1] * c01 + m[2] * c02
        guard det != 0, det.isFinite else { return false }
        let inverse: [CGFloat] = [
            c00, m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            c01, m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            c02, m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        self = ProjectionTransform(rows: inverse.map { $0 / det })
        return true
    }

    public func inverted() -> ProjectionTransform {
        var copy = self
        copy.invert()
        return copy
    }

    /// Where `point` lands, or nil when it falls behind the viewer (w ≤ 0).
    package func apply(_ point: CGPoint) -> CGPoint? {
        let w = point.x * m13 + point.y * m23 + m33
        guard w > 1e-9 else { return nil }
        return CGPoint(x: (point.x * m11 + point.y * m21 + m31) / w, y: (point.x * m12 + point.y * m22 + m32) / w)
    }

    /// The nine entries, row by row.
    package var rows: [CGFloat] { [m11, m12, m13, m21, m22, m23, m31, m32, m33] }

    package init(rows m: [CGFloat]) {
        (m11, m12, m13) = (m[0], m[1], m[2])
        (m21, m22, m23) = (m[3], m[4], m[5])
        (m31, m32, m33) = (m[6], m[7], m[8])
    }

    package var isFinite: Bool { rows.allSatisfy(\.isFinite) }

    public var description: String { "[" + rows.map { fmt($0) }.joined(separator: " ") + "]" }
}

extension CGPoint {
    /// The point mapped by a projective transform (nil: behind the viewer).
    public func applying(_ m: ProjectionTransform) -> CGPoint? { m.apply(self) }
}

import Foundation

/// A 4×5 matrix mapping a colour's unpremultiplied red, green, blue and alpha (plus a constant 1) to new ones:
/// `r' = r1·r + r2·g + r3·b + r4·a + r5`, and so on for g, b and a.
public struct ColorMatrix: Hashable, Sendable, CustomStringConvertible {
    public var r1: Float = 1, r2: Float = 0, r3: Float = 0, r4: Float = 0, r5: Float = 0
    public var g1: Float = 0, g2: Float = 1, g3: Float = 0, g4: Float = 0, g5: Float = 0
    public var b1: Float = 0, b2: Float = 0, b3: Float = 1, b4: Float = 0, b5: Float = 0
    public var a1: Float = 0, a2: Float = 0, a3: Float = 0, a4: Float = 1, a5: Float = 0

    /// The identity.
    public init() {}

    /// The twenty coefficients, row by row.
    package var rows: [Float] {
        [r1, r2, r3, r4, r5, g1, g2, g3, g4, g5, b1, b2, b3, b4, b5, a1, a2, a3, a4, a5]
    }

    package init(rows m: [Float]) {
        precondition(m.count == 20)
        (r1, r2, r3, r4, r5) = (m[0], m[1], m[2], m[3], m[4])
        (g1, g2, g3, g4, g5) = (m[5], m[6], m[7], m[8], m[9])
        (b1, b2, b3, b4, b5) = (m[10], m[11], m[12], m[13], m[14])
        (a1, a2, a3, a4, a5) = (m[15], m[16], m[17], m[18], m[19])
    }

    /// Whether every coefficient is finite (a matrix with NaN or infinity draws nothing).
    package var isFinite: Bool { rows.allSatisfy(\.isFinite) }

    /// `self` applied after `first`.
    package func concatenating(after first: ColorMatrix) -> ColorMatrix {
        let a = rows
        let b = first.rows
        var out = [Float](repeating: 0, count: 20)
        for row in 0..<4 {
            for column in 0..<5 {
                var sum: Float = column == 4 ? a[row * 5 + 4] : 0
                for k in 0..<4 { sum += a[row * 5 + k] * b[k * 5 + column] }
                out[row * 5 + column] = sum
            }
        }
        return ColorMatrix(rows: out)
    }

    public var description: String { "[" + rows.map { String(format: "%g", $0) }.joined(separator: " ") + "]" }

    // MARK: The matrices of SwiftUI's colour effects (the W3C filter effects definitions)

    /// Rotates hues by `angle` around the luminance axis.
    package static func hueRotation(_ angle: Angle) -> ColorMatrix {
        let c = Float(cos(angle.radians))
        let s = Float(sin(angle.radians))
        var m = ColorMatrix()
        m.r1 = 0.213 + c * 0.787 - s * 0.213
        m.r2 = 0.715 - c * 0.715 - s * 0.715
        m.r3 = 0.072 - c * 0.072 + s * 0.928
        m.g1 = 0.213 - c * 0.213 + s * 0.143
        m.g2 = 0.715 + c * 0.285 + s * 0.140
        m.g3 = 0.072 - c * 0.072 - s * 0.283
        m.b1 = 0.213 - c * 0.213 - s * 0.787
        m.b2 = 0.715 - c * 0.715 + s * 0.715
        m.b3 = 0.072 + c * 0.928 + s * 0.072
        return m
    }

    /// 0 is grey, 1 unchanged, above 1 more saturated.
    package static func saturation(_ amount: Double) -> ColorMatrix {
        let s = Float(amount)
        var m = ColorMatrix()
        m.r1 = 0.213 + 0.787 * s
        m.r2 = 0.715 - 0.715 * s
        m.r3 = 0.072 - 0.072 * s
        m.g1 = 0.213 - 0.213 * s
        m.g2 = 0.715 + 0.285 * s
        m.g3 = 0.072 - 0.072 * s
        m.b1 = 0.213 - 0.213 * s
        m.b2 = 0.715 - 0.715 * s
        m.b3 = 0.072 + 0.928 * s
        return m
    }

    /// Adds `amount` to each colour component.
    package static func brightness(_ amount: Double) -> ColorMatrix {
        var m = ColorMatrix()
        m.r5 = Float(amount)
        m.g5 = Float(amount)
        m.b5 = Float(amount)
        return m
    }

    /// Scales components away from (above 1) or towards (below 1) middle grey.
    package static func contrast(_ amount: Double) -> ColorMatrix {
        let k = Float(amount)
        let offset = 0.5 - 0.5 * Float(amount)
        var m = ColorMatrix()
        (m.r1, m.g2, m.b3) = (k, k, k)
        (m.r5, m.g5, m.b5) = (offset, offset, offset)
        return m
    }

    /// Inverts colours by `amount` (1: fully).
    package static func colorInvert(_ amount: Double = 1) -> ColorMatrix {
        let k = Float(1 - 2 * amount)
        let offset = Float(amount)
        var m = ColorMatrix()
        (m.r1, m.g2, m.b3) = (k, k, k)
        (m.r5, m.g5, m.b5) = (offset, offset, offset)
        return m
    }

    /// Multiplies each component by the colour's.
    package static func colorMultiply(_ color: RGBA) -> ColorMatrix {
        var m = ColorMatrix()
        (m.r1, m.g2, m.b3, m.a4) = (Float(color.red), Float(color.green), Float(color.blue), Float(color.opacity))
        return m
    }

    /// Luminance becomes alpha; the colour becomes black.
    package static let luminanceToAlpha: ColorMatrix = {
        var m = ColorMatrix()
        (m.r1, m.g2, m.b3, m.a4) = (0, 0, 0, 0)
        (m.a1, m.a2, m.a3) = (0.2125, 0.7154, 0.0721)
        return m
    }()
}

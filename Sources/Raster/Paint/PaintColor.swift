import CPixman

/// An sRGB colour with straight (non-premultiplied) alpha, components in 0…1.
///
/// Named to stay clear of SwiftUI's `Color`, which UICore defines.
public struct PaintColor: Equatable, Hashable, Sendable {
    /// sRGB components and opacity, 0…1.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Creates a colour from sRGB components and opacity, each 0…1 (clamped when used).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a colour from 8-bit sRGB components, e.g. `PaintColor(rgb8: 0x33, 0x66, 0xCC)`.
    public init(rgb8 r: UInt8, _ g: UInt8, _ b: UInt8, alpha: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
    }

    /// Fully transparent.
    public static let clear = PaintColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = PaintColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = PaintColor(red: 1, green: 1, blue: 1)

    /// The same colour with its alpha multiplied by `factor`.
    public func withAlphaMultiplied(by factor: Double) -> PaintColor {
        PaintColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    private static func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }

    /// Premultiplied 16-bit colour, as pixman's solid fills take it.
    var pixmanPremultiplied: pixman_color_t {
        let a = PaintColor.clamp(alpha)
        func c(_ v: Double) -> UInt16 { UInt16((PaintColor.clamp(v) * a * 65535).rounded()) }
        return pixman_color_t(red: c(red), green: c(green), blue: c(blue), alpha: UInt16((a * 65535).rounded()))
    }

    /// Straight-alpha 16-bit colour, as pixman's gradient stops take it.
    var pixmanStraight: pixman_color_t {
        func c(_ v: Double) -> UInt16 { UInt16((PaintColor.clamp(v) * 65535).rounded()) }
        return pixman_color_t(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }

    /// The premultiplied ARGB32 pixel value.
    public var premultipliedARGB: UInt32 {
        let a = PaintColor.clamp(alpha)
        func c(_ v: Double) -> UInt32 { UInt32((PaintColor.clamp(v) * a * 255).rounded()) }
        return UInt32((a * 255).rounded()) << 24 | c(red) << 16 | c(green) << 8 | c(blue)
    }
}

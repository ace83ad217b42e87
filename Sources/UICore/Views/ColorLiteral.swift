import Foundation

extension Color: _ExpressibleByColorLiteral {
    /// `Color(#colorLiteral(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))` and a bare `#colorLiteral(…)` where a
    /// `Color` is expected: sRGB components.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(.sRGB, red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }
}

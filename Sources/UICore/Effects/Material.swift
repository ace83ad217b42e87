import Foundation

/// A translucent background that blurs and tints what is behind it (`.background(.regularMaterial)`,
/// `.background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))`).
public struct Material: ShapeStyle, Sendable, Hashable {
    /// How strongly the backdrop is blurred (Gaussian sigma, points), saturated, and covered by the tint.
    package let blurRadius: CGFloat
    package let saturation: Double
    package let tintOpacity: Double

    public static let ultraThin = Material(blurRadius: 8, saturation: 1.6, tintOpacity: 0.35)
    public static let thin = Material(blurRadius: 12, saturation: 1.6, tintOpacity: 0.5)
    public static let regular = Material(blurRadius: 16, saturation: 1.6, tintOpacity: 0.65)
    public static let thick = Material(blurRadius: 20, saturation: 1.6, tintOpacity: 0.78)
    public static let ultraThick = Material(blurRadius: 24, saturation: 1.6, tintOpacity: 0.88)
    /// The material of toolbars and bars.
    public static let bar = Material(blurRadius: 16, saturation: 1.6, tintOpacity: 0.8)

    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        // Light appearance: a white tint; dark: a near-black one.
        let dark = environment.colorScheme == .dark
        let tint =
            dark
            ? RGBA(red: 0.11, green: 0.11, blue: 0.12, opacity: tintOpacity)
            : RGBA(red: 0.98, green: 0.98, blue: 0.98, opacity: tintOpacity)
        return .material(blurRadius: blurRadius, saturation: saturation, tint: tint)
    }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    public static var bar: Material { Material.bar }
}

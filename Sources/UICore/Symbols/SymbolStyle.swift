import Foundation

/// Variants of a symbol (`.fill`, `.circle`, `.slash`…), chosen for the symbols inside a view with `symbolVariant(_:)`.
public struct SymbolVariants: Hashable, Sendable {
    package private(set) var isFilled = false, isSlashed = false
    /// `circle`, `square` or `rectangle`: the shape the symbol is enclosed in.
    package private(set) var shape: String?

    /// No variant: the outline form.
    public static let none = SymbolVariants()
    /// Enclosed in a circle.
    public static let circle = SymbolVariants(shape: "circle")
    /// Enclosed in a square.
    public static let square = SymbolVariants(shape: "square")
    /// Enclosed in a rectangle.
    public static let rectangle = SymbolVariants(shape: "rectangle")
    /// Filled.
    public static let fill = SymbolVariants(isFilled: true)
    /// Struck through.
    public static let slash = SymbolVariants(isSlashed: true)

    /// This variant enclosed in a circle.
    public var circle: SymbolVariants {
        var v = self
        v.shape = "circle"
        return v
    }
    /// This variant enclosed in a square.
    public var square: SymbolVariants {
        var v = self
        v.shape = "square"
        return v
    }
    /// This variant enclosed in a rectangle.
    public var rectangle: SymbolVariants {
        var v = self
        v.shape = "rectangle"
        return v
    }
    /// This variant filled.
    public var fill: SymbolVariants {
        var v = self
        v.isFilled = true
        return v
    }
    /// This variant struck through.
    public var slash: SymbolVariants {
        var v = self
        v.isSlashed = true
        return v
    }

    /// Whether this variant includes every part of `other`.
    public func contains(_ other: SymbolVariants) -> Bool {
        (!other.isFilled || isFilled) && (!other.isSlashed || isSlashed) && (other.shape == nil || other.shape == shape)
    }

    private init(isFilled: Bool = false, isSlashed: Bool = false, shape: String? = nil) {
        (self.isFilled, self.isSlashed, self.shape) = (isFilled, isSlashed, shape)
    }

    /// `variants` added to these (a shape of `variants` replaces this one's).
    package func adding(_ variants: SymbolVariants) -> SymbolVariants {
        SymbolVariants(
            isFilled: isFilled || variants.isFilled, isSlashed: isSlashed || variants.isSlashed,
            shape: variants.shape ?? shape)
    }
}

/// How a symbol's layers are coloured. The outlines here have one layer, so every mode draws it in the
/// foreground style; the mode is kept in the environment for views that read it.
public struct SymbolRenderingMode: Hashable, Sendable {
    private let name: String
    /// One colour, the foreground style.
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    /// The symbol's own colours.
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
    /// Layers in decreasing opacities of the foreground style.
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    /// Layers in the styles given to `foregroundStyle(_:_:)`.
    public static let palette = SymbolRenderingMode(name: "palette")
}

extension Image {
    /// The size of symbol images relative to the font's point size.
    public enum Scale: Hashable, Sendable, CaseIterable {
        case small, medium, large

        /// About SF Symbols' ratios: small about 4/5 of medium, large about 9/7.
        package var factor: CGFloat {
            switch self {
            case .small: return 0.78
            case .medium: return 1
            case .large: return 1.29
            }
        }
    }

    /// This symbol image drawn in `mode`.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        var i = self
        i.symbolRenderingMode = mode
        return i
    }
}

package struct ImageScaleKey: EnvironmentKey { package static var defaultValue: Image.Scale { .medium } }
package struct SymbolVariantsKey: EnvironmentKey { package static var defaultValue: SymbolVariants { .none } }
package struct SymbolRenderingModeKey: EnvironmentKey { package static var defaultValue: SymbolRenderingMode? { nil } }
package struct FontWeightKey: EnvironmentKey { package static var defaultValue: Font.Weight? { nil } }
package struct MonospacedDigitKey: EnvironmentKey { package static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// The scale of symbol images.
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }
    /// The variants symbol images are drawn in.
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
    /// How symbol images colour their layers (`nil`: the symbol's default).
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { self[SymbolRenderingModeKey.self] }
        set { self[SymbolRenderingModeKey.self] = newValue }
    }
    /// A weight set with `fontWeight(_:)`, applied over the font's own.
    package var fontWeight: Font.Weight? {
        get { self[FontWeightKey.self] }
        set { self[FontWeightKey.self] = newValue }
    }

    /// The font of text and symbols here, with a `fontWeight(_:)` applied.
    package func resolvedFont(_ font: Font?) -> Font.Resolved {
        var resolved = (font ?? self.font ?? .body).resolve()
        if let fontWeight { resolved.weight = fontWeight }
        if self[MonospacedDigitKey.self] { resolved.monospacedDigits = true }
        return resolved
    }
}

extension View {
    /// Sets the scale of symbol images in this view.
    public func imageScale(_ scale: Image.Scale) -> some View { environment(\.imageScale, scale) }
    /// Draws the symbols in this view in `variant` (`.fill`, `.circle`, `.slash`…) where such a symbol exists.
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        modifier(_EnvironmentTransformModifier { $0.symbolVariants = $0.symbolVariants.adding(variant) })
    }
    /// Sets how symbols in this view colour their layers.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        environment(\.symbolRenderingMode, mode)
    }
    /// Sets the weight of text and symbols in this view (`nil`: the font's own).
    public func fontWeight(_ weight: Font.Weight?) -> some View { environment(\.fontWeight, weight) }
    /// Draws the digits of text in this view at one width, so changing numbers do not shift.
    public func monospacedDigit() -> some View {
        modifier(_EnvironmentTransformModifier { $0[MonospacedDigitKey.self] = true })
    }
}

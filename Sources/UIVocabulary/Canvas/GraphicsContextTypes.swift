import CoreGraphics
import Foundation
@_spi(Engine) import UICore

extension GraphicsContext {
    /// How a drawing operation composites with what is below it.
    public struct BlendMode: RawRepresentable, Equatable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let normal = BlendMode(rawValue: 0)
        public static let multiply = BlendMode(rawValue: 1)
        public static let screen = BlendMode(rawValue: 2)
        public static let overlay = BlendMode(rawValue: 3)
        public static let darken = BlendMode(rawValue: 4)
        public static let lighten = BlendMode(rawValue: 5)
        public static let colorDodge = BlendMode(rawValue: 6)
        public static let colorBurn = BlendMode(rawValue: 7)
        public static let softLight = BlendMode(rawValue: 8)
        public static let hardLight = BlendMode(rawValue: 9)
        public static let difference = BlendMode(rawValue: 10)
        public static let exclusion = BlendMode(rawValue: 11)
        public static let hue = BlendMode(rawValue: 12)
        public static let saturation = BlendMode(rawValue: 13)
        public static let color = BlendMode(rawValue: 14)
        public static let luminosity = BlendMode(rawValue: 15)
        public static let sourceAtop = BlendMode(rawValue: 20)
        public static let destinationOver = BlendMode(rawValue: 21)
        public static let destinationOut = BlendMode(rawValue: 23)
        public static let plusDarker = BlendMode(rawValue: 26)
        public static let plusLighter = BlendMode(rawValue: 27)

        /// The view blend mode that composites the same way.
        package var viewBlendMode: UICore.BlendMode {
            let table: [Int32: UICore.BlendMode] = [
                1: .multiply, 2: .screen, 3: .overlay, 4: .darken, 5: .lighten, 6: .colorDodge, 7: .colorBurn,
                8: .softLight, 9: .hardLight, 10: .difference, 11: .exclusion, 12: .hue, 13: .saturation, 14: .color,
                15: .luminosity, 20: .sourceAtop, 21: .destinationOver, 23: .destinationOut, 26: .plusDarker,
                27: .plusLighter,
            ]
            return table[rawValue] ?? .normal
        }
    }

    /// Options of `clip(to:)` and `clipToLayer`.
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Draw outside the clip instead of inside it.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Options of filters.
    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let linearColor = FilterOptions(rawValue: 1)
        public static let shadowAbove = FilterOptions(rawValue: 2)
        public static let shadowOnly = FilterOptions(rawValue: 4)
        public static let invertsAlpha = FilterOptions(rawValue: 8)
        public static let disablesGroup = FilterOptions(rawValue: 16)
    }

    /// Options of gradient shadings.
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    /// A filter applied to each later drawing operation (in the order the filters were added).
    public struct Filter: Sendable {
        package enum Kind: Sendable {
            case blur(radius: CGFloat, opaque: Bool)
            case shadow(color: RGBA, radius: CGFloat, x: CGFloat, y: CGFloat)
            case colorMatrix(ColorMatrix)
        }
        package let kind: Kind

        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter(kind: .blur(radius: radius, opaque: options.contains(.opaque)))
        }
        public static func shadow(
            color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0,
            y: CGFloat = 0, blendMode: GraphicsContext.BlendMode = .normal,
            options: ShadowOptions = ShadowOptions()
        ) -> Filter {
            Filter(kind: .shadow(color: color.resolve(in: EnvironmentValues()), radius: radius, x: x, y: y))
        }
        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter { Filter(kind: .colorMatrix(matrix)) }
        public static func hueRotation(_ angle: Angle) -> Filter { colorMatrix(.hueRotation(angle)) }
        public static func saturation(_ amount: Double) -> Filter { colorMatrix(.saturation(amount)) }
        public static func brightness(_ amount: Double) -> Filter { colorMatrix(.brightness(amount)) }
        public static func contrast(_ amount: Double) -> Filter { colorMatrix(.contrast(amount)) }
        public static func colorInvert(_ amount: Double = 1) -> Filter { colorMatrix(.colorInvert(amount)) }
        public static func grayscale(_ amount: Double) -> Filter { colorMatrix(.saturation(1 - amount)) }
        public static var luminanceToAlpha: Filter { colorMatrix(.luminanceToAlpha) }
        public static func colorMultiply(_ color: Color) -> Filter {
            colorMatrix(.colorMultiply(color.resolve(in: EnvironmentValues())))
        }

        /// Whether the filter's numbers can be drawn.
        package var isFinite: Bool {
            switch kind {
            case .blur(let radius, _): return radius.isFinite
            case .shadow(_, let radius, let x, let y): return radius.isFinite && x.isFinite && y.isFinite
            case .colorMatrix(let m): return m.isFinite
            }
        }

        package var layerEffect: LayerEffect {
            switch kind {
            case .blur(let radius, let opaque): return .blur(radius: max(0, radius), opaque: opaque)
            case .shadow(let color, let radius, let x, let y):
                return .shadow(color: color, radius: max(0, radius), offset: CGSize(width: x, height: y))
            case .colorMatrix(let m): return .colorMatrix(m)
            }
        }
    }

    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let opaque = BlurOptions(rawValue: 1)
        public static let dithersResult = BlurOptions(rawValue: 2)
    }

    public struct ShadowOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let shadowAbove = ShadowOptions(rawValue: 1)
        public static let shadowOnly = ShadowOptions(rawValue: 2)
        public static let invertsAlpha = ShadowOptions(rawValue: 4)
        public static let disablesGroup = ShadowOptions(rawValue: 8)
    }

    /// A colour or pattern to fill or stroke with.
    public struct Shading {
        package enum Kind {
            /// A paint in the context's coordinates.
            case paint(Paint)
            /// A shape style, resolved against the bounds of what is drawn.
            case style((CGRect, EnvironmentValues) -> Paint)
        }
        package let kind: Kind

        public static var foreground: Shading {
            Shading(kind: .style { rect, environment in ForegroundStyle()._paint(in: rect, environment: environment) })
        }
        public static func color(_ color: Color) -> Shading {
            Shading(kind: .style { _, environment in .color(color.resolve(in: environment)) })
        }
        public static func color(
            _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
            opacity: Double = 1
        ) -> Shading {
            color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }
        public static func style<S: ShapeStyle>(_ style: S) -> Shading {
            let erased = AnyShapeStyle(style)
            return Shading(kind: .style { rect, environment in erased._paint(in: rect, environment: environment) })
        }
        public static func linearGradient(
            _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
            options: GradientOptions = GradientOptions()
        ) -> Shading {
            let g = gradient
            return Shading(
                kind: .style { _, environment in
                    .linearGradient(stops: g.resolved(in: environment), start: startPoint, end: endPoint)
                })
        }
        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
            options: GradientOptions = GradientOptions()
        ) -> Shading {
            let g = gradient
            return Shading(
                kind: .style { _, environment in
                    .radialGradient(
                        stops: g.resolved(in: environment), center: center, startRadius: startRadius,
                        endRadius: endRadius)
                })
        }
        public static func conicGradient(
            _ gradient: Gradient, center: CGPoint, angle: Angle = .zero,
            options: GradientOptions = GradientOptions()
        ) -> Shading {
            let g = gradient
            return Shading(
                kind: .style { _, environment in
                    .angularGradient(
                        stops: g.resolved(in: environment), center: center, startAngle: angle,
                        endAngle: angle + .degrees(360))
                })
        }

        package func paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
            switch kind {
            case .paint(let paint): return paint
            case .style(let resolve): return resolve(rect, environment)
            }
        }
    }
}

extension Paint {
    /// The paint moved by (dx, dy): gradients' geometry moves, a colour stays.
    package func offsetBy(dx: CGFloat, dy: CGFloat) -> Paint {
        func move(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + dx, y: p.y + dy) }
        switch self {
        case .color: return self
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(stops: stops, start: move(start), end: move(end))
        case .radialGradient(let stops, let center, let r0, let r1):
            return .radialGradient(stops: stops, center: move(center), startRadius: r0, endRadius: r1)
        case .ellipticalGradient(let stops, let center, let size, let f0, let f1):
            return .ellipticalGradient(
                stops: stops, center: move(center), size: size, startRadiusFraction: f0, endRadiusFraction: f1)
        case .angularGradient(let stops, let center, let a0, let a1):
            return .angularGradient(stops: stops, center: move(center), startAngle: a0, endAngle: a1)
        case .material: return self
        }
    }
}

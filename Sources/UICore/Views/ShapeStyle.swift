import Foundation

/// A colour or pattern used to fill or stroke shapes and to colour text.
public protocol ShapeStyle {
    /// The paint for a shape occupying `rect` (window points) in `environment`.
    @_spi(Engine) func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint
}

/// A type-erased shape style.
public struct AnyShapeStyle: ShapeStyle {
    package let base: any ShapeStyle
    /// Erases `style`.
    public init<S: ShapeStyle>(_ style: S) { base = (style as? AnyShapeStyle)?.base ?? style }
    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        base._paint(in: rect, environment: environment)
    }
}

/// The environment's foreground style (primary text colour unless set with `foregroundStyle`).
public struct ForegroundStyle: ShapeStyle {
    public init() {}
    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        if let style = environment.foregroundStyle, !(style.base is ForegroundStyle) {
            guard style.base is HierarchicalShapeStyle else { return style._paint(in: rect, environment: environment) }
            // `.foregroundStyle(.secondary)` is a level of the foreground around it, not of itself.
            var outer = environment
            outer.foregroundStyle = nil
            return style._paint(in: rect, environment: outer)
        }
        return .color(Color.primary.resolve(in: environment))
    }
}

/// The hierarchical foreground styles: `.primary`, `.secondary`…
public struct HierarchicalShapeStyle: ShapeStyle {
    package let level: Int
    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        let base = ForegroundStyle()._paint(in: rect, environment: environment)
        let factor = [1.0, 0.6, 0.3, 0.18][min(level, 3)]
        guard case .color(var color) = base, level > 0 else { return base }
        color.opacity *= factor
        return .color(color)
    }
}

/// The environment's tint (`.tint(_:)`), else the app's accent colour.
public struct TintShapeStyle: ShapeStyle {
    public init() {}
    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        Color.accentColor._paint(in: rect, environment: environment)
    }
}

extension ShapeStyle where Self == TintShapeStyle {
    /// The current tint: the `.tint` around the view, else the accent colour.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The current foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The primary foreground style.
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 0) }
    /// The secondary foreground style (60 % of the primary's opacity).
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 2) }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 3) }
}

/// Colours and their positions along a gradient.
public struct Gradient: Hashable {
    /// A colour at a location in 0…1.
    public struct Stop: Hashable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }
    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    /// Evenly spaced colours.
    public init(colors: [Color]) {
        let count = colors.count
        stops = colors.enumerated().map { Stop(color: $1, location: count > 1 ? CGFloat($0) / CGFloat(count - 1) : 0) }
    }
    package func resolved(in environment: EnvironmentValues) -> [GradientStop] {
        stops.map { GradientStop(color: $0.color.resolve(in: environment), location: Double($0.location)) }
    }
}

/// A gradient along a line between two unit points of the shape's frame.
nonisolated public struct LinearGradient: ShapeStyle, View {
    package var gradient: Gradient
    package var startPoint: UnitPoint, endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        .linearGradient(
            stops: gradient.resolved(in: environment), start: startPoint.point(in: rect), end: endPoint.point(in: rect))
    }
    public var body: Never { primitiveViewBody(Self.self) }
    @MainActor public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeStyleFillNode(view, into: builder)
    }
}

/// A gradient by distance from a centre.
nonisolated public struct RadialGradient: ShapeStyle, View {
    package var gradient: Gradient
    package var center: UnitPoint
    package var startRadius: CGFloat, endRadius: CGFloat
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        .radialGradient(
            stops: gradient.resolved(in: environment), center: center.point(in: rect), startRadius: startRadius,
            endRadius: endRadius)
    }
    public var body: Never { primitiveViewBody(Self.self) }
    @MainActor public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeStyleFillNode(view, into: builder)
    }
}

/// A gradient over concentric ellipses that fit the shape's frame: radius fraction 0.5 touches its edges.
nonisolated public struct EllipticalGradient: ShapeStyle, View {
    package var gradient: Gradient
    package var center: UnitPoint
    package var startRadiusFraction: CGFloat, endRadiusFraction: CGFloat
    public init(
        gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) {
        self.gradient = gradient
        self.center = center
        self.startRadiusFraction = startRadiusFraction
        self.endRadiusFraction = endRadiusFraction
    }
    public init(
        colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
    ) {
        self.init(
            gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
            endRadiusFraction: endRadiusFraction)
    }
    public init(
        stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) {
        self.init(
            gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction,
            endRadiusFraction: endRadiusFraction)
    }
    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        .ellipticalGradient(
            stops: gradient.resolved(in: environment), center: center.point(in: rect), size: rect.size,
            startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    public var body: Never { primitiveViewBody(Self.self) }
    @MainActor public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeStyleFillNode(view, into: builder)
    }
}

/// A gradient by angle around a centre.
nonisolated public struct AngularGradient: ShapeStyle, View {
    package var gradient: Gradient
    package var center: UnitPoint
    package var startAngle: Angle, endAngle: Angle
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle == startAngle ? startAngle + .degrees(360) : endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(gradient: Gradient, center: UnitPoint, angle: Angle) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        .angularGradient(
            stops: gradient.resolved(in: environment), center: center.point(in: rect), startAngle: startAngle,
            endAngle: endAngle)
    }
    public var body: Never { primitiveViewBody(Self.self) }
    @MainActor public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeStyleFillNode(view, into: builder)
    }
}

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint)
        -> LinearGradient
    {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat)
        -> RadialGradient
    {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat)
        -> RadialGradient
    {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public static func radialGradient(
        stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
    ) -> RadialGradient {
        RadialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    public static func ellipticalGradient(
        _ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) -> EllipticalGradient {
        EllipticalGradient(
            gradient: gradient, center: center, startRadiusFraction: startRadiusFraction,
            endRadiusFraction: endRadiusFraction)
    }
    public static func ellipticalGradient(
        colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) -> EllipticalGradient {
        EllipticalGradient(
            colors: colors, center: center, startRadiusFraction: startRadiusFraction,
            endRadiusFraction: endRadiusFraction)
    }
}

extension ShapeStyle where Self == AngularGradient {
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle)
        -> AngularGradient
    {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle)
        -> AngularGradient
    {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
}

import CoreGraphics
import Foundation

/// A colour: sRGB components and opacity in 0…1, not premultiplied.
@_spi(Engine) public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    package var red: Double, green: Double, blue: Double, opacity: Double
    package init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        (self.red, self.green, self.blue, self.opacity) = (red, green, blue, opacity)
    }
    package static let clear = RGBA(red: 0, green: 0, blue: 0, opacity: 0)
    public var description: String {
        func c(_ v: Double) -> String { String(Int((v * 255).rounded())) }
        return opacity == 1
            ? "rgb(\(c(red)),\(c(green)),\(c(blue)))"
            : "rgba(\(c(red)),\(c(green)),\(c(blue)),\(String(format: "%.3g", opacity)))"
    }
}

/// One colour stop of a resolved gradient.
@_spi(Engine) public struct GradientStop: Hashable, Sendable {
    package var color: RGBA
    package var location: Double
    package init(color: RGBA, location: Double) {
        self.color = color
        self.location = location
    }
}

/// How a fill or stroke is coloured, in window points.
@_spi(Engine) public enum Paint: Hashable, Sendable, CustomStringConvertible {
    case color(RGBA)
    /// Colours vary along the line from `start` to `end`.
    case linearGradient(stops: [GradientStop], start: CGPoint, end: CGPoint)
    /// Colours vary with the distance from `center`, from `startRadius` to `endRadius`.
    case radialGradient(stops: [GradientStop], center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
    /// Colours vary over concentric ellipses of `size` (the shape's frame) around `center`: a radius fraction `f`
    /// is the ellipse of radii `f × size.width` and `f × size.height`.
    case ellipticalGradient(
        stops: [GradientStop], center: CGPoint, size: CGSize, startRadiusFraction: CGFloat,
        endRadiusFraction: CGFloat)
    /// A material: what is already drawn below, blurred (sigma `blurRadius`, window points), saturated by
    /// `saturation`, then tinted with `tint`.
    case material(blurRadius: CGFloat, saturation: Double, tint: RGBA)
    /// Colours vary with the angle around `center` (0 = pointing right, clockwise), from `startAngle` to `endAngle`.
    case angularGradient(stops: [GradientStop], center: CGPoint, startAngle: Angle, endAngle: Angle)

    public var description: String {
        switch self {
        case .color(let c): return c.description
        case .linearGradient(let stops, let s, let e):
            return "linear(\(stops.map { "\($0.color)@\($0.location)" }.joined(separator: " ")) \(fmt(s))→\(fmt(e)))"
        case .radialGradient(let stops, let c, let r0, let r1):
            return
                "radial(\(stops.map { "\($0.color)@\($0.location)" }.joined(separator: " ")) c\(fmt(c)) r\(fmt(r0))…\(fmt(r1)))"
        case .ellipticalGradient(let stops, let c, let size, let f0, let f1):
            return
                "elliptical(\(stops.map { "\($0.color)@\($0.location)" }.joined(separator: " ")) c\(fmt(c)) \(fmt(size)) \(fmt(f0))…\(fmt(f1)))"
        case .material(let radius, let saturation, let tint):
            return "material(blur \(fmt(radius)) saturation \(fmt(CGFloat(saturation))) \(tint))"
        case .angularGradient(let stops, let c, let a0, let a1):
            return
                "angular(\(stops.map { "\($0.color)@\($0.location)" }.joined(separator: " ")) c\(fmt(c)) \(fmt(a0.degrees))°…\(fmt(a1.degrees))°)"
        }
    }
}

/// A shape the renderer may draw faster than its general path.
package enum PrimitiveShape: Hashable, Sendable {
    case rect(CGRect)
    case roundedRect(CGRect, cornerSize: CGSize, style: RoundedCornerStyle)
    case ellipse(CGRect)
}

/// A filled path.
package struct FillOperation: Hashable, Sendable {
    /// The outline, in window points.
    package var path: Path
    /// The same outline as a primitive, when it is one.
    package var primitive: PrimitiveShape?
    package var paint: Paint
    /// Even-odd instead of non-zero winding.
    package var eoFill: Bool
    package var antialiased: Bool
    package init(path: Path, primitive: PrimitiveShape? = nil, paint: Paint, eoFill: Bool, antialiased: Bool) {
        self.path = path
        self.primitive = primitive
        self.paint = paint
        self.eoFill = eoFill
        self.antialiased = antialiased
    }
}

/// A stroked path (the stroke is centred on the path).
package struct StrokeOperation: Hashable, Sendable {
    package var path: Path
    package var primitive: PrimitiveShape?
    package var paint: Paint
    package var style: StrokeStyle
    package var antialiased: Bool
    package init(path: Path, primitive: PrimitiveShape? = nil, paint: Paint, style: StrokeStyle, antialiased: Bool) {
        self.path = path
        self.primitive = primitive
        self.paint = paint
        self.style = style
        self.antialiased = antialiased
    }
}

/// A run of text laid out inside `frame`, wrapping at `frame.width`.
package struct TextOperation: Hashable, Sendable {
    package var string: String
    package var font: Font.Resolved
    package var paint: Paint
    /// The text's frame in window points; lines wrap at its width and align per `alignment`.
    package var frame: CGRect
    package var alignment: TextAlignment
    /// The most lines to draw (the last one truncated), `nil` for as many as fit.
    package var lineLimit: Int?
    /// Underlines and strikethroughs, drawn along each line's glyphs.
    package var decorations: [TextDecoration] = []
    package init(
        string: String, font: Font.Resolved, paint: Paint, frame: CGRect, alignment: TextAlignment,
        lineLimit: Int? = nil, decorations: [TextDecoration] = []
    ) {
        self.string = string
        self.font = font
        self.paint = paint
        self.frame = frame
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.decorations = decorations
    }
}

/// An underline or a strikethrough of a text.
package struct TextDecoration: Hashable, Sendable {
    package enum Position: Hashable, Sendable { case underline, strikethrough }
    package var position: Position
    /// Alternating on and off lengths in multiples of the line's thickness; empty for a solid line.
    package var dashes: [CGFloat]
    package var paint: Paint
}

/// An image drawn into a destination rectangle.
package struct ImageOperation: Hashable, Sendable {
    package var source: ImageSource
    /// The destination, window points; the image is scaled to it (non-resizable images: natural size).
    package var frame: CGRect
    package var resizingMode: Image.ResizingMode
    package var interpolation: Image.Interpolation
    /// Template images are drawn in this colour instead of their own.
    package var tint: Paint?
    package init(
        source: ImageSource, frame: CGRect, resizingMode: Image.ResizingMode, interpolation: Image.Interpolation,
        tint: Paint? = nil
    ) {
        self.source = source
        self.frame = frame
        self.resizingMode = resizingMode
        self.interpolation = interpolation
        self.tint = tint
    }
}

/// A group of items drawn through one effect.
package struct DisplayLayer: Hashable, Sendable {
    package var effect: LayerEffect
    package var items: [DisplayItem]
    package init(effect: LayerEffect, items: [DisplayItem]) {
        self.effect = effect
        self.items = items
    }
}

/// What a layer does to the items inside it.
package enum LayerEffect: Hashable, Sendable {
    /// Multiplies the alpha of the composited items.
    case opacity(Double)
    /// Draws only inside `path` (window points).
    case clip(Path, eoFill: Bool)
    /// Multiplies the items' alpha by the alpha of the mask items (whose colour is ignored).
    case mask([DisplayItem])
    /// Draws the items' alpha, blurred (Gaussian, sigma = radius), tinted and offset, behind them.
    case shadow(color: RGBA, radius: CGFloat, offset: CGSize)
    /// Maps the items' window coordinates through `transform`.
    case transform(CGAffineTransform)
    /// Composites the items onto what is below with `mode`.
    case blend(BlendMode)
    /// Composites the items offscreen first, then as one image.
    case compositingGroup
    /// Blurs the composited items (Gaussian, sigma = radius, window points); `opaque` keeps the result's
    /// alpha at 1 inside the items' bounds instead of letting transparency in from the edges.
    case blur(radius: CGFloat, opaque: Bool)
    /// Maps the composited items' colours through a matrix (unpremultiplied components).
    case colorMatrix(ColorMatrix)
    /// Maps the composited items' window coordinates through a projective transform (perspective).
    case projection(ProjectionTransform)
}

/// One drawing operation or layer.
package indirect enum DisplayItem: Hashable, Sendable {
    case fill(FillOperation)
    case stroke(StrokeOperation)
    case text(TextOperation)
    case image(ImageOperation)
    case layer(DisplayLayer)
}

/// What to draw for one frame: items back to front, in window points.
package struct DisplayList: Hashable, Sendable, CustomStringConvertible {
    package var items: [DisplayItem]
    package init(items: [DisplayItem]) { self.items = items }

    /// The area all items may touch.
    package var bounds: CGRect { DisplayItem.bounds(of: items) }

    /// An indented textual form, one line per item (used by snapshot tests).
    package var description: String { DisplayListPrinter.print(items) }

    /// Rectangles that may look different between `previous` and this list.
    package func damage(since previous: DisplayList) -> [CGRect] {
        var rects: [CGRect] = []
        collectDamage(since: previous, into: &rects)
        return rects
    }

    /// `damage(since:)` into `rects` (emptied first; its buffer is kept, so a frame's damage allocates nothing).
    package func collectDamage(since previous: DisplayList, into rects: inout [CGRect]) {
        rects.removeAll(keepingCapacity: true)
        DamageTracker.collect(old: previous.items, new: items, into: &rects)
        DamageTracker.extendOverMaterials(in: items, &rects)
        DamageTracker.merge(&rects)
    }
}

package func fmt(_ value: CGFloat) -> String {
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(format: "%g", rounded)
}
package func fmt(_ p: CGPoint) -> String { "(\(fmt(p.x)),\(fmt(p.y)))" }
package func fmt(_ s: CGSize) -> String { "\(fmt(s.width))x\(fmt(s.height))" }
package func fmt(_ r: CGRect) -> String { "[\(fmt(r.minX)),\(fmt(r.minY)) \(fmt(r.width))x\(fmt(r.height))]" }

import CPixman
import Foundation

/// One colour stop of a gradient; `location` runs 0…1 along the gradient.
public struct GradientStop: Equatable, Sendable {
    /// Colour at the stop.
    public var color: PaintColor
    /// Position along the gradient, 0…1.
    public var location: Double
    /// Creates a stop.
    public init(color: PaintColor, location: Double) {
        self.color = color
        self.location = location
    }
}

/// What fills a shape: a colour, a gradient or an image pattern. Geometry is in user coordinates.
public enum Paint {
    /// A solid sRGB colour.
    case color(PaintColor)
    /// A linear gradient from `start` to `end`, padded beyond.
    case linearGradient([GradientStop], start: CGPoint, end: CGPoint)
    /// A radial gradient around `center` from `startRadius` to `endRadius`.
    case radialGradient([GradientStop], center: CGPoint, startRadius: Double, endRadius: Double)
    /// A radial gradient stretched into ellipses: radius r of the circle at `center` becomes the ellipse of radii
    /// `r × scaleX` and `r × scaleY`.
    case ellipticalGradient(
        [GradientStop], center: CGPoint, startRadius: Double, endRadius: Double, scaleX: Double, scaleY: Double)
    /// An angular (conic) gradient around `center`, starting at `startAngle` (radians, 0 = +x) and sweeping
    /// clockwise on screen through a full turn, like SwiftUI's `AngularGradient`.
    case angularGradient([GradientStop], center: CGPoint, startAngle: Double)
    /// An image stretched onto `rect`, sampled bilinearly and padded at its edges.
    case image(RasterImage, rect: CGRect)

    /// True when the paint is a fully transparent colour, so drawing it changes nothing.
    var isInvisible: Bool {
        if case .color(let c) = self { return c.alpha <= 0 }
        return false
    }

    /// A pixman source image that yields this paint at root-device coordinates, given the user→root-device
    /// transform; nil when the transform is singular. The caller unrefs the result.
    func makeSource(transform: Transform2D) -> OpaquePointer? {
        switch self {
        case .color(let c):
            var pc = c.pixmanPremultiplied
            return pixman_image_create_solid_fill(&pc)
        case .linearGradient(let stops, let start, let end):
            var p1 = pixman_point_fixed_t(x: fixed(start.x), y: fixed(start.y))
            var p2 = pixman_point_fixed_t(x: fixed(end.x), y: fixed(end.y))
            if p1.x == p2.x && p1.y == p2.y { p2.x += 1 }
            return withStops(stops) { s, n in
                Paint.finish(pixman_image_create_linear_gradient(&p1, &p2, s, n), transform: transform)
            }
        case .radialGradient(let stops, let center, let r0, let r1):
            var c = pixman_point_fixed_t(x: fixed(center.x), y: fixed(center.y))
            var c2 = c
            let inner = pixmanFixed(max(0, r0))
            let outer = pixmanFixed(max(max(0, r0) + 1e-3, r1))
            return withStops(stops) { s, n in
                Paint.finish(pixman_image_create_radial_gradient(&c, &c2, inner, outer, s, n), transform: transform)
            }
        case .ellipticalGradient(let stops, let center, let r0, let r1, let sx, let sy):
            guard sx > 0, sy > 0, sx.isFinite, sy.isFinite else { return nil }
            // The circular gradient at the origin, stretched, then moved to the centre.
            let stretch = Transform2D(a: sx, b: 0, c: 0, d: sy, tx: Double(center.x), ty: Double(center.y))
            return Paint.radialGradient(stops, center: .zero, startRadius: r0, endRadius: r1)
                .makeSource(transform: transform.concatenating(after: stretch))
        case .angularGradient(let stops, let center, let startAngle):
            var c = pixman_point_fixed_t(x: fixed(center.x), y: fixed(center.y))
            // pixman's conical gradient runs the other way round; mirroring stops and angle makes it clockwise.
            let mirrored = stops.reversed().map { GradientStop(color: $0.color, location: 1 - $0.location) }
            let degrees = -startAngle * 180 / Double.pi
            return withStops(mirrored) { s, n in
                Paint.finish(pixman_image_create_conical_gradient(&c, pixmanFixed(degrees), s, n), transform: transform)
            }
        case .image(let img, let rect):
            guard rect.width > 0, rect.height > 0 else { return nil }
            // user ← image pixels: scale and translate onto rect; root device ← image = transform ∘ that.
            let userFromImage = Transform2D(
                a: Double(rect.width) / Double(img.width), b: 0, c: 0,
                d: Double(rect.height) / Double(img.height),
                tx: Double(rect.minX), ty: Double(rect.minY))
            let deviceFromImage = transform.concatenating(after: userFromImage)
            guard let inv = deviceFromImage.inverted else { return nil }
            let src = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(img.width), Int32(img.height),
                img.pixels.assumingMemoryBound(to: UInt32.self), Int32(img.stride))!
            var t = pixmanTransform(inv)
            pixman_image_set_transform(src, &t)
            pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)
            return src
        }
    }

    private static func finish(_ img: OpaquePointer?, transform: Transform2D) -> OpaquePointer? {
        guard let img else { return nil }
        guard let inv = transform.inverted else {
            pixman_image_unref(img)
            return nil
        }
        var t = pixmanTransform(inv)
        pixman_image_set_transform(img, &t)
        pixman_image_set_repeat(img, PIXMAN_REPEAT_PAD)
        return img
    }

    private func withStops(
        _ stops: [GradientStop], _ body: (UnsafePointer<pixman_gradient_stop_t>, Int32) -> OpaquePointer?
    ) -> OpaquePointer? {
        var list = stops.sorted { $0.location < $1.location }.map {
            pixman_gradient_stop_t(x: pixmanFixed(min(1, max(0, $0.location))), color: $0.color.pixmanStraight)
        }
        if list.isEmpty { list = [pixman_gradient_stop_t(x: 0, color: PaintColor.clear.pixmanStraight)] }
        if list.count == 1 { list.append(pixman_gradient_stop_t(x: pixmanFixed(1), color: list[0].color)) }
        return list.withUnsafeBufferPointer { body($0.baseAddress!, Int32($0.count)) }
    }
}

@inline(__always) func fixed(_ v: CGFloat) -> pixman_fixed_t { pixmanFixed(Double(v)) }

/// pixman's 16.16 matrix for an affine transform.
func pixmanTransform(_ t: Transform2D) -> pixman_transform_t {
    var m = pixman_transform_t()
    pixman_transform_init_identity(&m)
    let f = pixmanFixed
    m.matrix.0 = (f(t.a), f(t.c), f(t.tx))
    m.matrix.1 = (f(t.b), f(t.d), f(t.ty))
    m.matrix.2 = (0, 0, f(1))
    return m
}

/// A double in pixman's 16.16 fixed point (truncating, as the C macro does).
@inline(__always) func pixmanFixed(_ d: Double) -> pixman_fixed_t {
    guard d.isFinite else { return 0 }
    return pixman_fixed_t(truncatingIfNeeded: Int64(max(-32767, min(32767, d)) * 65536))
}

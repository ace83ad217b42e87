import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

/// Items moved so that `origin` becomes (0, 0): what a layer draws relative to its own place, so a view that
/// only moves (an offset is laid out, not a transform) keeps the same key. Nil for what is not worth keying:
/// images (a decoding image draws a placeholder under the same items) and perspective layers.
enum LocalContentKey {
    static func items(_ items: [DisplayItem], relativeTo origin: CGPoint) -> [DisplayItem]? {
        var moved: [DisplayItem] = []
        moved.reserveCapacity(items.count)
        for item in items {
            guard let m = self.item(item, dx: -origin.x, dy: -origin.y) else { return nil }
            moved.append(m)
        }
        return moved
    }

    private static func item(_ item: DisplayItem, dx: CGFloat, dy: CGFloat) -> DisplayItem? {
        switch item {
        case .fill(var fill):
            fill.path = fill.path.offsetBy(dx: dx, dy: dy)
            fill.primitive = fill.primitive.map { primitive($0, dx: dx, dy: dy) }
            fill.paint = paint(fill.paint, dx: dx, dy: dy)
            return .fill(fill)
        case .stroke(var stroke):
            stroke.path = stroke.path.offsetBy(dx: dx, dy: dy)
            stroke.primitive = stroke.primitive.map { primitive($0, dx: dx, dy: dy) }
            stroke.paint = paint(stroke.paint, dx: dx, dy: dy)
            return .stroke(stroke)
        case .text(var text):
            text.frame = text.frame.offsetBy(dx: dx, dy: dy)
            text.paint = paint(text.paint, dx: dx, dy: dy)
            text.decorations = text.decorations.map {
                var d = $0
                d.paint = paint(d.paint, dx: dx, dy: dy)
                return d
            }
            return .text(text)
        case .image:
            return nil
        case .layer(var layer):
            switch layer.effect {
            case .clip(let path, let eoFill): layer.effect = .clip(path.offsetBy(dx: dx, dy: dy), eoFill: eoFill)
            case .mask(let mask):
                guard let m = items(mask, relativeTo: CGPoint(x: -dx, y: -dy)) else { return nil }
                layer.effect = .mask(m)
            case .transform(let t):
                // The same mapping between the moved items.
                layer.effect = .transform(
                    CGAffineTransform(translationX: -dx, y: -dy).concatenating(t).concatenating(
                        CGAffineTransform(translationX: dx, y: dy)))
            case .projection: return nil
            case .opacity, .shadow, .blend, .compositingGroup, .blur, .colorMatrix: break
            }
            guard let inner = items(layer.items, relativeTo: CGPoint(x: -dx, y: -dy)) else { return nil }
            layer.items = inner
            return .layer(layer)
        }
    }

    private static func primitive(_ p: PrimitiveShape, dx: CGFloat, dy: CGFloat) -> PrimitiveShape {
        switch p {
        case .rect(let r): return .rect(r.offsetBy(dx: dx, dy: dy))
        case .roundedRect(let r, let corner, let style):
            return .roundedRect(r.offsetBy(dx: dx, dy: dy), cornerSize: corner, style: style)
        case .ellipse(let r): return .ellipse(r.offsetBy(dx: dx, dy: dy))
        }
    }

    private static func paint(_ p: Paint, dx: CGFloat, dy: CGFloat) -> Paint {
        func moved(_ q: CGPoint) -> CGPoint { CGPoint(x: q.x + dx, y: q.y + dy) }
        switch p {
        case .color, .material: return p
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(stops: stops, start: moved(start), end: moved(end))
        case .radialGradient(let stops, let center, let r0, let r1):
            return .radialGradient(stops: stops, center: moved(center), startRadius: r0, endRadius: r1)
        case .ellipticalGradient(let stops, let center, let size, let f0, let f1):
            return .ellipticalGradient(
                stops: stops, center: moved(center), size: size, startRadiusFraction: f0, endRadiusFraction: f1)
        case .angularGradient(let stops, let center, let a0, let a1):
            return .angularGradient(stops: stops, center: moved(center), startAngle: a0, endAngle: a1)
        }
    }
}

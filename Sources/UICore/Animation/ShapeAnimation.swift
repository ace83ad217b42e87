import Foundation

// Shapes animate their geometry (`animatableData`, e.g. a custom shape's parameters) and their paint: a solid
// colour, or a gradient's stop colours and locations and its geometry (start and end points, centre, radii,
// angles). A gradient moves between values of the same kind and number of stops; any other change of paint
// shows at once.

extension ShapeNode: AnimatingNode {
    /// Starts (or retargets) the animations of the shape's data and paint after `update`; `paint` is the style
    /// resolved in the unit square, so gradient points are unit points.
    package func animateChanges(paint: Paint, previous: Paint?) {
        let time = graph.animations.time
        let sameKind = previous.map { $0.isSameKind(as: paint) } ?? false
        let paintAnimating: Bool
        if case .color(let c) = paint {
            // A colour, set on every update: compared in place.
            paintAnimating = paintAnimation.set(
                count: 4, { index in index == 0 ? c.red : index == 1 ? c.green : index == 2 ? c.blue : c.opacity },
                animation: sameKind ? self.animationForChange : nil, at: time)
        } else {
            paintAnimating = paintAnimation.set(
                paint.animatableVector, animation: sameKind ? self.animationForChange : nil, at: time)
        }
        let shapeAnimating = shapeAnimation.set(shape.animatableData, animation: self.animationForChange, at: time)
        if paintAnimating || shapeAnimating {
            graph.animations.register(self)
            invalidateRender()
            graph.setNeedsUpdate()
        }
    }

    /// The shape as drawn now.
    package var presentedShape: S {
        guard shapeAnimation.isAnimating else { return shape }
        var copy = shape
        copy.animatableData = shapeAnimation.presented(at: graph.animations.time)
        return copy
    }

    /// `paint` (resolved in `rect`) with its colours and geometry as drawn now.
    package func presentedPaint(_ paint: Paint, in rect: CGRect) -> Paint {
        guard paintAnimation.isAnimating else { return paint }
        return paint.with(animatableVector: paintAnimation.presented(at: graph.animations.time), in: rect)
    }

    // Layout uses the target shape (as SwiftUI sizes views by their final values): only the drawing changes.
    package func invalidateForAnimationFrame() { invalidateRender() }

    package func finishAnimations(at time: Double) -> Bool {
        let paint = paintAnimation.finishIfComplete(at: time)
        let shape = shapeAnimation.finishIfComplete(at: time)
        return paint || shape
    }
}

extension Paint {
    /// The animatable values of a paint resolved in the unit square: colour components, then for gradients each
    /// stop's colour and location and the geometry (unit points, radii, angles in radians). Empty for materials.
    package var animatableVector: [Double] {
        func stopValues(_ stops: [GradientStop]) -> [Double] {
            stops.flatMap { [$0.color.red, $0.color.green, $0.color.blue, $0.color.opacity, $0.location] }
        }
        switch self {
        case .color(let c): return [c.red, c.green, c.blue, c.opacity]
        case .linearGradient(let stops, let start, let end):
            return stopValues(stops) + [start.x, start.y, end.x, end.y].map(Double.init)
        case .radialGradient(let stops, let center, let r0, let r1):
            return stopValues(stops) + [center.x, center.y, r0, r1].map(Double.init)
        case .ellipticalGradient(let stops, let center, _, let f0, let f1):
            return stopValues(stops) + [center.x, center.y, f0, f1].map(Double.init)
        case .angularGradient(let stops, let center, let a0, let a1):
            return stopValues(stops) + [Double(center.x), Double(center.y), a0.radians, a1.radians]
        case .material: return []
        }
    }

    /// Whether `other` is the same kind of paint with as many stops (so its values can move to this one's).
    package func isSameKind(as other: Paint) -> Bool {
        switch (self, other) {
        case (.color, .color): return true
        case (.linearGradient(let a, _, _), .linearGradient(let b, _, _)),
            (.radialGradient(let a, _, _, _), .radialGradient(let b, _, _, _)),
            (.ellipticalGradient(let a, _, _, _, _), .ellipticalGradient(let b, _, _, _, _)),
            (.angularGradient(let a, _, _, _), .angularGradient(let b, _, _, _)):
            return a.count == b.count
        default: return false
        }
    }

    /// This paint (resolved in `rect`) with the values `v` of `animatableVector`, its unit points mapped to `rect`.
    package func with(animatableVector v: [Double], in rect: CGRect) -> Paint {
        guard v.count == animatableVector.count else { return self }
        func stops(_ count: Int) -> [GradientStop] {
            (0..<count).map { i in
                let s = v[(i * 5)..<(i * 5 + 5)].map { $0 }
                return GradientStop(color: RGBA(red: s[0], green: s[1], blue: s[2], opacity: s[3]), location: s[4])
            }
        }
        func point(_ i: Int) -> CGPoint {
            CGPoint(x: rect.minX + CGFloat(v[i]) * rect.width, y: rect.minY + CGFloat(v[i + 1]) * rect.height)
        }
        switch self {
        case .color: return .color(RGBA(red: v[0], green: v[1], blue: v[2], opacity: v[3]))
        case .linearGradient(let s, _, _):
            let g = s.count * 5
            return .linearGradient(stops: stops(s.count), start: point(g), end: point(g + 2))
        case .radialGradient(let s, _, _, _):
            let g = s.count * 5
            return .radialGradient(
                stops: stops(s.count), center: point(g), startRadius: CGFloat(v[g + 2]), endRadius: CGFloat(v[g + 3]))
        case .ellipticalGradient(let s, _, let size, _, _):
            let g = s.count * 5
            return .ellipticalGradient(
                stops: stops(s.count), center: point(g), size: size, startRadiusFraction: CGFloat(v[g + 2]),
                endRadiusFraction: CGFloat(v[g + 3]))
        case .angularGradient(let s, _, _, _):
            let g = s.count * 5
            return .angularGradient(
                stops: stops(s.count), center: point(g), startAngle: .radians(v[g + 2]), endAngle: .radians(v[g + 3]))
        case .material: return self
        }
    }
}

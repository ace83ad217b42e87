import Foundation

// Shapes animate their geometry (`animatableData`, e.g. a custom shape's parameters) and a solid
// fill/stroke colour; gradients change at once.

extension ShapeNode: AnimatingNode {
    /// Starts (or retargets) the animations of the shape's data and colour after `update`.
    func animateChanges(paint: Paint) {
        let time = graph.animations.time
        var vector: [Double] = []
        if case .color(let c) = paint { vector = [c.red, c.green, c.blue, c.opacity] }
        let colorAnimating = colorAnimation.set(vector, animation: self.animationForChange, at: time)
        let shapeAnimating = shapeAnimation.set(shape.animatableData, animation: self.animationForChange, at: time)
        if colorAnimating || shapeAnimating {
            graph.animations.register(self)
            invalidateRender()
            graph.setNeedsUpdate()
        }
    }

    /// The shape as drawn now.
    var presentedShape: S {
        guard shapeAnimation.isAnimating else { return shape }
        var copy = shape
        copy.animatableData = shapeAnimation.presented(at: graph.animations.time)
        return copy
    }

    /// `paint` with the colour as drawn now.
    func presentedPaint(_ paint: Paint) -> Paint {
        guard colorAnimation.isAnimating, case .color = paint else { return paint }
        let v = colorAnimation.presented(at: graph.animations.time)
        return .color(RGBA(red: v[0], green: v[1], blue: v[2], opacity: v[3]))
    }

    // Layout uses the target shape (as SwiftUI sizes views by their final values): only the drawing changes.
    func invalidateForAnimationFrame() { invalidateRender() }

    func finishAnimations(at time: Double) -> Bool {
        let color = colorAnimation.finishIfComplete(at: time)
        let shape = shapeAnimation.finishIfComplete(at: time)
        return color || shape
    }
}

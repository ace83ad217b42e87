import CoreGraphics
import Foundation

// Animatable drawing effects: opacity, shadow (colour, radius, offset), rotation, scale, transform.
// The effect node keeps its target `effect` and presents `presentedEffect`, which follows the target as the
// update's transaction (or an enclosing `.animation(_:value:)`) says.

extension DrawingEffect {
    /// The animatable values (empty for effects that do not animate).
    package func animatableVector(in environment: EnvironmentValues) -> [Double] {
        switch self {
        case .opacity(let value): return [value]
        case .shadow(let color, let radius, let x, let y):
            let c = color.resolve(in: environment)
            return [c.red, c.green, c.blue, c.opacity, Double(radius), Double(x), Double(y)]
        case .rotation(let angle, let anchor): return [angle.radians, Double(anchor.x), Double(anchor.y)]
        case .scale(let size, let anchor):
            return [Double(size.width), Double(size.height), Double(anchor.x), Double(anchor.y)]
        case .transform(let t): return [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        case .blur(let radius, _): return [Double(radius)]
        case .colorMatrix(let m): return m.rows.map(Double.init)
        case .hueRotation(let angle): return [angle.radians]
        case .blend, .compositingGroup, .hidden, .allowsHitTesting: return []
        }
    }

    /// Whether every animatable value is finite (an opacity is checked without making the vector).
    package func hasFiniteValues(in environment: EnvironmentValues) -> Bool {
        if case .opacity(let value) = self { return value.isFinite }
        return animatableVector(in: environment).allSatisfy(\.isFinite)
    }

    /// This kind of effect with the animatable values `v`.
    package func with(animatableVector v: [Double]) -> DrawingEffect {
        switch self {
        case .opacity: return .opacity(v[0])
        case .shadow:
            return .shadow(
                color: Color(red: v[0], green: v[1], blue: v[2], opacity: v[3]),
                radius: CGFloat(v[4]), x: CGFloat(v[5]), y: CGFloat(v[6]))
        case .rotation: return .rotation(.radians(v[0]), anchor: UnitPoint(x: CGFloat(v[1]), y: CGFloat(v[2])))
        case .scale:
            return .scale(CGSize(width: v[0], height: v[1]), anchor: UnitPoint(x: CGFloat(v[2]), y: CGFloat(v[3])))
        case .transform:
            return .transform(
                CGAffineTransform(
                    a: CGFloat(v[0]), b: CGFloat(v[1]), c: CGFloat(v[2]), d: CGFloat(v[3]), tx: CGFloat(v[4]),
                    ty: CGFloat(v[5])))
        case .blur(_, let opaque): return .blur(radius: CGFloat(v[0]), opaque: opaque)
        case .colorMatrix: return .colorMatrix(ColorMatrix(rows: v.map(Float.init)))
        case .hueRotation: return .hueRotation(.radians(v[0]))
        default: return self
        }
    }

    /// The effect's name in messages.
    package var kindName: String {
        switch self {
        case .opacity: "opacity"
        case .shadow: "shadow"
        case .blend: "blendMode"
        case .compositingGroup: "compositingGroup"
        case .hidden: "hidden"
        case .rotation: "rotationEffect"
        case .scale: "scaleEffect"
        case .transform: "transformEffect"
        case .allowsHitTesting: "allowsHitTesting"
        case .blur: "blur"
        case .colorMatrix: "a colour effect"
        case .hueRotation: "hueRotation"
        }
    }
}

extension EffectNode: AnimatingNode {
    /// Sets the target effect; animates its values if the change carries an animation.
    package func setEffect(_ newEffect: DrawingEffect) {
        let previous = effect
        effect = newEffect
        let animating: Bool
        if case .opacity(let value) = newEffect {
            // The commonest effect, set on every update: compared in place.
            animating = effectAnimation.set(
                count: 1, { _ in value }, animation: animationForChange, at: graph.animations.time)
        } else {
            let vector = newEffect.animatableVector(in: environment)
            animating = effectAnimation.set(vector, animation: animationForChange, at: graph.animations.time)
        }
        if animating { graph.animations.register(self) }
        if previous != newEffect || animating {
            invalidateRender()
            graph.setNeedsUpdate()
        }
    }

    /// The effect as drawn now.
    package var presentedEffect: DrawingEffect {
        guard effectAnimation.isAnimating else { return effect }
        return effect.with(animatableVector: effectAnimation.presented(at: graph.animations.time))
    }

    package func invalidateForAnimationFrame() { invalidateRender() }

    package func finishAnimations(at time: Double) -> Bool {
        effectAnimation.finishIfComplete(at: time)
    }
}

/// `offset`: draws the content shifted, without changing layout; the shift animates.
@MainActor
package final class AnimatedOffsetNode: ViewNode, AnimatingNode {
    package private(set) var offset = CGSize.zero
    private var animation = AnimatedVector()

    package func setOffset(_ newOffset: CGSize) {
        let vector = [Double(newOffset.width), Double(newOffset.height)]
        let previous = offset
        offset = newOffset
        let animating = animation.set(vector, animation: animationForChange, at: graph.animations.time)
        if animating { graph.animations.register(self) }
        if previous != newOffset || animating {
            invalidatePlacementOnly()
            layoutFollowsOwnAnimation()
        }
    }

    /// The offset as drawn now.
    package var presentedOffset: CGSize {
        guard animation.isAnimating else { return offset }
        let v = animation.presented(at: graph.animations.time)
        return CGSize(width: v[0], height: v[1])
    }

    package override func placeContent(in context: PlacementContext) {
        let proposal = placedProposal ?? ProposedViewSize(size)
        let shift = presentedOffset
        for child in layoutChildren {
            let childSize = child.sizeThatFits(proposal)
            let origin = ZStackLayoutEngine.origin(of: child, size: childSize, in: size, alignment: .center)
            child.place(
                at: CGPoint(x: origin.x + shift.width, y: origin.y + shift.height), proposal: proposal, in: context)
        }
    }

    package func invalidateForAnimationFrame() { invalidatePlacementOnly() }

    package func finishAnimations(at time: Double) -> Bool {
        animation.finishIfComplete(at: time)
    }

    // Alignment guides ignore the offset (the default wrapper answer is computed without it).
    package override var debugName: String { "offset\(fmt(offset))" }
}

/// `position`: centres the content at a point of the parent's space (taking the whole proposal); the point animates.
@MainActor
package final class AnimatedPositionNode: ViewNode, AnimatingNode {
    package private(set) var point = CGPoint.zero
    private var animation = AnimatedVector()

    package func setPoint(_ newPoint: CGPoint) {
        let previous = point
        point = newPoint
        let animating = animation.set(
            count: 2, { $0 == 0 ? Double(newPoint.x) : Double(newPoint.y) }, animation: animationForChange,
            at: graph.animations.time)
        if animating { graph.animations.register(self) }
        if previous != newPoint || animating {
            invalidatePlacementOnly()
            layoutFollowsOwnAnimation()
        }
    }

    /// The point as laid out now.
    package var presentedPoint: CGPoint {
        guard animation.isAnimating else { return point }
        let v = animation.presented(at: graph.animations.time)
        return CGPoint(x: v[0], y: v[1])
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let child = ZStackLayoutEngine.size(of: layoutChildren, proposal: proposal, alignment: .center)
        return CGSize(width: proposal.width ?? child.width, height: proposal.height ?? child.height)
    }
    package override func placeContent(in context: PlacementContext) {
        let proposal = placedProposal ?? ProposedViewSize(size)
        let p = presentedPoint
        for child in layoutChildren {
            let childSize = child.sizeThatFits(proposal)
            child.place(
                at: CGPoint(x: p.x - childSize.width / 2, y: p.y - childSize.height / 2), proposal: proposal,
                in: context)
        }
    }
    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }

    package func invalidateForAnimationFrame() { invalidatePlacementOnly() }
    package func finishAnimations(at time: Double) -> Bool { animation.finishIfComplete(at: time) }

    package override var debugName: String { "position\(fmt(point))" }
}

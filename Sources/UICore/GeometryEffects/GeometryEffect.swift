import CoreGraphics
import Foundation

/// A modifier that moves, scales, rotates or projects a view's drawing by a transform computed from its size;
/// its `animatableData` animates. Layout is unchanged.
public protocol GeometryEffect: Animatable, ViewModifier where Body == Never {
    /// The transform for a view of `size`, in its own coordinates (origin at its top-leading corner).
    func effectValue(size: CGSize) -> ProjectionTransform
}

extension GeometryEffect {
    public func body(content: Content) -> Never {
        fatalError("a GeometryEffect draws through its node; body(content:) is never called")
    }

    public static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        NodeModifier<ProjectionNode>._makeModifiedNodes(modifier.projectionModifier, content: content, into: builder)
    }

    public static func _makeModifiedList<C: View>(_ modifier: Self, content: C) -> _ViewList {
        NodeModifier<ProjectionNode>._makeModifiedList(modifier.projectionModifier, content: content)
    }

    public static func _modifiedListCount(_ contentCount: Int?) -> Int? { contentCount }

    /// The node modifier that draws each element through this effect (its data animating in the node, so an
    /// enclosing `.animation(_:value:)` or `withAnimation` animates it alike).
    package var projectionModifier: NodeModifier<ProjectionNode> {
        NodeModifier(create: ProjectionNode.init) { $0.setEffect(self) }
    }
}

/// A custom modifier whose `animatableData` animates (the deprecated spelling of an `Animatable` modifier).
public protocol AnimatableModifier: Animatable, ViewModifier {}

/// A geometry effect and its animatable data as presented (type-erased: the node is not generic).
@MainActor
package class AnyGeometryEffectState {
    package var isAnimating: Bool { false }
    package func finish(at time: Double) -> Bool { false }
    package func transform(size: CGSize, at time: Double) -> ProjectionTransform { ProjectionTransform() }
}

@MainActor
package final class GeometryEffectState<Effect: GeometryEffect>: AnyGeometryEffectState {
    package var effect: Effect
    package var data: AnimatedValue<Effect.AnimatableData>
    package init(_ effect: Effect) {
        self.effect = effect
        data = AnimatedValue(effect.animatableData)
    }
    package override var isAnimating: Bool { data.isAnimating }
    package override func finish(at time: Double) -> Bool { data.finishIfComplete(at: time) }
    package override func transform(size: CGSize, at time: Double) -> ProjectionTransform {
        guard data.isAnimating else { return effect.effectValue(size: size) }
        var presented = effect
        presented.animatableData = data.presented(at: time)
        return presented.effectValue(size: size)
    }
}

/// Draws its content through a geometry effect's projective transform of its size (hit testing follows affine
/// ones); the effect's data animates as the update's transaction says.
@MainActor
package final class ProjectionNode: ViewNode, AnimatingNode {
    private var state: AnyGeometryEffectState?

    package func setEffect<Effect: GeometryEffect>(_ effect: Effect) {
        let current = (state as? GeometryEffectState<Effect>) ?? GeometryEffectState(effect)
        state = current
        current.effect = effect
        if current.data.set(effect.animatableData, animation: animationForChange, at: graph.animations.time) {
            graph.animations.register(self)
        }
        invalidateRender()
    }

    package func invalidateForAnimationFrame() { invalidateRender() }
    package func finishAnimations(at time: Double) -> Bool { state?.finish(at: time) ?? false }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        guard let local = state?.transform(size: size, at: graph.animations.time) else { return output.append(inner) }
        guard local.isFinite else {
            InvalidValueLog.report(
                "geometry-effect", "a geometry effect with a NaN or infinite value: the view is not drawn")
            return
        }
        if local.isIdentity { return output.append(inner) }
        // The view's coordinates ▸ window points: move to the origin, transform, move back.
        let window = ProjectionTransform(CGAffineTransform(translationX: -origin.x, y: -origin.y))
            .concatenating(local).concatenating(
                ProjectionTransform(CGAffineTransform(translationX: origin.x, y: origin.y)))
        let frame = CGRect(origin: origin, size: size)
        if window.isAffine {
            let t = window.affine
            output.items.append(.layer(DisplayLayer(effect: .transform(t), items: inner.items)))
            output.hits.append(
                HitTestNode(
                    kind: .group, identity: identity, frame: frame, shape: nil, children: inner.hits,
                    pointTransform: t.inverted(), name: "geometryEffect"))
        } else {
            output.items.append(.layer(DisplayLayer(effect: .projection(window), items: inner.items)))
            output.hits.append(contentsOf: inner.hits)
        }
    }

    package override var debugName: String { "geometryEffect" }
}

/// `rotation3DEffect`: a rotation around an axis through the anchor, seen in perspective.
public struct _Rotation3DEffect: GeometryEffect {
    public var angle: Angle
    public var axis: (x: CGFloat, y: CGFloat, z: CGFloat)
    public var anchor: UnitPoint
    public var anchorZ: CGFloat
    public var perspective: CGFloat

    public var animatableData: AnimatablePair<Double, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(angle.radians, AnimatablePair(anchorZ, perspective)) }
        set {
            angle = .radians(newValue.first)
            anchorZ = newValue.second.first
            perspective = newValue.second.second
        }
    }

    public func effectValue(size: CGSize) -> ProjectionTransform {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard length > 0 else { return ProjectionTransform() }
        let (x, y, z) = (axis.x / length, axis.y / length, axis.z / length)
        let c = CGFloat(cos(angle.radians))
        let s = CGFloat(sin(angle.radians))
        let t = 1 - c
        // Rodrigues' rotation about (x, y, z).
        let r: [[CGFloat]] = [
            [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
            [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
            [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
        ]
        let ax = anchor.x * size.width
        let ay = anchor.y * size.height
        // The eye looks from `max(width, height) / perspective` in front of the anchor.
        let distance = perspective != 0 ? max(size.width, size.height) / perspective : .infinity
        func project(_ px: CGFloat, _ py: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
            let u = px - ax
            let v = py - ay
            let k = -anchorZ
            let dx = r[0][0] * u + r[0][1] * v + r[0][2] * k
            let dy = r[1][0] * u + r[1][1] * v + r[1][2] * k
            let dz = r[2][0] * u + r[2][1] * v + r[2][2] * k
            let w = distance.isFinite ? 1 - (dz + anchorZ) / distance : 1
            return (ax * w + dx, ay * w + dy, w)
        }
        // The map is linear in (x, y, 1): its rows are the images of the basis.
        let o = project(0, 0)
        let ex = project(1, 0)
        let ey = project(0, 1)
        var m = ProjectionTransform()
        (m.m11, m.m12, m.m13) = (ex.0 - o.0, ex.1 - o.1, ex.2 - o.2)
        (m.m21, m.m22, m.m23) = (ey.0 - o.0, ey.1 - o.1, ey.2 - o.2)
        (m.m31, m.m32, m.m33) = o
        return m
    }
}

extension View {
    /// Rotates the view's drawing by `angle` around `axis` (x right, y down, z towards the viewer) through
    /// `anchor`, seen in perspective (`perspective` 0: none).
    public func rotation3DEffect(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
        anchorZ: CGFloat = 0, perspective: CGFloat = 1
    ) -> some View {
        modifier(
            _Rotation3DEffect(angle: angle, axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective))
    }
}

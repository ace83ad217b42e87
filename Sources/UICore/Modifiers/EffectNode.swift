import CoreGraphics
import Foundation

/// How a view's drawing is composited with what is below it.
public enum BlendMode: Hashable, CaseIterable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
        difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut,
        plusDarker, plusLighter
}

/// A drawing effect of one modifier. Effects never change layout.
package enum DrawingEffect: Equatable {
    case opacity(Double)
    case shadow(color: Color, radius: CGFloat, x: CGFloat, y: CGFloat)
    case blend(BlendMode)
    case compositingGroup
    case hidden
    case rotation(Angle, anchor: UnitPoint)
    case scale(CGSize, anchor: UnitPoint)
    case transform(CGAffineTransform)
    case allowsHitTesting(Bool)
    case blur(radius: CGFloat, opaque: Bool)
    /// A colour effect: the matrix animates entry by entry (every built-in one is linear in its amount).
    case colorMatrix(ColorMatrix)
    /// Hue rotation animates by its angle.
    case hueRotation(Angle)
}

/// The node of a drawing effect: wraps its content's display items in a layer and adjusts hit testing.
@MainActor
package final class EffectNode: ViewNode {
    package var effect = DrawingEffect.opacity(1)
    /// The effect's animatable values as presented (Animation/EffectAnimation.swift).
    package var effectAnimation = AnimatedVector()

    /// The transform a rotation/scale effect applies, in window points, for a view at `frame`.
    private func transform(in frame: CGRect, effect: DrawingEffect) -> CGAffineTransform? {
        let linear: CGAffineTransform
        let anchor: UnitPoint
        switch effect {
        case .rotation(let angle, let a):
            linear = CGAffineTransform(rotationAngle: CGFloat(angle.radians))
            anchor = a
        case .scale(let s, let a):
            linear = CGAffineTransform(scaleX: s.width, y: s.height)
            anchor = a
        case .transform(let t):
            return CGAffineTransform(translationX: -frame.minX, y: -frame.minY).concatenating(t)
                .concatenating(CGAffineTransform(translationX: frame.minX, y: frame.minY))
        default: return nil
        }
        let p = anchor.point(in: frame)
        return CGAffineTransform(translationX: -p.x, y: -p.y).concatenating(linear).concatenating(
            CGAffineTransform(translationX: p.x, y: p.y))
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        let frame = CGRect(origin: origin, size: size)
        let effect = presentedEffect
        guard effect.hasFiniteValues(in: environment) else {
            InvalidValueLog.report(
                "effect-\(effect.kindName)", "\(effect.kindName) with a NaN or infinite value: the view is not drawn")
            return
        }
        switch effect {
        case .opacity(let value):
            if value >= 1 {
                output.appendItems(inner.items)
            } else {
                output.items.append(.layer(DisplayLayer(effect: .opacity(value), items: inner.items)))
            }
            if value >= 1 {
                output.appendHits(inner.hits)
            } else if !inner.hits.isEmpty {
                // Opacities multiply down the chain; the hit test compares the product with 0.001.
                let group = HitTestNode(
                    kind: .group, identity: identity, frame: frame, shape: nil, children: inner.hits, name: "opacity")
                group.opacity = value
                output.hits.append(group)
            }
            return
        case .shadow(let color, let radius, let x, let y):
            // A zero-radius, zero-offset shadow lies exactly under its content: nothing to draw.
            if radius <= 0 && x == 0 && y == 0 {
                output.append(inner)
                return
            }
            output.items.append(
                .layer(
                    DisplayLayer(
                        effect: .shadow(
                            color: color.resolve(in: environment), radius: radius,
                            offset: CGSize(width: x, height: y)), items: inner.items)))
        case .blend(let mode):
            if mode == .normal {
                output.items.append(contentsOf: inner.items)
            } else {
                output.items.append(.layer(DisplayLayer(effect: .blend(mode), items: inner.items)))
            }
        case .compositingGroup:
            output.items.append(.layer(DisplayLayer(effect: .compositingGroup, items: inner.items)))
        case .hidden:
            return
        case .rotation, .scale, .transform:
            guard let t = transform(in: frame, effect: effect) else { return }
            if t.isIdentity {
                output.append(inner)
            } else {
                output.items.append(.layer(DisplayLayer(effect: .transform(t), items: inner.items)))
                output.hits.append(
                    HitTestNode(
                        kind: .group, identity: identity, frame: frame, shape: nil, children: inner.hits,
                        pointTransform: t.inverted(), name: "transform"))
            }
            return
        case .blur(let radius, let opaque):
            if radius <= 0 {
                output.items.append(contentsOf: inner.items)
            } else {
                let blurred = DisplayItem.layer(
                    DisplayLayer(effect: .blur(radius: radius, opaque: opaque), items: inner.items))
                // An opaque blur stays inside the view's frame.
                output.items.append(
                    opaque ? .layer(DisplayLayer(effect: .clip(Path(frame), eoFill: false), items: [blurred])) : blurred
                )
            }
        case .colorMatrix(let matrix):
            if matrix == ColorMatrix() {
                output.items.append(contentsOf: inner.items)
            } else {
                output.items.append(.layer(DisplayLayer(effect: .colorMatrix(matrix), items: inner.items)))
            }
        case .hueRotation(let angle):
            output.items.append(.layer(DisplayLayer(effect: .colorMatrix(.hueRotation(angle)), items: inner.items)))
        case .allowsHitTesting(let allowed):
            output.items.append(contentsOf: inner.items)
            if allowed { output.hits.append(contentsOf: inner.hits) }
            return
        }
        output.hits.append(contentsOf: inner.hits)
    }

    package override var debugName: String { "\(effect)" }
}

/// A shape, type-erased.
public struct AnyShape: Shape {
    package let makePath: (CGRect) -> Path
    package let isSame: (Any) -> Bool
    package let base: Any
    /// Erases `shape`.
    public init<S: Shape>(_ shape: S) {
        makePath = shape.path(in:)
        base = shape
        isSame = { other in (other as? S).map { viewValuesEqual(shape, $0) } ?? false }
    }
    public func path(in rect: CGRect) -> Path { makePath(rect) }
    package func isEqual(to other: AnyShape) -> Bool { isSame(other.base) }
}

/// `clipShape`/`clipped` (drawing only: hit testing is not limited) and `contentShape` (hit testing only).
@MainActor
package final class ShapeEffectNode: ViewNode {
    package enum Role { case clip, contentShape }
    package var role = Role.clip
    package var shape: AnyShape?
    package var eoFill = false

    package func configure(role: Role, shape: AnyShape, eoFill: Bool) {
        let changed = self.shape.map { !$0.isEqual(to: shape) } ?? true || role != self.role || eoFill != self.eoFill
        self.role = role
        self.shape = shape
        self.eoFill = eoFill
        if changed { invalidate() }
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        let frame = CGRect(origin: origin, size: size)
        let path =
            shape.map { $0.path(in: CGRect(origin: .zero, size: size)).offsetBy(dx: origin.x, dy: origin.y) }
            ?? Path(frame)
        switch role {
        case .clip:
            output.items.append(.layer(DisplayLayer(effect: .clip(path, eoFill: eoFill), items: inner.items)))
            output.hits.append(contentsOf: inner.hits)
        case .contentShape:
            output.items.append(contentsOf: inner.items)
            output.hits.append(
                HitTestNode(
                    kind: .contentShape, identity: identity, frame: frame, shape: path, children: inner.hits,
                    name: "contentShape"))
        }
    }
}

extension View {
    /// Multiplies the opacity of the view's drawing; below 0.001 the view is not hit-testable.
    public func opacity(_ opacity: Double) -> some View { effect(.opacity(opacity)) }
    /// Draws a blurred, tinted copy of the view's alpha behind it.
    public func shadow(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    ) -> some View {
        effect(.shadow(color: color, radius: radius, x: x, y: y))
    }
    /// Composites the view with `blendMode`.
    public func blendMode(_ blendMode: BlendMode) -> some View { effect(.blend(blendMode)) }
    /// Composites the view's content offscreen before applying later effects.
    public func compositingGroup() -> some View { effect(.compositingGroup) }
    /// Hides the view (it still takes its space, and is not hit-testable).
    public func hidden() -> some View { effect(.hidden) }
    /// Rotates the view's drawing around `anchor`.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        effect(.rotation(angle, anchor: anchor))
    }
    /// Scales the view's drawing around `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        effect(.scale(scale, anchor: anchor))
    }
    /// Scales the view's drawing uniformly around `anchor`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }
    /// Scales the view's drawing around `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }
    /// Applies an affine transform to the view's drawing (relative to its top-leading corner).
    public func transformEffect(_ transform: CGAffineTransform) -> some View { effect(.transform(transform)) }
    /// Blurs the view's drawing (Gaussian, `radius` points); `opaque` keeps it opaque to its frame's edges.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        effect(.blur(radius: radius, opaque: opaque))
    }
    /// Rotates the hues of the view's colours.
    public func hueRotation(_ angle: Angle) -> some View { effect(.hueRotation(angle)) }
    /// Multiplies the view's colours by `color`.
    public func colorMultiply(_ color: Color) -> some View {
        wrapped(in: EffectNode.init) { node in
            node.setEffect(.colorMatrix(.colorMultiply(color.resolve(in: node.environment))))
        }
    }
    /// Scales the view's colour saturation (0: grey, 1: unchanged).
    public func saturation(_ amount: Double) -> some View { effect(.colorMatrix(.saturation(amount))) }
    /// Adds `amount` to the view's colour components (−1…1).
    public func brightness(_ amount: Double) -> some View { effect(.colorMatrix(.brightness(amount))) }
    /// Scales the view's colours away from or towards middle grey.
    public func contrast(_ amount: Double) -> some View { effect(.colorMatrix(.contrast(amount))) }
    /// Removes `amount` (0…1) of the view's colour saturation.
    public func grayscale(_ amount: Double) -> some View { effect(.colorMatrix(.saturation(1 - amount))) }
    /// Inverts the view's colours.
    public func colorInvert() -> some View { effect(.colorMatrix(.colorInvert())) }
    /// Makes the view's luminance its alpha (and its colour black): for masks.
    public func luminanceToAlpha() -> some View { effect(.colorMatrix(.luminanceToAlpha)) }
    /// Composites the view offscreen before later effects (drawing here is always offscreen-capable pixels).
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View {
        effect(.compositingGroup)
    }

    /// Whether the view (and its subviews) take part in hit testing.
    public func allowsHitTesting(_ enabled: Bool) -> some View { effect(.allowsHitTesting(enabled)) }

    /// Clips the view's drawing to `shape` (hit testing is not affected).
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        let erased = AnyShape(shape)
        return wrapped(in: ShapeEffectNode.init) { $0.configure(role: .clip, shape: erased, eoFill: style.isEOFilled) }
    }
    /// Clips the view's drawing to its frame (hit testing is not affected).
    public func clipped(antialiased: Bool = false) -> some View { clipShape(Rectangle()) }
    /// Clips to a rounded rectangle.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius, style: .circular))
    }
    /// Makes `shape` (in the view's frame) the view's hit-testing region.
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
        let erased = AnyShape(shape)
        return wrapped(in: ShapeEffectNode.init) { $0.configure(role: .contentShape, shape: erased, eoFill: eoFill) }
    }

    package func effect(_ effect: DrawingEffect) -> some View {
        wrapped(in: EffectNode.init, with: effect) { node, effect in node.setEffect(effect) }
    }
}

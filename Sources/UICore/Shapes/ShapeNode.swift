import Foundation

/// The node of a shape drawn with a style (also of colours and gradients used as views).
@MainActor
package final class ShapeNode<S: Shape>: ViewNode {
    // A leaf: no children to ask for traits or guides.
    package override var layoutPriority: Double { 0 }
    package override var zIndex: Double { 0 }
    package override var cachesRendering: Bool { false }
    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }

    package private(set) var shape: S
    /// The shape's `animatableData` and its fill/stroke paint as presented (Animation/ShapeAnimation.swift).
    package var shapeAnimation: AnimatedValue<S.AnimatableData>
    package var paintAnimation = AnimatedVector()
    private var style: AnyShapeStyle = AnyShapeStyle(ForegroundStyle())
    private var mode = ShapeDrawMode.fill(eoFill: false)
    private var unitPaint: Paint?
    /// The shape's type name (hit-test nodes carry it), made once.
    private lazy var typeName = "\(S.self)"

    package init(shape: S, graph: ViewGraph, environment: EnvironmentValues) {
        self.shape = shape
        shapeAnimation = AnimatedValue(shape.animatableData)
        super.init(graph: graph, environment: environment)
        // A rectangle takes the proposal: answering is cheaper than caching the answer.
        sizesWithoutCache = S.self == Rectangle.self
    }

    package func update(
        shape newShape: S, style newStyle: AnyShapeStyle, mode newMode: ShapeDrawMode,
        environment newEnvironment: EnvironmentValues
    ) {
        let paint = newStyle._paint(in: CGRect(x: 0, y: 0, width: 1, height: 1), environment: newEnvironment)
        let changed = unitPaint == nil || !viewValuesEqual(shape, newShape) || newMode != mode || paint != unitPaint
        let previousPaint = unitPaint
        shape = newShape
        style = newStyle
        mode = newMode
        unitPaint = paint
        environment = newEnvironment
        if changed { invalidate() }
        animateChanges(paint: paint, previous: previousPaint)
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        // A rectangle (every Color) takes the proposal: `Shape`'s default, answered without a generic call.
        if S.self == Rectangle.self { return proposal.replacingUnspecifiedDimensions() }
        return shape.sizeThatFits(proposal)
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        let rect = CGRect(origin: origin, size: size)
        let shape = presentedShape
        // (A Color is a Rectangle: its primitive without a conformance lookup.)
        let primitive =
            S.self == Rectangle.self
            ? unsafeBitCast(shape, to: Rectangle.self).primitive(in: rect)
            : (shape as? PrimitiveShapeConvertible)?.primitive(in: rect)
        // As in SwiftUI, a shape draws in its own coordinate space (origin at its top-left corner): a `Path`
        // used as a view, and custom shapes that assume a zero origin, land where the view is. The built-in
        // shapes (those with a primitive) draw in any rectangle: their path is made once, in place.
        let path =
            primitive != nil
            ? shape.path(in: rect)
            : shape.path(in: CGRect(origin: .zero, size: size)).offsetBy(dx: origin.x, dy: origin.y)
        let paint = presentedPaint(style._paint(in: rect, environment: environment), in: rect)
        switch mode {
        case .fill(let eoFill):
            output.items.append(
                .fill(FillOperation(path: path, primitive: primitive, paint: paint, eoFill: eoFill, antialiased: true)))
        case .stroke(let strokeStyle):
            output.items.append(
                .stroke(
                    StrokeOperation(
                        path: path, primitive: primitive, paint: paint, style: strokeStyle, antialiased: true)))
        }
        // Shapes hit-test by their path (a Circle is hittable only inside its disc); a fully clear fill
        // (Color.clear) is not hittable, as in SwiftUI.
        if case .color(let color) = paint, color.opacity == 0 { return }
        let hitShape: Path? = S.self == Rectangle.self ? nil : path
        output.hits.append(HitTestNode(identity: identity, frame: rect, shape: hitShape, name: typeName))
    }

    package override var debugName: String { "\(S.self)" }
}

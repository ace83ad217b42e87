import CoreGraphics
import Foundation

/// A 2D shape: a path in a rectangle. As a view it fills its frame's path with the foreground style.
public protocol Shape: Animatable, View {
    /// The shape's outline inside `rect`.
    func path(in rect: CGRect) -> Path
    /// The size the shape takes for `proposal` (default: the proposal, unspecified dimensions 10).
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

extension Shape {
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }
    /// A shape is drawn filled with the foreground style.
    public var body: _ShapeView<Self, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle(), mode: .fill(eoFill: false))
    }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeShapeNode(view, style: ForegroundStyle(), mode: .fill(eoFill: false), into: builder)
    }
}

/// A shape that can be inset (so `strokeBorder` keeps the stroke inside the frame).
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// This shape inset by `amount` on every side.
    func inset(by amount: CGFloat) -> InsetShape
}

/// How a shape view draws its shape.
package enum ShapeDrawMode: Hashable {
    case fill(eoFill: Bool)
    case stroke(StrokeStyle)
}

/// The shape the renderer may draw with a fast path (rectangles, rounded rectangles, ellipses).
package protocol PrimitiveShapeConvertible {
    func primitive(in rect: CGRect) -> PrimitiveShape?
}

/// A shape filled or stroked with a style.
public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View {
    public var shape: Content
    public var style: Style
    package let mode: ShapeDrawMode
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeShapeNode(view.shape, style: view.style, mode: view.mode, into: builder)
    }
}

/// The line width, caps, joins and dashes of a stroke.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [], dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// Fill rule options.
public struct FillStyle: Hashable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

extension Shape {
    /// Fills the shape with `content`.
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, mode: .fill(eoFill: style.isEOFilled))
    }
    /// Fills the shape with the foreground style.
    public func fill(style: FillStyle = FillStyle()) -> _ShapeView<Self, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle(), mode: .fill(eoFill: style.isEOFilled))
    }
    /// Strokes the shape's outline (centred on the path) with `content`.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView<
        Self, S
    > {
        _ShapeView(shape: self, style: content, mode: .stroke(StrokeStyle(lineWidth: lineWidth)))
    }
    /// Strokes the shape's outline with `content` and `style`.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<Self, S>
    {
        _ShapeView(shape: self, style: content, mode: .stroke(style))
    }
    /// Strokes the shape's outline with the foreground style.
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle(), mode: .stroke(StrokeStyle(lineWidth: lineWidth)))
    }
    /// Strokes the shape's outline with the foreground style and `style`.
    public func stroke(style: StrokeStyle) -> _ShapeView<Self, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle(), mode: .stroke(style))
    }
}

extension InsettableShape {
    /// Strokes inside the shape's frame: the shape inset by half the line width, then stroked.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> _ShapeView<InsetShape, S>
    {
        inset(by: lineWidth / 2).stroke(content, lineWidth: lineWidth)
    }
    /// Strokes inside the shape's frame with `style`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<
        InsetShape, S
    > {
        inset(by: style.lineWidth / 2).stroke(content, style: style)
    }
    /// Strokes inside the shape's frame with the foreground style.
    public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView<
        InsetShape, ForegroundStyle
    > {
        inset(by: lineWidth / 2).stroke(lineWidth: lineWidth)
    }
}

/// Builds the leaf node of a shape drawn with a style.
@MainActor package func makeShapeNode<S: Shape, Style: ShapeStyle>(
    _ shape: S, style: Style, mode: ShapeDrawMode, into builder: _ViewNodeBuilder
) {
    let node = builder.node(ShapeNode<S>.self) {
        ShapeNode(shape: shape, graph: builder.graph, environment: builder.environment)
    }
    node.update(shape: shape, style: AnyShapeStyle(style), mode: mode, environment: builder.environment)
}

/// Builds the node of a shape style used as a view (`Color.red`, a gradient): it fills its frame.
@MainActor package func makeStyleFillNode<Style: ShapeStyle>(_ style: Style, into builder: _ViewNodeBuilder) {
    makeShapeNode(Rectangle(), style: style, mode: .fill(eoFill: false), into: builder)
}

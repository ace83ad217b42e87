import CoreGraphics
import Foundation

/// A rectangle filling its frame.
nonisolated public struct Rectangle: InsettableShape, PrimitiveShapeConvertible, Hashable {
    package var insetAmount: CGFloat = 0
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Rectangle {
        var r = self
        r.insetAmount += amount
        return r
    }
    package func primitive(in rect: CGRect) -> PrimitiveShape? { .rect(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
}

/// A rectangle with rounded corners.
nonisolated public struct RoundedRectangle: InsettableShape, PrimitiveShapeConvertible, Hashable {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    package var insetAmount: CGFloat = 0
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    private func geometry(in rect: CGRect) -> (CGRect, CGSize) {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        return (
            r, CGSize(width: max(0, cornerSize.width - insetAmount), height: max(0, cornerSize.height - insetAmount))
        )
    }
    public func path(in rect: CGRect) -> Path {
        let (r, corner) = geometry(in: rect)
        return Path(roundedRect: r, cornerSize: corner, style: style)
    }
    public func inset(by amount: CGFloat) -> RoundedRectangle {
        var r = self
        r.insetAmount += amount
        return r
    }
    package func primitive(in rect: CGRect) -> PrimitiveShape? {
        let (r, corner) = geometry(in: rect)
        let clamped = CGSize(width: min(corner.width, r.width / 2), height: min(corner.height, r.height / 2))
        return .roundedRect(r, cornerSize: clamped, style: style)
    }
}

/// A rectangle whose corner radius is half its shorter side.
nonisolated public struct Capsule: InsettableShape, PrimitiveShapeConvertible, Hashable {
    public var style: RoundedCornerStyle
    package var insetAmount: CGFloat = 0
    public init(style: RoundedCornerStyle = .circular) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = min(r.width, r.height) / 2
        return Path(roundedRect: r, cornerRadius: radius, style: style)
    }
    public func inset(by amount: CGFloat) -> Capsule {
        var c = self
        c.insetAmount += amount
        return c
    }
    package func primitive(in rect: CGRect) -> PrimitiveShape? {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = min(r.width, r.height) / 2
        return .roundedRect(r, cornerSize: CGSize(width: radius, height: radius), style: style)
    }
}

/// An ellipse filling its frame.
nonisolated public struct Ellipse: InsettableShape, PrimitiveShapeConvertible, Hashable {
    package var insetAmount: CGFloat = 0
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Ellipse {
        var e = self
        e.insetAmount += amount
        return e
    }
    package func primitive(in rect: CGRect) -> PrimitiveShape? {
        .ellipse(rect.insetBy(dx: insetAmount, dy: insetAmount))
    }
}

/// A circle: the largest one centred in its frame.
nonisolated public struct Circle: InsettableShape, PrimitiveShapeConvertible, Hashable {
    package var insetAmount: CGFloat = 0
    public init() {}
    private func square(in rect: CGRect) -> CGRect {
        let side = min(rect.width, rect.height)
        return CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
            .insetBy(dx: insetAmount, dy: insetAmount)
    }
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: square(in: rect)) }
    public func inset(by amount: CGFloat) -> Circle {
        var c = self
        c.insetAmount += amount
        return c
    }
    package func primitive(in rect: CGRect) -> PrimitiveShape? { .ellipse(square(in: rect)) }
}

extension Path: Shape {
    /// A path drawn as a view is used as-is (it is not scaled to the frame).
    public func path(in rect: CGRect) -> Path { self }
    public var body: _ShapeView<Path, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle(), mode: .fill(eoFill: false))
    }
}

/// A shape offset, scaled, rotated or transformed inside its frame.
public struct _TransformedShape<Content: Shape>: Shape {
    package let shape: Content
    package let transform: (CGRect) -> CGAffineTransform
    public func path(in rect: CGRect) -> Path {
        // The transform is relative to the frame's origin, as in SwiftUI.
        let local = CGRect(origin: .zero, size: rect.size)
        return shape.path(in: local).applying(transform(local)).offsetBy(dx: rect.minX, dy: rect.minY)
    }
}

extension Shape {
    /// This shape moved by `offset`.
    public func offset(_ offset: CGSize) -> _TransformedShape<Self> {
        _TransformedShape(shape: self) { _ in CGAffineTransform(translationX: offset.width, y: offset.height) }
    }
    /// This shape moved by (x, y).
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> _TransformedShape<Self> {
        offset(CGSize(width: x, height: y))
    }
    /// This shape rotated by `angle` around `anchor`.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> _TransformedShape<Self> {
        _TransformedShape(shape: self) { rect in
            let a = anchor.point(in: rect)
            return CGAffineTransform(translationX: -a.x, y: -a.y)
                .concatenating(CGAffineTransform(rotationAngle: CGFloat(angle.radians)))
                .concatenating(CGAffineTransform(translationX: a.x, y: a.y))
        }
    }
    /// This shape scaled around `anchor`.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> _TransformedShape<Self> {
        _TransformedShape(shape: self) { rect in
            let a = anchor.point(in: rect)
            return CGAffineTransform(translationX: -a.x, y: -a.y)
                .concatenating(CGAffineTransform(scaleX: x, y: y))
                .concatenating(CGAffineTransform(translationX: a.x, y: a.y))
        }
    }
    /// This shape scaled uniformly around `anchor`.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> _TransformedShape<Self> {
        self.scale(x: scale, y: scale, anchor: anchor)
    }
    /// This shape transformed by `transform`.
    public func transform(_ transform: CGAffineTransform) -> _TransformedShape<Self> {
        _TransformedShape(shape: self) { _ in transform }
    }
}

extension Shape where Self == Rectangle {
    /// A rectangle (`.clipShape(.rect)`).
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle (`.clipShape(.rect(cornerRadius: 8))`).
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    /// A rounded rectangle with a corner size.
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == Circle {
    /// A circle (`.clipShape(.circle)`).
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    /// A capsule.
    public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == Ellipse {
    /// An ellipse.
    public static var ellipse: Ellipse { Ellipse() }
}

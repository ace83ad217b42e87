import Foundation

/// A size proposed by a parent to a child: `nil` in a dimension asks for the ideal size,
/// `0` for the minimum, `.infinity` for the maximum.
public struct ProposedViewSize: Hashable, Sendable, CustomStringConvertible {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }
    public init(_ size: CGSize) {
        width = size.width
        height = size.height
    }
    /// Both dimensions unspecified: the ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// The minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// The maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    /// The proposal with each `nil` dimension replaced by the matching one of `size` (10×10 by default).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
    public var description: String {
        func f(_ v: CGFloat?) -> String { v.map { "\($0)" } ?? "nil" }
        return "(\(f(width)), \(f(height)))"
    }
    package subscript(axis: Axis) -> CGFloat? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
    package init(axis: Axis, main: CGFloat?, cross: CGFloat?) {
        if axis == .horizontal { self.init(width: main, height: cross) } else { self.init(width: cross, height: main) }
    }
}

extension CGSize {
    package subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
    package init(axis: Axis, main: CGFloat, cross: CGFloat) {
        if axis == .horizontal { self.init(width: main, height: cross) } else { self.init(width: cross, height: main) }
    }
}

extension CGPoint {
    package init(axis: Axis, main: CGFloat, cross: CGFloat) {
        if axis == .horizontal { self.init(x: main, y: cross) } else { self.init(x: cross, y: main) }
    }
    package static func + (l: CGPoint, r: CGPoint) -> CGPoint { CGPoint(x: l.x + r.x, y: l.y + r.y) }
    package static func - (l: CGPoint, r: CGPoint) -> CGPoint { CGPoint(x: l.x - r.x, y: l.y - r.y) }
}

extension Axis {
    package var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

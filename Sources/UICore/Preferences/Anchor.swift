import Foundation

/// A geometric value (a rectangle or a point) of one view, passed up in a preference and read in another
/// view's coordinates with `GeometryProxy`'s subscript.
public struct Anchor<Value> {
    /// The value in window points.
    package let valueInWindow: Value
    /// Moves a window value into a space whose origin is at the given window point.
    package let translate: @Sendable (Value, CGPoint) -> Value

    /// Where an anchor's value comes from, resolved in the frame of the view that sets the preference.
    public struct Source {
        package let resolveInFrame: (CGRect) -> Anchor<Value>
        /// For a rectangle source: the rectangle in the view's own points (`nil`: its bounds), as a popover's
        /// attachment anchor uses it.
        package var localRect: CGRect?
        package init(localRect: CGRect? = nil, resolveInFrame: @escaping (CGRect) -> Anchor<Value>) {
            self.localRect = localRect
            self.resolveInFrame = resolveInFrame
        }
        package func resolve(_ frame: CGRect) -> Anchor<Value> { resolveInFrame(frame) }
    }
}

extension Anchor: Sendable where Value: Sendable {}

extension Anchor: Equatable where Value: Equatable {
    public static func == (lhs: Anchor, rhs: Anchor) -> Bool { lhs.valueInWindow == rhs.valueInWindow }
}

extension Anchor: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(valueInWindow) }
}

extension Anchor<CGRect> {
    package init(windowRect: CGRect) {
        self.init(valueInWindow: windowRect) { rect, origin in rect.offsetBy(dx: -origin.x, dy: -origin.y) }
    }
}

extension Anchor<CGPoint> {
    package init(windowPoint: CGPoint) {
        self.init(valueInWindow: windowPoint) { point, origin in CGPoint(x: point.x - origin.x, y: point.y - origin.y) }
    }
}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source {
        var source = rect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: CGFloat.infinity))
        source.localRect = nil
        return source
    }

    /// A rectangle in the view's own coordinates (an infinite size means the view's whole extent).
    public static func rect(_ r: CGRect) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source(localRect: r) { frame in
            let width = r.width.isInfinite ? frame.width : r.width
            let height = r.height.isInfinite ? frame.height : r.height
            return Anchor(
                windowRect: CGRect(x: frame.minX + r.minX, y: frame.minY + r.minY, width: width, height: height))
        }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own coordinates.
    public static func point(_ p: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame in Anchor(windowPoint: CGPoint(x: frame.minX + p.x, y: frame.minY + p.y)) }
    }

    /// A point given as a fraction of the view's size.
    public static func unitPoint(_ p: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame in
            Anchor(windowPoint: CGPoint(x: frame.minX + p.x * frame.width, y: frame.minY + p.y * frame.height))
        }
    }

    public static var zero: Anchor<CGPoint>.Source { point(.zero) }
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}

extension GeometryProxy {
    /// The anchor's value in this geometry's coordinates.
    public subscript<T>(anchor: Anchor<T>) -> T { anchor.translate(anchor.valueInWindow, frameInWindow.origin) }
}

/// An integer rectangle of device pixels, half-open: `[x0, x1) × [y0, y1)`.
public struct PixelBox: Equatable, Hashable, Sendable {
    /// Left, top (inclusive) and right, bottom (exclusive) edges.
    public var x0: Int, y0: Int, x1: Int, y1: Int

    /// Creates a box from its edges; an inverted box is empty.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// Creates a box from origin and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x0: x, y0: y, x1: x + width, y1: y + height)
    }

    /// The box with no pixels.
    public static let empty = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)

    /// Width in pixels (0 when inverted).
    public var width: Int { max(0, x1 - x0) }
    /// Height in pixels (0 when inverted).
    public var height: Int { max(0, y1 - y0) }
    /// True when the box holds no pixel.
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The common pixels of two boxes.
    public func intersection(_ o: PixelBox) -> PixelBox {
        let r = PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    /// The smallest box holding both.
    public func union(_ o: PixelBox) -> PixelBox {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelBox(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// The box grown by `n` pixels on every side.
    public func outset(by n: Int) -> PixelBox {
        PixelBox(x0: x0 - n, y0: y0 - n, x1: x1 + n, y1: y1 + n)
    }

    /// The box moved by an integer offset.
    public func offsetBy(_ dx: Int, _ dy: Int) -> PixelBox {
        PixelBox(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }

    /// The pixels touched by a real-valued rectangle (outward rounding).
    public static func covering(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelBox {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY else {
            return .empty
        }
        let lim = 1_000_000.0  // keeps Int conversion safe for absurd geometry
        return PixelBox(
            x0: Int(max(-lim, minX).rounded(.down)), y0: Int(max(-lim, minY).rounded(.down)),
            x1: Int(min(lim, maxX).rounded(.up)), y1: Int(min(lim, maxY).rounded(.up)))
    }
}

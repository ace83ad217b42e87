/// How the ends of open sub-paths and dashes are drawn.
public enum LineCap: Sendable {
    /// The stroke stops at the end point.
    case butt
    /// A half disc around the end point.
    case round
    /// A half square around the end point.
    case square
}

/// How corners between segments are drawn.
public enum LineJoin: Sendable {
    /// A sharp corner, replaced by a bevel beyond the miter limit.
    case miter
    /// A disc sector around the corner.
    case round
    /// The corner cut straight across.
    case bevel
}

/// The geometry of a stroke, mirroring SwiftUI's `StrokeStyle`.
public struct RasterStrokeStyle: Equatable, Sendable {
    /// Width of the stroke, centred on the outline.
    public var lineWidth: Double
    /// Ends of open sub-paths and dashes.
    public var lineCap: LineCap
    /// Corners between segments.
    public var lineJoin: LineJoin
    /// Longest allowed ratio of miter length to line width before a miter becomes a bevel.
    public var miterLimit: Double
    /// Alternating on/off lengths; empty means a solid line.
    public var dash: [Double]
    /// Distance into the dash pattern at which the stroke starts.
    public var dashPhase: Double

    /// Creates a style; the defaults match SwiftUI's `StrokeStyle()` except the width.
    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
        miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// How a window of a given logical size and scale maps to buffer pixels.
///
/// With `wp_fractional_scale_v1` (scale in 120ths) the buffer is round(logical × scale) and a
/// `wp_viewport` stretches it back to the logical size, with buffer scale 1. Otherwise the buffer is
/// logical × the integer output scale, announced with `wl_surface.set_buffer_scale`. Either way the
/// buffer is capped so a huge configure cannot exhaust memory or wl_shm's 2 GiB pool limit.
public struct BufferGeometry: Equatable, Sendable {
    /// The largest buffer side we draw, in pixels.
    public static let maximumSide = 16_384
    /// The largest buffer we draw, in bytes (ARGB8888): 256 MiB.
    public static let maximumBytes = 256 << 20

    /// Pixels of the buffer to draw.
    public let width: Int
    public let height: Int
    /// What to pass to `wl_surface.set_buffer_scale` (1 with a fractional scale).
    public private(set) var bufferScale: Int
    /// The viewport destination, in surface points, when a viewport must stretch the buffer; nil otherwise.
    public let viewportDestination: (width: Int, height: Int)?
    /// Pixels per point actually used (after capping).
    public let pixelsPerPoint: Double
    /// True when the buffer was made smaller than the size asked for.
    public let isCapped: Bool

    /// - Parameters:
    ///   - logicalWidth, logicalHeight: the surface size in points (≥ 1).
    ///   - integerScale: the largest integer scale of the outputs the surface is on.
    ///   - fractionalScale120: the compositor's preferred scale in 120ths, when it offers fractional scaling.
    public init(logicalWidth: Int, logicalHeight: Int, integerScale: Int, fractionalScale120: Int? = nil) {
        let logicalWidth = max(1, logicalWidth)
        let logicalHeight = max(1, logicalHeight)
        var width: Int
        var height: Int
        var scale: Double
        if let fractional = fractionalScale120, fractional > 0 {
            scale = Double(fractional) / 120
            // The protocol's rule: buffer size = round(logical size × scale), halves away from zero.
            width = Int((Double(logicalWidth) * scale).rounded(.toNearestOrAwayFromZero))
            height = Int((Double(logicalHeight) * scale).rounded(.toNearestOrAwayFromZero))
            bufferScale = 1
        } else {
            scale = Double(max(1, integerScale))
            width = logicalWidth * Int(scale)
            height = logicalHeight * Int(scale)
            bufferScale = Int(scale)
        }
        // Cap by shrinking both sides by one factor, so the picture keeps its proportions.
        let sideFactor = Double(Self.maximumSide) / Double(max(width, height))
        let areaFactor = (Double(Self.maximumBytes / 4) / (Double(width) * Double(height))).squareRoot()
        let factor = min(1, sideFactor, areaFactor)
        isCapped = factor < 1
        if isCapped {
            width = max(1, Int(Double(width) * factor))
            height = max(1, Int(Double(height) * factor))
            scale *= factor
            bufferScale = 1  // no longer a whole multiple: the viewport stretches it instead
        }
        self.width = width
        self.height = height
        pixelsPerPoint = scale
        // A viewport is needed whenever buffer pixels are not an integer multiple of the points.
        let exact = !isCapped && fractionalScale120 == nil
        viewportDestination = exact ? nil : (logicalWidth, logicalHeight)
    }

    public static func == (lhs: BufferGeometry, rhs: BufferGeometry) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.bufferScale == rhs.bufferScale
            && lhs.viewportDestination?.width == rhs.viewportDestination?.width
            && lhs.viewportDestination?.height == rhs.viewportDestination?.height
            && lhs.pixelsPerPoint == rhs.pixelsPerPoint
    }
}

/// A rasterized glyph: `coverage` rows of `width` bytes; the pen position is `left` pixels left of the
/// bitmap's first column and `top` pixels below its first row.
public struct GlyphBitmap: Sendable {
    /// Bitmap size in pixels.
    public let width: Int
    /// Bitmap size in pixels.
    public let height: Int
    /// Pen x minus the bitmap's left edge, negated (FreeType's bitmap_left).
    public let left: Int
    /// Distance from the baseline up to the bitmap's top row (FreeType's bitmap_top).
    public let top: Int
    /// Row-major 8-bit coverage, `width` bytes per row.
    public let coverage: [UInt8]
}

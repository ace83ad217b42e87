/// A known, opaque pattern for checking the pixel path end to end (buffer ▸ compositor ▸ screenshot):
/// gradients catch swapped channels and wrong strides, the 8-pixel checker catches off-by-one offsets.
public enum TestPattern {
    /// The colour at (x, y) of a `width` x `height` pattern, as opaque 0xAARRGGBB.
    public static func argb(x: Int, y: Int, width: Int, height: Int) -> UInt32 {
        let red = UInt32(x * 255 / max(width - 1, 1))
        let green = UInt32(y * 255 / max(height - 1, 1))
        let blue: UInt32 = (x / 8 + y / 8) % 2 == 0 ? 0x40 : 0xC0
        return 0xFF00_0000 | red << 16 | green << 8 | blue
    }

    /// The pattern of a `width` x `height` buffer as (r, g, b) per pixel, for comparing screenshots.
    public static func expected(width: Int, height: Int) -> @Sendable (Int, Int) -> (UInt8, UInt8, UInt8) {
        { x, y in
            let argb = argb(x: x, y: y, width: width, height: height)
            return (
                UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8),
                UInt8(truncatingIfNeeded: argb)
            )
        }
    }

    /// Fills a buffer with the pattern and returns the whole buffer as damage.
    @MainActor
    public static func fill(_ buffer: ShmBuffer) -> [PixelRect] {
        let wordsPerRow = buffer.stride / 4
        let words = buffer.words
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                words[y * wordsPerRow + x] = argb(x: x, y: y, width: buffer.width, height: buffer.height)
            }
        }
        return [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
    }
}

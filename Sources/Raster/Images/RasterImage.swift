import CPixman
import Foundation

/// A decoded bitmap: premultiplied ARGB32 pixels (PIXMAN_a8r8g8b8, BGRA bytes in memory) it owns.
///
/// Reference type because pixel memory is large and shared by paints and caches; not `Sendable`.
public final class RasterImage {
    /// Size in pixels.
    public let width: Int
    /// Size in pixels.
    public let height: Int
    /// Bytes per row.
    public let stride: Int
    /// The pixel memory, `stride * height` bytes.
    public let pixels: UnsafeMutableRawPointer
    /// Scaled copies by target pixel size, so repeated draws at one size resample once.
    var scaledCache: [ImageSizeKey: RasterImage] = [:]
    var scaledCacheOrder: [ImageSizeKey] = []

    /// The widest or tallest image a file may decode to. Headers are checked before pixel memory is allocated:
    /// a 74-byte PNG can claim 30000×30000 (3.6 GB).
    public static let maximumSide = 16384
    /// The most pixels a file may decode to: 50 megapixels (200 MB decoded), above any phone camera's photo.
    public static let maximumPixelCount = 50_000_000

    /// Throws `imageTooLarge` unless `width × height` is within the decoding limits.
    static func checkDecodingLimits(width: Int, height: Int) throws {
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixelCount else {
            throw RasterError.imageTooLarge(width: width, height: height)
        }
    }

    /// A transparent image.
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width < 1 << 15, height < 1 << 15 else {
            throw RasterError.invalidDimensions(width: width, height: height, stride: width * 4)
        }
        self.width = width
        self.height = height
        stride = width * 4
        pixels = .allocate(byteCount: stride * height, alignment: 64)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    }

    /// An image of the pixel memory a decoder filled (`width * 4` bytes a row, from `allocatePixels`); the image
    /// owns and frees it.
    init(width: Int, height: Int, adopting memory: UnsafeMutableRawPointer) {
        self.width = width
        self.height = height
        stride = width * 4
        pixels = memory
    }

    /// Uninitialised pixel memory for a decoder to fill, checked as `init(width:height:)` checks sizes.
    static func allocatePixels(width: Int, height: Int) throws -> UnsafeMutableRawPointer {
        guard width > 0, height > 0, width < 1 << 15, height < 1 << 15 else {
            throw RasterError.invalidDimensions(width: width, height: height, stride: width * 4)
        }
        return .allocate(byteCount: width * 4 * height, alignment: 64)
    }

    deinit { pixels.deallocate() }

    /// The premultiplied ARGB value at a pixel.
    public func pixel(x: Int, y: Int) -> UInt32 {
        (pixels + y * stride).assumingMemoryBound(to: UInt32.self)[x]
    }

    /// Wraps the pixels in a pixman image (no copy); the caller unrefs it while `self` stays alive.
    func makePixmanImage() -> OpaquePointer {
        pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height),
            pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))!
    }

    /// The image resampled (bilinear) to exactly `w × h` pixels, cached by that drawn size. At most 4 sizes are
    /// kept, and together no more bytes than the image itself unless one copy alone is larger: a photo zoomed or
    /// resized keeps one copy at the size it is drawn (thumbnails of it several), the oldest dropped first.
    func scaled(toWidth w: Int, height h: Int) -> RasterImage? {
        if w == width && h == height { return self }
        let key = ImageSizeKey(width: w, height: h)
        if let hit = scaledCache[key] { return hit }
        guard let out = try? RasterImage(width: w, height: h) else { return nil }
        let src = makePixmanImage()
        let dst = out.makePixmanImage()
        var t = pixmanTransform(.scale(x: Double(width) / Double(w), y: Double(height) / Double(h)))
        pixman_image_set_transform(src, &t)
        pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, Int32(w), Int32(h))
        pixman_image_unref(src)
        pixman_image_unref(dst)
        scaledCache[key] = out
        scaledCacheOrder.append(key)
        func bytes() -> Int { scaledCacheOrder.reduce(0) { $0 + $1.width * $1.height * 4 } }
        while scaledCacheOrder.count > 4 || (scaledCacheOrder.count > 1 && bytes() > stride * height) {
            scaledCache[scaledCacheOrder.removeFirst()] = nil
        }
        return out
    }
}

/// A pixel size used as a cache key.
struct ImageSizeKey: Hashable {
    let width: Int, height: Int
}

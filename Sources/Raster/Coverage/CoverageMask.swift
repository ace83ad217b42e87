import CPixman

/// An 8-bit coverage (alpha) mask over a box of device pixels, wrapped by a pixman A8 image.
///
/// Coverage is stored as 0…255; the pixman image lets masks go straight into `pixman_image_composite32`.
/// Holds C memory, so it is neither copied nor shared across threads.
final class CoverageMask {
    /// Device pixels covered, in root device coordinates. Masks are computed in a canonical position and
    /// moved by whole pixels afterwards (see `MaskCache`), so this can change.
    var box: PixelBox
    /// True while a cache holds this mask: users copy it before changing its bytes.
    var isShared = false
    /// Bytes per row (a multiple of 4, as pixman requires).
    let stride: Int
    let bytes: UnsafeMutablePointer<UInt8>
    let image: OpaquePointer
    /// For a view of a cached mask: the mask owning the bytes.
    private let owner: CoverageMask?
    /// Where the bytes came from and go back to (nil: plain allocation).
    private let pool: BufferPool?
    private let allocatedSize: Int

    /// A mask over `box` (which must not be empty), zeroed unless the caller writes every byte itself.
    init(box: PixelBox, zeroed: Bool = true, pool: BufferPool? = nil) {
        self.box = box
        owner = nil
        stride = (box.width + 3) & ~3
        let count = stride * max(1, box.height)
        if let pool {
            let b = pool.take(count)
            bytes = b.pointer.bindMemory(to: UInt8.self, capacity: b.size)
            allocatedSize = b.size
        } else {
            bytes = .allocate(capacity: count)
            allocatedSize = count
        }
        self.pool = pool
        if zeroed { bytes.initialize(repeating: 0, count: count) }
        image = pixman_image_create_bits(
            PIXMAN_a8, Int32(box.width), Int32(box.height),
            UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self),
            Int32(stride))!
    }

    /// A read-only view of `other`'s bytes placed at `box` (same size), sharing its memory.
    init(viewOf other: CoverageMask, at box: PixelBox) {
        self.box = box
        owner = other
        pool = nil
        allocatedSize = 0
        stride = other.stride
        bytes = other.bytes
        isShared = true
        image = pixman_image_create_bits(
            PIXMAN_a8, Int32(box.width), Int32(box.height),
            UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self), Int32(stride))!
    }

    deinit {
        pixman_image_unref(image)
        if owner == nil {
            if let pool { pool.give(UnsafeMutableRawPointer(bytes), size: allocatedSize) } else { bytes.deallocate() }
        }
    }

    /// The row of device row `y` (root coordinates).
    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        bytes + (y - box.y0) * stride
    }

    /// Coverage at a root-device pixel, 0 outside the box.
    func value(x: Int, y: Int) -> UInt8 {
        guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return 0 }
        return row(y)[x - box.x0]
    }

    /// Multiplies this mask by `other` where they overlap and zeroes it elsewhere (coverage intersection).
    func intersect(with other: CoverageMask) {
        let common = box.intersection(other.box)
        if common.isEmpty {
            bytes.update(repeating: 0, count: stride * box.height)
            return
        }
        for y in box.y0..<box.y1 {
            let r = row(y)
            if y < common.y0 || y >= common.y1 {
                r.update(repeating: 0, count: box.width)
                continue
            }
            if common.x0 > box.x0 { r.update(repeating: 0, count: common.x0 - box.x0) }
            if common.x1 < box.x1 { (r + (common.x1 - box.x0)).update(repeating: 0, count: box.x1 - common.x1) }
        }
        // IN on A8 images multiplies coverages with pixman's rounding, using its SIMD paths.
        pixman_image_composite32(
            PIXMAN_OP_IN, other.image, nil, image,
            Int32(common.x0 - other.box.x0), Int32(common.y0 - other.box.y0), 0, 0,
            Int32(common.x0 - box.x0), Int32(common.y0 - box.y0), Int32(common.width), Int32(common.height))
    }

    /// A private copy of this mask (same box), for changing a shared mask.
    func duplicate(pool: BufferPool? = nil) -> CoverageMask {
        let m = CoverageMask(box: box, zeroed: false, pool: pool)
        m.bytes.update(from: bytes, count: stride * box.height)
        return m
    }

    /// True when every byte is zero.
    var isBlank: Bool {
        for y in 0..<box.height {
            let r = bytes + y * stride
            for x in 0..<box.width where r[x] != 0 { return false }
        }
        return true
    }
}

/// Converts a coverage fraction to a byte, rounding to nearest.
@inline(__always) func coverageByte(_ c: Double) -> UInt8 {
    c <= 0 ? 0 : (c >= 1 ? 255 : UInt8(c * 255 + 0.5))
}

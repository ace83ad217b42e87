import CPixman

/// A set of device pixels made of boxes (a `pixman_region32`), with value semantics.
///
/// Used for damage and for pixel-exact clipping. `@unchecked Sendable`: the region storage is copied before
/// any mutation when shared (copy-on-write), so a value seen by several threads is only ever read.
public struct PixelRegion: @unchecked Sendable, Equatable {
    final class Storage {
        let region: UnsafeMutablePointer<pixman_region32_t>
        init() {
            region = .allocate(capacity: 1)
            pixman_region32_init(region)
        }
        deinit {
            pixman_region32_fini(region)
            region.deallocate()
        }
        func copy() -> Storage {
            let s = Storage()
            pixman_region32_copy(s.region, region)
            return s
        }
    }

    var storage = Storage()

    /// The empty region.
    public init() {}

    /// A region of one box.
    public init(_ box: PixelBox) {
        if !box.isEmpty {
            pixman_region32_init_rect(
                storage.region, Int32(box.x0), Int32(box.y0), UInt32(box.width), UInt32(box.height))
        }
    }

    /// A region made of several boxes.
    public init(boxes: [PixelBox]) {
        for b in boxes { formUnion(b) }
    }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Adds a box.
    public mutating func formUnion(_ box: PixelBox) {
        guard !box.isEmpty else { return }
        unique()
        pixman_region32_union_rect(
            storage.region, storage.region, Int32(box.x0), Int32(box.y0), UInt32(box.width), UInt32(box.height))
    }

    /// Adds another region.
    public mutating func formUnion(_ other: PixelRegion) {
        unique()
        pixman_region32_union(storage.region, storage.region, other.storage.region)
    }

    /// Keeps only the pixels also in `other`.
    public mutating func formIntersection(_ other: PixelRegion) {
        unique()
        pixman_region32_intersect(storage.region, storage.region, other.storage.region)
    }

    /// Keeps only the pixels inside `box`.
    public mutating func formIntersection(_ box: PixelBox) {
        formIntersection(PixelRegion(box))
    }

    /// Removes the pixels of `other`.
    public mutating func subtract(_ other: PixelRegion) {
        unique()
        pixman_region32_subtract(storage.region, storage.region, other.storage.region)
    }

    /// The union of two regions.
    public func union(_ other: PixelRegion) -> PixelRegion {
        var r = self
        r.formUnion(other)
        return r
    }
    /// The intersection of two regions.
    public func intersection(_ other: PixelRegion) -> PixelRegion {
        var r = self
        r.formIntersection(other)
        return r
    }

    /// The region moved by an integer offset.
    public func translated(dx: Int, dy: Int) -> PixelRegion {
        var r = self
        r.unique()
        pixman_region32_translate(r.storage.region, Int32(dx), Int32(dy))
        return r
    }

    /// True when no pixel is in the region.
    public var isEmpty: Bool { pixman_region32_not_empty(storage.region) == 0 }

    /// The bounding box.
    public var extents: PixelBox {
        guard !isEmpty, let e = pixman_region32_extents(storage.region)?.pointee else { return .empty }
        return PixelBox(x0: Int(e.x1), y0: Int(e.y1), x1: Int(e.x2), y1: Int(e.y2))
    }

    /// The disjoint boxes making up the region (y-x banded).
    public var boxes: [PixelBox] {
        var n: Int32 = 0
        guard let p = pixman_region32_rectangles(storage.region, &n) else { return [] }
        return (0..<Int(n)).map { PixelBox(x0: Int(p[$0].x1), y0: Int(p[$0].y1), x1: Int(p[$0].x2), y1: Int(p[$0].y2)) }
    }

    /// The number of pixels in the region.
    public var area: Int { boxes.reduce(0) { $0 + $1.width * $1.height } }

    /// True when the pixel is in the region.
    public func contains(x: Int, y: Int) -> Bool {
        pixman_region32_contains_point(storage.region, Int32(x), Int32(y), nil) != 0
    }

    /// True when both regions hold the same pixels.
    public static func == (l: PixelRegion, r: PixelRegion) -> Bool {
        pixman_region32_equal(l.storage.region, r.storage.region) != 0
    }
}

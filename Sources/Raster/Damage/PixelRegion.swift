import CPixman

/// A set of device pixels made of boxes (a `pixman_region32`), with value semantics.
///
/// Used for damage and for pixel-exact clipping. `@unchecked Sendable`: the region storage is copied before
/// any mutation when shared (copy-on-write), so a value seen by several threads is only ever read.
public struct PixelRegion: @unchecked Sendable, Equatable {
    /// The pixman region, allocated inside its object (one allocation per region, not two).
    final class Storage: ManagedBuffer<Void, pixman_region32_t> {
        static func make() -> Storage {
            let storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in }, to: Storage.self)
            pixman_region32_init(storage.region)
            return storage
        }
        /// Valid while the storage lives (its elements never move).
        var region: UnsafeMutablePointer<pixman_region32_t> { withUnsafeMutablePointerToElements { $0 } }
        deinit { pixman_region32_fini(region) }
        func copy() -> Storage {
            let s = Storage.make()
            pixman_region32_copy(s.region, region)
            return s
        }
    }

    var storage = Storage.make()

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
        guard !box.isEmpty else {
            self = PixelRegion()
            return
        }
        unique()
        pixman_region32_intersect_rect(
            storage.region, storage.region, Int32(box.x0), Int32(box.y0), UInt32(box.width), UInt32(box.height))
    }

    /// The pixels of this region inside `box` (made in one new region, without a region of the box).
    public func intersection(_ box: PixelBox) -> PixelRegion {
        guard !box.isEmpty else { return PixelRegion() }
        let result = PixelRegion()
        pixman_region32_intersect_rect(
            result.storage.region, storage.region, Int32(box.x0), Int32(box.y0), UInt32(box.width),
            UInt32(box.height))
        return result
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
        r.translate(dx: dx, dy: dy)
        return r
    }

    /// Moves the region by an integer offset.
    public mutating func translate(dx: Int, dy: Int) {
        guard dx != 0 || dy != 0 else { return }
        unique()
        pixman_region32_translate(storage.region, Int32(dx), Int32(dy))
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

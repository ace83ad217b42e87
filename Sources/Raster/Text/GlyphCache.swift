import CPixman

/// Rasterized glyphs in a `pixman_glyph_cache`, keyed by (face id, glyph id).
///
/// pixman bounds the cache itself: on `thaw` it evicts the oldest glyphs once it holds more than its
/// high-water mark (16384 glyphs), so memory stays bounded however much text is drawn. Glyph pointers are
/// only valid between `freeze` and `thaw`.
final class GlyphCache {
    let cache: OpaquePointer
    /// Glyphs known to have no ink (spaces), which pixman cannot store.
    private var blank: Set<GlyphKey> = []

    struct GlyphKey: Hashable { let face: Int, glyph: UInt32 }

    init() { cache = pixman_glyph_cache_create()! }
    deinit { pixman_glyph_cache_destroy(cache) }

    func freeze() { pixman_glyph_cache_freeze(cache) }
    func thaw() { pixman_glyph_cache_thaw(cache) }

    /// The cached glyph, rendering it on a miss; nil for blank glyphs. Call between `freeze` and `thaw`.
    func glyph(face: FontFace, glyph: UInt32) -> UnsafeRawPointer? {
        let fontKey = UnsafeMutableRawPointer(bitPattern: face.id)
        let glyphKey = UnsafeMutableRawPointer(bitPattern: Int(glyph) + 1)
        if let hit = pixman_glyph_cache_lookup(cache, fontKey, glyphKey) { return hit }
        let key = GlyphKey(face: face.id, glyph: glyph)
        if blank.contains(key) { return nil }
        guard let bm = face.render(glyph: glyph) else {
            if blank.count > 65536 { blank.removeAll() }
            blank.insert(key)
            return nil
        }
        let stride = (bm.width + 3) & ~3
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * bm.height)
        defer { bytes.deallocate() }
        bytes.initialize(repeating: 0, count: stride * bm.height)
        for y in 0..<bm.height {
            for x in 0..<bm.width { bytes[y * stride + x] = bm.coverage[y * bm.width + x] }
        }
        let img = pixman_image_create_bits(
            PIXMAN_a8, Int32(bm.width), Int32(bm.height),
            UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self), Int32(stride))
        defer { pixman_image_unref(img) }
        // pixman copies the bits into its own storage.
        return pixman_glyph_cache_insert(cache, fontKey, glyphKey, Int32(-bm.left), Int32(bm.top), img)
    }
}

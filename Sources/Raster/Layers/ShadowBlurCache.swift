import Foundation

/// Blurred shadow masks kept by the exact alpha they were blurred from, so a shadow whose shape, size, blur
/// and pixel phase are unchanged — a card that stayed put, or one moved by whole device pixels — is not
/// blurred again. The blur depends only on the alpha bytes and sigma (not on where the mask lies), so a hit
/// gives the same bytes a fresh blur would.
///
/// Bounded by entry count and bytes (least recently used go first); an entry not used for `maxIdleFrames`
/// frames is released, so shadows no longer drawn do not hold memory.
final class ShadowBlurCache {
    private struct Key: Hashable {
        let width: Int, height: Int, sigma: Double, digest: Int
    }

    private final class Entry {
        /// The unblurred alpha, compared byte for byte on a hit (the digest only finds the candidate).
        let source: UnsafeMutablePointer<UInt8>
        let blurred: CoverageMask
        /// The frame it was last drawn in, and a use count ordering uses within a frame.
        var lastUsed: Int
        var lastUse: Int
        init(source: UnsafeMutablePointer<UInt8>, blurred: CoverageMask, lastUsed: Int, lastUse: Int) {
            self.source = source
            self.blurred = blurred
            self.lastUsed = lastUsed
            self.lastUse = lastUse
        }
        var byteCount: Int { 2 * blurred.stride * blurred.box.height }
        deinit { source.deallocate() }
    }

    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private var frame = 0
    private var uses = 0
    private let maxEntries = 64
    private let maxBytes = 32 << 20
    private let maxIdleFrames = 120
    /// Blurs actually computed (misses), for tests and benchmarks.
    private(set) var blursPerformed = 0
    var count: Int { entries.count }

    /// Marks the start of a frame and releases entries idle for too long.
    func beginFrame() {
        frame += 1
        let stale = entries.filter { frame - $0.value.lastUsed > maxIdleFrames }
        for (key, e) in stale {
            entries.removeValue(forKey: key)
            bytes -= e.byteCount
        }
    }

    /// `alpha` blurred by `sigma`: a view of a cached result placed at `alpha`'s box, or `alpha` itself, blurred
    /// in place and remembered.
    func blurred(_ alpha: CoverageMask, sigma: Double) -> CoverageMask {
        let size = alpha.stride * alpha.box.height
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: alpha.bytes, count: size))
        let key = Key(width: alpha.box.width, height: alpha.box.height, sigma: sigma, digest: hasher.finalize())
        if let hit = entries[key], hit.blurred.stride == alpha.stride, memcmp(hit.source, alpha.bytes, size) == 0 {
            hit.lastUsed = frame
            uses += 1
            hit.lastUse = uses
            return CoverageMask(viewOf: hit.blurred, at: alpha.box)
        }
        blursPerformed += 1
        guard 2 * size <= maxBytes / 4 else {
            BoxBlur.blur(alpha, sigma: sigma)
            return alpha
        }
        let source = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        source.update(from: alpha.bytes, count: size)
        BoxBlur.blur(alpha, sigma: sigma)
        alpha.isShared = true
        uses += 1
        let e = Entry(source: source, blurred: alpha, lastUsed: frame, lastUse: uses)
        if let old = entries.updateValue(e, forKey: key) { bytes -= old.byteCount }
        bytes += e.byteCount
        while entries.count > maxEntries || bytes > maxBytes,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }), oldest.key != key
        {
            entries.removeValue(forKey: oldest.key)
            bytes -= oldest.value.byteCount
        }
        return alpha
    }
}

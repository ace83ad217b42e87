import Foundation

/// Blurred shadows of layers kept by the identity of the content that cast them; a turned layer's in its own
/// (unrotated) space.
///
/// A shadow inside a rotation is computed in the view's own space and turned with it; a Gaussian blur commutes
/// with rotation, so a card that only turns and moves keeps one blurred shadow, sampled through the transform,
/// instead of having its device-space alpha (which changes with every angle) drawn and blurred each frame.
/// The key is the caller's content identity, so a hit costs neither drawing the content's alpha nor hashing it
/// (an upright layer's shadow, unlike `ShadowBlurCache`'s, needs no alpha drawn to be found).
///
/// Bounded by entry count and bytes (least recently used go first); an entry not used for `maxIdleFrames`
/// frames is released.
final class LocalShadowCache {
    struct Key: Hashable {
        /// The caller's promise: the same content draws the same pixels in its own space.
        let content: AnyHashable
        /// The blur's sigma in device pixels and the premultiplied tint.
        let sigma: Double, color: UInt32
        /// How the shadow lies: for a turned layer its scale and bounds; for an upright one also its transform's
        /// scale, pixel phase and the shadow's whole-pixel offset.
        let geometry: [Double]
    }

    /// Blurred alpha: a turned layer's over `box` in local pixels (points times the scale), an upright layer's
    /// at its canonical device box.
    final class Entry {
        let mask: CoverageMask
        let box: PixelBox
        var lastUsed: Int
        var lastUse: Int
        init(mask: CoverageMask, box: PixelBox, lastUsed: Int, lastUse: Int) {
            self.mask = mask
            self.box = box
            self.lastUsed = lastUsed
            self.lastUse = lastUse
        }
        var byteCount: Int { mask.stride * mask.box.height }
    }

    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private var frame = 0
    private var uses = 0
    private let maxEntries = 16
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

    func entry(_ key: Key) -> Entry? {
        guard let e = entries[key] else { return nil }
        e.lastUsed = frame
        uses += 1
        e.lastUse = uses
        return e
    }

    /// Remembers a freshly blurred shadow (counted as a blur).
    func store(_ key: Key, mask: CoverageMask, box: PixelBox) -> Entry {
        blursPerformed += 1
        uses += 1
        mask.isShared = true
        let e = Entry(mask: mask, box: box, lastUsed: frame, lastUse: uses)
        guard e.byteCount <= maxBytes / 4 else { return e }
        if let old = entries.updateValue(e, forKey: key) { bytes -= old.byteCount }
        bytes += e.byteCount
        while entries.count > maxEntries || bytes > maxBytes,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }), oldest.key != key
        {
            entries.removeValue(forKey: oldest.key)
            bytes -= oldest.value.byteCount
        }
        return e
    }
}

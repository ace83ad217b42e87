/// Recently computed analytic coverage masks, keyed by shape geometry relative to its pixel grid.
///
/// Analytic masks are always computed with the shape moved so its top-left lies in `[0, 1)²`; a shape moved
/// by whole pixels therefore has bit-identical coverage and can reuse the mask (a circle following the
/// pointer by (3, 2) px per frame costs one composite). Bounded by entry count and bytes.
final class MaskCache {
    struct Key: Hashable {
        let fx: Double, fy: Double, w: Double, h: Double, rx: Double, ry: Double, ring: Double
    }

    private var entries: [Key: CoverageMask] = [:]
    private var order: [Key] = []
    private var bytes = 0
    private let maxEntries = 64
    private let maxBytes = 16 << 20

    /// The cached mask for `key`, computing and storing it with `make` on a miss.
    func mask(_ key: Key, make: () -> CoverageMask) -> CoverageMask {
        if let hit = entries[key] {
            if order.last != key, let i = order.firstIndex(of: key) {
                order.remove(at: i)
                order.append(key)
            }
            return hit
        }
        let m = make()
        m.isShared = true
        entries[key] = m
        order.append(key)
        bytes += m.stride * m.box.height
        while entries.count > maxEntries || bytes > maxBytes, order.count > 1 {
            let old = order.removeFirst()
            if let e = entries.removeValue(forKey: old) { bytes -= e.stride * e.box.height }
        }
        return m
    }
}

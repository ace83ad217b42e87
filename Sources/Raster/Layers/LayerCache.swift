import Foundation

/// Rendered layers (content and blurred shadow) kept by a caller-given key, so a layer whose content does
/// not change — only moves by whole device pixels — is drawn and blurred once.
///
/// Entries are rendered in a canonical pixel phase (the transform's translation reduced to `[0, 1)`), so
/// reuse at any whole-pixel offset yields the same bytes as a fresh render. Bounded by count and bytes.
final class LayerCache {
    struct Key: Hashable {
        let user: AnyHashable
        let a: Double, b: Double, c: Double, d: Double, fx: Double, fy: Double
        let bounds: [Double]
        let shadow: [Double]
    }

    struct Entry {
        /// Content pixels; its origin is the canonical content box's top-left.
        let content: RasterImage
        let contentBox: PixelBox
        /// Blurred alpha placed at its canonical (already offset) box, if the layer has a shadow.
        let shadow: CoverageMask?
    }

    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []
    private var bytes = 0
    private let maxEntries = 32
    private let maxBytes = 64 << 20

    func entry(_ key: Key) -> Entry? { entries[key] }

    func store(_ key: Key, _ e: Entry) {
        entries[key] = e
        order.append(key)
        bytes += e.content.stride * e.content.height + (e.shadow.map { $0.stride * $0.box.height } ?? 0)
        while entries.count > maxEntries || bytes > maxBytes, order.count > 1 {
            let old = order.removeFirst()
            if let gone = entries.removeValue(forKey: old) {
                bytes -=
                    gone.content.stride * gone.content.height + (gone.shadow.map { $0.stride * $0.box.height } ?? 0)
            }
        }
    }
}

import Foundation

/// A string compared and hashed by its UTF-8 bytes (Swift's `==` on strings is canonical equivalence, which
/// would let differently encoded texts share a shaping). A long text hashes only its length and both ends,
/// so looking up a megabyte costs what looking up a line does; the same storage compares equal at once.
struct TextBytes: Hashable {
    let string: String

    static func == (a: TextBytes, b: TextBytes) -> Bool {
        let equal = a.string.utf8.withContiguousStorageIfAvailable { x in
            b.string.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count
                    && (x.count == 0 || x.baseAddress == y.baseAddress
                        || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        return (equal ?? nil) ?? a.string.utf8.elementsEqual(b.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        let sampled = 1024
        let utf8 = string.utf8
        hasher.combine(utf8.count)
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            if raw.count <= 2 * sampled {
                hasher.combine(bytes: raw)
            } else {
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[..<sampled]))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[(raw.count - sampled)...]))
            }
        }
        if hashed == nil { hasher.combine(string) }
    }
}

/// A bounded cache that keeps what was used recently: entries live in the current generation; when it is
/// full it becomes the previous one (the one before is dropped), and a hit there moves the entry back.
struct GenerationalCache<Key: Hashable, Value> {
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]
    private var currentCost = 0
    /// Entries and total cost (e.g. text bytes) one generation holds.
    let capacity: Int
    let costCapacity: Int

    init(capacity: Int, costCapacity: Int) {
        self.capacity = capacity
        self.costCapacity = costCapacity
    }

    mutating func value(for key: Key, cost: Int) -> Value? {
        if let hit = current[key] { return hit }
        guard let hit = previous.removeValue(forKey: key) else { return nil }
        insert(hit, for: key, cost: cost)
        return hit
    }

    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if current.count >= capacity || currentCost + cost > costCapacity, !current.isEmpty {
            previous = current
            current = [:]
            currentCost = 0
        }
        current[key] = value
        currentCost += cost
    }

    mutating func removeAll() {
        current = [:]
        previous = [:]
        currentCost = 0
    }
}

/// What the engine's work is counted by, for tests that check a frame did only what it had to.
package struct TextEngineCounters: Equatable, Sendable {
    /// Paragraphs shaped (cache misses).
    package var paragraphsShaped = 0
    /// Texts broken into lines (layout cache misses).
    package var layoutsBroken = 0
    /// Lines whose glyphs were placed for drawing.
    package var linesPlaced = 0
}

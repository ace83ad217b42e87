import Foundation

/// The last `capacity` answers by key, in a ring of memory of its own: the hottest lookups of layout (a
/// node's sizes by proposal, a text's measurements by width) without array copy-on-write or exclusivity
/// checks. Keys and values must be plain data: entries are overwritten, never deinitialised.
package final class RingCache<Key: Equatable, Value> {
    private struct Entry {
        var key: Key
        var value: Value
    }
    private let capacity: Int
    /// `[count, cursor]`, outside the object so updating them needs no exclusivity check.
    private let state: UnsafeMutablePointer<Int>
    private let entries: UnsafeMutablePointer<Entry>

    package init(capacity: Int) {
        precondition(_isPOD(Key.self) && _isPOD(Value.self), "RingCache holds plain data only")
        self.capacity = capacity
        state = .allocate(capacity: 2)
        state.initialize(repeating: 0, count: 2)
        entries = .allocate(capacity: capacity)
    }

    deinit {
        state.deallocate()
        entries.deallocate()
    }

    @inline(__always)
    package func value(for key: Key) -> Value? {
        let count = state[0]
        var index = 0
        while index < count {
            if entries[index].key == key { return entries[index].value }
            index += 1
        }
        return nil
    }

    package func insert(_ key: Key, _ value: Value) {
        let count = state[0]
        if count < capacity {
            (entries + count).initialize(to: Entry(key: key, value: value))
            state[0] = count + 1
        } else {
            let cursor = state[1]
            entries[cursor] = Entry(key: key, value: value)
            state[1] = (cursor + 1) % capacity
        }
    }

    package func removeAll() {
        state[0] = 0
        state[1] = 0
    }
}

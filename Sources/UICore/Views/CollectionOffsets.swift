import Foundation

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (what `onDelete` hands to its action).
    public mutating func remove(atOffsets offsets: IndexSet) {
        guard let first = offsets.first else { return }
        precondition(
            offsets.last! < count, "remove(atOffsets:): offset \(offsets.last!) is out of range for \(count) elements")
        // Stable compaction: keep the survivors in order, then drop the tail.
        var write = index(startIndex, offsetBy: first)
        var read = write
        var offset = first
        while read != endIndex {
            if !offsets.contains(offset) {
                swapAt(write, read)
                formIndex(after: &write)
            }
            formIndex(after: &read)
            offset += 1
        }
        removeSubrange(write..<endIndex)
    }
}

extension MutableCollection {
    /// Moves the elements at `source` so they sit, in order, before the element that was at `destination`
    /// (what `onMove` hands to its action).
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        precondition(
            destination >= 0 && destination <= count,
            "move(fromOffsets:toOffset:): offset \(destination) is out of range for \(count) elements")
        guard let last = source.last else { return }
        precondition(last < count, "move(fromOffsets:toOffset:): offset \(last) is out of range for \(count) elements")
        let elements = Array(self)
        let moved = source.map { elements[$0] }
        var rest: [Element] = []
        var insertion = destination
        for (offset, element) in elements.enumerated() where !source.contains(offset) {
            rest.append(element)
        }
        insertion -= source.count(in: 0..<destination)
        rest.insert(contentsOf: moved, at: insertion)
        for (position, element) in zip(indices, rest) { self[position] = element }
    }
}

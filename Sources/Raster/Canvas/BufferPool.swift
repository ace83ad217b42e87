/// Recycles large pixel and mask buffers between frames.
///
/// Big allocations come from fresh `mmap`ed pages, so a mask or layer allocated every frame pays page faults
/// and kernel zeroing on every touch; keeping a few released buffers avoids that. Bounded by count and bytes.
final class BufferPool {
    private var free: [(pointer: UnsafeMutableRawPointer, size: Int)] = []
    private var freeBytes = 0
    private let maxBuffers = 16
    private let maxBytes = 128 << 20
    /// Buffers below this size are left to malloc, which recycles them well.
    private let minPooled = 64 << 10
    /// The bytes of the buffers kept for reuse.
    var pooledBytes: Int { freeBytes }
    /// Large buffers that had to be allocated because none in the pool fitted.
    private(set) var freshAllocations = 0

    /// A buffer of at least `size` bytes (64-byte aligned), with its actual size.
    func take(_ size: Int) -> (pointer: UnsafeMutableRawPointer, size: Int) {
        if size >= minPooled {
            var best = -1
            for (i, b) in free.enumerated() where b.size >= size && b.size <= size * 2 {
                if best < 0 || b.size < free[best].size { best = i }
            }
            if best >= 0 {
                let b = free.remove(at: best)
                freeBytes -= b.size
                return b
            }
        }
        let rounded = size >= minPooled ? (size + 0xFFFF) & ~0xFFFF : max(size, 1)
        if size >= minPooled { freshAllocations += 1 }
        return (.allocate(byteCount: rounded, alignment: 64), rounded)
    }

    /// Returns a buffer obtained from `take`.
    func give(_ pointer: UnsafeMutableRawPointer, size: Int) {
        guard size >= minPooled, size <= maxBytes / 2 else {
            pointer.deallocate()
            return
        }
        free.append((pointer, size))
        freeBytes += size
        while free.count > maxBuffers || freeBytes > maxBytes {
            let old = free.removeFirst()
            freeBytes -= old.size
            old.pointer.deallocate()
        }
    }

    deinit { for b in free { b.pointer.deallocate() } }
}

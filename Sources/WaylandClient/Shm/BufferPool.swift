/// The window's buffers: two, and a third only while both are held by the compositor.
///
/// The whole buffer life cycle lives here: acquire a free buffer of the window size, mark it busy when
/// committed, free it on `wl_buffer.release`, age the others, and reallocate when the size changes.
@MainActor
public final class BufferPool {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let shm: WlShm
    private let maximumCount: Int
    public private(set) var buffers: [ShmBuffer] = []
    /// Called when a buffer becomes free, so a frame that waited for one can be drawn.
    public var onBufferReleased: (() -> Void)?

    public init(shm: WlShm, maximumCount: Int = 3) {
        self.shm = shm
        self.maximumCount = maximumCount
    }

    /// A free buffer of the given size, or nil when every buffer is busy and no more may be made.
    /// Buffers of another size are retired: destroyed now if free, on release otherwise. Without
    /// `mayAddThird`, a frame that could wait for a release does not make a third buffer.
    public func acquire(width: Int, height: Int, mayAddThird: Bool = true) throws(Failure) -> ShmBuffer? {
        for buffer in buffers where buffer.width != width || buffer.height != height {
            retire(buffer)
        }
        let free = buffers.filter { !$0.isBusy }
        // The youngest free buffer needs the least repainting.
        if let best = free.min(by: { ($0.age == 0 ? Int.max : $0.age) < ($1.age == 0 ? Int.max : $1.age) }) {
            return best
        }
        // Two buffers suffice unless the compositor holds both; then a third avoids waiting.
        guard buffers.count < (buffers.count < 2 || !mayAddThird ? 2 : maximumCount) else { return nil }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height)
        buffer.wlBuffer.onEvent = { [unowned self, unowned buffer] event in
            if case .release = event { self.released(buffer) }
        }
        buffers.append(buffer)
        return buffer
    }

    /// Records that `buffer` was attached and committed: it is busy and now holds the latest frame.
    public func submitted(_ buffer: ShmBuffer) {
        for other in buffers where other !== buffer && other.age > 0 {
            other.age += 1
        }
        buffer.age = 1
        buffer.isBusy = true
    }

    private func released(_ buffer: ShmBuffer) {
        buffer.isBusy = false
        if buffer.isRetired {
            remove(buffer)
        }
        onBufferReleased?()
    }

    private func retire(_ buffer: ShmBuffer) {
        buffer.isRetired = true
        if !buffer.isBusy { remove(buffer) }
    }

    private func remove(_ buffer: ShmBuffer) {
        buffer.destroy()
        buffers.removeAll { $0 === buffer }
    }

    /// Destroys every buffer (window teardown).
    public func removeAll() {
        buffers.forEach { $0.destroy() }
        buffers.removeAll()
    }
}

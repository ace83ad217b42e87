/// One ARGB8888 (premultiplied, little-endian: B,G,R,A bytes) buffer shared with the compositor.
///
/// It is `busy` from the commit that attached it until the compositor's `release`; only a free buffer may
/// be drawn into. `age` says how current its pixels are, so a frame can repaint only what changed since.
@MainActor
public final class ShmBuffer {
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let stride: Int
    public let wlBuffer: WlBuffer
    /// True while the compositor may read the buffer.
    public internal(set) var isBusy = false
    /// 0: contents undefined (new buffer). N ≥ 1: holds the frame submitted N frames ago (1 = the latest).
    public internal(set) var age = 0
    /// The buffer no longer matches the window size; it is destroyed as soon as it is free.
    var isRetired = false
    private let memory: SharedMemory

    init(shm: WlShm, width: Int, height: Int) throws(BufferPool.Failure) {
        let stride = width * 4
        let size = stride * height
        guard width > 0, height > 0, size <= Int(Int32.max) else {
            throw BufferPool.Failure(
                description: "cannot allocate a \(width)x\(height) buffer: the size is outside wl_shm's limits")
        }
        do {
            memory = try SharedMemory(size: size)
        } catch {
            throw BufferPool.Failure(description: "cannot allocate a \(width)x\(height) buffer: \(error)")
        }
        self.width = width
        self.height = height
        self.stride = stride
        let pool = shm.createPool(fd: memory.fileDescriptor, size: Int32(size))
        wlBuffer = pool.createBuffer(
            offset: 0, width: Int32(width), height: Int32(height), stride: Int32(stride), format: .argb8888)
        pool.destroy()  // the buffer keeps the memory alive on the compositor's side
    }

    /// The pixels, `stride * height` bytes.
    public var pixels: UnsafeMutableRawPointer { memory.base }

    /// The pixels as 32-bit words, row-major with `stride / 4` words per row.
    public var words: UnsafeMutablePointer<UInt32> { memory.base.assumingMemoryBound(to: UInt32.self) }

    func destroy() {
        wlBuffer.destroy()
    }
}

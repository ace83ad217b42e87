import CWayland
import Glibc

/// A sealed, anonymous shared-memory file mapped into this process: the storage behind a `wl_shm_pool`.
///
/// The file is sealed against shrinking, so the compositor can never fault (SIGBUS) on a truncated pool.
final class SharedMemory {
    let fileDescriptor: Int32
    let size: Int
    let base: UnsafeMutableRawPointer

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(size: Int) throws(Failure) {
        let fd = waylandui_memfd_create("waylandui-shm")
        guard fd >= 0 else { throw Failure(description: "memfd_create failed: \(String(cString: strerror(errno)))") }
        guard ftruncate(fd, off_t(size)) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot size shared memory to \(size) bytes: \(reason)")
        }
        _ = waylandui_seal_size(fd)
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot map \(size) bytes of shared memory: \(reason)")
        }
        fileDescriptor = fd
        self.size = size
        base = mapped
    }

    deinit {
        munmap(base, size)
        close(fileDescriptor)
    }
}

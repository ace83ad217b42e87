import Dispatch
import Foundation
import Glibc

/// Moving text through the pipes of Wayland selections (clipboard, primary selection): writing what we offer,
/// reading what another client offers, off the main thread so a slow or huge transfer never blocks the UI.
public enum TextTransfer {
    /// The text MIME types we offer, best first; when pasting, the first one offered is asked for.
    public static let mimeTypes = [
        "text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING", "text/plain;charset=UTF-8",
    ]

    /// The MIME type to ask for among `offered`, if any is text.
    public static func bestMimeType(of offered: [String]) -> String? {
        for type in mimeTypes where offered.contains(type) { return type }
        return offered.first { $0.hasPrefix("text/") }
    }

    /// Writes `text` to `fd` on a thread of its own, then closes it (a reader that goes away ends the write).
    static func write(_ text: String, to fd: Int32) { write(Array(text.utf8), to: fd) }

    /// Writes `bytes` to `fd` on a thread of its own, then closes it. A reader that goes away fails the write
    /// (EPIPE) rather than raising SIGPIPE, which would end the app: the thread blocks that signal.
    package static func write(_ bytes: [UInt8], to fd: Int32) {
        let thread = Thread {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
                if result > 0 { written += result } else if result < 0 && errno == EINTR { continue } else { break }
            }
            close(fd)
        }
        thread.start()
    }

    /// Reads `fd` to its end (or `limit` bytes) on a background queue and hands the text (invalid UTF-8
    /// replaced by U+FFFD; a sequence cut by the limit dropped) to `completion` on the main queue.
    package static func read(_ fd: Int32, limit: Int, completion: @escaping @MainActor (String) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            var data = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while data.count < limit {
                let count = buffer.withUnsafeMutableBytes {
                    Glibc.read(fd, $0.baseAddress!, min($0.count, limit - data.count))
                }
                if count > 0 {
                    data.append(contentsOf: buffer[0..<count])
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(fd)
            if data.count >= limit { data = Array(data[..<validPrefixLength(data)]) }
            let text = String(decoding: data, as: UTF8.self)
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(text) } }
        }
    }

    /// The length of `bytes` without a UTF-8 sequence cut off at its end.
    static func validPrefixLength(_ bytes: [UInt8]) -> Int {
        var start = bytes.count
        // Back over continuation bytes (at most 3) to the lead byte of the last sequence.
        while start > 0, bytes.count - start < 4, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0 else { return bytes.count }
        let lead = bytes[start - 1]
        let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return bytes.count - (start - 1) < needed ? start - 1 : bytes.count
    }

    /// A pipe for a receive request: (read end, write end), close-on-exec.
    package static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}

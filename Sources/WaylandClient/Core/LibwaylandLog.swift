import CWayland
import Glibc
import Synchronization

/// libwayland reports some failures only through its log (the text of a protocol error, a missing
/// XDG_RUNTIME_DIR). We capture that text so errors carry it, instead of letting it reach stderr as a
/// second, differently worded line.
enum LibwaylandLog {
    fileprivate static let lastMessage = Mutex<String?>(nil)

    static func install() {
        wl_log_set_handler_client(recordLibwaylandMessage)
    }

    /// The most recent message, without its trailing newline; reading clears it.
    static func takeLast() -> String? {
        lastMessage.withLock { message in
            defer { message = nil }
            return message
        }
    }
}

private func recordLibwaylandMessage(_ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?) {
    guard let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    var text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    while text.hasSuffix("\n") { text.removeLast() }
    LibwaylandLog.lastMessage.withLock { $0 = text }
}

import CWayland
import Dispatch
import Foundation
import Glibc

/// The connection to the compositor: the `wl_display`, the proxies alive on it, and the event source that
/// reads and dispatches on the main queue.
///
/// Requests are flushed once per turn of the main queue (and by `roundtrip`), so a burst of requests made
/// while handling one event leaves in one write.
@MainActor
public final class Connection {
    /// The display object (`wl_display`), through which the registry is reached.
    public private(set) var display: WlDisplay!
    let rawDisplay: OpaquePointer
    private var liveProxies: [OpaquePointer: Proxy] = [:]
    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var flushScheduled = false
    private var socketWatch: DispatchSourceTimer?
    private var fatalErrorHandler: ((WaylandError) -> Void)?
    /// Set once the connection has failed; nothing is sent or read after that.
    public private(set) var failure: WaylandError?
    /// The socket, as a user would recognise it (`WAYLAND_DISPLAY=wayland-1 (XDG_RUNTIME_DIR=/run/user/1000)`).
    let socketDescription: String
    /// How long a blocking roundtrip waits in silence before it says what it waits for (seconds).
    static let silentWait = 5.0

    /// Connects to the compositor named by `WAYLAND_SOCKET`, or by `WAYLAND_DISPLAY` (a name inside
    /// `XDG_RUNTIME_DIR`, or an absolute path), or to `name` when given.
    public static func connect(to name: String? = nil) throws(WaylandError) -> Connection {
        LibwaylandLog.install()
        guard let raw = wl_display_connect(name) else {
            let reason = LibwaylandLog.takeLast() ?? String(cString: strerror(errno))
            throw .noCompositor(socket: describeSocket(name), reason: reason)
        }
        return Connection(raw: raw, socket: describeSocket(name))
    }

    private init(raw: OpaquePointer, socket: String) {
        rawDisplay = raw
        socketDescription = socket
        display = WlDisplay(raw: raw, connection: self, receivesEvents: false)  // libwayland handles its events
    }

    /// The socket a connection attempt used, as a user would recognise it.
    private static func describeSocket(_ name: String?) -> String {
        let environment = ProcessInfo.processInfo.environment
        if name == nil, let socket = environment["WAYLAND_SOCKET"] { return "WAYLAND_SOCKET=\(socket)" }
        let display = name ?? environment["WAYLAND_DISPLAY"] ?? "wayland-0"
        if display.hasPrefix("/") { return "WAYLAND_DISPLAY=\(display)" }
        let runtime = environment["XDG_RUNTIME_DIR"].map { "XDG_RUNTIME_DIR=\($0)" } ?? "XDG_RUNTIME_DIR unset"
        return "WAYLAND_DISPLAY=\(display) (\(runtime))"
    }

    /// The display's file descriptor.
    public var fileDescriptor: Int32 { wl_display_get_fd(rawDisplay) }

    // MARK: - Proxies

    func register(_ proxy: Proxy) { liveProxies[proxy.raw] = proxy }
    func unregister(_ proxy: Proxy) { liveProxies[proxy.raw] = nil }
    func proxy(for raw: OpaquePointer) -> Proxy? { liveProxies[raw] }

    // MARK: - Blocking use (start-up, tests)

    /// Sends everything pending and waits until the compositor has handled it, dispatching events meanwhile.
    /// A compositor that accepted the connection and never answers would leave the app waiting without a word
    /// (libwayland waits for ever, and so does GTK): after `silentWait` seconds one line says what it waits for,
    /// and it goes on waiting (a compositor stopped in a debugger answers when it resumes).
    public func roundtrip() throws(WaylandError) {
        try check()
        let notice = Self.waitingNotice(socket: socketDescription)
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.silentWait, execute: notice)
        defer { notice.cancel() }
        if wl_display_roundtrip(rawDisplay) < 0 { throw fail() }
    }

    /// The line a silent compositor gets, to print from another thread (the main one is waiting).
    private nonisolated static func waitingNotice(socket: String) -> DispatchWorkItem {
        DispatchWorkItem {
            FileHandle.standardError.write(
                Data("WaylandUI: waiting for the compositor to answer wl_display.sync on \(socket)…\n".utf8))
        }
    }

    /// Blocks until at least one event arrives (or `timeout` passes) and dispatches it. Returns false on timeout.
    @discardableResult
    public func dispatch(timeout milliseconds: Int32 = -1) throws(WaylandError) -> Bool {
        try check()
        while wl_display_prepare_read(rawDisplay) != 0 {
            if wl_display_dispatch_pending(rawDisplay) < 0 { throw fail() }
        }
        flush()
        var poller = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, milliseconds)
        if ready <= 0 {
            wl_display_cancel_read(rawDisplay)
            return false
        }
        if wl_display_read_events(rawDisplay) < 0 { throw fail() }
        if wl_display_dispatch_pending(rawDisplay) < 0 { throw fail() }
        return true
    }

    // MARK: - Main-queue event source (apps)

    /// Reads and dispatches events whenever the display fd is readable, on the main queue, so `@MainActor`
    /// code, `Task {}`, `DispatchQueue.main.async` and `Timer` interleave with Wayland events. A broken
    /// connection or protocol error is reported once to `onFatalError`.
    public func startEventSource(onFatalError: @escaping (WaylandError) -> Void) {
        fatalErrorHandler = onFatalError
        let source = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: .main)
        source.setEventHandler { [unowned self] in
            MainActor.assumeIsolated { self.readAvailableEvents() }
        }
        readSource = source
        source.resume()
        watchSocket()
        // Events already read by start-up roundtrips are queued, not readable on the fd.
        scheduleFlush()
        if wl_display_dispatch_pending(rawDisplay) < 0 { report(fail()) }
    }

    /// The socket's identity (device and inode), or nil once its descriptor is closed.
    private func socketIdentity() -> [UInt64]? {
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// A compositor that dies closes the socket and the read source hears it; a descriptor closed (or reused)
    /// inside this process is never readable again, so it is looked at every 10 s: one fstat, no frame. Rarely,
    /// because an idle app should not wake (each wake costs a dispatch thread and the main thread a turn).
    private func watchSocket() {
        let identity = socketIdentity()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + 10, repeating: 10, leeway: .seconds(5))
        timer.setEventHandler { [unowned self] in
            MainActor.assumeIsolated {
                guard self.failure == nil, self.socketIdentity() != identity else { return }
                let error = WaylandError.connectionLost(reason: "its socket was closed inside this process")
                self.failure = error
                self.readSource?.cancel()
                self.readSource = nil
                self.socketWatch?.cancel()
                self.report(error)
            }
        }
        socketWatch = timer
        timer.resume()
    }

    private func readAvailableEvents() {
        guard failure == nil else { return }
        while wl_display_prepare_read(rawDisplay) != 0 {
            if wl_display_dispatch_pending(rawDisplay) < 0 { return report(fail()) }
        }
        if wl_display_read_events(rawDisplay) < 0 { return report(fail()) }
        if wl_display_dispatch_pending(rawDisplay) < 0 { return report(fail()) }
        flush()
    }

    // MARK: - Flushing

    /// Arranges a flush at the end of the current main-queue turn.
    func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.flushScheduled = false
                self.flush()
            }
        }
    }

    /// Writes pending requests; when the socket is full, waits for it to drain on the main queue.
    public func flush() {
        guard failure == nil, writeSource == nil else { return }
        if wl_display_flush(rawDisplay) >= 0 { return }
        if errno == EAGAIN {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fileDescriptor, queue: .main)
            source.setEventHandler { [unowned self] in
                MainActor.assumeIsolated {
                    self.writeSource?.cancel()
                    self.writeSource = nil
                    self.flush()
                }
            }
            writeSource = source
            source.resume()
        } else {
            report(fail())
        }
    }

    // MARK: - Errors

    private func check() throws(WaylandError) {
        if let failure { throw failure }
    }

    /// Turns libwayland's error state into a `WaylandError` and remembers it.
    private func fail() -> WaylandError {
        if let failure { return failure }
        let code = wl_display_get_error(rawDisplay)
        let error: WaylandError
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(rawDisplay, &interface, &objectID)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            error = .protocolError(
                interface: name, objectID: objectID, code: protocolCode,
                message: Self.protocolMessage(from: LibwaylandLog.takeLast()))
        } else {
            error = .connectionLost(reason: String(cString: strerror(code == 0 ? EPIPE : code)))
        }
        failure = error
        readSource?.cancel()
        readSource = nil
        return error
    }

    /// libwayland logs "wl_surface@3: error 2: <message>"; keep the message.
    private static func protocolMessage(from log: String?) -> String {
        guard let log else { return "(no message)" }
        if let range = log.range(of: ": error "), let colon = log[range.upperBound...].firstIndex(of: ":") {
            return String(log[log.index(after: colon)...]).trimmingLeadingSpaces()
        }
        return log
    }

    private func report(_ error: WaylandError) {
        let handler = fatalErrorHandler
        fatalErrorHandler = nil
        handler?(error)
    }

    /// Closes the connection. Proxies must not be used afterwards.
    public func disconnect() {
        readSource?.cancel()
        readSource = nil
        socketWatch?.cancel()
        socketWatch = nil
        for proxy in liveProxies.values where proxy !== display && proxy.isOwned && !proxy.isDestroyed {
            proxy.destroyLocally()
        }
        liveProxies.removeAll()
        wl_display_disconnect(rawDisplay)
        failure = failure ?? .connectionLost(reason: "disconnected")
    }
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}

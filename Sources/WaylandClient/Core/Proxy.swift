import CWayland
import Glibc

/// A generated interface type: its name, newest version and libwayland description.
@MainActor
public protocol WaylandInterface: Proxy {
    static var name: String { get }
    static var version: UInt32 { get }
    static var interface: UnsafePointer<wl_interface> { get }
}

/// One request argument, before it is laid out as a `wl_argument`.
public enum WireArgument {
    case int(Int32)
    case uint(UInt32)
    case fixed(Double)
    case string(String?)
    case object(Proxy?)
    case newID
    case array([UInt8])
    /// Duplicated by libwayland when sent: the caller keeps its descriptor.
    case fd(Int32)
}

/// A client-side Wayland object. Generated interface classes derive from it; it owns the `wl_proxy`, sends
/// requests through `wl_proxy_marshal_array_flags` and receives events through `wl_proxy_add_dispatcher`
/// (Swift cannot call libwayland's variadic functions nor fill its listener structs safely).
///
/// A proxy lives until it is destroyed (a destructor request, a destructor event or `destroy()`); its
/// connection keeps it alive until then, because the compositor may still send it events.
@MainActor
public class Proxy {
    /// The `wl_proxy`.
    public let raw: OpaquePointer
    /// The version the object was bound or created with.
    public let version: UInt32
    public let connection: Connection
    public private(set) var isDestroyed = false
    /// False for objects another library owns (libwayland-cursor's buffers): never destroyed by us.
    let isOwned: Bool

    init(raw: OpaquePointer, connection: Connection, receivesEvents: Bool, owned: Bool = true) {
        self.raw = raw
        self.isOwned = owned
        self.version = wl_proxy_get_version(raw)
        self.connection = connection
        connection.register(self)
        if receivesEvents {
            _ = wl_proxy_add_dispatcher(raw, dispatchEvent, nil, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    required convenience init(raw: OpaquePointer, connection: Connection) {
        self.init(raw: raw, connection: connection, receivesEvents: true)
    }

    /// The interface name, for messages.
    public var interfaceName: String { String(cString: wl_proxy_get_class(raw)) }

    /// The object id on the wire.
    public var id: UInt32 { wl_proxy_get_id(raw) }

    /// Decodes one event; generated subclasses override it.
    func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>) {}

    // MARK: - Requests

    func requireVersion(_ since: UInt32, for request: String) {
        precondition(
            version >= since,
            "\(interfaceName).\(request) needs version \(since), but this \(interfaceName) is bound at version \(version)"
        )
    }

    func marshal(opcode: UInt32, _ arguments: [WireArgument], destroying: Bool = false) {
        _ = send(opcode: opcode, arguments, creating: nil, version: version, destroying: destroying)
        if destroying { forget() }
    }

    func marshal<T: WaylandInterface>(
        opcode: UInt32, creating type: T.Type, _ arguments: [WireArgument], version: UInt32? = nil
    ) -> T {
        guard
            let created = send(
                opcode: opcode, arguments, creating: T.interface, version: version ?? self.version, destroying: false)
        else {
            preconditionFailure("libwayland could not create a \(T.name) (out of memory)")
        }
        return T(raw: created, connection: connection)
    }

    private func send(
        opcode: UInt32, _ arguments: [WireArgument], creating interface: UnsafePointer<wl_interface>?,
        version: UInt32, destroying: Bool
    ) -> OpaquePointer? {
        precondition(!isDestroyed, "request \(opcode) sent to a destroyed \(interfaceName)")
        // Strings and arrays must outlive the call; libwayland copies them into its buffer.
        var temporaries: [UnsafeMutableRawPointer] = []
        defer { temporaries.forEach { free($0) } }
        var wire = arguments.map { argument -> wl_argument in
            switch argument {
            case .int(let value): return wl_argument(i: value)
            case .uint(let value): return wl_argument(u: value)
            case .fixed(let value): return wl_argument(f: wl_fixed_t(Int32((value * 256).rounded())))
            case .string(let value):
                guard let value, let copy = strdup(value) else { return wl_argument(s: nil) }
                temporaries.append(UnsafeMutableRawPointer(copy))
                return wl_argument(s: UnsafePointer(copy))
            case .object(let proxy): return wl_argument(o: proxy?.raw)
            case .newID: return wl_argument(n: 0)
            case .array(let bytes):
                let array = UnsafeMutablePointer<wl_array>.allocate(capacity: 1)
                let data = malloc(max(bytes.count, 1))!
                bytes.withUnsafeBytes { if let base = $0.baseAddress { memcpy(data, base, bytes.count) } }
                array.pointee = wl_array(size: bytes.count, alloc: bytes.count, data: data)
                temporaries.append(data)
                temporaries.append(UnsafeMutableRawPointer(array))
                return wl_argument(a: array)
            case .fd(let descriptor): return wl_argument(h: descriptor)
            }
        }
        if wire.isEmpty { wire.append(wl_argument(u: 0)) }  // never hand libwayland a NULL array
        let flags: UInt32 = destroying ? 1 : 0  // WL_MARSHAL_FLAG_DESTROY
        let result = wire.withUnsafeMutableBufferPointer {
            wl_proxy_marshal_array_flags(raw, opcode, interface, version, flags, $0.baseAddress)
        }
        connection.scheduleFlush()
        return result
    }

    // MARK: - Lifetime

    /// Destroys the proxy without telling the compositor: for interfaces without a destructor request, and
    /// after a destructor event.
    func destroyLocally() {
        guard !isDestroyed else { return }
        wl_proxy_destroy(raw)
        forget()
    }

    private func forget() {
        isDestroyed = true
        connection.unregister(self)
    }

    // MARK: - Event arguments

    func object<T: Proxy>(_ raw: OpaquePointer?, as type: T.Type) -> T? {
        raw.flatMap { connection.proxy(for: $0) as? T }
    }

    /// Wraps an object the compositor created with a `new_id` event argument.
    func adopt<T: Proxy>(_ raw: OpaquePointer?, as type: T.Type) -> T {
        guard let raw else { preconditionFailure("\(interfaceName) event created a \(T.self) without an object") }
        return T(raw: raw, connection: connection)
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    static func bytes(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt8] {
        guard let array, let data = array.pointee.data, array.pointee.size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: array.pointee.size))
    }
}

/// libwayland calls this for every event of every proxy that has a dispatcher; `data` is the Swift object.
private func dispatchEvent(
    _ implementation: UnsafeRawPointer?, _ target: UnsafeMutableRawPointer?, _ opcode: UInt32,
    _ message: UnsafePointer<wl_message>?, _ arguments: UnsafeMutablePointer<wl_argument>?
) -> Int32 {
    guard let target, let data = wl_proxy_get_user_data(OpaquePointer(target)) else { return 0 }
    // Events without arguments may come with no array; generated code never reads it then.
    // libwayland dispatches on the thread that called dispatch_pending: the main thread.
    nonisolated(unsafe) let proxyData = data
    nonisolated(unsafe) let eventArguments = arguments ?? noArguments
    MainActor.assumeIsolated {
        Unmanaged<Proxy>.fromOpaque(proxyData).takeUnretainedValue().dispatch(opcode: opcode, arguments: eventArguments)
    }
    return 0
}

nonisolated(unsafe) private let noArguments = UnsafeMutablePointer<wl_argument>.allocate(capacity: 1)

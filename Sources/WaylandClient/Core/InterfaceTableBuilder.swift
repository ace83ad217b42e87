import CWayland
import Glibc

/// Builds libwayland's `wl_interface` / `wl_message` tables at run time from the scanner's descriptions, so
/// no C needs generating. All interfaces of a run are allocated first and filled second, because messages
/// refer to interfaces (including their own) by address.
enum InterfaceTableBuilder {
    struct Message: Sendable {
        var name: String
        var signature: String
        /// Positions in the table of each argument's interface, or nil for non-object arguments.
        var types: [Int?]
        init(_ name: String, _ signature: String, _ types: [Int?]) {
            self.name = name
            self.signature = signature
            self.types = types
        }
    }

    struct Interface: Sendable {
        var name: String
        var version: Int32
        var requests: [Message]
        var events: [Message]
    }

    /// Returns the table; it lives for the rest of the process, as libwayland expects.
    static func build(_ interfaces: [Interface]) -> UnsafeMutablePointer<wl_interface> {
        let table = UnsafeMutablePointer<wl_interface>.allocate(capacity: interfaces.count)
        func messages(_ list: [Message]) -> UnsafePointer<wl_message>? {
            guard !list.isEmpty else { return nil }
            let storage = UnsafeMutablePointer<wl_message>.allocate(capacity: list.count)
            for (offset, message) in list.enumerated() {
                let types = UnsafeMutablePointer<UnsafePointer<wl_interface>?>.allocate(
                    capacity: max(message.types.count, 1))
                types.initialize(repeating: nil, count: max(message.types.count, 1))
                for (slot, position) in message.types.enumerated() {
                    types[slot] = position.map { UnsafePointer(table + $0) }
                }
                storage[offset] = wl_message(
                    name: strdup(message.name), signature: strdup(message.signature), types: types)
            }
            return UnsafePointer(storage)
        }
        for (position, interface) in interfaces.enumerated() {
            (table + position).initialize(
                to: wl_interface(
                    name: strdup(interface.name), version: interface.version,
                    method_count: Int32(interface.requests.count), methods: messages(interface.requests),
                    event_count: Int32(interface.events.count), events: messages(interface.events)))
        }
        return table
    }
}

/// What can go wrong talking to a compositor; each description is one line a user can act on.
public enum WaylandError: Error, Equatable, CustomStringConvertible {
    /// `wl_display_connect` failed: no compositor at the socket the environment names.
    case noCompositor(socket: String, reason: String)
    /// The compositor reported a protocol error on one of our objects, and closed the connection.
    case protocolError(interface: String, objectID: UInt32, code: UInt32, message: String)
    /// The connection broke: the compositor died or closed it.
    case connectionLost(reason: String)
    /// A global the client cannot work without is not advertised.
    case missingGlobal(String)

    public var description: String {
        switch self {
        case .noCompositor(let socket, let reason):
            return "cannot connect to a Wayland compositor at \(socket): \(reason). "
                + "Start one, or point WAYLAND_DISPLAY (and XDG_RUNTIME_DIR) at its socket."
        case .protocolError(let interface, let objectID, let code, let message):
            return "Wayland protocol error on \(interface)@\(objectID), code \(code): \(message)"
        case .connectionLost(let reason):
            return "lost the connection to the Wayland compositor: \(reason)"
        case .missingGlobal(let name):
            return "the Wayland compositor does not offer \(name), which this program needs"
        }
    }
}

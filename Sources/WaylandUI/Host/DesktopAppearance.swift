import CDBus
import Dispatch
import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

/// The desktop's dark-style preference, which `colorScheme` follows: read from the settings portal
/// (`org.freedesktop.portal.Settings`, `org.freedesktop.appearance` `color-scheme`: 1 prefers dark, 0 and 2 light)
/// on the session bus at launch, then followed through its `SettingChanged` signal.
///
/// Everything runs on the main queue: the bus connection's descriptor is a dispatch source there, and the
/// launch read is an asynchronous call (a missing portal cannot hold up the first frame). Without a session bus
/// or a portal the scheme stays light and nothing is logged: most kiosks and CI machines have neither.
@MainActor
final class DesktopAppearance {
    /// The app's one reader, started by the window manager.
    static let shared = DesktopAppearance()

    private(set) var colorScheme = ColorScheme.light
    /// Called on the main queue when the desktop's preference changes.
    var onChange: ((ColorScheme) -> Void)?

    private var connection: OpaquePointer?
    private var source: DispatchSourceRead?
    private var pendingRead: (serial: UInt32, method: String)?
    /// Whether a read of the setting still waits for its answer.
    var isReading: Bool { pendingRead != nil }

    private static let portalName = "org.freedesktop.portal.Desktop"
    private static let portalPath = "/org/freedesktop/portal/desktop"
    private static let settingsInterface = "org.freedesktop.portal.Settings"
    private static let namespace = "org.freedesktop.appearance"
    private static let key = "color-scheme"

    /// Connects to the session bus (or to the bus at `address`), asks the portal and listens for changes.
    /// Returns whether a bus was reached.
    @discardableResult
    func start(address: String? = nil) -> Bool {
        guard connection == nil else { return true }
        let environmentAddress = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        guard let address = address ?? environmentAddress, !address.isEmpty else { return false }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let opened = dbus_connection_open_private(address, &error) else { return false }
        dbus_connection_set_exit_on_disconnect(opened, 0)
        guard dbus_bus_register(opened, &error) != 0 else {
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            return false
        }
        connection = opened
        let rule =
            "type='signal',interface='\(Self.settingsInterface)',member='SettingChanged',"
            + "path='\(Self.portalPath)',arg0='\(Self.namespace)',arg1='\(Self.key)'"
        dbus_bus_add_match(opened, rule, nil)
        var descriptor: Int32 = -1
        guard dbus_connection_get_unix_fd(opened, &descriptor) != 0 else {
            stop()
            return false
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.receive() } }
        source.resume()
        self.source = source
        read(method: "ReadOne")
        // Replies may already wait in the connection's buffer (read while adding the match).
        receive()
        return true
    }

    /// Closes the connection (tests; the app keeps it for its life).
    func stop() {
        source?.cancel()
        source = nil
        if let connection {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
        }
        connection = nil
        pendingRead = nil
    }

    /// Asks the portal for the setting: `ReadOne` (portal version 2), else the older `Read`.
    private func read(method: String) {
        guard let connection,
            let message = dbus_message_new_method_call(Self.portalName, Self.portalPath, Self.settingsInterface, method)
        else { return }
        defer { dbus_message_unref(message) }
        var arguments = DBusMessageIter()
        dbus_message_iter_init_append(message, &arguments)
        for text in [Self.namespace, Self.key] {
            text.withCString { pointer in
                var string: UnsafePointer<CChar>? = pointer
                _ = dbus_message_iter_append_basic(&arguments, WUI_DBUS_TYPE_STRING, &string)
            }
        }
        var serial: dbus_uint32_t = 0
        guard dbus_connection_send(connection, message, &serial) != 0 else { return }
        dbus_connection_flush(connection)
        pendingRead = (serial, method)
    }

    private func receive() {
        guard let connection else { return }
        _ = dbus_connection_read_write(connection, 0)
        while let message = dbus_connection_pop_message(connection) {
            handle(message)
            dbus_message_unref(message)
        }
        if dbus_connection_get_is_connected(connection) == 0 { stop() }
    }

    private func handle(_ message: OpaquePointer) {
        let type = dbus_message_get_type(message)
        if let pending = pendingRead, dbus_message_get_reply_serial(message) == pending.serial {
            pendingRead = nil
            if type == DBUS_MESSAGE_TYPE_ERROR {
                if pending.method == "ReadOne" { read(method: "Read") }
                return
            }
            var arguments = DBusMessageIter()
            guard dbus_message_iter_init(message, &arguments) != 0 else { return }
            apply(Self.unsignedValue(in: &arguments))
            return
        }
        guard type == DBUS_MESSAGE_TYPE_SIGNAL,
            dbus_message_is_signal(message, Self.settingsInterface, "SettingChanged") != 0
        else { return }
        var arguments = DBusMessageIter()
        guard dbus_message_iter_init(message, &arguments) != 0,
            Self.string(in: &arguments) == Self.namespace, dbus_message_iter_next(&arguments) != 0,
            Self.string(in: &arguments) == Self.key, dbus_message_iter_next(&arguments) != 0
        else { return }
        apply(Self.unsignedValue(in: &arguments))
    }

    private func apply(_ value: UInt32?) {
        guard let value else { return }
        let scheme: ColorScheme = value == 1 ? .dark : .light
        guard scheme != colorScheme else { return }
        colorScheme = scheme
        onChange?(scheme)
    }

    private static func string(in iterator: inout DBusMessageIter) -> String? {
        guard dbus_message_iter_get_arg_type(&iterator) == WUI_DBUS_TYPE_STRING else { return nil }
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) }
    }

    /// The unsigned (or non-negative signed) integer at the iterator, looking through variants (`Read` wraps twice).
    private static func unsignedValue(in iterator: inout DBusMessageIter, depth: Int = 0) -> UInt32? {
        switch dbus_message_iter_get_arg_type(&iterator) {
        case WUI_DBUS_TYPE_VARIANT where depth < 4:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return unsignedValue(in: &inner, depth: depth + 1)
        case WUI_DBUS_TYPE_UINT32:
            var value: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return value
        case WUI_DBUS_TYPE_INT32:
            var value: Int32 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return value >= 0 ? UInt32(value) : nil
        default:
            return nil
        }
    }
}

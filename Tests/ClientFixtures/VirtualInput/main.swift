// A persistent virtual pointer and keyboard for tests under wlroots compositors (sway). While it lives the
// headless seat has a pointer and a keyboard, so clients get both, with one stable keymap (US, Right Alt as Compose) and no
// device churn between keys. Commands, one per line, come from FIFO; each line is one input frame, and
// "ok LINE" is appended to ACKS once the compositor has processed it.
// With `--input-method` it is instead the seat's input method (InputMethod.swift); with `--drag-source` a window
// that starts a drag of another program's data (DragSource.swift).
//
//   VirtualInput FIFO ACKS WIDTH HEIGHT
//   motion X Y | button CODE 1|0 | axis AXIS VALUE | key CODE 1|0      (X, Y in a WIDTH x HEIGHT layout)
import CWayland
import CXKBCommon
import Foundation
import WaylandClient

struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

/// The keymap sent to the compositor, and the modifier state it implies.
final class VirtualKeymap {
    let text: String
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    init() throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw FixtureError(description: "xkb_context_new failed")
        }
        var names = xkb_rule_names()
        // Right Alt is the Compose key (compose:ralt), so tests can type compose sequences; Left Alt stays Alt.
        let strings = ["evdev", "pc105", "us", "compose:ralt"].map { (name: String) in name.withCString { strdup($0)! }
        }
        defer { strings.forEach { free($0) } }
        names.rules = UnsafePointer(strings[0])
        names.model = UnsafePointer(strings[1])
        names.layout = UnsafePointer(strings[2])
        names.options = UnsafePointer(strings[3])
        guard let keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS),
            let state = xkb_state_new(keymap),
            let serialized = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1)
        else {
            throw FixtureError(description: "cannot compile the US keymap (is xkb-data installed?)")
        }
        text = String(cString: serialized)
        free(serialized)
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    /// Applies a key and returns (depressed, latched, locked, group).
    func update(key: UInt32, pressed: Bool) -> (UInt32, UInt32, UInt32, UInt32) {
        _ = xkb_state_update_key(state, key + 8, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return (
            xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
            xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
            xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
            xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE)
        )
    }
}

@MainActor
final class VirtualInputDriver {
    let connection: Connection
    let pointer: ZwlrVirtualPointerV1
    let keyboard: ZwpVirtualKeyboardV1
    let keymap: VirtualKeymap
    let acks: FileHandle
    let width: UInt32
    let height: UInt32
    private let start = Date()

    init(acksPath: String, width: UInt32, height: UInt32) throws {
        connection = try Connection.connect()
        let registry = try Registry(connection: connection)
        let seat = try registry.require(WlSeat.self)
        pointer = try registry.require(ZwlrVirtualPointerManagerV1.self).createVirtualPointer(seat: seat)
        keyboard = try registry.require(ZwpVirtualKeyboardManagerV1.self).createVirtualKeyboard(seat: seat)
        keymap = try VirtualKeymap()
        try Self.upload(keymap, to: keyboard)
        try connection.roundtrip()
        _ = FileManager.default.createFile(atPath: acksPath, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: acksPath) else {
            throw FixtureError(description: "cannot write \(acksPath)")
        }
        acks = handle
        self.width = width
        self.height = height
    }

    /// Sends the keymap (again: `keymap` mid-session is a keymap change, as a layout switch or a new virtual keyboard).
    static func upload(_ keymap: VirtualKeymap, to keyboard: ZwpVirtualKeyboardV1) throws {
        let bytes = Array(keymap.text.utf8) + [0]
        let memory = waylandui_memfd_create("virtual-keymap")
        guard memory >= 0, bytes.withUnsafeBytes({ write(memory, $0.baseAddress, $0.count) }) == bytes.count else {
            throw FixtureError(description: "cannot store the keymap")
        }
        keyboard.keymap(format: .xkbV1, fd: memory, size: UInt32(bytes.count))
        close(memory)  // the request carries a duplicate
    }

    private var now: UInt32 { UInt32(Date().timeIntervalSince(start) * 1000) }

    func execute(_ line: String) {
        var understood = true
        var pointerUsed = false
        for command in line.split(separator: ";") {
            let words = command.split(separator: " ")
            switch (words.first, words.count) {
            case ("motion", 3):
                let x = UInt32(max(0, Double(words[1]) ?? 0))
                let y = UInt32(max(0, Double(words[2]) ?? 0))
                pointer.motionAbsolute(time: now, x: x, y: y, xExtent: width, yExtent: height)
                pointerUsed = true
            case ("button", 3):
                pointer.button(
                    time: now, button: UInt32(words[1]) ?? 272, state: words[2] == "1" ? .pressed : .released)
                pointerUsed = true
            case ("axis", 3):
                pointer.axis(
                    time: now, axis: words[1] == "1" ? .horizontalScroll : .verticalScroll, value: Double(words[2]) ?? 0
                )
                pointerUsed = true
            case ("key", 3):
                let key = UInt32(words[1]) ?? 0
                let pressed = words[2] == "1"
                keyboard.key(time: now, key: key, state: pressed ? 1 : 0)
                let (depressed, latched, locked, group) = keymap.update(key: key, pressed: pressed)
                keyboard.modifiers(modsDepressed: depressed, modsLatched: latched, modsLocked: locked, group: group)
            case ("keymap", 1):
                understood = (try? Self.upload(keymap, to: keyboard)) != nil
            default:
                understood = false
            }
        }
        if pointerUsed { pointer.frame() }
        do {
            try connection.roundtrip()
        } catch {
            WaylandSession.exitWithError(error)
        }
        acks.write(Data("\(understood ? "ok" : "error") \(line)\n".utf8))
    }
}

/// Reads command lines from `fifoPath` on the main queue and hands each to `execute`, forever.
@MainActor
func serveCommands(from fifoPath: String, connection: Connection, execute: @escaping @MainActor (String) -> Void)
    -> Never
{
    // Opened read-write so the FIFO never reports end-of-file when a writer goes away.
    let fifo = open(fifoPath, O_RDWR | O_NONBLOCK)
    guard fifo >= 0 else { WaylandSession.exitWithError(FixtureError(description: "cannot open \(fifoPath)")) }
    let source = DispatchSource.makeReadSource(fileDescriptor: fifo, queue: .main)
    var pending = ""
    source.setEventHandler {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fifo, &buffer, buffer.count)
        guard count > 0 else { return }
        pending += String(decoding: buffer[..<count], as: UTF8.self)
        while let newline = pending.firstIndex(of: "\n") {
            let line = String(pending[..<newline])
            pending = String(pending[pending.index(after: newline)...])
            if !line.isEmpty { MainActor.assumeIsolated { execute(line) } }
        }
    }
    source.resume()
    connection.startEventSource { error in WaylandSession.exitWithError(error) }
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    while true { RunLoop.main.run() }
}

@MainActor
func runVirtualInput() -> Never {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "--drag-source" { runDragSource(mimeType: arguments[2]) }
    if arguments.count == 4, arguments[1] == "--input-method" {
        let method: TestInputMethod
        do { method = try TestInputMethod(acksPath: arguments[3]) } catch { WaylandSession.exitWithError(error) }
        serveCommands(from: arguments[2], connection: method.connection, execute: method.execute)
    }
    guard arguments.count == 5, let width = UInt32(arguments[3]), let height = UInt32(arguments[4]) else {
        WaylandSession.exitWithError(
            FixtureError(
                description: "usage: VirtualInput FIFO ACKS WIDTH HEIGHT | VirtualInput --input-method FIFO ACKS"))
    }
    let driver: VirtualInputDriver
    do { driver = try VirtualInputDriver(acksPath: arguments[2], width: width, height: height) } catch {
        WaylandSession.exitWithError(error)
    }
    serveCommands(from: arguments[1], connection: driver.connection, execute: driver.execute)
}

MainActor.assumeIsolated { runVirtualInput() }

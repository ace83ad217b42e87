import CXKBCommon
import Glibc

/// The compositor's keymap and the keyboard state it drives (xkbcommon): evdev codes ▸ keysyms and text.
final class Keymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// Reads an XKB text keymap from the fd the compositor sent (which is closed here, whatever happens).
    init?(fd: Int32, size: UInt32) {
        defer { close(fd) }
        // From wl_keyboard v7 the fd must be mapped privately.
        guard size > 0, let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else { return nil }
        defer { munmap(mapped, Int(size)) }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let text = mapped.assumingMemoryBound(to: CChar.self)
        guard let keymap = xkb_keymap_new_from_buffer(context, text, strnlen(text, Int(size)), XKB_KEYMAP_FORMAT_TEXT_V1,
                                                      XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The keysym, its name and the text of an evdev key under the current modifiers.
    func describe(evdevKey key: UInt32) -> (keysym: UInt32, name: String, text: String) {
        let code = key + 8                      // XKB keycodes are evdev codes + 8
        let keysym = xkb_state_key_get_one_sym(state, code)
        var nameBuffer = [CChar](repeating: 0, count: 64)
        _ = xkb_keysym_get_name(keysym, &nameBuffer, nameBuffer.count)
        var textBuffer = [CChar](repeating: 0, count: 16)
        _ = xkb_state_key_get_utf8(state, code, &textBuffer, textBuffer.count)
        return (keysym, Self.string(nameBuffer), Self.string(textBuffer))
    }

    /// Whether holding the key repeats it (not for modifiers, for instance).
    func repeats(evdevKey key: UInt32) -> Bool {
        xkb_keymap_key_repeats(keymap, key + 8) == 1
    }

    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) -> KeyModifiers {
        _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        var modifiers: KeyModifiers = []
        let names: [(String, KeyModifiers)] = [("Shift", .shift), ("Control", .control), ("Mod1", .alt), ("Mod4", .logo), ("Lock", .capsLock)]
        for (name, flag) in names where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) == 1 {
            modifiers.insert(flag)
        }
        return modifiers
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

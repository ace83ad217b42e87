import CXKBCommon
import Glibc

/// The compositor's keymap and the keyboard state it drives (xkbcommon): evdev codes ▸ keysyms and text,
/// through the locale's compose table (dead keys, the Compose key).
final class Keymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// `nil` when the locale has no compose table: keys then give their plain text.
    private let compose: OpaquePointer?

    /// Reads an XKB text keymap from the fd the compositor sent (which is closed here, whatever happens).
    init?(fd: Int32, size: UInt32) {
        defer { close(fd) }
        // From wl_keyboard v7 the fd must be mapped privately.
        guard size > 0, let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            return nil
        }
        defer { munmap(mapped, Int(size)) }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let text = mapped.assumingMemoryBound(to: CChar.self)
        guard
            let keymap = xkb_keymap_new_from_buffer(
                context, text, strnlen(text, Int(size)), XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS),
            let state = xkb_state_new(keymap)
        else {
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
        compose = Self.composeState(context)
    }

    /// A keymap from RMLVO names (tests; `layout` such as "de", `options` such as "compose:ralt").
    init?(layout: String, variant: String = "", options: String = "", locale: String? = nil) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        var keymap: OpaquePointer?
        layout.withCString { layoutName in
            variant.withCString { variantName in
                options.withCString { optionNames in
                    var names = xkb_rule_names(
                        rules: nil, model: nil, layout: layoutName, variant: variantName, options: optionNames)
                    keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
        }
        guard let keymap, let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
        compose = Self.composeState(context, locale: locale)
    }

    /// The compose state for the user's locale (LC_ALL, LC_CTYPE, LANG); plain "C" uses C.UTF-8's table, which
    /// is the usual one (en_US's), as a C locale has no dead-key sequences.
    private static func composeState(_ context: OpaquePointer, locale: String? = nil) -> OpaquePointer? {
        let variables = ["LC_ALL", "LC_CTYPE", "LANG"]
        var name =
            locale ?? variables.compactMap { variable in getenv(variable).map { String(cString: $0) } }.first {
                !$0.isEmpty
            } ?? "C"
        if name == "C" || name == "POSIX" { name = "C.UTF-8" }
        guard let table = xkb_compose_table_new_from_locale(context, name, XKB_COMPOSE_COMPILE_NO_FLAGS) else {
            return nil
        }
        defer { xkb_compose_table_unref(table) }
        return xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS)
    }

    deinit {
        if let compose { xkb_compose_state_unref(compose) }
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The keysym, its name and the text of an evdev key under the current modifiers. A key going down
    /// (`pressed`) also feeds the compose state: inside a sequence (after a dead key or Compose) the key gives
    /// no name and no text, so nothing types it; the key completing a sequence gives the composed text.
    func describe(evdevKey key: UInt32, pressed: Bool = false) -> (keysym: UInt32, name: String, text: String) {
        let code = key + 8  // XKB keycodes are evdev codes + 8
        let keysym = xkb_state_key_get_one_sym(state, code)
        var nameBuffer = [CChar](repeating: 0, count: 64)
        _ = xkb_keysym_get_name(keysym, &nameBuffer, nameBuffer.count)
        var textBuffer = [CChar](repeating: 0, count: 16)
        _ = xkb_state_key_get_utf8(state, code, &textBuffer, textBuffer.count)
        let plain = (keysym, Self.string(nameBuffer), Self.string(textBuffer))
        guard pressed, let compose, xkb_compose_state_feed(compose, keysym) == XKB_COMPOSE_FEED_ACCEPTED else {
            return plain
        }
        switch xkb_compose_state_get_status(compose) {
        case XKB_COMPOSE_COMPOSING:
            return (keysym, "", "")
        case XKB_COMPOSE_COMPOSED:
            var composed = [CChar](repeating: 0, count: 64)
            _ = xkb_compose_state_get_utf8(compose, &composed, composed.count)
            xkb_compose_state_reset(compose)
            let text = Self.string(composed)
            return (keysym, text.count == 1 ? text : plain.1, text)
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(compose)
            return (keysym, "", "")
        default:
            return plain
        }
    }

    /// Whether holding the key repeats it (not for modifiers, for instance).
    func repeats(evdevKey key: UInt32) -> Bool {
        xkb_keymap_key_repeats(keymap, key + 8) == 1
    }

    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) -> KeyModifiers {
        _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        var modifiers: KeyModifiers = []
        let names: [(String, KeyModifiers)] = [
            ("Shift", .shift), ("Control", .control), ("Mod1", .alt), ("Mod4", .logo), ("Lock", .capsLock),
        ]
        for (name, flag) in names where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) == 1 {
            modifiers.insert(flag)
        }
        return modifiers
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

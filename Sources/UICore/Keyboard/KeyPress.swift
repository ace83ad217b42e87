import Foundation

/// A key as it appears in a keyboard shortcut or a key press: a character, or one of the special keys
/// (which use the private-use characters AppKit uses, as SwiftUI does).
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The character of the key.
    public var character: Character
    /// The key producing `character`.
    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral character: Character) { self.character = character }

    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let escape = KeyEquivalent("\u{1B}")
    /// Backspace (AppKit's "delete").
    public static let delete = KeyEquivalent("\u{7F}")
    /// The Delete key (deletes forward).
    public static let deleteForward = KeyEquivalent("\u{F728}")
    public static let home = KeyEquivalent("\u{F729}")
    public static let end = KeyEquivalent("\u{F72B}")
    public static let pageUp = KeyEquivalent("\u{F72C}")
    public static let pageDown = KeyEquivalent("\u{F72D}")
    public static let clear = KeyEquivalent("\u{F739}")
    public static let tab = KeyEquivalent("\t")
    public static let space = KeyEquivalent(" ")
    /// Return (Enter).
    public static let `return` = KeyEquivalent("\r")
}

/// The modifier keys held during a key press.
///
/// On Linux, Ctrl is both `.control` and `.command`: shortcuts written for macOS (`.command`, the default
/// of `keyboardShortcut`) answer to Ctrl, as Linux desktops expect. Alt is `.option`. The Super (logo)
/// key is none of them: desktops keep it for themselves.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let capsLock = EventModifiers(rawValue: 1)
    public static let shift = EventModifiers(rawValue: 2)
    public static let control = EventModifiers(rawValue: 4)
    /// Alt.
    public static let option = EventModifiers(rawValue: 8)
    /// Ctrl on Linux (see the type's notes).
    public static let command = EventModifiers(rawValue: 16)
    public static let numericPad = EventModifiers(rawValue: 32)
    /// The Fn key (never reported on Linux: keyboards handle it themselves).
    public static let function = EventModifiers(rawValue: 64)
    public static let all = EventModifiers(rawValue: 127)

    /// The modifiers that tell shortcuts apart, with Ctrl and Command made one.
    package var shortcutRelevant: EventModifiers {
        var result = intersection([.shift, .control, .option, .command])
        if !result.isDisjoint(with: [.control, .command]) { result.formUnion([.control, .command]) }
        return result
    }
}

/// A key press delivered to `onKeyPress` handlers.
public struct KeyPress: Sendable, CustomStringConvertible {
    /// Key down, repeat while held, key up.
    public struct Phases: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let down = Phases(rawValue: 1)
        /// The key is held and repeats (at the compositor's repeat rate).
        public static let `repeat` = Phases(rawValue: 2)
        public static let up = Phases(rawValue: 4)
        public static let all: Phases = [.down, .repeat, .up]
    }
    /// Whether a handler dealt with the press: `.handled` stops it; `.ignored` passes it on to ancestors.
    public enum Result: Hashable, Sendable { case handled, ignored }

    /// Which phase this is (exactly one of `.down`, `.repeat`, `.up`).
    public let phase: KeyPress.Phases
    /// The key pressed (a character, or a special key such as `.upArrow`).
    public let key: KeyEquivalent
    /// The text the key produces with the current modifiers (may be a control character, or empty).
    public let characters: String
    /// The modifiers held.
    public let modifiers: EventModifiers

    /// A key press (hosts create these from their keyboard events).
    public init(phase: KeyPress.Phases, key: KeyEquivalent, characters: String, modifiers: EventModifiers) {
        self.phase = phase
        self.key = key
        self.characters = characters
        self.modifiers = modifiers
    }

    public var description: String {
        let phaseName = phase == .down ? "down" : phase == .up ? "up" : "repeat"
        return "KeyPress(\(phaseName) \(key.debugName) \(characters.debugDescription) modifiers \(modifiers.rawValue))"
    }
}

extension KeyEquivalent {
    /// A readable name: the special keys by name, characters as they are.
    public var debugName: String {
        let names: [KeyEquivalent: String] = [
            .upArrow: "upArrow", .downArrow: "downArrow", .leftArrow: "leftArrow", .rightArrow: "rightArrow",
            .escape: "escape", .delete: "delete", .deleteForward: "deleteForward", .home: "home", .end: "end",
            .pageUp: "pageUp", .pageDown: "pageDown", .clear: "clear", .tab: "tab", .space: "space", .return: "return",
        ]
        return names[self] ?? String(character)
    }

    /// Shortcuts compare letters regardless of case (Shift is a modifier of its own).
    package var shortcutFolded: String { String(character).lowercased() }
}

/// A key and modifiers that trigger a button from anywhere in its window.
public struct KeyboardShortcut: Hashable, Sendable {
    public var key: KeyEquivalent
    public var modifiers: EventModifiers
    /// `key` with `modifiers` (Ctrl on Linux by default: `.command`).
    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }
    /// Return: the default button of a window or dialog.
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// Escape: the button that cancels.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])

    /// Whether `press` (a key going down) is this shortcut.
    package func matches(_ press: KeyPress) -> Bool {
        press.key.shortcutFolded == key.shortcutFolded && press.modifiers.shortcutRelevant == modifiers.shortcutRelevant
    }
}

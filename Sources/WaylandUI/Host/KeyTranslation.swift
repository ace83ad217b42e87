import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// Wayland keyboard events (xkbcommon keysyms and text) as SwiftUI key presses.
enum KeyTranslation {
    /// Keys known by their keysym name; F1…F12 use AppKit's function-key characters, as SwiftUI does.
    private static let namedKeys: [String: KeyEquivalent] = {
        var table: [String: KeyEquivalent] = [
            "Escape": .escape, "Return": .return, "KP_Enter": .return, "Tab": .tab, "ISO_Left_Tab": .tab,
            "space": .space, "KP_Space": .space, "BackSpace": .delete, "Delete": .deleteForward,
            "KP_Delete": .deleteForward,
            "Up": .upArrow, "KP_Up": .upArrow, "Down": .downArrow, "KP_Down": .downArrow,
            "Left": .leftArrow, "KP_Left": .leftArrow, "Right": .rightArrow, "KP_Right": .rightArrow,
            "Home": .home, "KP_Home": .home, "End": .end, "KP_End": .end,
            "Prior": .pageUp, "KP_Prior": .pageUp, "Next": .pageDown, "KP_Next": .pageDown, "Clear": .clear,
        ]
        for number in 1...12 {
            table["F\(number)"] = KeyEquivalent(Character(Unicode.Scalar(0xF703 + number)!))
        }
        return table
    }()

    /// The modifiers as SwiftUI names them: Ctrl is `.control` and `.command` (see `EventModifiers`), Alt `.option`.
    static func modifiers(_ keys: KeyModifiers) -> EventModifiers {
        var result: EventModifiers = []
        if keys.contains(.shift) { result.insert(.shift) }
        if keys.contains(.control) { result.formUnion([.control, .command]) }
        if keys.contains(.alt) { result.insert(.option) }
        if keys.contains(.capsLock) { result.insert(.capsLock) }
        return result
    }

    /// The key press of a key event, or nil for keys SwiftUI does not report (modifier keys alone).
    static func keyPress(phase: KeyPhase, keysymName: String, text: String, modifiers: KeyModifiers) -> KeyPress? {
        let key: KeyEquivalent
        if let named = namedKeys[keysymName] {
            key = named
        } else if let scalar = text.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F,
            let first = text.first
        {
            key = KeyEquivalent(first)
        } else if keysymName.count == 1, let first = keysymName.first {
            key = KeyEquivalent(first)  // Ctrl+letter: the text is a control character, the keysym the letter
        } else {
            return nil
        }
        let pressPhase: KeyPress.Phases =
            switch phase {
            case .down: .down
            case .repeat: .repeat
            case .up: .up
            }
        return KeyPress(
            phase: pressPhase, key: key, characters: text.isEmpty ? String(key.character) : text,
            modifiers: Self.modifiers(modifiers))
    }
}

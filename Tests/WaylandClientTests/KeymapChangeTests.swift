import Testing

@testable import WaylandClient

/// A keymap that changes while a modifier is held (a virtual keyboard starting to type: a keymap of its own, then
/// modifiers and a key in quick succession, in either order) keeps the modifier held.
@Suite struct KeymapChangeTests {
    static let v: UInt32 = 47
    /// Control's mask bit (the core modifiers' order is fixed: Shift, Lock, Control, Mod1…).
    static let control: UInt32 = 1 << 2

    @Test func modifiersSentBeforeANewKeymapApplyToIt() throws {
        let decoder = KeyboardDecoder()
        #expect(decoder.replaceKeymap(try #require(Keymap(layout: "us"))) == nil, "no modifiers sent yet")
        #expect(decoder.updateModifiers(depressed: Self.control, latched: 0, locked: 0, group: 0) == [.control])
        // The new keymap arrives after the modifiers event, before the key.
        #expect(decoder.replaceKeymap(try #require(Keymap(layout: "de"))) == [.control])
        let key = try #require(decoder.keymap).describe(evdevKey: Self.v, pressed: true)
        #expect(key.name == "v" && key.text != "v", "Ctrl+V, not the letter: \(key)")
        // The compositor's next modifiers apply to the new keymap.
        #expect(decoder.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 0) == [])
        #expect(try #require(decoder.keymap).describe(evdevKey: Self.v).text == "v")
    }

    @Test func aKeyboardThatGoesAwayForgetsItsModifiers() throws {
        let decoder = KeyboardDecoder()
        _ = decoder.updateModifiers(depressed: Self.control, latched: 0, locked: 0, group: 0)
        decoder.reset()
        #expect(decoder.replaceKeymap(try #require(Keymap(layout: "us"))) == nil)
        #expect(try #require(decoder.keymap).describe(evdevKey: Self.v).text == "v")
    }
}

import Testing

@testable import WaylandClient

/// Keys ▸ text through xkbcommon with the locale's compose table: dead keys and Compose sequences type one
/// character; keys inside a sequence type nothing; a sequence that does not exist is dropped.
@Suite struct ComposeTests {
    // Evdev codes of a US keyboard.
    static let apostrophe: UInt32 = 40, e: UInt32 = 18, o: UInt32 = 24, c: UInt32 = 46, q: UInt32 = 16,
        rightAlt: UInt32 = 100

    /// Presses (and releases) keys in order; returns the text of each press.
    func type(_ keys: [UInt32], on keymap: Keymap) -> [String] {
        keys.map { key in
            let text = keymap.describe(evdevKey: key, pressed: true).text
            _ = keymap.describe(evdevKey: key, pressed: false)
            return text
        }
    }

    @Test func deadKeysOfTheUSInternationalLayoutCompose() throws {
        let keymap = try #require(Keymap(layout: "us", variant: "intl", locale: "en_US.UTF-8"))
        #expect(keymap.describe(evdevKey: Self.apostrophe).name == "dead_acute")
        #expect(type([Self.apostrophe, Self.e], on: keymap) == ["", "é"])
        #expect(keymap.describe(evdevKey: Self.e, pressed: true).text == "e", "the sequence is over: plain keys again")
    }

    @Test func composeKeySequencesComposeAndUnknownOnesAreDropped() throws {
        let keymap = try #require(Keymap(layout: "us", options: "compose:ralt", locale: "en_US.UTF-8"))
        #expect(type([Self.rightAlt, Self.o, Self.c], on: keymap) == ["", "", "©"])
        #expect(type([Self.rightAlt, Self.q, Self.q], on: keymap) == ["", "", "q"], "cancelled, then plain")
    }

    @Test func plainCLocaleUsesTheUTF8Table() throws {
        let keymap = try #require(Keymap(layout: "us", variant: "intl", locale: "C"))
        #expect(type([Self.apostrophe, Self.e], on: keymap) == ["", "é"])
    }

    @Test func keysWithoutPressingDoNotFeedCompose() throws {
        let keymap = try #require(Keymap(layout: "us", variant: "intl", locale: "en_US.UTF-8"))
        // Releases (and key descriptions for repeat) leave the state alone.
        _ = keymap.describe(evdevKey: Self.apostrophe, pressed: false)
        #expect(keymap.describe(evdevKey: Self.e, pressed: true).text == "e")
    }
}

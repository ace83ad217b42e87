/// A seat's keymap and the modifier masks the compositor last sent. A keymap can change between a modifiers event
/// and the key it is for (a virtual keyboard starting to type: wtype, on-screen keyboards, remote desktops), and a
/// new keymap's state starts with nothing held: the last masks are applied to it, so a held Ctrl stays held, until
/// the compositor's next modifiers event, which then applies to the new keymap.
final class KeyboardDecoder {
    private(set) var keymap: Keymap?
    private var masks: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)?

    /// A new keymap (nil: none usable); the modifiers it holds under the latest masks, if the compositor sent any.
    func replaceKeymap(_ keymap: Keymap?) -> KeyModifiers? {
        self.keymap = keymap
        guard let keymap, let masks else { return nil }
        return keymap.updateModifiers(
            depressed: masks.depressed, latched: masks.latched, locked: masks.locked, group: masks.group)
    }

    /// The compositor's modifiers event: the modifiers now held (none without a keymap).
    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) -> KeyModifiers {
        masks = (depressed, latched, locked, group)
        return keymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group) ?? []
    }

    /// The keyboard went away: a new one starts from its own keymap and modifiers.
    func reset() {
        keymap = nil
        masks = nil
    }
}

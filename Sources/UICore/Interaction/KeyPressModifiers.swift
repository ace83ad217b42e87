import Foundation

extension View {
    /// Runs `action` when `key` goes down or repeats while this view or a view inside it has focus.
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping @MainActor () -> KeyPress.Result) -> some View {
        onKeyPress(key, phases: [.down, .repeat]) { _ in action() }
    }

    /// Runs `action` for `key` in `phases` while this view or a view inside it has focus.
    public func onKeyPress(
        _ key: KeyEquivalent, phases: KeyPress.Phases, action: @escaping @MainActor (KeyPress) -> KeyPress.Result
    ) -> some View {
        keyPressHandler(phases: phases, matches: { $0.key == key }, action: action)
    }

    /// Runs `action` for any of `keys` in `phases` while this view or a view inside it has focus.
    public func onKeyPress(
        keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat],
        action: @escaping @MainActor (KeyPress) -> KeyPress.Result
    ) -> some View {
        keyPressHandler(phases: phases, matches: { keys.contains($0.key) }, action: action)
    }

    /// Runs `action` for presses whose characters are all in `characters`, in `phases`, while this view or a
    /// view inside it has focus.
    public func onKeyPress(
        characters: CharacterSet, phases: KeyPress.Phases = [.down, .repeat],
        action: @escaping @MainActor (KeyPress) -> KeyPress.Result
    ) -> some View {
        keyPressHandler(
            phases: phases,
            matches: { press in
                !press.characters.isEmpty && press.characters.unicodeScalars.allSatisfy { characters.contains($0) }
            }, action: action)
    }

    /// Runs `action` for every key press in `phases` while this view or a view inside it has focus.
    public func onKeyPress(
        phases: KeyPress.Phases = [.down, .repeat], action: @escaping @MainActor (KeyPress) -> KeyPress.Result
    ) -> some View {
        keyPressHandler(phases: phases, matches: { _ in true }, action: action)
    }

    private func keyPressHandler(
        phases: KeyPress.Phases, matches: @escaping @MainActor (KeyPress) -> Bool,
        action: @escaping @MainActor (KeyPress) -> KeyPress.Result
    ) -> some View {
        interaction { _ in .keyPress(KeyPressHandler(phases: phases, matches: matches, action: action)) }
    }

    /// Gives the buttons in this view a keyboard shortcut (`key` with `modifiers`; `.command` is Ctrl on Linux).
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View {
        keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
    }

    /// Gives the buttons in this view `shortcut` (`.defaultAction`: Return, `.cancelAction`: Escape).
    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View {
        environment(\.keyboardShortcut, shortcut)
    }

    /// Gives the buttons in this view `shortcut`, or none.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some View {
        environment(\.keyboardShortcut, shortcut)
    }
}

package struct KeyboardShortcutKey: EnvironmentKey { package static var defaultValue: KeyboardShortcut? { nil } }

extension EnvironmentValues {
    /// The keyboard shortcut buttons in this view answer to.
    public internal(set) var keyboardShortcut: KeyboardShortcut? {
        get { self[KeyboardShortcutKey.self] }
        set { self[KeyboardShortcutKey.self] = newValue }
    }
}

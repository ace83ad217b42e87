import Foundation

/// Dismisses the current presentation: pops the navigation page the view is on, closes the sheet it is in,
/// or, for a window's content, closes the window.
@MainActor
public struct DismissAction {
    package let dismiss: @MainActor () -> Void

    nonisolated package init(_ dismiss: @escaping @MainActor () -> Void) {
        self.dismiss = dismiss
    }

    public func callAsFunction() {
        dismiss()
    }
}

package struct DismissKey: EnvironmentKey {
    package static var defaultValue: DismissAction {
        DismissAction {
            FileHandle.standardError.write(
                Data("WaylandUI: dismiss: nothing to dismiss here (no window, page or sheet); ignored\n".utf8))
        }
    }
}

package struct IsPresentedKey: EnvironmentKey {
    package static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    /// Dismisses the presentation the view is in.
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }

    /// Whether the view is in a pushed navigation page or a presented sheet.
    public var isPresented: Bool {
        get { self[IsPresentedKey.self] }
        set { self[IsPresentedKey.self] = newValue }
    }
}

import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

/// Opens a window of one of the app's scenes: `@Environment(\.openWindow) var openWindow`, then
/// `openWindow(id: "inspector")`. A `Window` scene that is already open stays as it is.
@MainActor
public struct OpenWindowAction {
    let open: @MainActor (String) -> Void

    public func callAsFunction(id: String) {
        open(id)
    }
}

/// Closes a window: `dismissWindow()` the one it is called from, `dismissWindow(id:)` every open window of
/// that scene. The app ends when its last window closes.
@MainActor
public struct DismissWindowAction {
    let dismissCurrent: @MainActor () -> Void
    let dismissScene: @MainActor (String) -> Void

    public func callAsFunction() {
        dismissCurrent()
    }

    public func callAsFunction(id: String) {
        dismissScene(id)
    }
}

/// Outside a window host (offscreen renders) the actions only say why nothing happens.
private func unhosted(_ what: String) {
    FileHandle.standardError.write(Data("WaylandUI: \(what) needs a window on a Wayland compositor; ignored\n".utf8))
}

struct OpenWindowKey: EnvironmentKey {
    static var defaultValue: OpenWindowAction { OpenWindowAction { _ in unhosted("openWindow") } }
}

struct DismissWindowKey: EnvironmentKey {
    static var defaultValue: DismissWindowAction {
        DismissWindowAction(
            dismissCurrent: { unhosted("dismissWindow") }, dismissScene: { _ in unhosted("dismissWindow") })
    }
}

extension EnvironmentValues {
    /// Opens windows of the app's scenes by id.
    public var openWindow: OpenWindowAction {
        get { self[OpenWindowKey.self] }
        set { self[OpenWindowKey.self] = newValue }
    }

    /// Closes windows.
    public var dismissWindow: DismissWindowAction {
        get { self[DismissWindowKey.self] }
        set { self[DismissWindowKey.self] = newValue }
    }
}

import Foundation

/// Beyond SwiftUI: the on/off switch of the window's gesture inspector, for views that offer it in-app
/// (`@Environment(\.gestureInspector) var inspector; … inspector.isOn.toggle()`).
///
/// The host's key and `WAYLANDUI_GESTURE_INSPECTOR=1` switch the same inspector; observe the switch
/// (`@ObservedObject`) to show its state. Outside a window with a gesture system it switches nothing.
@MainActor
package final class GestureInspectorSwitch: ObservableObject {
    /// Whether the inspector draws over the window.
    @Published package var isOn: Bool {
        didSet { if system?.isInspectorEnabled != isOn { system?.isInspectorEnabled = isOn } }
    }
    package weak var system: GestureSystem?

    package init(system: GestureSystem?) {
        self.system = system
        isOn = system?.isInspectorEnabled ?? false
    }

    /// The system's setting changed (the host's key): follow it.
    package func systemChanged() {
        guard let system, system.isInspectorEnabled != isOn else { return }
        isOn = system.isInspectorEnabled
    }
}

package struct GestureInspectorSwitchKey: EnvironmentKey {
    package static var defaultValue: GestureInspectorSwitch {
        MainActor.assumeIsolated { GestureInspectorSwitch(system: nil) }
    }
}

extension EnvironmentValues {
    /// The window's gesture inspector switch (beyond SwiftUI).
    package var gestureInspector: GestureInspectorSwitch {
        get { self[GestureInspectorSwitchKey.self] }
        set { self[GestureInspectorSwitchKey.self] = newValue }
    }
}

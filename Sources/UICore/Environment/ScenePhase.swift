import Foundation

/// Whether a scene is in front of the user: `@Environment(\.scenePhase)`. In WaylandUI the window's state decides:
/// active while the compositor shows it activated (it has keyboard focus), inactive while shown but not
/// activated, background while the compositor says it is suspended (minimised or hidden).
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

package struct ScenePhaseKey: EnvironmentKey { package static var defaultValue: ScenePhase { .active } }

extension EnvironmentValues {
    /// The scene's phase (views outside any window, in previews and tests: active).
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }
}

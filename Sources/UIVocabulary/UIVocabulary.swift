// SwiftUI's vocabulary above the engine (UICore): controls, lists and forms, navigation, tabs, menus, popups,
// presentations, text editing, Canvas, storage and previews. Apps see it through WaylandUI.
@_exported import UICore

// A WaylandUI app with two scenes, for window-management tests: the main window (blue) opens the second
// (orange, a unique `Window` without a title bar) when tapped, or at launch with `--open-second`; a tap
// on the second dismisses it.
import WaylandUI

struct MainContent: View {
    @Environment(\.openWindow) private var openWindow

    var body: some View {
        Color.blue
            .onTapGesture { openWindow(id: "second") }
            .onAppear {
                if CommandLine.arguments.contains("--open-second") { openWindow(id: "second") }
            }
    }
}

struct SecondContent: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Color.orange
            .onTapGesture { dismiss() }
    }
}

@main
struct ScenesProbeApp: App {
    var body: some Scene {
        WindowGroup("Scenes probe", id: "main") {
            MainContent()
        }
        .defaultSize(width: 300, height: 200)

        Window("Second", id: "second") {
            SecondContent()
        }
        .windowStyle(.hiddenTitleBar)
        .defaultSize(width: 240, height: 160)
    }
}

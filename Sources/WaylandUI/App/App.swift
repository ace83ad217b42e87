import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

/// An app, as in SwiftUI: `@main struct MyApp: App { var body: some Scene { WindowGroup { ContentView() } } }`.
///
/// `main()` connects to the Wayland compositor, opens the first scene's window and runs until the last
/// window closes (`openWindow(id:)` opens the others).
/// Command line: `--size WxH`, `--fullscreen`, `--no-cursor`, `--screenshot out.png` (draw the first frame
/// into a PNG and exit — through the compositor when one is reachable, offscreen otherwise), `--previews`
/// (a window of the app's `#Preview`s and `PreviewProvider`s, live), `--preview NAME` (one of them),
/// `--install-desktop-entry [--icon FILE]` / `--uninstall-desktop-entry` (see `DesktopEntry`).
@MainActor
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    /// The program's entry point for `@main`.
    public static func main() {
        let options = HostOptions.parse(CommandLine.arguments)
        if options.listsPreviews || options.preview != nil {
            WaylandHost.run([PreviewWindows.description(for: options)], options: options)
        }
        let app = Self()
        let scenes = WindowDescription.all(in: app.body)
        guard !scenes.isEmpty else {
            FileHandle.standardError.write(Data("WaylandUI: the app's body has no WindowGroup or Window\n".utf8))
            exit(1)
        }
        if let status = DesktopEntry.handle(CommandLine.arguments, title: scenes[0].title) { exit(status) }
        WaylandHost.run(scenes, options: options)
    }
}

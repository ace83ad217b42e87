import Foundation
import UICore

/// An app, as in SwiftUI: `@main struct MyApp: App { var body: some Scene { WindowGroup { ContentView() } } }`.
///
/// `main()` connects to the Wayland compositor, opens the scene's window and runs until it closes.
/// Command line: `--size WxH`, `--fullscreen`, `--no-cursor`, `--screenshot out.png` (draw the first frame
/// into a PNG and exit — through the compositor when one is reachable, offscreen otherwise).
@MainActor
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    /// The program's entry point for `@main`.
    public static func main() {
        let app = Self()
        guard let window = WindowDescription.first(in: app.body) else {
            FileHandle.standardError.write(Data("WaylandUI: the app's body has no WindowGroup\n".utf8))
            exit(1)
        }
        WaylandHost.run(window, options: HostOptions.parse(CommandLine.arguments))
    }
}

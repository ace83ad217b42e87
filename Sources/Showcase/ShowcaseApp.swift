// The Showcase: what `make run` and `make kiosk` start. Without arguments, the launcher; `--demo NAME` opens
// one demo directly (000, 001, 002 are the seed programs, Seeds/, unchanged but for the import; the other
// names are in Demos/Demo.swift).
import WaylandUI

@main
struct ShowcaseApp: App {
    let initialDemo: Demo? = {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--demo"), index + 1 < arguments.count else { return nil }
        let name = arguments[index + 1]
        guard let demo = Demo(argument: name) else {
            let known = Demo.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(
                Data("Showcase: no demo named '\(name)' (known: \(known)); showing the launcher\n".utf8))
            return nil
        }
        return demo
    }()

    var body: some Scene {
        WindowGroup("WaylandUI Showcase") {
            // A demo named on the command line runs on its own, as the program it is; otherwise the launcher.
            if let initialDemo {
                DemoContent(demo: initialDemo)
            } else {
                ShowcaseRoot()
            }
        }
        .defaultSize(width: 800, height: 600)
    }
}

import Foundation
import WaylandClient

/// Opens URLs the way the desktop does: `xdg-open` (the default `openURL` action behind `Link`).
enum DesktopURLOpener {
    static func open(_ url: URL) {
        Probe.report("open-url \(url.absoluteString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.absoluteString]
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("WaylandUI: cannot open \(url.absoluteString) with xdg-open: \(error)\n".utf8))
        }
    }
}

import Foundation

/// The command-line options every WaylandUI app understands.
struct HostOptions: Equatable {
    var size: CGSize?
    var fullscreen = false
    var screenshot: String?
    /// No pointer cursor over the window (kiosks, touch screens, screenshots).
    var hidesCursor = false
    /// `--kiosk`: fullscreen, no title bar, cursor only while a mouse moves, idle ▸ start + attract loop.
    var kiosk = false
    /// `--idle-timeout SECONDS`: how long a kiosk waits before returning to the start.
    var idleTimeout = 60.0
    /// `--attract FILE`: the kiosk's attract recording instead of the app's `Attract.jsonl`.
    var attract: String?
    /// `--record FILE` / `--replay FILE`: input recording and playback.
    var record: String?
    var replay: String?
    /// `--hud`: the frame-time HUD from the start (F12 toggles it).
    var hud = false
    /// `--previews`: a window listing the app's previews instead of its scenes.
    var listsPreviews = false
    /// `--preview NAME`: one of the app's previews instead of its scenes.
    var preview: String?

    static func parse(_ arguments: [String]) -> HostOptions {
        var options = HostOptions()
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--fullscreen": options.fullscreen = true
            case "--no-cursor": options.hidesCursor = true
            case "--screenshot": options.screenshot = iterator.next()
            case "--size":
                let parts = (iterator.next() ?? "").split(separator: "x").compactMap { Double($0) }
                if parts.count == 2, parts[0] > 0, parts[1] > 0 { options.size = CGSize(width: parts[0], height: parts[1]) }
            case "--kiosk": options.kiosk = true; options.fullscreen = true
            case "--idle-timeout":
                let value = iterator.next() ?? ""
                if let seconds = Double(value), seconds > 0, seconds.isFinite {
                    options.idleTimeout = seconds
                } else {
                    FileHandle.standardError.write(Data("WaylandUI: --idle-timeout wants a number of seconds above 0, not '\(value)'; using \(Int(options.idleTimeout))\n".utf8))
                }
            case "--attract": options.attract = iterator.next()
            case "--record": options.record = iterator.next()
            case "--replay": options.replay = iterator.next()
            case "--hud": options.hud = true
            case "--previews": options.listsPreviews = true
            case "--preview": options.preview = iterator.next()
            default: break      // the app's own arguments
            }
        }
        return options
    }
}

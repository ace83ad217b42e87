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
                let value = iterator.next() ?? ""
                if let size = windowSize(parsing: value) {
                    options.size = size
                } else {
                    warn(
                        "--size wants WIDTHxHEIGHT in points, each from 1 to \(Int(largestWindowSide)) (e.g. 800x600), not '\(value.prefix(40))'; using the app's default size"
                    )
                }
            case "--kiosk":
                options.kiosk = true
                options.fullscreen = true
            case "--idle-timeout":
                let value = iterator.next() ?? ""
                if let seconds = Double(value), seconds > 0, seconds.isFinite {
                    options.idleTimeout = seconds
                } else {
                    warn(
                        "--idle-timeout wants a number of seconds above 0, not '\(value.prefix(40))'; using \(Int(options.idleTimeout))"
                    )
                }
            case "--attract": options.attract = iterator.next()
            case "--record": options.record = iterator.next()
            case "--replay": options.replay = iterator.next()
            case "--hud": options.hud = true
            case "--previews": options.listsPreviews = true
            case "--preview": options.preview = iterator.next()
            default: break  // the app's own arguments
            }
        }
        return options
    }

    /// The largest window side in points: an 8K screen at scale 1 fits, and a `--screenshot` drawn offscreen at
    /// this size (8192×8192, 256 MB of pixels) is the largest canvas a mistyped size can ask for.
    static let largestWindowSide = 8192.0

    /// `800x600` as a size, or nil unless both sides are numbers from 1 to `largestWindowSide`.
    static func windowSize(parsing text: String) -> CGSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1] else { return nil }
        return validWindowSize(CGSize(width: width, height: height))
    }

    /// `size` if both sides are from 1 to `largestWindowSide` points (an app's `.defaultSize` is checked too).
    static func validWindowSize(_ size: CGSize) -> CGSize? {
        let range = 1...largestWindowSide
        return range.contains(Double(size.width)) && range.contains(Double(size.height)) ? size : nil
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("WaylandUI: \(message)\n".utf8))
    }
}

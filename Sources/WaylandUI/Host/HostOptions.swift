import Foundation

/// The command-line options every WaylandUI app understands.
struct HostOptions: Equatable {
    var size: CGSize?
    var fullscreen = false
    var screenshot: String?
    /// No pointer cursor over the window (kiosks, touch screens, screenshots).
    var hidesCursor = false

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
            default: break      // the app's own arguments
            }
        }
        return options
    }
}

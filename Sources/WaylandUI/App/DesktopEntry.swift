import Foundation

/// `--install-desktop-entry [--icon FILE]` and `--uninstall-desktop-entry`: puts the app in the desktop's
/// launcher and dock. The entry is named after the app ID the window sets (the executable's name), which is
/// how GNOME and the wlroots docks match a running window to its entry, name and icon.
///
/// Files, under `$XDG_DATA_HOME` (else `~/.local/share`):
/// - `applications/<app id>.desktop`, launching this executable by its absolute path;
/// - `icons/hicolor/<W>x<H>/apps/<app id>.png` (or `scalable/apps/<app id>.svg`) from `--icon`, else from the
///   app's bundled `AppIcon.png` resource if it has one.
enum DesktopEntry {
    /// Handles the options if present (then the app should exit with the returned status); nil otherwise.
    static func handle(_ arguments: [String], title: String) -> Int32? {
        if arguments.contains("--uninstall-desktop-entry") { return report(uninstall()) }
        guard arguments.contains("--install-desktop-entry") else { return nil }
        let icon =
            arguments.firstIndex(of: "--icon").flatMap { index in
                index + 1 < arguments.count ? URL(fileURLWithPath: arguments[index + 1]) : nil
            } ?? Bundle.main.url(forResource: "AppIcon", withExtension: "png")
        return report(install(title: title, icon: icon))
    }

    static var appID: String { URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent }

    static var dataHome: URL {
        if let value = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            return URL(fileURLWithPath: value)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share")
    }

    static var entryFile: URL { dataHome.appending(path: "applications/\(appID).desktop") }

    /// The entry's text. `Exec` quotes the path as the Desktop Entry Specification asks.
    static func entry(title: String, executable: String, hasIcon: Bool) -> String {
        var lines = [
            "[Desktop Entry]",
            "Type=Application",
            "Name=\(escapedValue(title.isEmpty ? appID : title))",
            "Exec=\(quotedArgument(executable))",
            "Terminal=false",
            "StartupWMClass=\(appID)",
            "Categories=Utility;",
        ]
        if hasIcon { lines.append("Icon=\(appID)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A string value: newlines and the escape character itself are escaped.
    static func escapedValue(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// An `Exec` argument: double-quoted when it holds a reserved character, with `"`, `` ` ``, `$` and `\`
    /// backslash-escaped inside; `%` doubled (field codes); then escaped as a string value.
    static func quotedArgument(_ argument: String) -> String {
        let doubled = argument.replacingOccurrences(of: "%", with: "%%")
        let reserved = CharacterSet(charactersIn: " \t\n\"'\\><~|&;$*?#()`")
        guard doubled.unicodeScalars.contains(where: reserved.contains) else { return escapedValue(doubled) }
        var quoted = "\""
        for character in doubled {
            if "\"`$\\".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return escapedValue(quoted + "\"")
    }

    /// Where an icon file goes in the hicolor theme: its pixel size for a PNG, `scalable` for an SVG.
    static func iconDestination(for icon: URL) throws -> URL {
        let apps = dataHome.appending(path: "icons/hicolor")
        switch icon.pathExtension.lowercased() {
        case "svg":
            return apps.appending(path: "scalable/apps/\(appID).svg")
        case "png":
            let header = try FileHandle(forReadingFrom: icon).read(upToCount: 24) ?? Data()
            guard header.count == 24, header.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
                throw DesktopEntryError("\(icon.path) is not a PNG file")
            }
            func bigEndian(_ offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            let width = bigEndian(16)
            let height = bigEndian(20)
            guard (1...1024).contains(width), (1...1024).contains(height) else {
                throw DesktopEntryError("\(icon.path) is \(width)x\(height); an icon is at most 1024x1024")
            }
            return apps.appending(path: "\(width)x\(height)/apps/\(appID).png")
        default:
            throw DesktopEntryError("the icon must be a .png or .svg file, not \(icon.lastPathComponent)")
        }
    }

    static func install(title: String, icon: URL?) -> Result<String, Error> {
        Result {
            let files = FileManager.default
            let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
                .resolvingSymlinksInPath().path
            var written = [entryFile.path]
            if let icon {
                let destination = try iconDestination(for: icon)
                try files.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? files.removeItem(at: destination)
                try files.copyItem(at: icon, to: destination)
                written.append(destination.path)
            }
            try files.createDirectory(at: entryFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try entry(title: title, executable: executable, hasIcon: icon != nil).write(
                to: entryFile, atomically: true, encoding: .utf8)
            return "installed " + written.joined(separator: ", ")
        }
    }

    static func uninstall() -> Result<String, Error> {
        Result {
            let files = FileManager.default
            var removed: [String] = []
            let hicolor = dataHome.appending(path: "icons/hicolor")
            let sizes = (try? files.contentsOfDirectory(atPath: hicolor.path)) ?? []
            for size in sizes {
                for name in ["\(appID).png", "\(appID).svg"] {
                    let icon = hicolor.appending(path: "\(size)/apps/\(name)")
                    if (try? files.removeItem(at: icon)) != nil { removed.append(icon.path) }
                }
            }
            if (try? files.removeItem(at: entryFile)) != nil { removed.append(entryFile.path) }
            return removed.isEmpty ? "nothing to remove for \(appID)" : "removed " + removed.joined(separator: ", ")
        }
    }

    private static func report(_ result: Result<String, Error>) -> Int32 {
        switch result {
        case .success(let message):
            print("WaylandUI: \(message)")
            return 0
        case .failure(let error):
            FileHandle.standardError.write(Data("WaylandUI: desktop entry not installed: \(error)\n".utf8))
            return 1
        }
    }
}

struct DesktopEntryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

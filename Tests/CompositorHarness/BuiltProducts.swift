import Foundation

/// Executables built by `swift build` beside the test bundle.
public enum BuiltProducts {
    public static var directory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The path of a built executable, or an error telling how to build it.
    public static func executable(_ name: String) throws -> String {
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appending(path: name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw HarnessError("\(name) is not built in \(directory.path); run `swift build` (make test does) first")
    }
}

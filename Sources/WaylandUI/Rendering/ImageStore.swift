import Foundation
import Raster
@_spi(Engine) import UICore

/// Loads images for `Image("Name")` and `Image("/path")`: named images come from the app's resources
/// (SwiftPM resource bundles next to the executable) or files beside the executable, with the usual
/// extensions. A missing or unreadable image is reported once and drawn as a placeholder.
@MainActor
package final class ImageStore: ImageSizeProvider {
    package init() {}
    private var images: [ImageSource: RasterImage?] = [:]
    private let extensions = ["png", "jpg", "jpeg"]

    package func size(of source: ImageSource) -> CGSize? {
        image(for: source).map { CGSize(width: $0.width, height: $0.height) }
    }

    func image(for source: ImageSource) -> RasterImage? {
        if let cached = images[source] { return cached }
        let loaded = load(source)
        images[source] = loaded
        return loaded
    }

    private func load(_ source: ImageSource) -> RasterImage? {
        let candidates: [String]
        switch source {
        case .file(let path): candidates = [path]
        case .resource(let name): candidates = resourcePaths(for: name)
        case .system:
            return nil  // symbols are outlines that UICore draws as paths, never pixels
        }
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            do {
                return try RasterImage(contentsOfFile: path)
            } catch {
                report("image \(path) cannot be read (\(error)); drawing a placeholder")
                return nil
            }
        }
        report(
            "image \"\(source)\" not found (looked in \(Self.searchDirectories.map(\.path).joined(separator: ", "))); drawing a placeholder"
        )
        return nil
    }

    /// Resource bundles SwiftPM puts beside the executable, the executable's folder, and the working directory.
    static var searchDirectories: [URL] {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let bundles =
            ((try? FileManager.default.contentsOfDirectory(at: executable, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "resources" }
        return bundles + [executable, URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    }

    private func resourcePaths(for name: String) -> [String] {
        Self.searchDirectories.flatMap { directory in
            [directory.appending(path: name).path] + extensions.map { directory.appending(path: "\(name).\($0)").path }
        }
    }

    private func report(_ message: String) {
        FileHandle.standardError.write(Data("WaylandUI: \(message)\n".utf8))
    }
}

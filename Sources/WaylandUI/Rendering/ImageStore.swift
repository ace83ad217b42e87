import Foundation
import Raster
@_spi(Engine) import UICore

/// Loads images for `Image("Name")` and `Image("/path")`: a named image is an image set of the app's asset
/// catalogs (the bitmap for the window's scale), else a file in the app's resources (SwiftPM resource bundles
/// next to the executable, the executable's folder, the working directory) with the usual extensions. A missing
/// or unreadable image is reported once and drawn as a placeholder.
@MainActor
package final class ImageStore: ImageSizeProvider {
    package init(library: AssetLibrary = .shared) { self.library = library }
    private let library: AssetLibrary
    /// Pixels per point of the window drawn into: picks an image set's @1x, @2x or @3x bitmap.
    package var scale: Double = 1
    private var images: [CacheKey: LoadedImage?] = [:]
    private let extensions = ["png", "jpg", "jpeg"]

    private struct CacheKey: Hashable {
        var source: ImageSource
        /// The catalog bitmap's path (`nil`: not from a catalog).
        var bitmap: String?
    }

    private struct LoadedImage {
        var image: RasterImage
        /// Pixels per point of the bitmap (2 for an @2x one).
        var scale: Double
    }

    package func size(of source: ImageSource) -> CGSize? {
        loaded(source).map {
            CGSize(width: Double($0.image.width) / $0.scale, height: Double($0.image.height) / $0.scale)
        }
    }

    package func isTemplate(_ source: ImageSource) -> Bool { imageSet(for: source)?.isTemplate ?? false }

    func image(for source: ImageSource) -> RasterImage? { loaded(source)?.image }

    private func imageSet(for source: ImageSource) -> AssetImageSet? {
        switch source {
        case .resource(let name, let bundle): return library.imageSet(named: name, bundle: bundle)
        // A relative name with a slash may be an image set in a namespaced group.
        case .file(let path) where !path.hasPrefix("/"): return library.imageSet(named: path, bundle: nil)
        case .file, .system: return nil
        }
    }

    private func loaded(_ source: ImageSource) -> LoadedImage? {
        let bitmap = imageSet(for: source)?.bitmap(forScale: scale)
        let key = CacheKey(source: source, bitmap: bitmap?.path)
        if let cached = images[key] { return cached }
        let loaded: LoadedImage?
        if let bitmap {
            loaded = load([bitmap.path], scale: bitmap.scale, name: source)
        } else {
            loaded = load(source)
        }
        images[key] = loaded
        return loaded
    }

    private func load(_ source: ImageSource) -> LoadedImage? {
        let candidates: [String]
        switch source {
        case .file(let path): candidates = [path]
        case .resource(let name, let bundle): candidates = resourcePaths(for: name, bundle: bundle)
        case .system:
            return nil  // symbols are outlines that UICore draws as paths, never pixels
        }
        return load(candidates, scale: 1, name: source)
    }

    private func load(_ candidates: [String], scale: Double, name source: ImageSource) -> LoadedImage? {
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            do {
                return LoadedImage(image: try RasterImage(contentsOfFile: path), scale: scale)
            } catch {
                report("image \(path) cannot be read (\(error)); drawing a placeholder")
                return nil
            }
        }
        let bundle: String?
        if case .resource(_, let named) = source { bundle = named } else { bundle = nil }
        let catalogs = library.catalogPaths(bundle: bundle)
        report(
            "image \"\(source)\" not found (no image set in \(catalogs.isEmpty ? "the app's asset catalogs" : catalogs.joined(separator: ", ")); "
                + "no file in \(searchDirectories(bundle: bundle).map(\.path).joined(separator: ", "))); drawing a placeholder"
        )
        return nil
    }

    private func searchDirectories(bundle: String?) -> [URL] {
        bundle.map { [URL(fileURLWithPath: $0)] } ?? AssetLibrary.defaultSearchDirectories
    }

    private func resourcePaths(for name: String, bundle: String?) -> [String] {
        searchDirectories(bundle: bundle).flatMap { directory in
            [directory.appending(path: name).path] + extensions.map { directory.appending(path: "\(name).\($0)").path }
        }
    }

    private func report(_ message: String) {
        FileHandle.standardError.write(Data("WaylandUI: \(message)\n".utf8))
    }
}

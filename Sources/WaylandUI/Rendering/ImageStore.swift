import Foundation
import Raster
@_spi(Engine) import UICore

/// Loads images for `Image("Name")` and `Image("/path")`: a named image is an image set of the app's asset
/// catalogs (the bitmap for the window's scale), else a file in the app's resources (SwiftPM resource bundles
/// next to the executable, the executable's folder, the working directory) with the usual extensions. A missing
/// or unreadable image is reported once and drawn as a placeholder.
///
/// In a window, files decode on a background queue: until one is done its views lay out at the size its header
/// gives and draw nothing, then `onDecoded` asks for a frame. Offscreen renders decode at once.
@MainActor
package final class ImageStore: ImageSizeProvider {
    package convenience init(library: AssetLibrary = .shared, decodesInBackground: Bool = false) {
        self.init(library: library, decoder: .shared, decodesInBackground: decodesInBackground)
    }

    init(library: AssetLibrary, decoder: ImageDecoder, decodesInBackground: Bool) {
        self.library = library
        self.decoder = decoder
        self.decodesInBackground = decodesInBackground
    }

    private let library: AssetLibrary
    private let decoder: ImageDecoder
    private let decodesInBackground: Bool
    /// Pixels per point of the window drawn into: picks an image set's @1x, @2x or @3x bitmap.
    package var scale: Double = 1
    /// Called when a background decode of `source` has ended (its views lay out and draw again).
    package var onDecoded: (@MainActor (ImageSource) -> Void)?
    private var images: [CacheKey: Entry] = [:]
    private let extensions = ["png", "jpg", "jpeg"]

    private struct CacheKey: Hashable {
        var source: ImageSource
        /// The catalog bitmap's path (`nil`: not from a catalog).
        var bitmap: String?
    }

    private enum Entry {
        /// Being decoded: the size its header gives, in points.
        case decoding(CGSize)
        case loaded(LoadedImage)
        case failed
    }

    private struct LoadedImage {
        var image: RasterImage
        /// Pixels per point of the bitmap (2 for an @2x one).
        var scale: Double
    }

    package func size(of source: ImageSource) -> CGSize? {
        switch entry(source) {
        case .decoding(let size): size
        case .loaded(let loaded):
            CGSize(width: Double(loaded.image.width) / loaded.scale, height: Double(loaded.image.height) / loaded.scale)
        case .failed: nil
        }
    }

    package func isDecoding(_ source: ImageSource) -> Bool {
        if case .decoding = entry(source) { return true }
        return false
    }

    package func isTemplate(_ source: ImageSource) -> Bool { imageSet(for: source)?.isTemplate ?? false }

    func image(for source: ImageSource) -> RasterImage? {
        if case .loaded(let loaded) = entry(source) { return loaded.image }
        return nil
    }

    private func imageSet(for source: ImageSource) -> AssetImageSet? {
        switch source {
        case .resource(let name, let bundle): return library.imageSet(named: name, bundle: bundle)
        // A relative name with a slash may be an image set in a namespaced group.
        case .file(let path) where !path.hasPrefix("/"): return library.imageSet(named: path, bundle: nil)
        case .file, .system: return nil
        }
    }

    private func entry(_ source: ImageSource) -> Entry {
        let bitmap = imageSet(for: source)?.bitmap(forScale: scale)
        let key = CacheKey(source: source, bitmap: bitmap?.path)
        if let cached = images[key] { return cached }
        let entry: Entry
        if let bitmap {
            entry = load([bitmap.path], scale: bitmap.scale, key: key)
        } else {
            switch source {
            case .file(let path): entry = load([path], scale: 1, key: key)
            case .resource(let name, let bundle):
                entry = load(resourcePaths(for: name, bundle: bundle), scale: 1, key: key)
            case .system: entry = .failed  // symbols are outlines that UICore draws as paths, never pixels
            }
        }
        images[key] = entry
        return entry
    }

    private func load(_ candidates: [String], scale: Double, key: CacheKey) -> Entry {
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            reportMissing(key.source)
            return .failed
        }
        if let image = decoder.imageInUse(path) { return .loaded(LoadedImage(image: image, scale: scale)) }
        guard decodesInBackground else {
            switch decoder.decodeNow(path) {
            case .success(let image): return .loaded(LoadedImage(image: image, scale: scale))
            case .failure(let error):
                reportUnreadable(path, error)
                return .failed
            }
        }
        // The header is read at once (a few bytes): layout has the size, and a file too large never decodes.
        let header: (width: Int, height: Int)
        do {
            header = try RasterImage.headerSize(ofFile: path)
        } catch {
            reportUnreadable(path, error)
            return .failed
        }
        decoder.decode(path) { [weak self] decoded in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.finish(key, path: path, scale: scale, decoded.result) }
            }
        }
        return .decoding(CGSize(width: Double(header.width) / scale, height: Double(header.height) / scale))
    }

    private func finish(_ key: CacheKey, path: String, scale: Double, _ result: Result<RasterImage, Error>) {
        switch result {
        case .success(let image): images[key] = .loaded(LoadedImage(image: image, scale: scale))
        case .failure(let error):
            reportUnreadable(path, error)
            images[key] = .failed
        }
        onDecoded?(key.source)
    }

    private func searchDirectories(bundle: String?) -> [URL] {
        bundle.map { [URL(fileURLWithPath: $0)] } ?? AssetLibrary.defaultSearchDirectories
    }

    private func resourcePaths(for name: String, bundle: String?) -> [String] {
        searchDirectories(bundle: bundle).flatMap { directory in
            [directory.appending(path: name).path] + extensions.map { directory.appending(path: "\(name).\($0)").path }
        }
    }

    private func reportUnreadable(_ path: String, _ error: Error) {
        report("image \(path) cannot be read (\(error)); drawing a placeholder")
    }

    private func reportMissing(_ source: ImageSource) {
        let bundle: String?
        if case .resource(_, let named) = source { bundle = named } else { bundle = nil }
        let catalogs = library.catalogPaths(bundle: bundle)
        report(
            "image \"\(source)\" not found (no image set in \(catalogs.isEmpty ? "the app's asset catalogs" : catalogs.joined(separator: ", ")); "
                + "no file in \(searchDirectories(bundle: bundle).map(\.path).joined(separator: ", "))); drawing a placeholder"
        )
    }

    private func report(_ message: String) {
        FileHandle.standardError.write(Data("WaylandUI: \(message)\n".utf8))
    }
}

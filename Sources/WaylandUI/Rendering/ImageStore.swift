import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// Loads images for `Image("Name")` and `Image("/path")`: a named image is an image set of the app's asset
/// catalogs (the bitmap for the window's scale), else a file in the app's resources (SwiftPM resource bundles
/// next to the executable, the executable's folder, the working directory) with the usual extensions. A missing
/// or unreadable image is reported once and drawn as a placeholder.
///
/// In a window, files are read and decoded on a background queue, several at once. An image within the budget
/// (`isWithinFirstFrameBudget`: what an app ships) is drawn in the first frame that shows it, as SwiftUI draws an
/// asset: the painter waits for its decode (`settle`) before rendering, up to `settleTimeout`. A larger image, or
/// a source slower than that (its header not read within `headerTimeout`, its decode not done in time), lays out
/// at its header's size and draws nothing until it is decoded; then `onDecoded` asks for a frame. Offscreen
/// renders and screenshots decode everything at once. Decoded images are kept by file (and their resampled copies
/// by drawn pixel size, on the image).
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
    /// How long laying out an image waits for its file's header (a slow source lays out at 0×0 until decoded).
    var headerTimeout: TimeInterval = 0.25
    /// How long a frame waits for the decodes within the budget that it shows.
    var settleTimeout: TimeInterval = 1
    /// Images the next frame waits for: within the budget, being decoded.
    private var settling: [CacheKey: (job: DecodeJob, path: String, scale: Double)] = [:]

    /// The largest image the first frame waits for: 4 megapixels (a full-screen photo at 1080p is 2), from a file
    /// of at most 16 MiB.
    static let firstFrameBudget = (pixels: 4 << 20, bytes: 16 << 20)
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
        /// Being decoded: the size its header gives, in points (`nil`: not read yet, a slow source).
        case decoding(CGSize?)
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

    /// Waits for the decodes within the budget that the frame just laid out shows (they run in parallel), up to
    /// `settleTimeout` in all, so that it draws them; those not done by then are drawn when they are. Returns
    /// whether there were any.
    @discardableResult
    package func settle() -> Bool {
        guard !settling.isEmpty else { return false }
        let deadline = Date().addingTimeInterval(settleTimeout)
        let waiting = settling
        settling = [:]
        for (key, pending) in waiting {
            guard case .decoding = images[key], let decoded = pending.job.waitForResult(until: deadline) else {
                continue
            }
            apply(key, path: pending.path, scale: pending.scale, decoded.result)
            // A failure lays out again as a placeholder (the layout used the header's size).
            if case .failed = images[key] { onDecoded?(key.source) }
        }
        return true
    }

    private func load(_ candidates: [String], scale: Double, key: CacheKey) -> Entry {
        // fileExists is a stat: it never opens the file, so a FIFO does not block here.
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
        // The header is read on the decoding queue (opening a file can block); layout waits a moment for its size.
        let job = decoder.decode(path) { [weak self] decoded in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.finish(key, path: path, scale: scale, decoded.result) }
            }
        }
        switch job.waitForHeader(until: Date().addingTimeInterval(headerTimeout)) {
        case nil: return .decoding(nil)
        case .failure(let error):
            reportUnreadable(path, error)
            return .failed
        case .success(let header):
            if Self.isWithinFirstFrameBudget(width: header.width, height: header.height, path: path) {
                settling[key] = (job, path, scale)
            }
            return .decoding(CGSize(width: Double(header.width) / scale, height: Double(header.height) / scale))
        }
    }

    /// Whether the first frame showing an image of this size waits for its decode.
    static func isWithinFirstFrameBudget(width: Int, height: Int, path: String) -> Bool {
        guard width * height <= firstFrameBudget.pixels else { return false }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? Int.max
        return bytes <= firstFrameBudget.bytes
    }

    /// A background decode ended: its views lay out and draw again, unless a frame already waited for it.
    private func finish(_ key: CacheKey, path: String, scale: Double, _ result: Result<RasterImage, Error>) {
        guard case .decoding = images[key] else { return }
        settling[key] = nil
        apply(key, path: path, scale: scale, result)
        Probe.report("image \(images[key].map { if case .failed = $0 { "failed" } else { "decoded" } } ?? "") \(path)")
        onDecoded?(key.source)
    }

    private func apply(_ key: CacheKey, path: String, scale: Double, _ result: Result<RasterImage, Error>) {
        switch result {
        case .success(let image): images[key] = .loaded(LoadedImage(image: image, scale: scale))
        case .failure(let error):
            reportUnreadable(path, error)
            images[key] = .failed
        }
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

import Foundation
import Raster

/// Decodes image files on a background queue, each file once however many stores and views ask for it: a
/// request for a file being decoded waits for that decode, and a decoded image is handed out again while
/// anything still holds it.
final class ImageDecoder: @unchecked Sendable {
    /// The app's decoder (one per process, so windows share their images).
    static let shared = ImageDecoder()

    typealias Completion = @Sendable (DecodedImage) -> Void

    private let queue = DispatchQueue(label: "WaylandUI.ImageDecoder", qos: .userInitiated, attributes: .concurrent)
    private let lock = NSLock()
    private var waiting: [String: [Completion]] = [:]
    private var inUse: [String: WeakImage] = [:]
    private var decodeCount = 0
    /// Runs on the decoding thread before each decode, with the file's path (tests hold a decode with it).
    private let willDecode: (@Sendable (String) -> Void)?

    init(willDecode: (@Sendable (String) -> Void)? = nil) { self.willDecode = willDecode }

    /// How many files were decoded.
    var decodes: Int { lock.withLock { decodeCount } }

    /// The image of `path` if something still holds it (no decoding).
    func imageInUse(_ path: String) -> RasterImage? { lock.withLock { inUse[path]?.image } }

    /// Decodes `path` on the background queue, then calls `completion` there; a request while that file is
    /// being decoded waits for the same decode.
    func decode(_ path: String, completion: @escaping Completion) {
        let starts: Bool = lock.withLock {
            let first = waiting[path] == nil
            waiting[path, default: []].append(completion)
            return first
        }
        guard starts else { return }
        queue.async { [self] in
            let result: Result<RasterImage, Error>
            if let image = imageInUse(path) { result = .success(image) } else { result = decodeFile(path) }
            let completions = lock.withLock { waiting.removeValue(forKey: path) ?? [] }
            for completion in completions { completion(DecodedImage(result: result)) }
        }
    }

    /// Decodes `path` on the calling thread, unless something still holds its image.
    func decodeNow(_ path: String) -> Result<RasterImage, Error> {
        if let image = imageInUse(path) { return .success(image) }
        return decodeFile(path)
    }

    private func decodeFile(_ path: String) -> Result<RasterImage, Error> {
        willDecode?(path)
        let result = Result { try RasterImage(contentsOfFile: path) }
        lock.withLock {
            decodeCount += 1
            if case .success(let image) = result { inUse[path] = WeakImage(image: image) }
        }
        return result
    }
}

/// A decode's outcome, handed from the decoding thread to the main actor (nothing uses the image before it
/// arrives there).
struct DecodedImage: @unchecked Sendable {
    let result: Result<RasterImage, Error>
}

private struct WeakImage {
    weak var image: RasterImage?
}

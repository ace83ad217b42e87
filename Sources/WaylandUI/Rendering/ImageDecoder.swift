import Foundation
import Raster

/// Decodes image files on a background queue, each file once however many stores and views ask for it: a
/// request for a file being decoded joins that decode, and a decoded image is handed out again while anything
/// still holds it. Files are opened there too (without blocking, refusing what is not a regular file), so a FIFO
/// or a slow disk never holds the main thread.
final class ImageDecoder: @unchecked Sendable {
    /// The app's decoder (one per process, so windows share their images).
    static let shared = ImageDecoder()

    typealias Completion = @Sendable (DecodedImage) -> Void

    private let queue = DispatchQueue(label: "WaylandUI.ImageDecoder", qos: .userInitiated, attributes: .concurrent)
    private let lock = NSLock()
    private var jobs: [String: DecodeJob] = [:]
    private var inUse: [String: WeakImage] = [:]
    private var decodeCount = 0
    /// Runs on the decoding thread before each decode (after the header), with the file's path (tests hold a
    /// decode with it).
    private let willDecode: (@Sendable (String) -> Void)?

    init(willDecode: (@Sendable (String) -> Void)? = nil) { self.willDecode = willDecode }

    /// How many files were decoded.
    var decodes: Int { lock.withLock { decodeCount } }

    /// The image of `path` if something still holds it (no decoding).
    func imageInUse(_ path: String) -> RasterImage? { lock.withLock { inUse[path]?.image } }

    /// Reads the header of `path`, then decodes it, on the background queue; a request while that file is being
    /// decoded joins the same job. `completion` is called there at the end.
    @discardableResult
    func decode(_ path: String, completion: @escaping Completion) -> DecodeJob {
        let (job, starts) = lock.withLock {
            if let job = jobs[path] { return (job, false) }
            let job = DecodeJob()
            jobs[path] = job
            return (job, true)
        }
        job.onEnd(completion)
        guard starts else { return job }
        queue.async { [self] in
            if let image = imageInUse(path) {
                job.setHeader(.success((image.width, image.height)))
                end(job, path, .success(image))
                return
            }
            let header = Result { try RasterImage.headerSize(ofFile: path) }
            job.setHeader(header.map { ($0.width, $0.height) })
            switch header {
            case .failure(let error): end(job, path, .failure(error))
            case .success: end(job, path, decodeFile(path))
            }
        }
        return job
    }

    private func end(_ job: DecodeJob, _ path: String, _ result: Result<RasterImage, Error>) {
        lock.withLock { jobs[path] = nil }
        job.finish(DecodedImage(result: result))
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

/// One file's header read and decode, which the main thread may wait for up to a deadline (the first frame
/// that shows an image within the budget waits for its pixels).
final class DecodeJob: @unchecked Sendable {
    private let condition = NSCondition()
    private var header: Result<(width: Int, height: Int), Error>?
    private var result: DecodedImage?
    private var completions: [ImageDecoder.Completion] = []

    /// The pixel size the file's header gives (or why it has none), once read; `nil` if not read by `deadline`.
    func waitForHeader(until deadline: Date) -> Result<(width: Int, height: Int), Error>? {
        condition.lock()
        defer { condition.unlock() }
        while header == nil, condition.wait(until: deadline) {}
        return header
    }

    /// The decode's outcome, once decoded; `nil` if not done by `deadline`.
    func waitForResult(until deadline: Date) -> DecodedImage? {
        condition.lock()
        defer { condition.unlock() }
        while result == nil, condition.wait(until: deadline) {}
        return result
    }

    func setHeader(_ header: Result<(width: Int, height: Int), Error>) {
        condition.lock()
        self.header = header
        condition.broadcast()
        condition.unlock()
    }

    /// Calls `completion` when the job ends (at once if it has).
    func onEnd(_ completion: @escaping ImageDecoder.Completion) {
        condition.lock()
        if let result {
            condition.unlock()
            completion(result)
            return
        }
        completions.append(completion)
        condition.unlock()
    }

    func finish(_ decoded: DecodedImage) {
        condition.lock()
        result = decoded
        if header == nil { header = decoded.result.map { ($0.width, $0.height) } }
        let waiting = completions
        completions = []
        condition.broadcast()
        condition.unlock()
        for completion in waiting { completion(decoded) }
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

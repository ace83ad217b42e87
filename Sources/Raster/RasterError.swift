/// Failures Raster reports as values, never as crashes.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// A file could not be opened or read.
    case fileNotReadable(path: String)
    /// Image bytes were not a decodable PNG or JPEG; `reason` is the decoder's message.
    case imageDecodingFailed(reason: String)
    /// A PNG could not be written.
    case imageEncodingFailed(reason: String)
    /// A font file or family could not be loaded.
    case fontNotFound(String)
    /// A size or stride that cannot describe a pixel buffer.
    case invalidDimensions(width: Int, height: Int, stride: Int)
    /// An image whose header gives a size beyond `RasterImage.maximumSide` or `RasterImage.maximumPixelCount`
    /// (refused before any pixel memory is allocated).
    case imageTooLarge(width: Int, height: Int)
    /// A path that names a FIFO, a device or a folder where a file was to be read (opened without blocking).
    case notARegularFile(path: String)
    /// A file larger than the reader's bound (`RasterImage.maximumFileSize` for images), refused before reading.
    case fileTooLarge(path: String, bytes: Int)
    /// A decode that would cost far more than its image's size: a PNG whose compressed data or ancillary chunks go
    /// past their budgets, a JPEG with too many scans. `reason` says which budget.
    case decodeBudgetExceeded(reason: String)

    /// A one-line human-readable message.
    public var description: String {
        switch self {
        case .fileNotReadable(let p): return "cannot read file \(p)"
        case .imageDecodingFailed(let r): return "image decoding failed: \(r)"
        case .imageEncodingFailed(let r): return "image encoding failed: \(r)"
        case .fontNotFound(let f): return "font not found: \(f)"
        case .invalidDimensions(let w, let h, let s): return "invalid pixel buffer \(w)x\(h), stride \(s)"
        case .notARegularFile(let p): return "\(p) is not a regular file"
        case .fileTooLarge(let p, let bytes):
            return "\(p) has \(bytes) bytes; image files may have at most \(RasterImage.maximumFileSize) bytes"
        case .decodeBudgetExceeded(let r): return "the decode would exceed its budget (\(r))"
        case .imageTooLarge(let w, let h):
            return
                "the image is \(w)x\(h) pixels; images may be at most \(RasterImage.maximumSide) pixels on a side and \(RasterImage.maximumPixelCount / 1_000_000) megapixels in all"
        }
    }
}

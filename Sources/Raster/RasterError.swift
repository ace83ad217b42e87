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

    /// A one-line human-readable message.
    public var description: String {
        switch self {
        case .fileNotReadable(let p): return "cannot read file \(p)"
        case .imageDecodingFailed(let r): return "image decoding failed: \(r)"
        case .imageEncodingFailed(let r): return "image encoding failed: \(r)"
        case .fontNotFound(let f): return "font not found: \(f)"
        case .invalidDimensions(let w, let h, let s): return "invalid pixel buffer \(w)x\(h), stride \(s)"
        case .imageTooLarge(let w, let h):
            return
                "the image is \(w)x\(h) pixels; images may be at most \(RasterImage.maximumSide) pixels on a side and \(RasterImage.maximumPixelCount / 1_000_000) megapixels in all"
        }
    }
}

import CJPEG
import CPNG
import Foundation

/// Where an image's encoded bytes come from: an open regular file, read as the decoder goes (never whole), or
/// bytes in memory (kept alive by the decode that reads them).
enum ImageByteSource {
    case file(descriptor: Int32)
    case memory(UnsafeRawBufferPointer)

    /// Calls `body` with the C decoders' view of the source: a descriptor (or -1) and memory (or nil).
    func withSource<R>(_ body: (Int32, UnsafePointer<UInt8>?, Int) -> R) -> R {
        switch self {
        case .file(let descriptor): body(descriptor, nil, 0)
        case .memory(let bytes): body(-1, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
    }
}

extension RasterImage {
    /// The largest image file read: 256 MiB, above any photo; bigger files are refused before reading.
    public static let maximumFileSize = 256 << 20
    /// A PNG may have at most this many ancillary chunks (libpng's chunk cache holds as many)…
    public static let maximumAncillaryChunks = 256
    /// …and this many bytes of them (ICC profiles and metadata; text chunks are skipped unread).
    public static let maximumAncillaryBytes = 16 << 20

    /// Opens `path` for reading without blocking, checks that it is a regular file within `maximumFileSize`,
    /// and returns its descriptor (the caller closes it). `O_NONBLOCK`: opening a FIFO named like an image
    /// would otherwise wait for a writer for ever; a FIFO or a device is then refused as not a regular file.
    static func openImageFile(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw RasterError.fileNotReadable(path: path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw RasterError.fileNotReadable(path: path)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw RasterError.notARegularFile(path: path)
        }
        guard info.st_size <= maximumFileSize else {
            close(descriptor)
            throw RasterError.fileTooLarge(path: path, bytes: Int(info.st_size))
        }
        return descriptor
    }

    /// Loads a PNG or JPEG file (chosen by its signature), streamed from the file into the image's pixels.
    public convenience init(contentsOfFile path: String) throws {
        let descriptor = try Self.openImageFile(path)
        defer { close(descriptor) }
        var signature = [UInt8](repeating: 0, count: 4)
        let count = pread(descriptor, &signature, 4, 0)
        try self.init(source: .file(descriptor: descriptor), signature: signature.prefix(max(0, count)))
    }

    /// Decodes PNG or JPEG bytes (chosen by signature).
    public convenience init(encoded data: Data) throws {
        // The decoders read the bytes as they go: a copy they can hold on to until the decode ends.
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        defer { bytes.deallocate() }
        data.copyBytes(to: bytes.bindMemory(to: UInt8.self))
        let used = UnsafeRawBufferPointer(rebasing: bytes[0..<data.count])
        try self.init(source: .memory(used), signature: used.prefix(4))
    }

    private convenience init<S: Collection<UInt8>>(source: ImageByteSource, signature: S) throws {
        let decoded: (width: Int, height: Int, pixels: UnsafeMutableRawPointer)
        if signature.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            decoded = try PNGCodec.decode(source)
        } else if signature.starts(with: [0xFF, 0xD8]) {
            decoded = try JPEGCodec.decode(source)
        } else {
            throw RasterError.imageDecodingFailed(reason: "not a PNG or JPEG signature")
        }
        self.init(width: decoded.width, height: decoded.height, adopting: decoded.pixels)
    }
}

import Foundation

extension RasterImage {
    /// The pixel size a PNG or JPEG file declares in its header, read without decoding (a few hundred bytes for
    /// a PNG; a JPEG's segments are skipped by their lengths up to its frame header). Throws what decoding
    /// would for a file that is not an image, and `imageTooLarge` past the decoding limits. Opened as
    /// `init(contentsOfFile:)` opens it: never waiting on a FIFO, refusing what is not a regular file.
    public static func headerSize(ofFile path: String) throws -> (width: Int, height: Int) {
        let descriptor = try openImageFile(path)
        defer { close(descriptor) }
        let size = try headerSize(read: { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let read = pread(descriptor, &bytes, count, off_t(offset))
            return Array(bytes.prefix(max(0, read)))
        })
        try checkDecodingLimits(width: size.width, height: size.height)
        return size
    }

    /// The size in a header; `read(offset, count)` returns up to `count` bytes at `offset`.
    static func headerSize(read: (Int, Int) throws -> [UInt8]) throws -> (width: Int, height: Int) {
        let start = try read(0, 24)
        func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }
        if start.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            // The signature (8 bytes), then the IHDR chunk: length, "IHDR", width, height.
            guard start.count == 24, start[12..<16].elementsEqual("IHDR".utf8) else {
                throw RasterError.imageDecodingFailed(reason: "PNG without an IHDR header")
            }
            let size = (width: bigEndian(start[16..<20]), height: bigEndian(start[20..<24]))
            guard size.width > 0, size.height > 0 else {
                throw RasterError.imageDecodingFailed(reason: "PNG header with a zero size")
            }
            return size
        }
        guard start.starts(with: [0xFF, 0xD8]) else {
            throw RasterError.imageDecodingFailed(reason: "not a PNG or JPEG signature")
        }
        // Segments: 0xFF, a marker, a 2-byte length (counting itself), until a start-of-frame marker.
        var offset = 2
        for _ in 0..<1024 {
            let segment = try read(offset, 9)
            guard segment.count >= 4, segment[0] == 0xFF else { break }
            let marker = segment[1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            let length = bigEndian(segment[2..<4])
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard segment.count == 9 else { break }
                let size = (width: bigEndian(segment[7..<9]), height: bigEndian(segment[5..<7]))
                guard size.width > 0, size.height > 0 else {
                    throw RasterError.imageDecodingFailed(reason: "JPEG frame header with a zero size")
                }
                return size
            }
            guard length >= 2 else { break }
            offset += 2 + length
        }
        throw RasterError.imageDecodingFailed(reason: "JPEG without a frame header")
    }
}

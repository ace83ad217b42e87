import CJPEG
import Foundation

/// JPEG through libjpeg(-turbo). The decode runs in C helpers (`wui_jpeg_open` and `wui_jpeg_read` in the CJPEG
/// shim) that own the setjmp/longjmp error path, so a corrupt file becomes an error value.
enum JPEGCodec {
    /// A progressive JPEG may have at most this many scans (libjpeg-turbo's documentation suggests a limit; real
    /// files have about ten).
    static let maximumScans = 500

    /// Decodes from `source` into a new opaque image, refusing a file past the scan budget.
    static func decode(_ source: ImageByteSource) throws -> (width: Int, height: Int, pixels: UnsafeMutableRawPointer) {
        var decoder: UnsafeMutablePointer<wui_jpeg_decoder>?
        defer { wui_jpeg_close(decoder) }
        var w: Int32 = 0
        var h: Int32 = 0
        let opened = source.withSource { fd, memory, count in
            wui_jpeg_open(fd, memory, UInt(count), Int32(maximumScans), &decoder, &w, &h)
        }
        try check(opened, decoder)
        try RasterImage.checkDecodingLimits(width: Int(w), height: Int(h))
        let pixels = try RasterImage.allocatePixels(width: Int(w), height: Int(h))
        do {
            try check(wui_jpeg_read(decoder, pixels.assumingMemoryBound(to: UInt8.self), Int(w) * 4), decoder)
        } catch {
            pixels.deallocate()
            throw error
        }
        return (Int(w), Int(h), pixels)
    }

    private static func check(_ code: Int32, _ decoder: UnsafeMutablePointer<wui_jpeg_decoder>?) throws {
        guard code != 0 else { return }
        let message = String(cString: wui_jpeg_message(decoder))
        if code == -3 { throw RasterError.decodeBudgetExceeded(reason: "JPEG: \(message)") }
        throw RasterError.imageDecodingFailed(reason: message)
    }
}

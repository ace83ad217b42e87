import CJPEG
import Foundation

/// JPEG through libjpeg(-turbo). The decode runs in a C helper (`wui_jpeg_decode_bgra` in the CJPEG shim)
/// that owns the setjmp/longjmp error path, so a corrupt file becomes an error value.
enum JPEGCodec {
    /// Decodes to opaque BGRA bytes (rows packed).
    static func decode(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var out: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0
        var h: Int32 = 0
        var msg = [CChar](repeating: 0, count: 256)
        let rc = bytes.withUnsafeBufferPointer { buf in
            wui_jpeg_decode_bgra(
                buf.baseAddress, UInt(buf.count), Int32(RasterImage.maximumSide), RasterImage.maximumPixelCount,
                &out, &w, &h, &msg, msg.count)
        }
        if rc == -2 { throw RasterError.imageTooLarge(width: Int(w), height: Int(h)) }
        guard rc == 0, let out else {
            throw RasterError.imageDecodingFailed(
                reason: String(decoding: msg.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(out) }
        let count = Int(w) * Int(h) * 4
        return (Int(w), Int(h), Array(UnsafeBufferPointer(start: out, count: count)))
    }
}

import CPNG
import Foundation

/// PNG through libpng's simplified API, which catches libpng's longjmp errors in C and reports them in
/// `png_image.message`, so nothing unwinds through Swift.
enum PNGCodec {
    /// Decodes to premultiplied BGRA bytes (rows packed).
    static func decode(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var image = png_image()
        image.version = WUI_PNG_IMAGE_VERSION
        let ok = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard ok != 0 else { throw RasterError.imageDecodingFailed(reason: message(&image)) }
        image.format = WUI_PNG_FORMAT_BGRA
        let w = Int(image.width)
        let h = Int(image.height)
        guard w > 0, h > 0 else {
            png_image_free(&image)
            throw RasterError.imageDecodingFailed(reason: "unsupported size \(w)x\(h)")
        }
        do {
            try RasterImage.checkDecodingLimits(width: w, height: h)
        } catch {
            png_image_free(&image)
            throw error
        }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let done = out.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil) }
        guard done != 0 else {
            let m = message(&image)
            png_image_free(&image)
            throw RasterError.imageDecodingFailed(reason: m)
        }
        premultiply(&out)
        return (w, h, out)
    }

    /// Encodes premultiplied BGRA rows (with `stride`) as PNG bytes; colours are un-premultiplied first.
    static func encode(width: Int, height: Int, stride: Int, pixels: UnsafeRawPointer) throws -> Data {
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let i = x * 4
                let o = (y * width + x) * 4
                let a = Int(row[i + 3])
                straight[o + 3] = UInt8(a)
                guard a > 0 else { continue }
                for c in 0..<3 { straight[o + c] = UInt8(min(255, (Int(row[i + c]) * 255 + a / 2) / a)) }
            }
        }
        var image = png_image()
        image.version = WUI_PNG_IMAGE_VERSION
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = WUI_PNG_FORMAT_BGRA
        var size: Int = 0
        // First call measures, second writes.
        guard
            straight.withUnsafeBytes({
                png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(width * 4), nil)
            }) != 0
        else {
            throw RasterError.imageEncodingFailed(reason: message(&image))
        }
        var data = Data(count: size)
        let ok = data.withUnsafeMutableBytes { dst in
            straight.withUnsafeBytes {
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, $0.baseAddress, Int32(width * 4), nil)
            }
        }
        guard ok != 0 else { throw RasterError.imageEncodingFailed(reason: message(&image)) }
        return data.prefix(size)
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Straight → premultiplied alpha, in place, rounding to nearest.
    static func premultiply(_ px: inout [UInt8]) {
        px.withUnsafeMutableBufferPointer { b in
            var i = 0
            while i < b.count {
                let a = UInt32(b[i + 3])
                if a != 255 {
                    for c in 0..<3 {
                        let t = UInt32(b[i + c]) * a + 128
                        b[i + c] = UInt8((t + (t >> 8)) >> 8)
                    }
                }
                i += 4
            }
        }
    }
}

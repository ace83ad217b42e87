import CPNG
import Foundation

/// PNG through libpng's simplified API, which catches libpng's longjmp errors in C and reports them in
/// `png_image.message`, so nothing unwinds through Swift.
enum PNGCodec {
    /// Decodes from `source` into new pixel memory (premultiplied BGRA), within the decode budgets of `wui_png_open`
    /// (CPNG shim): text chunks skipped, ancillary chunks and compressed data bounded by the image's size.
    static func decode(_ source: ImageByteSource) throws -> (width: Int, height: Int, pixels: UnsafeMutableRawPointer) {
        var decoder: UnsafeMutablePointer<wui_png_decoder>?
        defer { wui_png_close(decoder) }
        var w: Int32 = 0
        var h: Int32 = 0
        let opened = source.withSource { fd, memory, count in
            wui_png_open(
                fd, memory, count, UInt32(RasterImage.maximumAncillaryChunks),
                UInt64(RasterImage.maximumAncillaryBytes), &decoder, &w, &h)
        }
        try check(opened, decoder)
        try RasterImage.checkDecodingLimits(width: Int(w), height: Int(h))
        let pixels = try RasterImage.allocatePixels(width: Int(w), height: Int(h))
        do {
            try check(wui_png_read(decoder, pixels.assumingMemoryBound(to: UInt8.self), Int(w) * 4), decoder)
        } catch {
            pixels.deallocate()
            throw error
        }
        return (Int(w), Int(h), pixels)
    }

    private static func check(_ code: Int32, _ decoder: UnsafeMutablePointer<wui_png_decoder>?) throws {
        guard code != 0 else { return }
        let message = String(cString: wui_png_message(decoder))
        if code == -3 { throw RasterError.decodeBudgetExceeded(reason: "PNG: \(message)") }
        throw RasterError.imageDecodingFailed(reason: message)
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
}
